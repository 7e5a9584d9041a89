/**
 * Issue 28 items 3 and 1 on a Python CLI library with a themed MkDocs site
 * (python-cli-library-repo.ts), through a real MCP client. Gaps: the public surface (exports
 * in `__all__`, the console script's command and the options made from its parameters, the
 * variables public modules read) first, at high priority; the vendored `_vendor` package,
 * underscore-prefixed internals, docs_src/ examples and maintainer scripts set apart with a
 * count; shell-completion variables low. Stale: only a flag the docs present as the
 * project's that the code lacks; not one a sentence says the project does not create, not
 * `--no-force` made from a `bool` parameter, not pip's `--user`. An aggressive update keeps
 * those sentences and adds no internal name.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { project } from '../project/fixtures.js';
import { INDEX_MD, OPTIONS_MD, pythonCliLibrary } from './python-cli-library-repo.js';
import { toolClient } from '../../helpers/tool-client.js';

describe('a Python CLI library with a themed MkDocs site', () => {
  let call: (name: string, args: Record<string, unknown>) => Promise<any>;
  let close: () => Promise<void>;
  let root: string;
  beforeAll(async () => {
    root = project(pythonCliLibrary(), 'toolpack-python-cli-');
    ({ call, close } = await toolClient(root));
  }, 60_000);
  afterAll(() => close?.());
  const read = (path: string) => readFileSync(join(root, path), 'utf8');

  it('ranks the public surface first and sets private modules, examples and scripts apart', async () => {
    const report = await call('detect_documentation_gaps', { repositoryPath: '.', depth: 'standard' });
    const listed = report.gaps.map((g: any) => `${g.priority} ${g.kind} ${g.name} ${g.evidence}`);
    const high = listed.filter((g: string) => g.startsWith('high'));
    expect(high.sort()).toEqual([
      'high cli-flag --title src/climber/cli.py:13',
      'high env-var CLIMBER_FORCE_COLOR src/climber/main.py:39',
      'high export get_app_dir src/climber/__init__.py:7',
    ]);
    // Public first: every high-priority gap comes before the rest.
    expect(listed.slice(0, high.length).every((g: string) => g.startsWith('high'))).toBe(true);
    // Shell-completion internals: listed, low.
    expect(listed.filter((g: string) => !g.startsWith('high')).sort()).toEqual([
      'low env-var CLIMBER_COMPLETE_SHELL src/climber/completion.py:7',
      'low env-var COMP_CWORD src/climber/completion.py:6',
      'low env-var COMP_WORDS src/climber/completion.py:5',
    ]);
    // Nothing from _vendor/, underscore-prefixed modules, docs_src/ or scripts/.
    expect(report.gaps.filter((g: any) => /_vendor|_completion|docs_src|scripts\//.test(g.file) || g.name.startsWith('_'))).toEqual([]);
    // Eight undocumented: five variables and three of the vendored package's exports (`command` and `option` are words the docs use).
    expect(report.counts.setApart.private).toBe(8);
    expect(report.counts.setApart.script).toBe(3);
    expect(report.message).toMatch(/Not listed.*8 private/);
    // The console script and the commands and options made from parameters are the CLI surface.
    expect(report.counts.surface['cli-command']).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('calls stale only the flag the docs present as the project\'s and the code lacks', async () => {
    const report = await call('detect_documentation_gaps', { repositoryPath: '.', depth: 'standard' });
    expect(report.stale.map((s: any) => `${s.name} ${s.evidence}`)).toEqual(['--legacy-markdown docs/tutorial/options.md:18']);
  }, 60_000);

  it('an aggressive update keeps the sentences about generated, absent and other tools\' flags, and adds only public names', async () => {
    const analysisId = (await call('analyze_repository', { path: '.' })).id;
    const conservative = await call('update_existing_documentation', { analysisId, docsPath: 'docs', compareMode: 'comprehensive', updateStrategy: 'conservative' });
    const proposed = conservative.proposals.map((p: any) => `${p.kind} ${p.subject}`);
    expect(proposed.filter((p: string) => !p.startsWith('gap'))).toEqual(['stale --legacy-markdown']);
    // Additions: the public surface only (the `docs` command's --title, when facts read Typer-style parameters).
    expect(proposed.filter((p: string) => p.startsWith('gap')).sort()).toEqual(expect.arrayContaining(['gap CLIMBER_FORCE_COLOR', 'gap get_app_dir']));
    expect(proposed.filter((p: string) => p.startsWith('gap') && !['gap CLIMBER_FORCE_COLOR', 'gap get_app_dir', 'gap --title'].includes(p))).toEqual([]);

    await call('update_existing_documentation', { analysisId, docsPath: 'docs', compareMode: 'comprehensive', updateStrategy: 'aggressive' });
    const options = read('docs/tutorial/options.md');
    // Every line but the stale one is kept, in order (an addition may follow them).
    expect(options.startsWith(OPTIONS_MD.replace('\n\nPass `--legacy-markdown` to `climber docs` to keep the layout of version 0.7.', '').trimEnd())).toBe(true);
    expect(options).not.toContain('--legacy-markdown');
    const index = read('docs/index.md');
    expect(index.startsWith(INDEX_MD.trimEnd())).toBe(true);
    expect(index).toContain('### CLIMBER_FORCE_COLOR');
    expect(index).not.toMatch(/GITHUB_TOKEN|DOCS_LANGUAGE|COMP_WORDS|_CLIMBER|CLICKY|run_script|--run-id/);
  }, 60_000);
});
