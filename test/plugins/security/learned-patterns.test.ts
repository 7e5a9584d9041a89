/**
 * Learned custom patterns on a realistic project: configure_custom_patterns must
 * learn only secret shapes (never ordinary identifiers or common prefixes), keep
 * rule ids unique, and output masking with the learned rules must return source
 * code unchanged wherever it holds no secret value.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCustomRules } from '../../../plugins/security/engine/custom-rules.js';
import { createRuleEngine } from '../../../plugins/security/engine/rule-engine.js';
import { connectTestClient, startTestToolpack } from '../../../sdk/testing.js';
import { tempDir } from '../../helpers/workspace.js';
import { outcome } from '../../helpers/tool-result.js';
import { fullResult } from '../../helpers/full-result.js';
import { fakeString } from './fake-secrets.js';

const STRIPE = `sk_live_${fakeString(24, 41)}`;
const ACME_1 = `acme_tok_${fakeString(32, 42)}`;
const ACME_2 = `acme_tok_${fakeString(32, 43)}`;
const SESSION_SECRET = `${fakeString(20, 44)}9q`;
const WEBHOOK = `whsec_${fakeString(32, 45)}`;
/** Every secret value of the project, and the files that hold them. */
const SECRETS = [STRIPE, ACME_1, ACME_2, SESSION_SECRET, WEBHOOK];
const FILES_WITH_SECRETS = new Set(['.env', 'config/production.json']);

const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'billing-service', version: '1.4.0', type: 'module', scripts: { test: 'vitest run' } }, null, 2),
  'src/settings.ts': `export interface SettingField {
  name: string;
  isSecret: boolean;
  passwordField?: string;
}

export const fields: SettingField[] = [
  { name: 'secretName', isSecret: true, passwordField: 'db_password' },
  { name: 'tokenizer', isSecret: false },
];

export function secretName(env: string): string {
  return \`billing/\${env}/stripe\`;
}

export const STRIPE_SECRET_KEY = process.env.STRIPE_SECRET_KEY ?? '';
export const ACME_INTERNAL_TOKEN = process.env.ACME_INTERNAL_TOKEN;
const SESSION_SECRET: string = requireEnv('SESSION_SECRET');
export { SESSION_SECRET };

function requireEnv(key: string): string {
  const value = process.env[key];
  if (!value) throw new Error(\`missing \${key}\`);
  return value;
}
`,
  'src/tokens.ts': `import { randomBytes } from 'node:crypto';

/** Internal service tokens: acme_tok_ then 32 base62 characters. */
export const TOKEN_PREFIX = 'acme_tok_';
export const isAcmeToken = (value: string) => /^acme_tok_[A-Za-z0-9]{32}$/.test(value);

export function tokenizer(input: string): string[] {
  return input.split(/\\s+/).filter((word) => word.startsWith('test_') === false);
}

export function newToken(): string {
  return TOKEN_PREFIX + randomBytes(24).toString('base64url').slice(0, 32);
}
`,
  'src/files.ts': `import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const tempDir = () => mkdtempSync(join(tmpdir(), 'temp_'));
export const test_user = { id: 'test_user', passwordField: 'password', secretName: 'billing-db' };
export const isTemp = (name: string) => name.startsWith('temp_') || name.startsWith('tmp_');
export const label = "first line\\nAPI_TOKEN=see the vault\\n";
`,
  'src/auth.test.ts': `import { describe, expect, it } from 'vitest';
import { isAcmeToken } from './tokens.js';

describe('isAcmeToken', () => {
  it('rejects identifiers', () => {
    expect(isAcmeToken('test_user_authentication_flow')).toBe(false);
    expect(isAcmeToken('acme_tok_short')).toBe(false);
  });
});
`,
  'infra/main.tf': `resource "aws_secretsmanager_secret" "stripe" {
  name = "billing/prod/stripe"
}

resource "aws_secretsmanager_secret_version" "stripe" {
  secret_id     = aws_secretsmanager_secret.stripe.id
  secret_string = random_password.stripe_webhook.result
}

resource "random_password" "db_password" {
  length  = 32
  special = true
}

resource "random_password" "stripe_webhook" {
  length = 40
}

output "db_password_arn" {
  value     = aws_secretsmanager_secret.stripe.arn
  sensitive = true
}
`,
  '.github/workflows/deploy.yml': `name: deploy
on:
  push:
    branches: [main]
permissions:
  id-token: write
  contents: read
jobs:
  deploy:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: aws-actions/configure-aws-credentials@v4
        with:
          role-to-assume: arn:aws:iam::123456789012:role/deploy
          aws-region: eu-west-1
      - run: npm ci && npm test
        env:
          STRIPE_SECRET_KEY: \${{ secrets.STRIPE_SECRET_KEY }}
`,
  '.env.example': `# Copy to .env and fill in
STRIPE_SECRET_KEY=sk_live_your_key_here
ACME_INTERNAL_TOKEN=
SESSION_SECRET=changeme
DATABASE_PASSWORD=<password>
TOKEN_URL=https://auth.example.com/token
LOG_LEVEL=info
`,
  '.env': `STRIPE_SECRET_KEY=${STRIPE}\nACME_INTERNAL_TOKEN=${ACME_1}\nSESSION_SECRET=${SESSION_SECRET}\nLOG_LEVEL=debug\n`,
  'config/default.json': JSON.stringify(
    { server: { port: 8080, host: '0.0.0.0' }, auth: { tokenTtlSeconds: 3600, passwordMinLength: 12, isSecret: false, secretName: 'billing/dev' }, permissions: { 'id-token': 'write' } },
    null,
    2,
  ),
  'config/production.json': JSON.stringify({ stripe: { webhookSecret: WEBHOOK }, acme: { serviceToken: ACME_2 }, auth: { tokenTtlSeconds: 900 } }, null, 2),
  // Over 256 KiB: masked on the scan worker, which must apply the same value checks.
  'src/generated/fields.ts': Array.from({ length: 2500 }, (_, i) => `export const field${i} = { name: 'secretName${i}', isSecret: ${i % 2 === 0}, passwordField: 'password_${i}', tokenizer: 'test_${i}' };\n`).join(''),
  'README.md': '# billing-service\n\nSet `STRIPE_SECRET_KEY` and `ACME_INTERNAL_TOKEN` (format `acme_tok_` + 32 characters) in `.env`.\n',
};

function buildProject(): string {
  const root = tempDir('toolpack-learned-');
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function projectFiles(root: string, dir = root): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === '.toolpack') return [];
    return statSync(path).isDirectory() ? projectFiles(root, path) : [relative(root, path)];
  });
}

async function connect(root: string) {
  const kernel = await startTestToolpack({ workspace: root, config: { plugins: ['security', 'files'] } });
  const client = await connectTestClient(kernel);
  const call = async (name: string, args: Record<string, unknown>) => outcome((await client.callTool({ name, arguments: args })) as never);
  return { kernel, client, call };
}

describe('configure_custom_patterns on a realistic project', () => {
  it('learns the project token format and secret keys, never identifiers or common prefixes', async () => {
    const root = buildProject();
    const { kernel, client, call } = await connect(root);
    try {
      const learned = (await call('configure_custom_patterns', { projectPath: '.' })).data;
      const saved: Array<{ id: string; pattern: string }> = learned.saved;
      const ids = saved.map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      // The internal token format, used with high-entropy values in .env and config/production.json.
      expect(ids).toContain('custom-token-acme-tok');
      expect(ids).toContain('custom-env-stripe-secret-key');
      for (const word of ['test', 'temp', 'tmp', 'aws', 'random', 'issecret', 'is-secret', 'id-token', 'secret-name', 'secretname', 'tokenizer', 'password-field', 'passwordfield', 'token-url', 'token-ttl', 'napi-token', 'log-level']) {
        expect(ids.filter((id) => id.endsWith(`-${word}`))).toEqual([]);
      }
      const analysis = (await call('analyze_content_security', { content: `const t = "${ACME_2}";\n` })).data;
      expect(analysis.securityIssues.map((i: any) => i.pattern)).toContain('custom-token-acme-tok');
    } finally {
      await client.close();
      await kernel.stop();
    }
  });

  for (const maskingLevel of ['standard', 'strict'] as const) {
    it(`with output masking at ${maskingLevel}, read_file returns code unchanged and masks only secret values`, async () => {
      const root = buildProject();
      const { kernel, client, call } = await connect(root);
      try {
        expect((await call('configure_custom_patterns', { projectPath: '.' })).isError).toBe(false);
        expect((await call('configure_output_masking', { enabled: true, maskingLevel })).data).toMatchObject({ enabled: true, maskingLevel });
        const files = projectFiles(root);
        expect(files.length).toBe(Object.keys(FILES).length);
        for (const path of files) {
          const original = readFileSync(join(root, path), 'utf8');
          const read = await call('read_file', { path });
          expect(read.isError, path).toBe(false);
          const content: string = (await fullResult(client, read.data)).content;
          if (!FILES_WITH_SECRETS.has(path)) {
            expect(content, path).toBe(original);
            continue;
          }
          for (const secret of SECRETS) expect(content, path).not.toContain(secret);
          // Only the values changed: every line keeps the text before its value.
          const lines = content.split('\n');
          original.split('\n').forEach((line, i) => {
            const secret = SECRETS.find((s) => line.includes(s));
            if (!secret) expect(lines[i], `${path}:${i + 1}`).toBe(line);
            else expect(lines[i]!.startsWith(line.slice(0, line.indexOf(secret))), `${path}:${i + 1}`).toBe(true);
          });
        }
      } finally {
        await client.close();
        await kernel.stop();
      }
    });
  }
});

describe('learned rule ids', () => {
  it('are unique across keys that slug alike, and saving again updates instead of duplicating', async () => {
    const root = tempDir('toolpack-learned-');
    mkdirSync(join(root, 'config'));
    writeFileSync(join(root, 'config', 'a.json'), JSON.stringify({ api_key: `${fakeString(28, 51)}7Q` }));
    writeFileSync(join(root, 'config', 'b.yaml'), `api-key: ${fakeString(28, 52)}3z\n`);
    const { kernel, client, call } = await connect(root);
    try {
      const first = (await call('configure_custom_patterns', { projectPath: '.', existingPatterns: ['INT-[0-9]{6}'] })).data;
      const ids: string[] = first.saved.map((r: any) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      const apiKeyRules = first.saved.filter((r: any) => r.id.startsWith('custom-config-api-key'));
      expect(apiKeyRules).toHaveLength(2);
      expect(new Set(apiKeyRules.map((r: any) => r.pattern)).size).toBe(2);
      const again = (await call('configure_custom_patterns', { projectPath: '.', existingPatterns: ['INT-[0-9]{6}'] })).data;
      expect(again.saved.map((r: any) => r.id).sort()).toEqual([...ids].sort());
      expect(again.totalCustomRules).toBe(first.totalCustomRules);
      // Another call's own pattern is added beside the first, not written over it.
      const more = (await call('configure_custom_patterns', { projectPath: '.', existingPatterns: ['ORD-[0-9]{5}'] })).data;
      expect(more.totalCustomRules).toBe(first.totalCustomRules + 1);
      const found = (await call('analyze_content_security', { content: 'ref INT-482910\norder ORD-12345\n' })).data.securityIssues.map((i: any) => i.pattern);
      expect(found).toHaveLength(2);
      expect(new Set(found).size).toBe(2);
    } finally {
      await client.close();
      await kernel.stop();
    }
  });
});

describe('rules saved by an earlier version', () => {
  // What older versions learned from projects like this one: bare prefixes and identifier keys, with loose values.
  const legacy = [
    { id: 'custom-token-test', pattern: '\\btest_[A-Za-z0-9]{16,128}\\b', severity: 'high' as const, description: 'Token with the internal prefix test_' },
    { id: 'custom-token-acme-tok', pattern: '\\bacme_tok_[A-Za-z0-9]{32,128}\\b', severity: 'high' as const, description: 'Token with the internal prefix acme_tok_' },
    { id: 'custom-config-issecret', pattern: '\\bisSecret["\']?\\s*[:=]\\s*["\']?(?<secret>[^\\s"\'$<{]{8,200})', severity: 'medium' as const, description: 'Value of config key isSecret' },
    { id: 'custom-env-stripe-secret-key', pattern: '\\bSTRIPE_SECRET_KEY["\']?\\s*[:=]\\s*["\']?(?<secret>[^\\s"\'$<{]{8,200})', severity: 'high' as const, description: 'Value of STRIPE_SECRET_KEY' },
  ];

  it('skip bare prefixes and match only secret-shaped values, so code is left alone', () => {
    const skipped: string[] = [];
    const custom = compileCustomRules(legacy, (record) => skipped.push(record.id));
    expect(skipped).toEqual(['custom-token-test']);
    const engine = createRuleEngine({ builtin: [], added: [], custom });
    const code = `${FILES['src/settings.ts']}\nconst testName = 'test_userAuthenticationFlowWithRetry';\nconst schema = { isSecret: Type.Boolean(), isSecret2: true };\n`;
    expect(engine.maskSecrets(code, 'strict')).toEqual({ text: code, count: 0 });
    const env = engine.maskSecrets(FILES['.env']!, 'strict');
    expect(env.text).not.toContain(STRIPE);
    expect(env.text).not.toContain(ACME_1);
    expect(env.text).toContain('STRIPE_SECRET_KEY=');
  });
});
