/**
 * get_development_guidance on two realistic projects (fixtures.ts): tasks from
 * each project's accepted ADRs, TODO and stack, naming its own manifest,
 * folders, test files and commands, and none of the other's.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';
import { writeCatalogService, writeOrdersApi } from './fixtures.js';

describe('get_development_guidance', () => {
  const workspace = tempDir('tp-workflow-dev-');
  let kernel: TestToolpack;
  const guide = async (args: Record<string, unknown>) => outcome(await kernel.call('get_development_guidance', args));

  beforeAll(async () => {
    writeOrdersApi(join(workspace, 'orders-api'));
    writeCatalogService(join(workspace, 'catalog-service'));
    kernel = await startTestToolpack({ workspace, config: { plugins: ['project', 'adr', 'workflow'] } });
  }, 60_000);
  afterAll(async () => kernel?.stop());

  it('turns each project\'s accepted ADR not yet in the code into a task naming its own files and commands', async () => {
    const ts = await guide({ developmentPhase: 'implementation', projectPath: 'orders-api' });
    const py = await guide({ developmentPhase: 'implementation', projectPath: 'catalog-service' });
    expect(ts.isError, ts.text).toBe(false);
    expect(ts.data.tasks[0]).toMatchObject({
      source: 'adr',
      technology: 'PostgreSQL',
      adr: { path: 'docs/adrs/0001-store-orders-in-postgresql.md' },
      files: ['package.json', 'src/db/ (new)', 'test/db/postgresql.test.ts'],
      commands: ['npm install pg', 'npx vitest run'],
    });
    expect(py.data.tasks[0]).toMatchObject({
      source: 'adr',
      technology: 'Redis',
      adr: { path: 'docs/adrs/0001-cache-catalog-lookups-in-redis.md' },
      files: ['pyproject.toml', 'app/cache/ (new)', 'tests/test_redis.py'],
      commands: ['pip install "redis"', 'pytest'],
    });
    const tsText = JSON.stringify(ts.data.tasks);
    const pyText = JSON.stringify(py.data.tasks);
    expect(tsText).not.toMatch(/pyproject|pytest|Redis|app\//);
    expect(pyText).not.toMatch(/package\.json|npm|vitest|PostgreSQL|src\//);
    // The open TODO task under ADR 1 is a task too, linked to that ADR, with the folder it names.
    expect(ts.data.tasks).toContainEqual(expect.objectContaining({ source: 'todo', title: 'Add the orders table migration in src/services/', adr: expect.objectContaining({ path: 'docs/adrs/0001-store-orders-in-postgresql.md' }), files: ['src/services/'] }));
    expect(ts.data.adrs).toMatchObject({ accepted: 2, withGaps: 1 });
    expect(ts.data.summary).toMatch(/^2 implementation tasks for orders-api/);
  });

  it('lists setup tasks from the project\'s diagnostics and stack', async () => {
    const ts = (await guide({ developmentPhase: 'setup', projectPath: 'orders-api' })).data;
    const titles = ts.tasks.map((t: any) => t.title);
    expect(titles).toEqual(expect.arrayContaining(['Install the dependencies from the lockfile', 'Bring the lockfile back in sync with package.json', 'Declare the environment variables the code reads']));
    expect(ts.tasks.find((t: any) => t.title === 'Install the dependencies from the lockfile').commands).toEqual(['npm ci']);
    expect(ts.tasks.find((t: any) => t.title === 'Bring the lockfile back in sync with package.json')).toMatchObject({ files: ['package.json', 'package-lock.json'], commands: ['npm install --package-lock-only'] });
    expect(ts.tasks.find((t: any) => t.title === 'Declare the environment variables the code reads').files).toEqual(['.env.example', 'src/app.ts']);
    const py = (await guide({ developmentPhase: 'setup', projectPath: 'catalog-service' })).data;
    expect(py.tasks.find((t: any) => t.title === 'Install the dependencies').commands).toEqual(['pip install -e .']);
    // No CI in catalog-service: a workflow running its own commands.
    expect(py.tasks.find((t: any) => t.technology === 'GitHub Actions').commands).toEqual(['pip install -e .', 'pytest']);
    expect(ts.tasks.map((t: any) => t.technology)).not.toContain('GitHub Actions');
  });

  it('plans tests for the code without tests, in the project\'s layout', async () => {
    const py = (await guide({ developmentPhase: 'testing', projectPath: 'catalog-service' })).data;
    expect(py.tasks).toContainEqual(expect.objectContaining({ source: 'tests', title: 'Add tests for app/cache.py', files: ['tests/test_cache.py', 'app/cache.py'], commands: ['pytest'] }));
    const ts = (await guide({ developmentPhase: 'testing', projectPath: 'orders-api' })).data;
    expect(ts.tasks).toContainEqual(expect.objectContaining({ source: 'tests', title: 'Add tests for src/services/order-service.ts', files: ['test/services/order-service.test.ts', 'src/services/order-service.ts'] }));
    // Express is in the code as ADR 2 decides: its integration gets a test.
    expect(ts.tasks).toContainEqual(expect.objectContaining({ source: 'adr', technology: 'Express', files: expect.arrayContaining(['src/routes/']) }));
  });

  it('plans deployment and maintenance from what each project has', async () => {
    const tsDeploy = (await guide({ developmentPhase: 'deployment', projectPath: 'orders-api' })).data;
    expect(tsDeploy.tasks[0]).toMatchObject({ title: 'Build and run the image of Dockerfile', files: ['Dockerfile'], commands: ['docker build -f Dockerfile .'] });
    expect(tsDeploy.tasks).toContainEqual(expect.objectContaining({ files: ['.github/workflows/ci.yml'], commands: ['npx vitest run'] }));
    const pyDeploy = (await guide({ developmentPhase: 'deployment', projectPath: 'catalog-service' })).data;
    expect(pyDeploy.tasks[0]).toMatchObject({ title: 'Decide how the service is deployed and record it as an ADR', files: ['docs/adrs/'] });
    expect(pyDeploy.tasks.flatMap((t: any) => [...t.files, ...t.commands]).join('\n')).not.toMatch(/Dockerfile|docker build/);
    const tsMaintain = (await guide({ developmentPhase: 'maintenance', projectPath: 'orders-api' })).data;
    expect(tsMaintain.tasks).toContainEqual(expect.objectContaining({ title: 'Fix: lockfile in sync with package.json', files: ['package.json', 'package-lock.json'] }));
    expect(tsMaintain.tasks).toContainEqual(expect.objectContaining({ title: 'Audit the dependencies for known vulnerabilities', commands: ['npm audit'] }));
    // TODO.md marks a PostgreSQL task done while the code has no PostgreSQL: the mismatch is a task.
    expect(tsMaintain.tasks).toContainEqual(expect.objectContaining({ technology: 'PostgreSQL', source: 'adr', files: ['TODO.md', 'docs/adrs/0001-store-orders-in-postgresql.md'] }));
  });

  it('uses technologyStack and constraints', async () => {
    const data = (await guide({ developmentPhase: 'implementation', projectPath: 'catalog-service', technologyStack: ['FastAPI', 'Redis', 'MongoDB'], constraints: ['avoid Redis for now'] })).data;
    expect(data.stack).toMatchObject({ source: 'given', technologies: ['FastAPI', 'Redis', 'MongoDB'] });
    expect(data.tasks.map((t: any) => t.technology)).toEqual(['MongoDB']);
    expect(data.tasks[0]).toMatchObject({ title: 'Bring MongoDB into the code', files: ['pyproject.toml'], commands: ['pip install "pymongo"'] });
    expect(data.constraints).toEqual([{ constraint: 'avoid Redis for now', effect: '1 task(s) about Redis left out' }]);
  });

  it('asks a project without accepted ADRs to record its decisions first, naming its ADR folder and manifest', async () => {
    const bare = join(workspace, 'bare-service');
    mkdirSync(join(bare, 'src'), { recursive: true });
    writeFileSync(join(bare, 'package.json'), JSON.stringify({ name: 'bare-service', version: '0.3.0', dependencies: { express: '^4.19.2', pg: '^8.11.0' } }, null, 2));
    writeFileSync(join(bare, 'src/server.js'), "import express from 'express';\nimport pg from 'pg';\nexpress().listen(3000);\n");
    const { isError, data, text } = await guide({ developmentPhase: 'implementation', projectPath: 'bare-service' });
    expect(isError, text).toBe(false);
    expect(data.tasks[0]).toMatchObject({ source: 'adr', files: ['docs/adrs/', 'package.json'] });
    expect(data.tasks[0].why).toMatch(/No accepted ADR in docs\/adrs.*suggest_adrs/);
  });

  it('names the parameter in its errors', async () => {
    const phase = await guide({ developmentPhase: 'coding' });
    expect(phase.isError).toBe(true);
    expect(phase.text).toMatch(/developmentPhase/);
    const path = await guide({ developmentPhase: 'setup', projectPath: 'missing-project' });
    expect(path.isError).toBe(true);
    expect(path.text).toMatch(/projectPath/);
  });
});
