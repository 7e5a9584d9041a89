import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestToolpack } from '../../../sdk/testing.js';
import { detectDocumentationGapsTool } from '../../../plugins/docs/tools/detect-documentation-gaps.js';
import { tempDir } from '../../helpers/workspace.js';
import { fullResult } from '../../helpers/full-result.js';
import { callTool, startDocsTools } from './docs-tools-harness.js';
import { defectsOf, SAMPLE_FILES, writeSampleProject } from './sample-project.js';
import { writeFileSync } from 'node:fs';

let workspace: string;
let kernel: TestToolpack;
const gaps = (args: Record<string, unknown>) => callTool(kernel, 'detect_documentation_gaps', { repositoryPath: 'sample', ...args });

beforeAll(async () => {
  workspace = tempDir('toolpack-docs-gaps-');
  writeSampleProject(`${workspace}/sample`);
  kernel = await startDocsTools(workspace, [detectDocumentationGapsTool]);
});
afterAll(() => kernel?.stop());

describe('detect_documentation_gaps on the sample project', () => {
  it('finds the undocumented flag and env var at their file and line, the stale page at its line, and nothing else', async () => {
    const { isError, data, text } = await gaps({});
    expect(isError, text).toBe(false);
    const found = data.gaps.map((g: any) => ({ file: g.file, line: g.line, subject: g.name }));
    const expected = defectsOf('undocumented-flag', 'undocumented-env').map(({ file, line, subject }) => ({ file, line, subject }));
    expect(found).toEqual(expect.arrayContaining(expected));
    expect(found).toHaveLength(expected.length);
    expect(data.gaps.find((g: any) => g.name === '--dry-run')).toMatchObject({ kind: 'cli-flag', evidence: `src/cli.js:${expected[0]!.line}`, priority: 'high', suggestedPage: { section: 'reference', path: 'docs/reference/cli.md', exists: true } });
    expect(data.gaps.find((g: any) => g.name === 'TASKFORGE_NO_COLOR')).toMatchObject({ kind: 'env-var', suggestedPage: { path: 'docs/reference/configuration.md', exists: true } });

    const stale = data.stale.map((s: any) => ({ file: s.file, line: s.line, subject: s.name }));
    expect(stale).toEqual(defectsOf('stale-name').map(({ file, line, subject }) => ({ file, line, subject })));
    expect(data.counts).toMatchObject({ documentationPath: 'docs', pagesRead: 10, gaps: 2, stale: 1 });
    expect(data.counts.surface).toMatchObject({ 'cli-flag': 5, 'env-var': 3, export: 4, 'cli-command': 3 });
  });

  it('reads less at quick depth and more at comprehensive, still inventing nothing on this project', async () => {
    const quick = await gaps({ depth: 'quick' });
    expect(quick.data.counts.surface.export).toBe(0);
    expect(quick.data.gaps.map((g: any) => g.name).sort()).toEqual(['--dry-run', 'TASKFORGE_NO_COLOR']);
    const deep = await gaps({ depth: 'comprehensive' });
    expect(deep.data.counts.surface).toMatchObject({ 'config-key': 2, feature: 2 });
    expect(deep.data.gaps.map((g: any) => g.name).sort()).toEqual(['--dry-run', 'TASKFORGE_NO_COLOR']);
  });

  it('reports an export, a config key and a README feature once the docs stop naming them', async () => {
    const root = `${workspace}/variant`;
    writeSampleProject(root);
    writeFileSync(`${root}/src/extra.js`, 'export function unusedHelper() {}\n');
    writeFileSync(`${root}/src/index.js`, `export { unusedHelper } from './extra.js';\n${SAMPLE_FILES['src/index.js']}`);
    writeFileSync(`${root}/schema/config.schema.json`, JSON.stringify({ properties: { defaultPriority: {}, reminderInterval: {} } }, null, 2));
    writeFileSync(`${root}/README.md`, '# taskforge\n\n## Features\n\n- Sync tasks with calendar providers\n- Add tasks with a priority\n');
    const { data } = await gaps({ repositoryPath: 'variant', depth: 'comprehensive' });
    const byName = Object.fromEntries(data.gaps.map((g: any) => [g.name, g]));
    expect(byName.unusedHelper).toMatchObject({ kind: 'export', evidence: 'src/index.js:1', suggestedPage: { path: 'docs/reference/api.md' } });
    expect(byName.reminderInterval).toMatchObject({ kind: 'config-key', file: 'schema/config.schema.json', line: 4 });
    expect(byName['Sync tasks with calendar providers']).toMatchObject({ kind: 'feature', evidence: 'README.md:5', priority: 'low', suggestedPage: { section: 'how-to' } });
    expect(byName['Add tasks with a priority']).toBeUndefined();
  });

  it('stays fast on 100 pages with 200 code blocks', async () => {
    const root = `${workspace}/large`;
    writeSampleProject(root);
    for (let i = 0; i < 100; i++) {
      const page = [`# How to run job ${i}`, '', `1. Call \`runJob${i}()\` with \`--job-${i}\`:`, '', '```js', `import { runJob${i} } from 'taskforge';`, `runJob${i}({ retries: ${i} });`, '```', '', '```json', `{ "job": ${i}, "retries": 3 }`, '```', '', 'Some prose about the job. '.repeat(40)];
      writeFileSync(`${root}/docs/how-to/job-${i}.md`, page.join('\n'));
    }
    writeFileSync(`${root}/src/jobs.js`, Array.from({ length: 100 }, (_, i) => `export function runJob${i}(options) { return options; }`).join('\n'));
    const started = performance.now();
    const { data: answer, text } = await gaps({ repositoryPath: 'large', depth: 'comprehensive' });
    expect(performance.now() - started).toBeLessThan(5000);
    const data = await fullResult(kernel, answer);
    expect(data.counts.pagesRead, text).toBe(110);
    expect(data.gaps.map((g: any) => g.name).sort()).toEqual(['--dry-run', 'TASKFORGE_NO_COLOR']);
    // Every runJobN exists; the --job-N flags the pages name do not (the sample has a CLI of its own).
    expect(data.counts.stale).toBe(101);
    expect(data.stale.filter((s: any) => s.kind === 'function').map((s: any) => s.name)).toEqual(['archiveTask']);
  });

  it('refuses a docs folder outside the project and an unknown analysisId', async () => {
    const outside = await gaps({ documentationPath: '../variant/docs' });
    expect(outside.isError).toBe(true);
    expect(outside.text).toContain('documentationPath');
    const missing = await gaps({ analysisId: 'nope' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('analysisId');
  });
});

describe('detect_documentation_gaps on a Python package', () => {
  it('reads argparse flags, os.environ reads and __all__, and matches them against the docs', async () => {
    const root = `${workspace}/pyproj`;
    const files: Record<string, string> = {
      'pyproject.toml': '[project]\nname = "inventory"\nversion = "0.3.0"\n',
      'inventory/__init__.py': '__all__ = ["load_items", "Inventory"]\n\nfrom .core import load_items, Inventory\n',
      'inventory/core.py': 'import os\n\nDB_URL = os.environ.get("INVENTORY_DB_URL")\n\ndef load_items(path):\n    return []\n\nclass Inventory:\n    pass\n\ndef _private():\n    pass\n',
      'inventory/cli.py': [
        'import argparse',
        'import os',
        '',
        'def main():',
        '    parser = argparse.ArgumentParser()',
        "    parser.add_argument('--warehouse', help='which warehouse')",
        "    parser.add_argument('-q', '--quiet', action='store_true')",
        "    # parser.add_argument('--legacy')",
        "    token = os.getenv('INVENTORY_TOKEN')",
        '',
      ].join('\n'),
      'docs/index.md': '# Inventory\n\nUse `load_items(path)` and the `Inventory` class. Set `INVENTORY_DB_URL`.\n\nRun with `--warehouse`.\n\nCall `sync_stock()` to refresh.\n',
    };
    for (const [path, content] of Object.entries(files)) {
      (await import('node:fs')).mkdirSync(`${root}/${path.slice(0, path.lastIndexOf('/') + 1) || '.'}`, { recursive: true });
      writeFileSync(`${root}/${path}`, content);
    }
    const { data, text } = await gaps({ repositoryPath: 'pyproj' });
    expect(data.gaps.map((g: any) => `${g.kind} ${g.name} ${g.evidence}`).sort(), text).toEqual(['cli-flag --quiet inventory/cli.py:7', 'env-var INVENTORY_TOKEN inventory/cli.py:9']);
    expect(data.stale.map((s: any) => `${s.name} ${s.evidence}`)).toEqual(['sync_stock docs/index.md:7']);
    expect(data.counts.surface).toMatchObject({ export: 2 });
  });
});
