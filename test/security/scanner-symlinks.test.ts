/**
 * Item 6: git still lists the files of a tracked folder after the folder is
 * replaced by a symlink to somewhere outside the workspace, and the scanner
 * followed it: values from the outside files appeared in the results. Every
 * file the scanner reads must stay inside the project, no symlink followed out.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createWorkspace, inProcessClient } from './helpers.js';
import { commitAll, git } from './git-repo.js';

/** The same files inside (committed) and outside (behind the symlink), with different values. */
const configFiles = (tag: string, dependency: string) => ({
  '.env.example': `DATABASE_URL=postgres://${tag}-db.internal/app\n${tag.toUpperCase().replace(/-/g, '_')}_API_KEY=\nPORT=8080\n`,
  'package.json': JSON.stringify({ name: `${tag}-package`, version: '1.0.0', dependencies: { [dependency]: '^1.0.0' } }, null, 2),
  'Dockerfile': `FROM ${tag}-image:9.9.9\nENV ${tag.toUpperCase().replace(/-/g, '_')}_MODE=on\n`,
  'docker-compose.yml': `services:\n  ${tag}-service:\n    image: ${tag}-compose-image:1.2.3\n`,
  'README.md': `# ${tag} readme\n\nSee ${tag}-docs.\n`,
});

const OUTSIDE_VALUES = ['zebra-outside', 'ZEBRA_OUTSIDE', 'kafkajs', 'mongoose'];

describe('item 6: the scanner never follows a tracked folder that became a symlink', { timeout: 120_000 }, () => {
  it('analyze_environment, analyze_project_ecosystem, analyze_repository and suggest_adrs show nothing from outside', async () => {
    const ws = createWorkspace({ 'package.json': JSON.stringify({ name: 'inside-app', dependencies: { express: '^4.0.0' } }), 'src/index.js': 'console.log(process.env.PORT);\n' });
    for (const [name, content] of Object.entries(configFiles('inside-config', 'lodash'))) ws.write(`config/${name}`, content);
    commitAll(ws.dir);

    const outside = join(ws.parent, 'elsewhere');
    mkdirSync(outside);
    for (const [name, content] of Object.entries(configFiles('zebra-outside', 'kafkajs'))) writeFileSync(join(outside, name), content);
    writeFileSync(join(outside, 'extra.json'), JSON.stringify({ dependencies: { mongoose: '^8' } }));
    rmSync(ws.path('config'), { recursive: true });
    symlinkSync(outside, ws.path('config'));
    // git still lists the old paths through the symlink.
    expect(git(ws.dir, 'ls-files')).toContain('config/.env.example');

    const client = await inProcessClient(ws.dir);
    const calls: Array<[string, Record<string, unknown>]> = [
      ['analyze_environment', { projectPath: '.', includeOptimizations: true }],
      ['analyze_project_ecosystem', { projectPath: '.', includeEnvironment: true }],
      ['analyze_repository', { path: '.', depth: 'comprehensive' }],
      ['suggest_adrs', { projectPath: '.' }],
    ];
    for (const [tool, args] of calls) {
      const result = await client.call(tool, args);
      expect(result.isError, `${tool}: ${result.text}`).toBe(false);
      const seen = JSON.stringify(result.data) + result.text;
      for (const value of OUTSIDE_VALUES) expect(seen, `${tool} shows "${value}" from outside the workspace`).not.toContain(value);
      // The stored full report must not carry them either.
      const uri = (result.data as { resourceUri?: string }).resourceUri;
      if (uri) {
        const stored = await client.client.readResource({ uri });
        const text = stored.contents.map((content) => ('text' in content ? content.text : '')).join('');
        for (const value of OUTSIDE_VALUES) expect(text, `${uri} stores "${value}"`).not.toContain(value);
      }
    }
  });

  it('a symlinked folder deeper in the tree is dropped too, and its inside sibling still counts', async () => {
    const ws = createWorkspace({ 'package.json': JSON.stringify({ name: 'root-app' }) });
    ws.write('services/api/package.json', JSON.stringify({ name: 'api', dependencies: { fastify: '^4' } }));
    ws.write('services/worker/package.json', JSON.stringify({ name: 'worker', dependencies: { bullmq: '^5' } }));
    commitAll(ws.dir);
    const outside = join(ws.parent, 'worker-elsewhere');
    mkdirSync(outside);
    writeFileSync(join(outside, 'package.json'), JSON.stringify({ name: 'zebra-outside-worker', dependencies: { kafkajs: '^2' } }));
    rmSync(ws.path('services/worker'), { recursive: true });
    symlinkSync(outside, ws.path('services/worker'));

    const client = await inProcessClient(ws.dir);
    const { data, isError, text } = await client.call('analyze_project_ecosystem', { projectPath: '.' });
    expect(isError, text).toBe(false);
    const seen = JSON.stringify(data);
    expect(seen).toContain('fastify');
    for (const value of OUTSIDE_VALUES) expect(seen).not.toContain(value);
  });
});
