/**
 * HMAC/signing secrets and RPC provider keys, as found in real repositories (an Adyen
 * integration's config and .env, an Infura URL in a Go project): every tool must see them —
 * analysis, both masking tools, and validation of a masking that left one readable — while
 * mock values that only echo their key name stay quiet in every tool.
 */
import { describe, expect, it } from 'vitest';
import { startTestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { fake } from './rule-examples.js';

const HEX = '0123456789abcdef';
const HMAC_UPPER = fake(HEX.toUpperCase(), 64, 'adyen-hmac-tool');
const HMAC_ENV = fake(HEX, 64, 'adyen-hmac-env-tool');
const HMAC_SNAKE = fake(HEX, 32, 'hmac-snake-tool');
const INFURA = fake(HEX, 32, 'infura-tool');
const ALCHEMY = fake('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 32, 'alchemy-tool');

const CONFIG = `module.exports = {
  commercetools: { clientId: 'clientId', clientSecret: 'clientSecret' },
  adyen: {
    secretHmacKey: "${HMAC_UPPER}",
  },
}
ADYEN_SECRET_HMAC_KEY=${HMAC_ENV}
hmac_key: ${HMAC_SNAKE}
rpc: https://mainnet.infura.io/v3/${INFURA}
ws: wss://eth-mainnet.g.alchemy.com/v2/${ALCHEMY}
`;
const SECRETS = [HMAC_UPPER, HMAC_ENV, HMAC_SNAKE, INFURA, ALCHEMY];

async function securityKernel() {
  const kernel = await startTestToolpack({ config: { plugins: ['security'] } });
  const call = async (name: string, args: unknown) => outcome(await kernel.call(name, args));
  return { kernel, call };
}

describe('signing secrets and RPC keys', () => {
  it('analyze_content_security reports each one on its line', async () => {
    const { kernel, call } = await securityKernel();
    const { data } = await call('analyze_content_security', { content: CONFIG, contentType: 'code' });
    const lines = data.securityIssues.filter((i: any) => i.type === 'secret' || i.type === 'credential').map((i: any) => i.line);
    expect(lines).toEqual(expect.arrayContaining([4, 7, 8, 9, 10]));
    expect(lines).not.toContain(2); // clientSecret: 'clientSecret' is a mock
    await kernel.stop();
  });

  it('generate_content_masking and apply_basic_content_masking mask them all', async () => {
    const { kernel, call } = await securityKernel();
    const generated = (await call('generate_content_masking', { content: CONFIG })).data;
    const basic = (await call('apply_basic_content_masking', { content: CONFIG })).data;
    for (const secret of SECRETS) {
      expect(generated.maskedContent).not.toContain(secret);
      expect(basic.maskedContent).not.toContain(secret);
    }
    expect(basic.maskedContent).toContain("clientSecret: 'clientSecret'");
    const validation = (await call('validate_content_masking', { originalContent: CONFIG, maskedContent: generated.maskedContent })).data;
    expect(validation.isValid).toBe(true);
    await kernel.stop();
  });

  it('validate_content_masking does not call masking complete while the HMAC key is readable', async () => {
    const { kernel, call } = await securityKernel();
    const generated = (await call('generate_content_masking', { content: CONFIG })).data;
    const leaky = generated.maskedContent.replace(/secretHmacKey: "[^"]*"/, `secretHmacKey: "${HMAC_UPPER}"`);
    const validation = (await call('validate_content_masking', { originalContent: CONFIG, maskedContent: leaky })).data;
    expect(validation.isValid).toBe(false);
    expect(validation.findings.unmaskedSecrets.map((s: any) => s.location.line)).toContain(4);
    expect(validation.recommendations.join('\n')).not.toMatch(/masking is complete/);
    await kernel.stop();
  });
});

describe('values that echo their key name', () => {
  const MOCK = `const config = {
  clientSecret: 'clientSecret',
  clientSecret2: 'clientSecret2',
  password: 'password1',
  apiKey: 'api-key-3',
  dbPassword: "password2",
}
`;
  it('are placeholders in analysis and masking alike', async () => {
    const { kernel, call } = await securityKernel();
    const analysis = (await call('analyze_content_security', { content: MOCK, contentType: 'code' })).data;
    expect(analysis.securityIssues.filter((i: any) => i.type === 'secret' || i.type === 'credential')).toEqual([]);
    expect((await call('apply_basic_content_masking', { content: MOCK })).data.maskedContent).toBe(MOCK);
    expect((await call('generate_content_masking', { content: MOCK, maskingLevel: 'paranoid' })).data.maskedContent).toBe(MOCK);
    await kernel.stop();
  });

  it('a real value under the same key is still reported', async () => {
    const { kernel, call } = await securityKernel();
    const real = `clientSecret: '${fake('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 24, 'echo-real')}'\npassword: 'Tr0ub4dor&3xK9!q'\n`;
    const analysis = (await call('analyze_content_security', { content: real, contentType: 'code' })).data;
    expect(analysis.securityIssues.map((i: any) => i.line).sort()).toEqual([1, 2]);
    await kernel.stop();
  });
});
