/**
 * Issue 28 item 1 on a JavaScript web framework (web-framework-repo.ts), through a real MCP
 * client: an aggressive update removes only what the code no longer has. APIs defined as
 * object properties (`decorate: decorator.add`), shorthand properties (`addSchema,`),
 * methods (`ready (cb) {}`) or strings (hook names) keep their sections; a stale list item
 * goes with its continuation lines and sub-items; a maintainer script's GITHUB_TOKEN and
 * flag are added to no page (least of all the benchmarking guide).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolpack } from '../../../core/bootstrap.js';
import { createRootLogger } from '../../../core/services/logger.js';
import { connectTestClient } from '../../../sdk/testing.js';
import { fullResult } from '../../helpers/full-result.js';
import { outcome } from '../../helpers/tool-result.js';
import { project } from '../project/fixtures.js';
import { BENCHMARKING_MD, HOOKS_MD, SERVER_MD, webFramework } from './web-framework-repo.js';
import { toolClient } from '../../helpers/tool-client.js';

describe('update_existing_documentation on a JavaScript web framework', () => {
  let call: (name: string, args: Record<string, unknown>) => Promise<any>;
  let close: () => Promise<void>;
  let root: string;
  let analysisId: string;
  beforeAll(async () => {
    root = project(webFramework(), 'toolpack-web-framework-');
    ({ call, close } = await toolClient(root));
    analysisId = (await call('analyze_repository', { path: '.' })).id;
  }, 60_000);
  afterAll(() => close?.());
  const read = (path: string) => readFileSync(join(root, path), 'utf8');

  it('proposes removing only the names the code lacks, whole list items included, and adds no maintainer-script name', async () => {
    const proposed = await call('update_existing_documentation', { analysisId, docsPath: 'docs', compareMode: 'comprehensive', updateStrategy: 'conservative' });
    const subjects = proposed.proposals.map((p: any) => p.subject).sort();
    // decorate, addSchema, hasDecorator, ready, addHook, onRequest and onSend are all defined by the code, in one form or another.
    expect(subjects).toEqual(['listenSync', 'preHandlerLegacy']);
    const item = proposed.proposals.find((p: any) => p.subject === 'preHandlerLegacy');
    expect(item).toMatchObject({ kind: 'stale', file: 'docs/Reference/Hooks.md', line: 11, newText: '' });
    expect(item.oldText).toBe(
      ['- `preHandlerLegacy(request, reply)`: ran right before the handler', '  and could change the reply; it took', '  the parsed body as its third argument.', '  - It ran after validation.'].join('\n'),
    );
  }, 60_000);

  it('aggressive keeps every section the code still backs, leaves no orphaned line, and leaves the benchmarking guide alone', async () => {
    const result = await call('update_existing_documentation', { analysisId, docsPath: 'docs', compareMode: 'comprehensive', updateStrategy: 'aggressive' });
    expect(result.counts).toEqual({ renamed: 0, stale: 2, gap: 0, applied: 2 });
    expect(read('docs/Reference/Server.md')).toBe(SERVER_MD.replace('### `listenSync(port)`\n\nStarts the server and blocks until it listens.\n\n', ''));
    expect(read('docs/Reference/Hooks.md')).toBe(
      HOOKS_MD.replace(
        '- `preHandlerLegacy(request, reply)`: ran right before the handler\n  and could change the reply; it took\n  the parsed body as its third argument.\n  - It ran after validation.\n',
        '',
      ),
    );
    expect(read('docs/Guides/Benchmarking.md')).toBe(BENCHMARKING_MD);
    expect(result.written.map((w: any) => w.path).sort()).toEqual(['docs/Reference/Hooks.md', 'docs/Reference/Server.md']);

    const again = await call('update_existing_documentation', { analysisId, docsPath: 'docs', compareMode: 'comprehensive', updateStrategy: 'conservative' });
    expect(again.proposals).toEqual([]);
  }, 60_000);

  it('detect_documentation_gaps reports no maintainer-script name as a gap and counts it apart', async () => {
    const report = await call('detect_documentation_gaps', { repositoryPath: '.', depth: 'standard' });
    expect(report.gaps.map((g: any) => g.name)).not.toContain('GITHUB_TOKEN');
    expect(report.counts.setApart).toMatchObject({ script: 1 });
    // Names defined as properties and hook strings are not stale; the removed API was (before the update ran, it is gone now).
    expect(report.stale.map((s: any) => s.name)).toEqual([]);
  }, 60_000);
});

describe('update_existing_documentation on a framework with hundreds of settings', () => {
  it('reads the pages once per call: 600 variables over 100 pages are placed within a generous bound', async () => {
    const tree = webFramework();
    // 600 settings read by the library; pages document 500 of them, five per table; 100 are new.
    tree['lib/settings.js'] = `'use strict'\nmodule.exports = {\n${Array.from({ length: 600 }, (_, i) => `  opt${i}: process.env.QUILL_OPT_${i},`).join('\n')}\n}\n`;
    for (let p = 0; p < 100; p++) {
      const rows = Array.from({ length: 5 }, (_, r) => `| \`QUILL_OPT_${p * 5 + r}\` | Setting ${p * 5 + r}. |`);
      tree[`docs/Reference/Settings-${String(p).padStart(3, '0')}.md`] = `# Settings ${p}\n\n## Environment\n\n| Variable | Meaning |\n| --- | --- |\n${rows.join('\n')}\n`;
    }
    const root = project(tree, 'toolpack-web-framework-large-');
    const kernel = await startToolpack({ cwd: root, preset: 'all', logger: createRootLogger('silent') });
    const mcp = await connectTestClient(kernel);
    try {
      const run = async (name: string, args: Record<string, unknown>) => {
        const result = outcome((await mcp.callTool({ name, arguments: args })) as never);
        expect(result.isError, `${name}: ${result.text}`).toBe(false);
        return fullResult(mcp, result.data);
      };
      const { id } = await run('analyze_repository', { path: '.' });
      const started = performance.now();
      const result = await run('update_existing_documentation', { analysisId: id, docsPath: 'docs', compareMode: 'gap-detection', updateStrategy: 'conservative' });
      const seconds = (performance.now() - started) / 1000;
      expect(result.counts.gap).toBe(100);
      // Each new variable goes into a table of its siblings, not onto an unrelated guide.
      expect(result.proposals.every((p: any) => /^docs\/Reference\/Settings-\d+\.md$/.test(p.file) && p.newText.startsWith('| `QUILL_OPT_'))).toBe(true);
      // Generous for a busy 2-core machine; rescanning the pages per name took minutes.
      expect(seconds).toBeLessThan(30);
    } finally {
      await mcp.close();
      await kernel.stop();
    }
  }, 240_000);
});
