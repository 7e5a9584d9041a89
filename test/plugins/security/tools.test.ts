import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestToolpack } from '../../../sdk/testing.js';
import { tempDir } from '../../helpers/workspace.js';
import { FAKE } from './fake-secrets.js';
import { outcome } from '../../helpers/tool-result.js';

const CONFIG = `# service config
AWS_ACCESS_KEY_ID=${FAKE.awsAccessKeyId}
aws_secret_access_key = "${FAKE.awsSecret}"
GITHUB_TOKEN=${FAKE.githubToken}
DATABASE_URL=postgres://app:${FAKE.dbPassword}@db.internal:5432/shop
SUPPORT_EMAIL=${FAKE.email}
API_BASE=https://api.example.com/v1
`;

async function securityKernel(workspace?: string) {
  const kernel = await startTestToolpack({ workspace, config: { plugins: ['security', 'files', 'system'] } });
  const call = async (name: string, args: unknown) => {
    const result = await kernel.call(name, args);
    return outcome(result);
  };
  return { kernel, call };
}

describe('analyze_content_security', () => {
  it('finds each secret with its line, column and rule, without echoing the secret', async () => {
    const { kernel, call } = await securityKernel();
    const { data, text } = await call('analyze_content_security', { content: CONFIG, contentType: 'configuration' });
    const byLine = new Map<number, any>(data.securityIssues.map((i: any) => [i.line, i]));
    expect(byLine.get(2)).toMatchObject({ column: 19, severity: expect.stringMatching(/high|critical/) });
    expect(byLine.get(3)?.type).toMatch(/secret|credential/);
    expect(byLine.get(4)?.column).toBe(14);
    expect(byLine.get(5)?.column).toBe(29); // the password after postgres://app:
    expect(data.riskLevel).toBe('critical');
    expect(data.maskingRecommended).toBe(true);
    expect(data.patterns.detected.length).toBeGreaterThanOrEqual(4);
    for (const secret of [FAKE.awsAccessKeyId, FAKE.awsSecret, FAKE.githubToken, FAKE.dbPassword]) expect(text).not.toContain(secret);
    expect(data.patterns.locations[0].context).toMatch(/\*{4,}/);
    await kernel.stop();
  });

  it('auto-detects the content type for "general" and when absent', async () => {
    const { kernel, call } = await securityKernel();
    const code = "import { exec } from 'node:child_process';\nexport function run(req) {\n  exec(`convert ${req.query.file} out.png`);\n}\n";
    expect((await call('analyze_content_security', { content: code, contentType: 'general' })).data).toMatchObject({ contentType: 'code', contentTypeDetected: true });
    expect((await call('analyze_content_security', { content: CONFIG })).data.contentType).toBe('configuration');
    const bad = await call('analyze_content_security', { content: 'x', contentType: 'spreadsheet' });
    expect(bad.data.error.type).toBe('ValidationError');
    expect(bad.text).toContain('"contentType" must be one of');
    await kernel.stop();
  });

  it('filters by confidence, adds user patterns and limits the compliance report', async () => {
    const { kernel, call } = await securityKernel();
    const content = `${CONFIG}internal_ref = ACME-7731-XYZZ\ncard=${FAKE.card}\n`;
    const all = (await call('analyze_content_security', { content, userDefinedPatterns: ['ACME-\\d{4}-[A-Z]{4}'], complianceFrameworks: ['PCI-DSS'] })).data;
    expect(all.securityIssues.some((i: any) => i.pattern === 'user-pattern-1' && i.line === 8)).toBe(true);
    expect(all.compliance.pci).toMatchObject({ compliant: false, assessed: true });
    expect(all.compliance.gdpr).toMatchObject({ assessed: false, issues: [] });
    const strict = (await call('analyze_content_security', { content, confidenceThreshold: 0.95 })).data;
    expect(strict.securityIssues.length).toBeLessThan(all.securityIssues.length);
    expect(strict.securityIssues.every((i: any) => i.confidence >= 0.95)).toBe(true);
    // Client patterns run on RE2: a nested quantifier is linear there and accepted, a backreference cannot be expressed.
    expect((await call('analyze_content_security', { content, userDefinedPatterns: ['(a+)+$'] })).isError).toBe(false);
    const badPattern = await call('analyze_content_security', { content, userDefinedPatterns: ['(a)\\1'] });
    expect(badPattern.data.error.type).toBe('ValidationError');
    expect(badPattern.text).toContain('userDefinedPatterns[0]');
    expect(badPattern.text).toContain('backreference');
    await kernel.stop();
  });

  it('reports a clean text as low risk with nothing to mask', async () => {
    const { kernel, call } = await securityKernel();
    const { data } = await call('analyze_content_security', { content: 'export const add = (a: number, b: number) => a + b;\n' });
    expect(data).toMatchObject({ securityIssues: [], riskLevel: 'low', maskingRecommended: false });
    await kernel.stop();
  });
});

describe('generate_content_masking and validate_content_masking', () => {
  it.each(['replacement', 'redaction', 'tokenization', 'hashing', 'full', 'partial', 'placeholder', 'environment'])(
    '%s masks every secret in place and validates as clean',
    async (maskingStrategy) => {
      const { kernel, call } = await securityKernel();
      const { data } = await call('generate_content_masking', { content: CONFIG, maskingStrategy, maskingLevel: 'standard' });
      for (const secret of [FAKE.awsAccessKeyId, FAKE.awsSecret, FAKE.githubToken, FAKE.dbPassword]) expect(data.maskedContent).not.toContain(secret);
      expect(data.maskedContent.split('\n').length).toBe(CONFIG.split('\n').length);
      expect(data.maskedContent).toContain('API_BASE=https://api.example.com/v1');
      expect(data.maskedContent).toContain('AWS_ACCESS_KEY_ID=');
      expect(data.maskingReport.totalMaskedItems).toBeGreaterThanOrEqual(4);
      expect(data.qualityMetrics.structurePreservation).toBe(1);
      expect(data.qualityMetrics.securityLevel).toBeGreaterThan(0.5);
      expect(JSON.stringify(data.maskingReport)).not.toContain(FAKE.githubToken);
      const validation = (await call('validate_content_masking', { originalContent: CONFIG, maskedContent: data.maskedContent, validationLevel: 'forensic' })).data;
      const leaks = validation.findings.unmaskedSecrets.filter((s: any) => s.severity !== 'low');
      expect(leaks).toEqual([]);
      expect(validation.isValid).toBe(true);
      await kernel.stop();
    },
  );

  it('tokenization and hashing are consistent across calls and never return the value', async () => {
    const { kernel, call } = await securityKernel();
    const once = (await call('generate_content_masking', { content: CONFIG, maskingStrategy: 'tokenization' })).data.maskedContent;
    const twice = (await call('generate_content_masking', { content: `x\n${CONFIG}`, maskingStrategy: 'tokenization' })).data.maskedContent;
    const token = /TOKEN_[A-Z0-9_]+_[0-9a-f]{12}/.exec(once)![0];
    expect(twice).toContain(token);
    const h1 = (await call('generate_content_masking', { content: CONFIG, maskingStrategy: 'hashing' })).data.maskedContent;
    const h2 = (await call('generate_content_masking', { content: CONFIG, maskingStrategy: 'hashing' })).data.maskedContent;
    expect(h1).toBe(h2);
    expect(h1).toMatch(/hmac-sha256:[0-9a-f]{24}/);
    await kernel.stop();
  });

  it('report contexts hide every secret on the line, not only the one reported', async () => {
    const { kernel, call } = await securityKernel();
    const content = `export GITHUB_TOKEN=${FAKE.githubToken} STRIPE_KEY=${FAKE.stripeKey}\n`;
    const { data } = await call('generate_content_masking', { content });
    const contexts = data.maskingReport.patternsFound.flatMap((p: any) => p.locations.map((l: any) => l.context));
    expect(contexts.length).toBe(2);
    for (const text of contexts) {
      expect(text).not.toContain(FAKE.githubToken);
      expect(text).not.toContain(FAKE.stripeKey);
      expect(text).toContain('GITHUB_TOKEN=');
    }
    await kernel.stop();
  });

  it('environment strategy names the variable after its key', async () => {
    const { kernel, call } = await securityKernel();
    const { data } = await call('generate_content_masking', { content: `GITHUB_TOKEN=${FAKE.githubToken}\n`, maskingStrategy: 'environment' });
    expect(data.maskedContent).toBe('GITHUB_TOKEN=${GITHUB_TOKEN}\n');
    await kernel.stop();
  });

  it('refuses an unknown strategy, naming the parameter', async () => {
    const { kernel, call } = await securityKernel();
    const result = await call('generate_content_masking', { content: CONFIG, maskingStrategy: 'shred' });
    expect(result.data.error.type).toBe('ValidationError');
    expect(result.text).toContain('"maskingStrategy"');
    await kernel.stop();
  });

  it('validation says invalid when a secret is left, and reports over-masking and broken JSON', async () => {
    const { kernel, call } = await securityKernel();
    const leaky = CONFIG.replace(FAKE.awsSecret, 'x'.repeat(40));
    const leakResult = (await call('validate_content_masking', { originalContent: CONFIG, maskedContent: leaky })).data;
    expect(leakResult.isValid).toBe(false);
    expect(leakResult.findings.unmaskedSecrets.some((s: any) => s.location.line === 4)).toBe(true);
    expect(leakResult.riskAssessment.dataLeakageRisk).toMatch(/high|critical/);
    expect(leakResult.validationScore).toBeLessThan(1);

    const json = JSON.stringify({ service: 'shop', token: FAKE.githubToken, region: 'eu-west-1' }, null, 2);
    const broken = json.replace(FAKE.githubToken, 'xxxx').replace('"region": "eu-west-1"', 'region: [REDACTED');
    const structural = (await call('validate_content_masking', { originalContent: json, maskedContent: broken })).data;
    expect(structural.findings.structuralIssues.join()).toContain('JSON');
    expect(structural.findings.overMasking.length).toBeGreaterThan(0);
    await kernel.stop();
  });
});

describe('apply_basic_content_masking', () => {
  it('masks secrets with the masking character, keeping format when asked', async () => {
    const { kernel, call } = await securityKernel();
    const fixed = (await call('apply_basic_content_masking', { content: `token: ${FAKE.githubToken}\n` })).data;
    expect(fixed).toEqual({ summary: 'Masked 1 values.', maskedContent: 'token: xxxxxxxx\n', patternsMatched: 1, maskingApplied: true });
    const custom = (await call('apply_basic_content_masking', { content: 'order 1234-5678-ABCD shipped', patterns: ['\\d{4}-\\d{4}-[A-Z]{4}'], maskingChar: '#', preserveFormat: true })).data;
    expect(custom.maskedContent).toBe('order ####-####-#### shipped');
    const none = (await call('apply_basic_content_masking', { content: 'nothing here' })).data;
    expect(none).toEqual({ summary: 'Nothing to mask: no value matched.', maskedContent: 'nothing here', patternsMatched: 0, maskingApplied: false });
    await kernel.stop();
  });
});

describe('configure_custom_patterns and configure_output_masking', () => {
  it('learns project secret shapes, saves them, and later analyses use them', async () => {
    const root = tempDir('toolpack-security-');
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, '.env.example'), 'PAYMENTS_SIGNING_SECRET=\nLOG_LEVEL=info\n');
    writeFileSync(join(root, 'src', 'tokens.ts'), "export const isAcmeToken = (t: string) => t.startsWith('acmelive_');\n");
    const { kernel, call } = await securityKernel(root);
    const saved = (await call('configure_custom_patterns', { projectPath: '.', existingPatterns: ['INT-[0-9]{6}'] })).data;
    const ids = saved.saved.map((r: any) => r.id);
    expect(ids).toContain('custom-env-payments-signing-secret');
    expect(ids).toContain('custom-token-acmelive');
    expect(ids).toContain('custom-existing-1');
    expect(ids).not.toContain('custom-env-log-level');
    const token = `acmelive_${'k3J9'.repeat(6)}`;
    const analysis = (await call('analyze_content_security', { content: `const t = "${token}";\nconst s = "PAYMENTS_SIGNING_SECRET=Hq7vR2mX9pL4sT8w";\nref INT-482910\n` })).data;
    const patterns = analysis.securityIssues.map((i: any) => i.pattern);
    expect(patterns).toEqual(expect.arrayContaining(['custom-token-acmelive', 'custom-env-payments-signing-secret', 'custom-existing-1']));
    expect((await call('configure_custom_patterns', { projectPath: '../' })).data.error.type).toBe('FileSystemError');
    await kernel.stop();
  });

  it('masks secrets in every tool result once output masking is on', async () => {
    const root = tempDir('toolpack-security-');
    writeFileSync(join(root, 'app.env'), CONFIG);
    const { kernel, call } = await securityKernel(root);
    expect((await call('read_file', { path: 'app.env' })).data.content).toContain(FAKE.githubToken);
    const on = (await call('configure_output_masking', { enabled: true, maskingLevel: 'standard' })).data;
    expect(on).toMatchObject({ enabled: true, maskingLevel: 'standard', changed: true });
    const masked = await call('read_file', { path: 'app.env' });
    expect(masked.data.content).not.toContain(FAKE.githubToken);
    expect(masked.text).not.toContain(FAKE.githubToken);
    expect(masked.data.content).toContain('API_BASE=https://api.example.com/v1');
    expect((await call('configure_output_masking', {})).data).toMatchObject({ enabled: true, changed: false });
    await call('configure_output_masking', { enabled: false });
    expect((await call('read_file', { path: 'app.env' })).data.content).toContain(FAKE.githubToken);
    await kernel.stop();
  });

  it('never writes an unmasked secret to the store file', async () => {
    const root = tempDir('toolpack-security-');
    // The real file store, where `toolpack serve` keeps it (startTestToolpack keeps it in memory by default).
    const fileKernel = await startTestToolpack({ workspace: root, storePath: join(root, '.toolpack', 'toolpack.db'), config: { plugins: ['security', 'system'] } });
    await fileKernel.call('generate_content_masking', { content: CONFIG, maskingStrategy: 'tokenization' });
    await fileKernel.call('configure_output_masking', { enabled: true, customPatterns: ['ACME-[0-9]{4}'] });
    await fileKernel.call('request_action_confirmation', { action: 'rotate', description: `Rotate ${FAKE.githubToken} now`, risks: [`leaks ${FAKE.stripeKey}`] });
    await fileKernel.stop();
    const bytes = readFileSync(join(root, '.toolpack', 'toolpack.db')).toString('latin1');
    const wal = (() => {
      try {
        return readFileSync(join(root, '.toolpack', 'toolpack.db-wal')).toString('latin1');
      } catch {
        return '';
      }
    })();
    for (const secret of [FAKE.awsAccessKeyId, FAKE.awsSecret, FAKE.githubToken, FAKE.dbPassword, FAKE.stripeKey]) {
      expect(bytes).not.toContain(secret);
      expect(wal).not.toContain(secret);
    }
  });
});
