/**
 * troubleshoot_guided_workflow on two realistic projects (fixtures.ts): a
 * dependency conflict ranked first with the commit that touched package.json,
 * test plans in each project's own framework and layout, read-only diagnostics
 * that catch the planted lockfile drift and undeclared env var, tool-call plans
 * with this project's arguments, and errors naming the parameter.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';
import { writeCatalogService, writeOrdersApi } from './fixtures.js';

const ERESOLVE = [
  'npm ERR! code ERESOLVE',
  'npm ERR! ERESOLVE unable to resolve dependency tree',
  'npm ERR!',
  'npm ERR! While resolving: orders-api@1.2.0',
  'npm ERR! Found: express@4.19.2',
  'npm ERR! node_modules/express',
  'npm ERR!   express@"^4.19.2" from the root project',
  'npm ERR!',
  'npm ERR! Could not resolve dependency:',
  'npm ERR! peer express@"^5.0.0" from express-zod-api@20.0.0',
].join('\n');

const TS_CRASH = [
  "TypeError: Cannot read properties of undefined (reading 'reduce')",
  '    at createOrder (/srv/orders-api/src/services/order-service.ts:5:41)',
  '    at /srv/orders-api/src/routes/orders.ts:6:58',
  '    at Layer.handle [as handle_request] (/srv/orders-api/node_modules/express/lib/router/layer.js:95:5)',
].join('\n');

const PY_CRASH = ['Traceback (most recent call last):', '  File "app/main.py", line 13, in read_item', '    return get_session().get(item_id)', '  File "app/cache.py", line 5, in get_session', '    url = os.environ["REDIS_URL"]', "KeyError: 'REDIS_URL'"].join('\n');

describe('troubleshoot_guided_workflow', () => {
  const workspace = tempDir('tp-workflow-troubleshoot-');
  let kernel: TestToolpack;
  const call = async (args: Record<string, unknown>) => outcome(await kernel.call('troubleshoot_guided_workflow', args));

  beforeAll(async () => {
    writeOrdersApi(join(workspace, 'orders-api'));
    writeCatalogService(join(workspace, 'catalog-service'));
    kernel = await startTestToolpack({ workspace, config: { plugins: ['project', 'adr', 'workflow'] } });
  }, 60_000);
  afterAll(async () => kernel?.stop());

  it('ranks a dependency conflict first for ERESOLVE and names the recent commit that touched package.json', async () => {
    const { isError, data, text } = await call({ operation: 'analyze_failure', projectPath: 'orders-api', failureInfo: { failureType: 'npm install', failureDetails: ERESOLVE, context: { reproducible: true, impact: 'CI blocked' } } });
    expect(isError, text).toBe(false);
    const [first] = data.analysis.causes;
    expect(data.analysis.classifiedAs).toBe('dependency');
    expect(first).toMatchObject({ rank: 1, type: 'dependency', id: 'peer-dependency-conflict' });
    const sha = execFileSync('git', ['log', '-n', '1', '--format=%h', '--', 'package.json'], { cwd: join(workspace, 'orders-api') }).toString().trim();
    expect(first.evidence.join('\n')).toContain(`package.json changed in ${sha} "Bump express to 4.19 and add zod"`);
    const manifest = data.analysis.files.find((f: any) => f.path === 'package.json');
    expect(manifest.recentCommits[0]).toMatchObject({ sha, subject: 'Bump express to 4.19 and add zod' });
    // Checks are this project's commands, for the package the error names (not the project itself).
    const commands = first.checks.map((c: any) => c.command);
    expect(commands).toContain('npm ls express --all');
    expect(commands.join('\n')).not.toMatch(/npm ls orders-api|pip|pytest/);
    expect(data.analysis.packages).toEqual(['express']);
    // The ADR choosing Express is involved.
    expect(data.analysis.relatedAdrs.map((a: any) => a.path)).toContain('docs/adrs/0002-serve-the-api-with-express.md');
    // The stale lockfile of the project supports a second cause, from the read-only check.
    const drift = data.analysis.causes.find((c: any) => c.id === 'lockfile-drift');
    expect(drift.rank).toBe(2);
    expect(drift.evidence.join('\n')).toContain('zod@^3.23.0 is in package.json but not in package-lock.json');
    expect(drift.score).toBeLessThan(first.score);
    expect(data.summary).toContain(sha);
    expect(data.wording).toBe('deterministic');
  });

  it('ranks the missing environment variable first for the Python KeyError, with its files', async () => {
    const { data } = await call({ operation: 'analyze_failure', projectPath: 'catalog-service', failureInfo: { failureType: 'runtime', failureDetails: PY_CRASH } });
    expect(data.analysis.causes[0]).toMatchObject({ id: 'missing-env', type: 'configuration' });
    expect(data.analysis.causes[0].evidence.join('\n')).toContain('REDIS_URL');
    expect(data.analysis.envVars).toEqual(['REDIS_URL']);
    expect(data.analysis.files.map((f: any) => f.path)).toEqual(expect.arrayContaining(['app/main.py', 'app/cache.py']));
    expect(data.analysis.unit).toBe('get_session');
  });

  it('writes the test plan in vitest for the TypeScript project, in its test folder, naming the failing function', async () => {
    const { isError, data, text } = await call({ operation: 'generate_test_plan', projectPath: 'orders-api', failureInfo: { failureType: 'runtime', failureDetails: TS_CRASH } });
    expect(isError, text).toBe(false);
    const plan = data.testPlan;
    expect(plan.framework).toBe('vitest');
    expect(plan.layout).toMatchObject({ folder: 'test', pattern: '*.test.ts' });
    expect(plan.source).toBe('src/services/order-service.ts');
    expect(plan.testFile).toBe('test/services/order-service.test.ts');
    expect(plan.runCommand).toBe('npx vitest run test/services/order-service.test.ts');
    expect(plan.skeleton).toContain("import { describe, expect, it } from 'vitest';");
    expect(plan.skeleton).toContain("import { createOrder } from '../../src/services/order-service.js';");
    expect(plan.skeleton).toMatch(/describe\('createOrder/);
    expect(plan.skeleton).not.toMatch(/def test_|import pytest/);
    expect(plan.cases[0]).toMatchObject({ kind: 'regression', name: expect.stringContaining("Cannot read properties of undefined (reading 'reduce')") });
  });

  it('writes the test plan in pytest for the Python project, under tests/ as test_<module>.py', async () => {
    const { data } = await call({ operation: 'generate_test_plan', projectPath: 'catalog-service', failureInfo: { failureType: 'runtime', failureDetails: PY_CRASH, context: { reproducible: true } } });
    const plan = data.testPlan;
    expect(plan.framework).toBe('pytest');
    expect(plan.testFile).toBe('tests/test_cache.py');
    expect(plan.runCommand).toBe('pytest tests/test_cache.py');
    expect(plan.skeleton).toMatch(/^import pytest\nfrom app\.cache import get_session\n/);
    expect(plan.skeleton).toMatch(/\ndef test_does_not_fail_with_keyerror_redis_url\(\):\n/);
    expect(plan.skeleton).toContain('Unset REDIS_URL.');
    expect(plan.skeleton).not.toMatch(/vitest|describe\(/);
  });

  it('flags the lockfile out of sync and the undeclared env var, read-only, in the TypeScript project', async () => {
    const root = join(workspace, 'orders-api');
    const before = execFileSync('git', ['status', '--porcelain'], { cwd: root }).toString();
    const { isError, data, text } = await call({ operation: 'run_diagnostics', projectPath: 'orders-api' });
    expect(isError, text).toBe(false);
    const check = (id: string) => data.diagnostics.checks.find((c: any) => c.id === id);
    expect(data.diagnostics.checks.map((c: any) => c.id)).toEqual(['manifests-parse', 'lockfile-in-sync', 'runtime-versions', 'env-vars-declared', 'git-state']);
    expect(check('manifests-parse').status).toBe('pass');
    expect(check('lockfile-in-sync').status).toBe('fail');
    expect(check('lockfile-in-sync').evidence).toEqual(expect.arrayContaining(['zod@^3.23.0 is in package.json but not in package-lock.json', 'express: package.json asks ^4.19.2, package-lock.json was made for ^4.18.2']));
    expect(check('env-vars-declared').status).toBe('warn');
    expect(check('env-vars-declared').evidence[0]).toBe('SESSION_SECRET read at src/app.ts:5, not declared in .env.example');
    expect(check('env-vars-declared').evidence.join('\n')).not.toMatch(/\b(PORT|DATABASE_URL) read/);
    expect(check('runtime-versions').evidence).toEqual(expect.arrayContaining(['package.json engines.node: >=20', '.nvmrc: 20', '.github/workflows/ci.yml node-version: 20', 'Dockerfile FROM node:20-alpine: 20']));
    expect(check('git-state')).toMatchObject({ status: 'pass', evidence: expect.arrayContaining(['branch main', '0 uncommitted paths']) });
    // The declarations agree with each other; the Node running the tests is compared too (Node 20 satisfies .nvmrc's 20).
    expect(check('runtime-versions').status).toBe(process.version.startsWith('v20.') ? 'pass' : 'warn');
    expect(data.diagnostics.counts.fail).toBe(1);
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: root }).toString()).toBe(before);
  });

  it('reports the Python project on its own terms: no lockfile check, python versions compared, env vars without an example file', async () => {
    const { data } = await call({ operation: 'run_diagnostics', projectPath: 'catalog-service' });
    const check = (id: string) => data.diagnostics.checks.find((c: any) => c.id === id);
    expect(check('manifests-parse')).toMatchObject({ status: 'pass', evidence: ['pyproject.toml: parses'] });
    expect(check('lockfile-in-sync').status).toBe('skip');
    expect(check('runtime-versions')).toMatchObject({ status: 'pass', evidence: expect.arrayContaining(['.python-version: 3.12', 'pyproject.toml requires-python: >=3.11']) });
    expect(check('env-vars-declared').status).toBe('warn');
    expect(check('env-vars-declared').detail).toMatch(/reads 2 environment variables and the project has no \.env\.example/);
    expect(check('env-vars-declared').evidence.join('\n')).toMatch(/CATALOG_API_KEY read at app\/main\.py:8[\s\S]*REDIS_URL read at app\/cache\.py:5/);
  });

  it('catches version declarations that disagree and a manifest that does not parse', async () => {
    const broken = join(workspace, 'broken');
    mkdirSync(join(broken, 'web'), { recursive: true });
    writeFileSync(join(broken, 'package.json'), JSON.stringify({ name: 'broken', engines: { node: '>=22' }, dependencies: {} }));
    writeFileSync(join(broken, '.nvmrc'), '18\n');
    writeFileSync(join(broken, 'web', 'package.json'), '{ "name": "web", }');
    const { data } = await call({ operation: 'run_diagnostics', projectPath: 'broken' });
    const check = (id: string) => data.diagnostics.checks.find((c: any) => c.id === id);
    expect(check('manifests-parse').status).toBe('fail');
    expect(check('manifests-parse').evidence.find((e: string) => e.startsWith('web/package.json:'))).toBeDefined();
    expect(check('runtime-versions').status).toBe('fail');
    expect(check('runtime-versions').evidence[0]).toBe('package.json engines.node (>=22) and .nvmrc (18) disagree');
    expect(check('git-state').status).toBe('skip');
  });

  it('plans the tool calls for a failure with this project\'s paths, naming only loaded tools', async () => {
    const { data } = await call({ operation: 'create_workflow', projectPath: 'orders-api', failureInfo: { failureType: 'npm install', failureDetails: ERESOLVE } });
    const steps = data.workflow.steps;
    expect(steps[0]).toMatchObject({ order: 1, tool: 'troubleshoot_guided_workflow', arguments: { operation: 'run_diagnostics', projectPath: 'orders-api', adrDirectory: 'docs/adrs', todoPath: 'TODO.md' } });
    expect(steps[1].arguments).toMatchObject({ operation: 'analyze_failure', failureInfo: { failureDetails: ERESOLVE } });
    expect(steps.map((s: any) => s.tool)).toEqual(expect.arrayContaining(['analyze_project_ecosystem', 'compare_adr_progress']));
    const loaded = new Set(kernel.packInfo().filter((p: any) => p.state === 'loaded').flatMap((p: any) => p.tools));
    for (const step of steps) expect(loaded.has(step.tool), step.tool).toBe(true);
    // smart_score's pack is not in this configuration: left out, with why.
    expect(data.workflow.skipped).toContainEqual({ tool: 'smart_score', reason: expect.stringMatching(/not loaded/) });
  });

  it('plans a health check without failureInfo, adapted to what each project has', async () => {
    const ts = (await call({ operation: 'create_workflow', projectPath: 'orders-api' })).data.workflow;
    const py = (await call({ operation: 'create_workflow', projectPath: 'catalog-service' })).data.workflow;
    expect(ts.purpose).toBe('general health check');
    expect(ts.steps.find((s: any) => s.tool === 'discover_existing_adrs').arguments).toEqual({ projectPath: 'orders-api', adrDirectory: 'docs/adrs' });
    expect(py.steps.find((s: any) => s.tool === 'discover_existing_adrs').arguments).toEqual({ projectPath: 'catalog-service', adrDirectory: 'docs/adrs' });
    // FastAPI is used and no ADR records it; every framework of orders-api has an ADR.
    expect(py.steps.find((s: any) => s.tool === 'suggest_adrs').why).toContain('FastAPI');
    expect(ts.steps.map((s: any) => s.tool)).not.toContain('suggest_adrs');
  });

  it('names the parameter in its errors', async () => {
    const missing = await call({ operation: 'analyze_failure', projectPath: 'orders-api' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toMatch(/failureInfo.*required for operation analyze_failure/);
    const empty = await call({ operation: 'generate_test_plan', failureInfo: {} });
    expect(empty.isError).toBe(true);
    expect(empty.text).toMatch(/failureInfo.*failureType or failureDetails/);
    const operation = await call({ operation: 'fix_everything' });
    expect(operation.isError).toBe(true);
    expect(operation.text).toMatch(/operation/);
    const outside = await call({ operation: 'run_diagnostics', projectPath: '../elsewhere' });
    expect(outside.isError).toBe(true);
    expect(outside.text).toMatch(/projectPath/);
  });
});
