/**
 * What leaves the process when a user analyses and masks secrets from the
 * shell: neither the result on stdout nor the trace-level log on stderr nor the
 * store file holds a secret from the input.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FAKE } from '../plugins/security/fake-secrets.js';
import { assertBuilt, createWorkspace, runCli, serverEnv } from './helpers.js';

const SECRETS = [FAKE.githubToken, FAKE.stripeKey, FAKE.dbPassword, FAKE.awsAccessKeyId];
const CONTENT = `GITHUB_TOKEN=${FAKE.githubToken}\nSTRIPE_KEY=${FAKE.stripeKey}\nDATABASE_URL=postgres://app:${FAKE.dbPassword}@db:5432/app\nAWS_ACCESS_KEY_ID=${FAKE.awsAccessKeyId}\n`;

describe('secrets in output', () => {
  beforeAll(assertBuilt);

  it('never appear in results, trace logs or the store', { timeout: 120_000 }, async () => {
    const ws = createWorkspace();
    const env = serverEnv({ TOOLPACK_LOG_LEVEL: 'trace' });
    const calls: Array<[string, unknown]> = [
      ['analyze_content_security', { content: CONTENT, enableTreeSitterAnalysis: true }],
      ['generate_content_masking', { content: CONTENT, maskingStrategy: 'tokenization' }],
      ['validate_content_masking', { originalContent: CONTENT, maskedContent: CONTENT }],
      ['apply_basic_content_masking', { content: CONTENT }],
    ];
    for (const [tool, args] of calls) {
      const run = await runCli(['call', tool, '--json', JSON.stringify(args)], { cwd: ws.dir, env });
      expect(run.code, `${tool}: ${run.stderr}`).toBe(0);
      expect(run.stderr).toContain('"level":'); // logging really was on
      for (const secret of SECRETS) {
        expect(run.stdout, `${tool} result`).not.toContain(secret);
        expect(run.stderr, `${tool} log`).not.toContain(secret);
      }
    }
    const storeDir = join(ws.dir, '.toolpack');
    for (const file of readdirSync(storeDir)) {
      const bytes = readFileSync(join(storeDir, file)).toString('latin1');
      for (const secret of SECRETS) expect(bytes, file).not.toContain(secret);
    }
  });
});
