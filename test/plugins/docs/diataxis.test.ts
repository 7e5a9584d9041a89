import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestToolpack } from '../../../sdk/testing.js';
import { validateDiataxisContentTool } from '../../../plugins/docs/tools/validate-diataxis-content.js';
import { tempDir } from '../../helpers/workspace.js';
import { callTool, startDocsTools } from './docs-tools-harness.js';
import { defectsOf, writeSampleProject } from './sample-project.js';

let workspace: string;
let kernel: TestToolpack;
const validate = (args: Record<string, unknown>) => callTool(kernel, 'validate_diataxis_content', { contentPath: 'sample/docs', ...args });
const located = (findings: any[]) => findings.map((f) => ({ file: `sample/${f.file}`, line: f.line, kind: f.kind }));
const planted = (...kinds: Parameters<typeof defectsOf>) => defectsOf(...kinds).map((d) => ({ file: `sample/${d.file}`, line: d.line }));

beforeAll(async () => {
  workspace = tempDir('toolpack-docs-diataxis-');
  writeSampleProject(`${workspace}/sample`);
  kernel = await startDocsTools(workspace, [validateDiataxisContentTool]);
});
afterAll(() => kernel?.stop());

describe('validate_diataxis_content on the sample project', () => {
  it('finds each planted code-block syntax error, TODO, empty section and stale name at its line, and nothing else', async () => {
    const { isError, data, text } = await validate({});
    expect(isError, text).toBe(false);
    const expected = [
      ...planted('code-syntax-error').map((d) => ({ ...d, kind: 'code-syntax-error' })),
      ...planted('todo').map((d) => ({ ...d, kind: 'todo' })),
      ...planted('empty-section').map((d) => ({ ...d, kind: 'empty-section' })),
      ...planted('stale-name').map((d) => ({ ...d, kind: 'unknown-name' })),
    ];
    expect(located(data.findings)).toEqual(expect.arrayContaining(expected));
    expect(data.findings).toHaveLength(expected.length);
    const languages = data.findings.filter((f: any) => f.kind === 'code-syntax-error').map((f: any) => f.message.split(' ')[0]).sort();
    expect(languages).toEqual(['js', 'json', 'yaml']);
    expect(data.counts).toMatchObject({ pages: 9, projectPath: 'sample', passed: false, threshold: 0.7 });
    // Every valid block (bash is not parsed; json, yaml, toml, js and ts are) was checked without a false alarm.
    expect(data.counts.codeBlocks).toMatchObject({ checked: 5, errors: 3 });
    const categories = Object.fromEntries(data.pages.map((p: any) => [p.path, p.category]));
    expect(categories).toMatchObject({
      'docs/index.md': 'index',
      'docs/tutorials/getting-started.md': 'tutorials',
      'docs/how-to/export-tasks.md': 'how-to',
      'docs/reference/cli.md': 'reference',
      'docs/explanation/architecture.md': 'explanation',
    });
  });

  it('filters by validation type and confidence level', async () => {
    const compliance = await validate({ validationType: 'compliance' });
    expect(compliance.data.findings).toEqual([]);
    const noCode = await validate({ validationType: 'accuracy', includeCodeValidation: false });
    expect(located(noCode.data.findings)).toEqual(planted('stale-name').map((d) => ({ ...d, kind: 'unknown-name' })));
    // permissive keeps only near-certain findings: the stale name (0.8) goes, parse errors and TODOs stay.
    const permissive = await validate({ confidence: 'permissive' });
    expect(permissive.data.findings.map((f: any) => f.kind)).not.toContain('unknown-name');
    expect(permissive.data.findings.length).toBe(5);
    // strict adds the lower-confidence notes: section folders without an index page.
    const strict = await validate({ confidence: 'strict' });
    expect(strict.data.findings.filter((f: any) => f.kind === 'missing-section-index').map((f: any) => f.file).sort()).toEqual(['docs/explanation', 'docs/how-to', 'docs/reference', 'docs/tutorials']);
  });

  it('flags pages whose structure does not fit their category', async () => {
    const root = `${workspace}/misfit`;
    writeSampleProject(root);
    writeFileSync(`${root}/docs/tutorials/getting-started.md`, '# Taskforge internals\n\nTaskforge stores tasks in JSON.\n\n## Storage\n\nThe store writes the whole file on every change.\n');
    writeFileSync(`${root}/docs/reference/api.md`, '# API\n\n' + 'The library grew out of a shell script that kept tasks in a text file, and over time it gained priorities, due dates and a JSON store that other tools can read.\n\n'.repeat(3));
    writeFileSync(`${root}/docs/how-to/prioritise-work.md`, '# Priorities\n\nPriorities are low, normal or high.\n');
    const { data } = await callTool(kernel, 'validate_diataxis_content', { contentPath: 'misfit/docs', validationType: 'compliance' });
    const kinds = data.findings.map((f: any) => `${f.file} ${f.kind}`).sort();
    expect(kinds).toEqual(['docs/how-to/prioritise-work.md howto-without-steps', 'docs/reference/api.md reference-without-structure', 'docs/tutorials/getting-started.md tutorial-without-steps']);
    const strict = await callTool(kernel, 'validate_diataxis_content', { contentPath: 'misfit/docs', validationType: 'compliance', confidence: 'strict' });
    expect(strict.data.findings.map((f: any) => f.kind)).toEqual(expect.arrayContaining(['tutorial-without-goal', 'howto-title-not-task']));
  });

  it('validates a single page and reports a Python syntax error at its line', async () => {
    writeSampleProject(`${workspace}/single`);
    writeFileSync(`${workspace}/single/docs/how-to/script.md`, '# How to script taskforge\n\n1. Write the script:\n\n```python\nimport json\n\ndef load(path)\n    return json.load(open(path))\n```\n');
    const { data, text } = await validate({ contentPath: 'single/docs/how-to/script.md' });
    expect(data.findings, text).toEqual([expect.objectContaining({ kind: 'code-syntax-error', file: 'docs/how-to/script.md', line: 8 })]);
  });

  it('validates every page of the project when given its root, README included', async () => {
    const { data, text } = await validate({ contentPath: 'sample', validationType: 'completeness' });
    expect(data.counts.pages, text).toBe(10);
    expect(data.pages.map((p: any) => p.path)).toContain('README.md');
    expect(located(data.findings)).toEqual(expect.arrayContaining([...planted('todo'), ...planted('empty-section')].map((d) => expect.objectContaining(d))));
  });

  it('refuses a missing content path and an unknown analysisId', async () => {
    const missing = await validate({ contentPath: 'sample/nope' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('contentPath');
    const unknown = await validate({ analysisId: 'nope' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain('analysisId');
  });
});
