/**
 * deployment_readiness on committed fixture projects: the checklist per environment with
 * its evidence, strictMode, a security scan of the tracked files (secrets, sensitive file
 * names, skipped binaries and large files), the offline dependency audit, and `all`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { FAKE } from '../security/fake-secrets.js';
import { json } from '../project/fixtures.js';
import { committedService, LEAKY_FILES, NEGLECTED_SERVICE, READY_SERVICE } from './readiness-fixtures.js';

const PACKS = ['project', 'adr', 'security', 'scoring'];
const check = (data: any, id: string) => data.readiness.checks.find((c: any) => c.id === id);

describe('deployment_readiness: check_readiness', () => {
  let ready: TestToolpack;
  let neglected: TestToolpack;
  const call = async (kernel: TestToolpack, args: Record<string, unknown>) => outcome(await kernel.call('deployment_readiness', { projectPath: 'services/app', ...args }));

  beforeAll(async () => {
    ready = await startTestToolpack({ workspace: committedService('app', READY_SERVICE).workspace, config: { plugins: PACKS } });
    neglected = await startTestToolpack({ workspace: committedService('app', NEGLECTED_SERVICE).workspace, config: { plugins: PACKS } });
  }, 60_000);
  afterAll(async () => {
    await ready?.stop();
    await neglected?.stop();
  });

  it('passes a tested, pinned, documented service for production, with the evidence of each check', async () => {
    const { isError, data, text } = await call(ready, { operation: 'check_readiness' });
    expect(isError, text).toBe(false);
    expect(data.ready).toBe(true);
    expect(data.summary).toMatch(/^READY for production/);
    expect(check(data, 'ci-runs-tests').evidence[0]).toBe('services/app/.github/workflows/ci.yml:9: - run: npm test');
    expect(check(data, 'lockfile-committed').evidence[0]).toBe('services/app/package.json → services/app/package-lock.json');
    expect(check(data, 'dockerfile-non-root').evidence[0]).toBe('services/app/Dockerfile:5: USER node');
    expect(check(data, 'env-documented').status).toBe('pass');
    // Without a security scan the secrets check is skipped and not counted.
    expect(check(data, 'no-secrets')).toMatchObject({ status: 'skip', blocker: false });
    expect(data.readiness.score).toBe(100);
    expect(data.readiness.formula).toContain('(9/9)');
  });

  it('lists the blockers of a neglected service for production, each with the file and line', async () => {
    const { data } = await call(neglected, { operation: 'check_readiness' });
    expect(data.ready).toBe(false);
    const blockers = data.readiness.checks.filter((c: any) => c.blocker).map((c: any) => c.id).sort();
    expect(blockers).toEqual(['ci-config', 'dockerfile-base-pinned', 'dockerfile-healthcheck', 'dockerfile-non-root', 'env-documented', 'lockfile-committed', 'readme-present', 'tests-present']);
    expect(check(data, 'dockerfile-base-pinned').evidence[0]).toBe('services/app/Dockerfile:1: FROM node:latest (the :latest tag)');
    expect(check(data, 'env-documented').evidence).toContain('STRIPE_SECRET_KEY: read at services/app/index.js:2, not documented');
    expect(check(data, 'lockfile-committed').evidence[0]).toMatch(/^services\/app\/package.json \(npm, 3 dependencies\): no package-lock.json/);
    expect(data.readiness.score).toBe(0);
    expect(data.blockers[0]).toMatch(/^(tests-present|ci-config|lockfile-committed|dockerfile-)/);
  });

  it('asks less of development, and strictMode decides whether its warnings block', async () => {
    const strict = (await call(neglected, { operation: 'check_readiness', targetEnvironment: 'development' })).data;
    expect(check(strict, 'dockerfile-non-root')).toMatchObject({ status: 'skip', evidence: expect.arrayContaining(['does not apply to development']) });
    expect(check(strict, 'tests-present')).toMatchObject({ status: 'warn', blocker: true });
    expect(strict.ready).toBe(false);
    const lenient = (await call(neglected, { operation: 'check_readiness', targetEnvironment: 'development', strictMode: false })).data;
    expect(check(lenient, 'tests-present')).toMatchObject({ status: 'warn', blocker: false });
    expect(lenient.ready).toBe(true);
    expect(lenient.warnings.length).toBeGreaterThan(0);
    // Production is never lenient about a missing lockfile.
    const prod = (await call(neglected, { operation: 'check_readiness', strictMode: false })).data;
    expect(check(prod, 'lockfile-committed')).toMatchObject({ status: 'fail', blocker: true });
  });

  it('fails ci-runs-tests when the pipeline only lints, naming the test command to add', async () => {
    const lintOnly = { ...READY_SERVICE, '.github/workflows/ci.yml': 'name: Lint\non: [push]\njobs:\n  lint:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm ci\n      - run: npx eslint .\n' };
    const kernel = await startTestToolpack({ workspace: committedService('app', lintOnly).workspace, config: { plugins: PACKS } });
    try {
      const { data } = await call(kernel, { operation: 'check_readiness' });
      expect(check(data, 'ci-config').status).toBe('pass');
      expect(check(data, 'ci-runs-tests')).toMatchObject({ status: 'fail', blocker: true, fix: 'Add a CI step that runs the tests (npm test).' });
      expect(check(data, 'ci-runs-tests').evidence[0]).toBe('no step runs tests in services/app/.github/workflows/ci.yml');
    } finally {
      await kernel.stop();
    }
  });

  it('refuses a projectPath outside the workspace', async () => {
    const { isError, text } = await call(ready, { operation: 'check_readiness', projectPath: '../..' });
    expect(isError).toBe(true);
    expect(text).toContain('projectPath');
  });
});

describe('deployment_readiness: security_scan', () => {
  let kernel: TestToolpack;
  beforeAll(async () => {
    const { workspace } = committedService('app', { ...READY_SERVICE, ...LEAKY_FILES }, {
      ignore: 'services/app/.env.local\n',
      untracked: { '.env.local': `AWS_ACCESS_KEY_ID=${FAKE.awsAccessKeyId}\n` },
    });
    // all runs the tests only when execution.projectCode allows it.
    kernel = await startTestToolpack({ workspace, config: { plugins: PACKS, execution: { projectCode: 'allow' } } });
  }, 60_000);
  afterAll(async () => kernel?.stop());

  it('finds the committed token and sensitive files by workspace path, skips binary and large files, and ignores ignored files', async () => {
    const progress: Array<{ progress: number; total?: number }> = [];
    const { isError, data, text } = await outcome(await kernel.call('deployment_readiness', { operation: 'security_scan', projectPath: 'services/app' }, { progress: async (u) => void progress.push(u) }));
    expect(isError, text).toBe(false);
    const s = data.security;
    const token = s.findings.find((f: any) => f.file === 'services/app/.env' && f.line === 2 && f.category !== 'sensitive-file');
    expect(token, JSON.stringify(s.findings)).toBeDefined();
    expect(['critical', 'high']).toContain(token.severity);
    expect(JSON.stringify(data)).not.toContain(FAKE.githubToken);
    expect(s.sensitiveFiles).toEqual(['services/app/.env', 'services/app/deploy/id_rsa']);
    expect(s.findings.some((f: any) => f.file.endsWith('.env.local'))).toBe(false);
    expect(s.skipped).toEqual(
      expect.arrayContaining([
        { file: 'services/app/assets/logo.png', reason: 'binary (NUL byte in the first 8 KB)' },
        { file: 'services/app/logs/big.log', reason: expect.stringMatching(/^large: 1200000 bytes/) },
      ]),
    );
    // Most severe first.
    const ranks = s.findings.map((f: any) => ['info', 'low', 'medium', 'high', 'critical'].indexOf(f.severity));
    expect(ranks).toEqual([...ranks].sort((a: number, b: number) => b - a));
    expect(data.ready).toBe(false);
    expect(data.blockers[0]).toMatch(/^security: /);
    expect(progress.at(-1)).toMatchObject({ progress: progress.at(-1)!.total });
  });

  it('feeds the scan into the checklist under all: the no-secrets check fails on the tracked .env', async () => {
    const { data } = outcome(await kernel.call('deployment_readiness', { operation: 'all', projectPath: 'services/app', targetEnvironment: 'development', strictMode: false }));
    expect(check(data, 'no-secrets')).toMatchObject({ status: 'fail', blocker: true });
    expect(check(data, 'no-secrets').evidence).toContain('services/app/.env: sensitive file tracked');
    expect(data.tests.counts).toMatchObject({ runner: 'node', passed: 1, failed: 0 });
    expect(data.dependencies.npmAudit.run).toBe(false);
    expect(data.ready).toBe(false);
    expect(data.summary).toMatch(/^NOT READY for development: \d+ blockers/);
  });
});

describe('deployment_readiness and smart_score: secrets planted in test fixtures', () => {
  let kernel: TestToolpack;
  beforeAll(async () => {
    // A secret scanner's own project: its fixtures hold realistic fake credentials on purpose.
    const { workspace } = committedService('scanner', {
      ...READY_SERVICE,
      'test/fixtures/leaks/.env': `GITHUB_TOKEN=${FAKE.githubToken}\n`,
      'test/fixtures/leaks/deploy/id_rsa': '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n-----END OPENSSH PRIVATE KEY-----\n',
      'test/fixtures/leaks/config.yml': `aws_access_key_id: ${FAKE.awsAccessKeyId}\n`,
    });
    kernel = await startTestToolpack({ workspace, config: { plugins: PACKS } });
  }, 60_000);
  afterAll(async () => kernel?.stop());

  it('lists fixture findings apart, without blocking or costing security posture (a product .env blocks: see security_scan above)', async () => {
    const { isError, data, text } = outcome(await kernel.call('deployment_readiness', { operation: 'security_scan', projectPath: 'services/scanner' }));
    expect(isError, text).toBe(false);
    const s = data.security;
    expect(s.totalFindings).toBe(0);
    expect(s.sensitiveFiles).toEqual([]);
    expect(s.outsideProduct.totalFindings).toBeGreaterThanOrEqual(3);
    expect(s.outsideProduct.sensitiveFiles).toEqual(['services/scanner/test/fixtures/leaks/.env', 'services/scanner/test/fixtures/leaks/deploy/id_rsa']);
    expect(s.outsideProduct.findings.every((f: any) => f.file.startsWith('services/scanner/test/fixtures/') && f.folder)).toBe(true);
    expect(data.ready).toBe(true);
    expect(data.warnings.join('\n')).toMatch(/findings in .*fixture.* folders, not blocking/);

    const score = outcome(await kernel.call('smart_score', { operation: 'recalculate_scores', projectPath: 'services/scanner', components: ['security_posture'] }));
    expect(score.isError, score.text).toBe(false);
    const posture = score.data.scores.find((c: any) => c.component === 'security_posture');
    expect(posture.score).toBe(100);
    expect(posture.formula).toMatch(/findings in test, fixture, example and docs folders are not scored/);
  });
});

describe('deployment_readiness: dependency_audit', () => {
  let kernel: TestToolpack;
  beforeAll(async () => {
    const lock = {
      name: 'billing',
      lockfileVersion: 3,
      requires: true,
      packages: {
        '': { name: 'billing', dependencies: { express: '^4.19.2', request: '^2.88.2', 'pdf-gpl': '^1.0.0', chalk: '^4.1.2' } },
        'node_modules/express': { version: '4.19.2', license: 'MIT' },
        'node_modules/request': { version: '2.88.2', license: 'Apache-2.0', deprecated: 'request has been deprecated, see https://github.com/request/request/issues/3142' },
        'node_modules/pdf-gpl': { version: '1.0.3', license: 'GPL-3.0-only' },
        'node_modules/dual': { version: '2.0.0', license: '(MIT OR GPL-3.0)' },
        'node_modules/mystery': { version: '0.0.1' },
        'node_modules/chalk': { version: '4.1.2', license: 'MIT' },
        'node_modules/boxen/node_modules/chalk': { version: '2.4.2', license: 'MIT' },
        'node_modules/boxen': { version: '1.3.0', license: 'MIT' },
        'node_modules/eslint-gpl-plugin': { version: '1.0.0', license: 'GPL-2.0', dev: true },
      },
    };
    const { workspace } = committedService('app', { ...NEGLECTED_SERVICE, 'package-lock.json': json(lock) });
    kernel = await startTestToolpack({ workspace, config: { plugins: PACKS } });
  }, 60_000);
  afterAll(async () => kernel?.stop());
  const audit = async (args: Record<string, unknown> = {}) => outcome(await kernel.call('deployment_readiness', { operation: 'dependency_audit', projectPath: 'services/app', ...args })).data;

  it('reports floating and flagged ranges, duplicate majors, deprecated packages and licences from the lockfile, offline', async () => {
    const data = await audit();
    const d = data.dependencies;
    expect(d.lockfiles).toEqual([{ path: 'services/app/package-lock.json', format: 'package-lock', packages: 9 }]);
    expect(d.ranges).toMatchObject({ pinned: 0, floating: 1, flagged: 2 });
    expect(d.ranges.flaggedList.map((f: any) => f.name).sort()).toEqual(['acme-utils', 'left-pad']);
    expect(d.duplicateMajors).toEqual([{ name: 'chalk', versions: ['2.4.2', '4.1.2'], lockfile: 'services/app/package-lock.json' }]);
    expect(d.deprecated).toEqual([expect.objectContaining({ name: 'request', version: '2.88.2' })]);
    // Dual-licensed (MIT OR GPL) is not copyleft; the dev-only GPL plugin is listed but does not block.
    expect(d.licenses.copyleft.map((c: any) => [c.name, c.dev])).toEqual([['pdf-gpl', false], ['eslint-gpl-plugin', true]]);
    expect(d.licenses.unknown).toEqual([{ name: 'mystery', version: '0.0.1', license: null }]);
    expect(d.blockers).toEqual(['1 production dependencies under a copyleft licence (pdf-gpl: GPL-3.0-only)']);
    expect(d.npmAudit).toEqual({ run: false, reason: expect.stringContaining('networkAudit is off') });
    expect(d.summary).toContain('npm audit not run');
  });

  it('does not block on copyleft outside production', async () => {
    const data = await audit({ targetEnvironment: 'staging', strictMode: false });
    expect(data.dependencies.blockers).toEqual([]);
    expect(data.dependencies.warnings.join('\n')).toContain('copyleft');
    expect(data.ready).toBe(true);
  });
});
