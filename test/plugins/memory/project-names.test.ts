/**
 * Issue 28 item 8: a project analysed with `path: "."` is remembered by its name (the manifest's,
 * else the folder's), found by that name, and named in recommendations; the any-word fallback of
 * memory_recall puts the project the query names first, then memories holding more of its words.
 * Through a real MCP client on the Python CLI library fixture.
 */
import { basename, join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startToolpack } from '../../../core/bootstrap.js';
import { createRootLogger } from '../../../core/services/logger.js';
import { createRecorder } from '../../../plugins/memory/graph/recorder.js';
import type { MemoryTables } from '../../../plugins/memory/store-schema.js';
import { connectTestClient } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { pythonCliLibrary } from '../docs/python-cli-library-repo.js';
import { project, writeTree } from '../project/fixtures.js';

async function serve(root: string) {
  const kernel = await startToolpack({ cwd: root, preset: 'all', logger: createRootLogger('silent') });
  const mcp = await connectTestClient(kernel);
  onTestFinished(async () => {
    await mcp.close().catch(() => {});
    await kernel.stop();
  });
  const call = async (name: string, args: Record<string, unknown>) => outcome((await mcp.callTool({ name, arguments: args })) as never);
  return { kernel, call };
}

describe('projects are remembered by name', () => {
  it('stores "." under the manifest name, recalls it by that name, and recommendations say it', { timeout: 60_000 }, async () => {
    const root = project(pythonCliLibrary(), 'toolpack-named-');
    const { call } = await serve(root);
    const analysis = await call('analyze_repository', { path: '.' });
    expect(analysis.isError, analysis.text).toBe(false);
    const recommended = await call('recommend_ssg', { analysisId: analysis.data.id });
    expect(recommended.isError, recommended.text).toBe(false);
    expect(recommended.data.summary).toContain('for "climber"');
    expect(recommended.data.summary).not.toContain('for "."');

    const recalled = await call('memory_recall', { query: 'climber' });
    expect(recalled.data.matched).toBe('all-words');
    const types = recalled.data.hits.map((h: { type: string }) => h.type);
    expect(types).toEqual(expect.arrayContaining(['analysis', 'recommendation']));
    for (const hit of recalled.data.hits) expect(hit).toMatchObject({ project: '.', projectName: 'climber' });
    const analysisHit = recalled.data.hits.find((h: { type: string }) => h.type === 'analysis');
    expect(analysisHit.id).toBe(`analysis:${analysis.data.id}`);
    expect(analysisHit.summary).toMatch(/^Repository climber: Python /);
    const ssgMemory = recalled.data.hits.find((h: { type: string }) => h.type === 'recommendation');
    expect(ssgMemory.summary).toContain('for "climber"');
  });

  it('falls back to the folder name without a manifest', { timeout: 60_000 }, async () => {
    const root = project({ 'docs/index.md': '# Notes\n\nField notes.\n', 'docs/setup.md': '# Setup\n\nSteps.\n' }, 'toolpack-fieldnotes-');
    const { call } = await serve(root);
    const recommended = await call('recommend_ssg', {});
    expect(recommended.isError, recommended.text).toBe(false);
    expect(recommended.data.summary).toContain(`for "${basename(root)}"`);
    const recalled = await call('memory_recall', { query: basename(root) });
    expect(recalled.data.hits.length).toBeGreaterThan(0);
    expect(recalled.data.hits[0]).toMatchObject({ type: 'recommendation', project: '.', projectName: basename(root) });
  });

  it('ranks the named project first, then memories holding more of the words', { timeout: 60_000 }, async () => {
    const root = project(pythonCliLibrary(), 'toolpack-ranked-');
    // Another project in the same workspace whose README is all about command lines.
    writeTree(join(root, 'tools/shellkit'), { 'package.json': JSON.stringify({ name: 'shellkit', version: '1.0.0' }) });
    const { kernel, call } = await serve(root);
    expect((await call('analyze_repository', { path: '.' })).isError).toBe(false);
    const recorder = createRecorder(kernel.packStore('memory').typed<MemoryTables>(), createRootLogger('silent'));
    await recorder.recordDocumentation({
      tool: 'evaluate_readme_health',
      project: 'tools/shellkit',
      action: 'readme-evaluated',
      summary: 'README of shellkit: a command line toolkit with a line editor, history, prompts, themes, widgets, colours, tables, progress bars and spinners',
      files: ['tools/shellkit/README.md'],
    });
    await recorder.recordDocumentation({ tool: 'validate_content', project: 'tools/shellkit', action: 'validated', summary: 'command command command', files: [] });

    const { data } = await call('memory_recall', { query: 'climber command line' });
    expect(data.matched).toBe('any-word');
    const firstOther = data.hits.findIndex((h: { project: string }) => h.project !== '.');
    expect(firstOther).toBeGreaterThan(0);
    // Every memory of climber comes before any other project's.
    expect(data.hits.slice(firstOther).every((h: { project: string }) => h.project !== '.')).toBe(true);
    expect(data.hits[0]).toMatchObject({ project: '.', projectName: 'climber' });
    // Of the others, the one holding "command" and "line" before the one holding "command" only.
    const others = data.hits.slice(firstOther).map((h: { summary: string }) => h.summary);
    expect(others[0]).toMatch(/^README of shellkit/);
    expect(others).toContain('command command command');
  });
});
