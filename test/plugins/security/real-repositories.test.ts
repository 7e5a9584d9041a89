/**
 * Judgement of the security tools on the kinds of files found in real repositories
 * (release notes and test reports, documentation sites, .env files, exported keys,
 * payment instructions): no finding in prose about tests, no GDPR issue for
 * documentation addresses, connection strings masked down to the password only,
 * a `partial` mask that gives little away, and armoured key blocks and grouped IBANs
 * masked whole.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { complianceReport } from '../../../plugins/security/engine/compliance.js';
import { partialReveal } from '../../../plugins/security/engine/masker.js';
import type { Finding } from '../../../plugins/security/engine/scanner.js';
import type { SecurityRule } from '../../../plugins/security/rules/types.js';
import { startTestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { fakeString } from './fake-secrets.js';
import { iban } from './rule-examples.js';

async function securityKernel() {
  const kernel = await startTestToolpack({ config: { plugins: ['security'] } });
  const call = async (name: string, args: unknown) => outcome(await kernel.call(name, args));
  return { kernel, call };
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

describe('prose about tests is not a password', () => {
  // A Python library's CHANGELOG and a Go library's CONTRIBUTING page.
  const CHANGELOG = readFileSync(new URL('../../fixtures/secrets/negatives/docs/release-notes.md', import.meta.url), 'utf8');
  const CONTRIBUTING = [
    '## Before you open a pull request',
    '',
    'Make sure `go test ./...` and `golangci-lint run` pass: 100% of the packages build on Go 1.22.',
    'Race tests pass: 37/37 (go test -race), and fuzzing pass: 1.5h without a crash.',
    'Coverage check pass: 84.3% >= 80%.',
    'All CI checks pass: build-7781b is green on main.',
    '',
  ].join('\n');

  it('analyze_content_security finds nothing in release notes and contribution guides', async () => {
    const { kernel, call } = await securityKernel();
    for (const content of [CHANGELOG, CONTRIBUTING]) {
      const { data } = await call('analyze_content_security', { content, contentType: 'documentation' });
      expect(data.securityIssues.map((i: any) => `${i.line}: ${i.pattern}`)).toEqual([]);
      expect(data).toMatchObject({ riskLevel: 'low', maskingRecommended: false });
    }
    await kernel.stop();
  });

  it('generate_content_masking leaves the coverage figures readable', async () => {
    const { kernel, call } = await securityKernel();
    const { data } = await call('generate_content_masking', { content: CHANGELOG, maskingLevel: 'strict' });
    expect(data.maskedContent).toBe(CHANGELOG);
    expect(data.maskingReport.totalMaskedItems).toBe(0);
    await kernel.stop();
  });

  it('still finds a password assigned to a pass key in configuration and code', async () => {
    const { kernel, call } = await securityKernel();
    const password = `${fakeString(10, 41)}!7`;
    for (const content of [`smtp:\n  user: mailer\n  pass: ${password}\n`, `const pass = "${password}";\n`, `DB_PASS=${password}\n`, `Office WiFi pass: ${password}\n`]) {
      const { data } = await call('analyze_content_security', { content });
      expect(data.securityIssues.map((i: any) => i.pattern), content).toContain('generic-password-assignment');
    }
    await kernel.stop();
  });
});

describe('documentation addresses are not personal data', () => {
  // A TypeScript MCP server's docs site page: every address in it is a documentation example.
  const DOCS_PAGE = [
    '---',
    'title: Configuring the mail tool',
    '---',
    '',
    'Set the sender with `MAIL_FROM=notifications@example.com` and the reply address',
    'with `MAIL_REPLY_TO=support@docs.example.org`. In the examples below Jane is',
    '`jane@acme.example`, the operator is `ops@example.dev` and your own address is',
    '`your.name@yourcompany.com` (or `firstname.lastname@your-domain.io`).',
    '',
    '```json',
    '{ "to": ["user@example.net"], "relay": "smtp://198.51.100.25:587", "allow": ["192.0.2.0/24", "2001:db8::/32"] }',
    '```',
    '',
    'Requests from `203.0.113.7` or `2001:0db8:85a3::8a2e:0370:7334` are logged with the client address.',
    '',
  ].join('\n');

  it('analyze_content_security reports GDPR compliant for a docs page of example addresses', async () => {
    const { kernel, call } = await securityKernel();
    const { data } = await call('analyze_content_security', { content: DOCS_PAGE, contentType: 'documentation' });
    expect(data.compliance.gdpr).toMatchObject({ compliant: true, totalIssues: 0 });
    expect(data.securityIssues).toEqual([]);
    // A real person's address on the same page is still personal data.
    const real = (await call('analyze_content_security', { content: `${DOCS_PAGE}Maintainer: marc.dupont@fournisseur-mail.fr\n` })).data;
    expect(real.compliance.gdpr.compliant).toBe(false);
    expect(real.securityIssues.map((i: any) => i.pattern)).toEqual(['email-address']);
    await kernel.stop();
  });

  it('generate_content_masking reports no GDPR-relevant value and leaves the examples readable', async () => {
    const { kernel, call } = await securityKernel();
    const { data } = await call('generate_content_masking', { content: DOCS_PAGE, maskingLevel: 'paranoid' });
    expect(data.maskedContent).toBe(DOCS_PAGE);
    expect(data.securityAnalysis.complianceImpact.gdpr).toBe('0 GDPR-relevant value(s) masked; none remain');
    await kernel.stop();
  });

  it('a pii rule added by another module does not make documentation addresses a GDPR issue either', () => {
    const rule = { id: 'crm-contact', category: 'pii', description: 'CRM contact field', pattern: /contact=\S+/, severity: 'medium', confidence: 0.7, recommendation: 'Remove contact data from exports.', compliance: ['GDPR'] } as SecurityRule;
    const finding = (value: string): Finding => ({ rule, value, start: 0, end: value.length, matchStart: 0, matchEnd: value.length, line: 1, column: 1 });
    expect(complianceReport([finding('user@example.com'), finding('192.0.2.44'), finding('2001:db8::7')]).gdpr).toMatchObject({ compliant: true, totalIssues: 0 });
    expect(complianceReport([finding('marc.dupont@fournisseur-mail.fr')]).gdpr).toMatchObject({ compliant: false, totalIssues: 1 });
  });
});

describe('connection strings are masked down to the password', () => {
  const passwords = { pg: `Zq8${fakeString(9, 51)}!x`, mysql: `${fakeString(12, 52)}#4`, redis: `${fakeString(16, 53)}`, mongo: `p@${fakeString(10, 54)}`.replace('@', '-') };
  const ENV = [
    '# .env of a TypeScript MCP server',
    `DATABASE_URL=postgres://app_user:${passwords.pg}@db.internal:5432/app?sslmode=require`,
    `REPLICA_URL=mysql://reporting:${passwords.mysql}@10.20.0.15:3306/analytics`,
    `CACHE_URL=rediss://:${passwords.redis}@cache.acme-corp.io:6380/0`,
    `MONGO_URL=mongodb+srv://svc:${passwords.mongo}@cluster0.ab1cd.mongodb.net/prod`,
    '',
  ].join('\n');
  const KEPT = [
    ['postgres://app_user:', '@db.internal:5432/app?sslmode=require'],
    ['mysql://reporting:', ':3306/analytics'],
    ['rediss://:', '@cache.acme-corp.io:6380/0'],
    ['mongodb+srv://svc:', '@cluster0.ab1cd.mongodb.net/prod'],
  ];

  it.each(['replacement', 'redaction', 'full', 'partial', 'tokenization', 'hashing', 'environment'])('%s keeps scheme, user, host, port and path', async (maskingStrategy) => {
    const { kernel, call } = await securityKernel();
    const { data } = await call('generate_content_masking', { content: ENV, maskingStrategy, maskingLevel: 'standard' });
    for (const password of Object.values(passwords)) expect(data.maskedContent).not.toContain(password);
    const lines = data.maskedContent.split('\n');
    KEPT.forEach(([before, after], i) => {
      expect(lines[i + 1]).toContain(before);
      expect(lines[i + 1]).toContain(after);
    });
    expect(data.maskingReport.preservedStructure).toBe(true);
    const validation = (await call('validate_content_masking', { originalContent: ENV, maskedContent: data.maskedContent })).data;
    expect(validation.findings.structuralIssues).toEqual([]);
    await kernel.stop();
  });

  it('validate_content_masking reports a URL whose host was masked away with its password', async () => {
    const { kernel, call } = await securityKernel();
    const swallowed = ENV.replace(`${passwords.pg}@db.internal`, '[MASKED_POSTGRES_CONNECTION_STRING]').replace(`${passwords.redis}@cache.acme-corp.io:6380/0`, 'xxxxxxxx');
    const { data } = await call('validate_content_masking', { originalContent: ENV, maskedContent: swallowed, strictValidation: true });
    expect(data.findings.structuralIssues).toEqual([
      'line 2: a postgres:// URL lost its host "db.internal"',
      'line 4: a rediss:// URL lost its host "cache.acme-corp.io" and its port 6380 and its path',
    ]);
    expect(data.isValid).toBe(false);
    expect(data.riskAssessment.operationalRisk).toBe('high');
    expect(data.recommendations.join('\n')).not.toContain('structure is intact');
    // A host masked on purpose (an IP address, personal data at strict level) is not damage.
    const ipMasked = ENV.replace(passwords.mysql, '[MASKED_MYSQL_CONNECTION_STRING]').replace('10.20.0.15', '[MASKED_IPV4_ADDRESS]');
    const intact = (await call('validate_content_masking', { originalContent: ENV, maskedContent: ipMasked })).data;
    expect(intact.findings.structuralIssues).toEqual([]);
    await kernel.stop();
  });
});

describe('the partial strategy', () => {
  it('reveals nothing of a short secret and at most 4 characters (and a quarter) of a long one', async () => {
    const { kernel, call } = await securityKernel();
    const short = `${fakeString(7, 61)}!2`; // 9 characters
    const medium = `${fakeString(11, 62)}!`; // 12 characters
    const long = fakeString(40, 63);
    const content = `DB_PASSWORD=${short}\nSMTP_PASSWORD=${medium}\nAPI_SECRET_KEY=${long}\n`;
    const { data } = await call('generate_content_masking', { content, maskingStrategy: 'partial', maskingCharacter: '*' });
    const [a, b, c] = data.maskedContent.split('\n').map((line: string) => line.slice(line.indexOf('=') + 1));
    expect(a).toBe('*'.repeat(short.length));
    expect(b).toMatch(/^[^*]\*{9}[^*]{2}$/); // 3 of 12 shown
    expect(c).toMatch(/^[^*]{2}\*{36}[^*]{2}$/); // 4 of 40 shown
    expect(c.slice(0, 2) + c.slice(-2)).toBe(long.slice(0, 2) + long.slice(-2));
    for (const length of [1, 8, 11, 12, 15, 16, 20, 64, 4096]) {
      const [head, tail] = partialReveal(length);
      expect(head + tail, `length ${length}`).toBeLessThanOrEqual(Math.min(4, length / 4));
      if (length < 12) expect(head + tail).toBe(0);
    }
    await kernel.stop();
  });
});

describe('armoured private keys and grouped IBANs are masked whole', () => {
  const body = (lines: number, seed: number) => Array.from({ length: lines }, (_, i) => fakeString(64, seed + i, B64)).join('\n');
  // gpg --armor --export-secret-keys, and the PEM forms next to it in a leaked backup.
  const PGP = `-----BEGIN PGP PRIVATE KEY BLOCK-----\nVersion: GnuPG v2\nComment: Release signing key <release@acme-corp.io>\n\nlQOYBF${body(12, 100).slice(6)}\n${fakeString(20, 130, B64)}==\n=Xq3P\n-----END PGP PRIVATE KEY BLOCK-----`;
  const RSA = `-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,3F1A2B3C4D5E6F708192A3B4C5D6E7F8\n\nMII${body(8, 200).slice(3)}\n-----END RSA PRIVATE KEY-----`;
  const EC = `-----BEGIN EC PRIVATE KEY-----\nMHc${body(3, 300).slice(3)}\n-----END EC PRIVATE KEY-----`;
  const OPENSSH = `-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjE${body(6, 400).slice(19)}\n-----END OPENSSH PRIVATE KEY-----`;
  const ENCRYPTED = `-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIFHDBOBgkqhkiG9w0BBQ0w${body(7, 500).slice(24)}\n-----END ENCRYPTED PRIVATE KEY-----`;

  it.each([
    ['PGP', PGP],
    ['RSA (encrypted PEM headers)', RSA],
    ['EC', EC],
    ['OPENSSH', OPENSSH],
    ['ENCRYPTED PKCS#8', ENCRYPTED],
  ])('%s: no line of the block stays readable and the lines are kept', async (_name, key) => {
    const { kernel, call } = await securityKernel();
    const content = `# backup of ~/.keys\n${key}\nnext: value\n`;
    const { data } = await call('generate_content_masking', { content });
    const masked: string = data.maskedContent;
    expect(masked.split('\n').length).toBe(content.split('\n').length);
    expect(masked).not.toMatch(/BEGIN|END|Version:|Comment:|Proc-Type|DEK-Info|=Xq3P/);
    for (const line of key.split('\n').filter((l) => l.length > 4)) expect(masked, line).not.toContain(line);
    expect(masked.startsWith('# backup of ~/.keys\n[MASKED_')).toBe(true);
    expect(masked.endsWith('\nnext: value\n')).toBe(true);
    expect(data.maskingReport.totalMaskedItems).toBe(1);
    await kernel.stop();
  });

  it('masks IBANs in groups of four, with no-break spaces and run together, up to their last character', async () => {
    const { kernel, call } = await securityKernel();
    const de = iban('DE', '370400440532014123');
    const gb = iban('GB', 'BUKB20201555555566');
    const fr = iban('FR', '20041010050500013M02607'); // letters inside and a 3-character last group
    const at = iban('AT', '1904300234573201');
    const group = (value: string, sep = ' ') => value.replace(/(.{4})(?=.)/g, `$1${sep}`);
    const content = [
      '## Payment details',
      '',
      `Please transfer the deposit to IBAN ${group(de)} (Acme GmbH).`,
      `| UK office | ${group(gb)} | GBP |`,
      `France: ${group(fr)}.`,
      `Vienna: ${group(at)} 2025 invoice`,
      `SEPA (no-break spaces): ${group(de, '\u00a0')}`,
      `iban=${gb}`,
      '',
    ].join('\n');
    const { data } = await call('generate_content_masking', { content, maskingLevel: 'standard' });
    const lines = data.maskedContent.split('\n');
    expect(lines[2]).toBe('Please transfer the deposit to IBAN [MASKED_IBAN] (Acme GmbH).');
    expect(lines[3]).toBe('| UK office | [MASKED_IBAN] | GBP |');
    expect(lines[4]).toBe('France: [MASKED_IBAN].');
    expect(lines[5]).toBe('Vienna: [MASKED_IBAN] 2025 invoice');
    expect(lines[6]).toBe('SEPA (no-break spaces): [MASKED_IBAN]');
    expect(lines[7]).toBe('iban=[MASKED_IBAN]');
    expect(data.maskingReport.totalMaskedItems).toBe(6);
    await kernel.stop();
  });
});
