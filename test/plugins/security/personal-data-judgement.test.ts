/**
 * Personal-data judgement on real repositories: payment providers' published test cards, role
 * mailboxes and package-author addresses are not compliance failures, and masking validation
 * agrees with the masking levels about e-mail addresses (a payments e2e spec, SECURITY.md,
 * pyproject.toml).
 */
import { describe, expect, it } from 'vitest';
import { startTestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { card } from './rule-examples.js';

async function securityKernel() {
  const kernel = await startTestToolpack({ config: { plugins: ['security'] } });
  const call = async (name: string, args: unknown) => outcome(await kernel.call(name, args));
  return { kernel, call };
}

const PYPROJECT = `[project]
name = "siebenapp"
version = "0.14"
authors = [
    {name = "Andrey Hitrin",email = "andrey.hitrin@gmail.com"}
]
license = {text = "GPL2"}
`;

describe('payment test cards', () => {
  it('published test numbers are not PII; a real-looking Luhn-valid number still is', async () => {
    const { kernel, call } = await securityKernel();
    const spec = `// https://docs.adyen.com/development-resources/test-cards/test-card-numbers
const cards = {
  mastercard: '5101 1800 0000 0007',
  visa: '4646 4646 4646 4644',
  stripe: '4242424242424242',
  amex: '378282246310005',
  discover: '6011111111111117',
  jcb: '3530111333300000',
  mc2: '2223000048400011',
}
`;
    const quiet = (await call('analyze_content_security', { content: spec, contentType: 'code' })).data;
    expect(quiet.securityIssues.filter((i: any) => i.type === 'pii')).toEqual([]);
    expect(quiet.compliance.pci.compliant).toBe(true);
    const real = card('4', 16, 'judgement-visa');
    const flagged = (await call('analyze_content_security', { content: `${spec}customer_card = "${real}"\n`, contentType: 'code' })).data;
    expect(flagged.securityIssues.filter((i: any) => i.type === 'pii').map((i: any) => i.line)).toEqual([11]);
    expect(flagged.compliance.pci.compliant).toBe(false);
    await kernel.stop();
  });
});

describe('contact addresses', () => {
  it('a role mailbox in SECURITY.md is not personal data', async () => {
    const { kernel, call } = await securityKernel();
    const text = '# Security\n\nPlease report vulnerabilities to security@consensys.net or support@acme-corp.com.\n';
    const data = (await call('analyze_content_security', { content: text, contentType: 'documentation' })).data;
    expect(data.securityIssues).toEqual([]);
    expect(data.compliance.gdpr.compliant).toBe(true);
    const personal = (await call('analyze_content_security', { content: `${text}Ask jane.doe@acme-corp.com.\n`, contentType: 'documentation' })).data;
    expect(personal.compliance.gdpr.compliant).toBe(false);
    await kernel.stop();
  });

  it('a package author e-mail is low PII but not a GDPR failure', async () => {
    const { kernel, call } = await securityKernel();
    const data = (await call('analyze_content_security', { content: PYPROJECT, contentType: 'configuration' })).data;
    expect(data.securityIssues).toHaveLength(1);
    expect(data.securityIssues[0]).toMatchObject({ type: 'pii', severity: 'low', line: 5 });
    expect(data.compliance.gdpr.compliant).toBe(true);
    await kernel.stop();
  });
});

describe('validate_content_masking and e-mail addresses', () => {
  it('at the default level, an e-mail left readable is named, not "masking is complete"', async () => {
    const { kernel, call } = await securityKernel();
    const masked = (await call('generate_content_masking', { content: PYPROJECT })).data.maskedContent;
    expect(masked).toBe(PYPROJECT); // the standard level leaves low-severity personal data
    const validation = (await call('validate_content_masking', { originalContent: PYPROJECT, maskedContent: masked })).data;
    const advice = validation.recommendations.join('\n');
    expect(advice).not.toMatch(/masking is complete/);
    expect(advice).toMatch(/Line 5: .*still readable/);
    expect(validation.isValid).toBe(true); // the levels agree: not blocking at the standard level
    const strict = (await call('validate_content_masking', { originalContent: PYPROJECT, maskedContent: masked, strictValidation: true })).data;
    expect(strict.isValid).toBe(false);
    await kernel.stop();
  });

  it('masking the e-mail at the strict level is complete, not over-masking', async () => {
    const { kernel, call } = await securityKernel();
    const masked = (await call('generate_content_masking', { content: PYPROJECT, maskingLevel: 'strict' })).data.maskedContent;
    expect(masked).not.toContain('andrey.hitrin@gmail.com');
    const validation = (await call('validate_content_masking', { originalContent: PYPROJECT, maskedContent: masked })).data;
    expect(validation.findings.overMasking).toEqual([]);
    expect(validation.findings.unmaskedSecrets).toEqual([]);
    expect(validation.recommendations).toEqual(['The masking is complete: no sensitive value of the original is readable and the structure is intact.']);
    const overMasked = masked.replace('name = "siebenapp"', 'name = "[MASKED]"');
    expect((await call('validate_content_masking', { originalContent: PYPROJECT, maskedContent: overMasked })).data.findings.overMasking).toHaveLength(1);
    await kernel.stop();
  });
});
