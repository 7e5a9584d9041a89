import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { git, json, nodeService, project } from './fixtures.js';

const call = async (kernel: TestToolpack, name: string, args: unknown) => {
  const result = await kernel.call(name, args);
  expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
  return result.structuredContent as any;
};

describe('project scan cache', () => {
  it('reuses the scan of an unchanged tree and notices an edited file, a new file and a deleted manifest dependency', async () => {
    const dir = project(nodeService());
    const kernel = await startTestToolpack({ workspace: dir, config: { plugins: ['project'] } });
    const first = await call(kernel, 'analyze_repository', { path: '.' });
    const again = await call(kernel, 'analyze_repository', { path: '.' });
    expect(again.id).toBe(first.id);

    // A source file edited in place: same folder entries, new content.
    appendFileSync(join(dir, 'src/index.js'), "import { extra } from './extra.js';\n");
    const context = await call(kernel, 'get_architectural_context', { filePath: 'src/index.js' });
    expect(JSON.stringify(context.file.imports)).toContain('extra.js');
    const edited = await call(kernel, 'analyze_repository', { path: '.' });
    expect(edited.id).not.toBe(first.id);

    // A new file in a new folder.
    mkdirSync(join(dir, 'src/jobs'));
    writeFileSync(join(dir, 'src/jobs/cleanup.py'), 'import os\n');
    const added = await call(kernel, 'analyze_repository', { path: '.' });
    expect(added.structure.totalFiles).toBe(edited.structure.totalFiles + 1);
    await kernel.stop();
  });

  it('keeps the scan across server restarts by fingerprint, and never lists the .toolpack store', async () => {
    const dir = project({ ...nodeService(), 'README.md': '# Orders\n' });
    git(dir, 'init', '-q');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'initial');
    // A real store file in the workspace, as `toolpack serve` creates it.
    const start = () => startTestToolpack({ workspace: dir, storePath: join(dir, '.toolpack', 'toolpack.db'), config: { plugins: ['project'] } });
    const one = await start();
    const cold = await call(one, 'analyze_project_ecosystem', { projectPath: '.' });
    expect(cold.scan.cached).toBe(false);
    await one.stop();
    const two = await start();
    const warm = await call(two, 'analyze_project_ecosystem', { projectPath: '.' });
    expect(warm.scan.cached).toBe(true);
    expect(warm.scan.fingerprint).toBe(cold.scan.fingerprint);
    writeFileSync(join(dir, 'package.json'), json({ name: 'orders-api', dependencies: { fastify: '^4.0.0' } }));
    const changed = await call(two, 'analyze_project_ecosystem', { projectPath: '.' });
    expect(changed.scan.cached).toBe(false);
    expect(JSON.stringify(changed)).toContain('Fastify');
    await two.stop();
  });

  it('reads git history again once a new commit moves HEAD', async () => {
    const dir = project(nodeService());
    git(dir, 'init', '-q');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'initial');
    const kernel = await startTestToolpack({ workspace: dir, config: { plugins: ['project'] } });
    const before = await call(kernel, 'analyze_repository', { path: '.' });
    expect(before.recommendations.teamSize.authors).toBe(1);
    writeFileSync(join(dir, 'CHANGELOG.md'), '# Changelog\n');
    git(dir, 'add', '-A');
    git(dir, '-c', 'user.name=Second', '-c', 'user.email=second@example.com', 'commit', '-q', '-m', 'changelog');
    const after = await call(kernel, 'analyze_repository', { path: '.' });
    expect(after.recommendations.teamSize.authors).toBe(2);
    await kernel.stop();
  });
});
