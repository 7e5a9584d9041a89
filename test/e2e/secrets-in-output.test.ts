/**
 * What leaves the process when a user analyses and masks secrets from the
 * shell: neither the result on stdout nor the trace-level log on stderr nor the
 * store file holds a secret from the input. Secrets come as tokens, in a
 * connection string, and written as people write passwords: a quoted assignment,
 * a YAML line, a JSON document.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FAKE } from '../plugins/security/fake-secrets.js';
import { assertBuilt, createWorkspace, runCli, serverEnv } from './helpers.js';

const QUOTED_SECRET = 'S3cr3t!Value9';
const YAML_SECRET = 'Pg-Pass-8841xQ';
const JSON_SECRET = 'J50n-Pa55word!';
const QUOTED = `password = "${QUOTED_SECRET}"`;
const YAML = `database:\n  host: db.internal\n  DB_PASSWORD: "${YAML_SECRET}"\n`;
const JSON_TEXT = `{"user": "app", "password": "${JSON_SECRET}"}`;
const SECRETS = [FAKE.githubToken, FAKE.stripeKey, FAKE.dbPassword, FAKE.awsAccessKeyId, QUOTED_SECRET, YAML_SECRET, JSON_SECRET];
const CONTENT =
  `GITHUB_TOKEN=${FAKE.githubToken}\nSTRIPE_KEY=${FAKE.stripeKey}\nDATABASE_URL=postgres://app:${FAKE.dbPassword}@db:5432/app\nAWS_ACCESS_KEY_ID=${FAKE.awsAccessKeyId}\n` +
  `${QUOTED}\n${YAML}${JSON_TEXT}\n`;

/** Every file of the workspace's .toolpack folder (database, WAL, key), as bytes. */
function expectStoreClean(dir: string): void {
  const storeDir = join(dir, '.toolpack');
  for (const file of readdirSync(storeDir)) {
    const bytes = readFileSync(join(storeDir, file)).toString('latin1');
    for (const secret of SECRETS) expect(bytes, file).not.toContain(secret);
  }
}

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
    expectStoreClean(ws.dir);
  });

  it('never reach the store from tasks, confirmations or a stored analysis, nor results once output masking is on', { timeout: 180_000 }, async () => {
    const ws = createWorkspace({ 'README.md': '# Orders\n\nThe orders service.\n' });
    const env = serverEnv({ TOOLPACK_LOG_LEVEL: 'trace' });
    const calls: Array<[string, unknown]> = [
      ['configure_output_masking', { enabled: true }],
      ['manage_todo_json', { operation: 'create_task', task: { title: `Rotate the staging login: ${QUOTED}`, description: YAML } }],
      ['request_action_confirmation', { action: 'rotate-credentials', description: `Replace ${JSON_TEXT} on staging`, risks: [QUOTED] }],
      ['analyze_project_ecosystem', { projectPath: '.', conversationContext: { humanRequest: QUOTED, userGoals: [`Fix the deploy; the config says DB_PASSWORD: "${YAML_SECRET}"`], constraints: [`Keep the login ${JSON_TEXT}`] } }],
      ['manage_todo_json', { operation: 'get_tasks' }],
    ];
    for (const [tool, args] of calls) {
      const run = await runCli(['call', tool, '--json', JSON.stringify(args)], { cwd: ws.dir, env });
      expect(run.code, `${tool}: ${run.stderr}`).toBe(0);
      expect(run.stderr).toContain('"level":');
      for (const secret of SECRETS) {
        expect(run.stdout, `${tool} result`).not.toContain(secret);
        expect(run.stderr, `${tool} log`).not.toContain(secret);
      }
      if (tool === 'manage_todo_json' && (args as { operation: string }).operation === 'get_tasks') expect(run.stdout).toContain('Rotate the staging login: password = ');
    }
    expectStoreClean(ws.dir);
  });
});
