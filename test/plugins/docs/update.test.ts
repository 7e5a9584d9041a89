/**
 * update_existing_documentation on the shared sample project: accuracy-check finds
 * the page documenting a function the code no longer has and proposes removing it,
 * with evidence; gap-detection proposes the undocumented flag and environment
 * variable where their siblings are documented; the strategies differ in what
 * they write; additions follow the page's style.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDocs, type DocsHarness } from './docs-pack-harness.js';
import { defectsOf, lineOf, SAMPLE_FILES, writeSampleProject } from './sample-project.js';

let harness: DocsHarness | undefined;
afterEach(async () => {
  await harness?.stop();
  harness = undefined;
});

const sample = () => writeSampleProject(mkdtempSync(join(tmpdir(), 'docs-update-')));
const read = (root: string, path: string) => readFileSync(join(root, path), 'utf8');
const docsUnchanged = (root: string) => {
  for (const [path, content] of Object.entries(SAMPLE_FILES)) if (path.endsWith('.md')) expect(read(root, path), path).toBe(content);
};

describe('update_existing_documentation', () => {
  it('accuracy-check finds the stale function and proposes removing its line, with evidence, writing nothing when conservative', async () => {
    const root = sample();
    harness = await startDocs(root);
    const result = await harness.call('update_existing_documentation', { analysisId: harness.analysisId, docsPath: 'docs', compareMode: 'accuracy-check', updateStrategy: 'conservative' });
    expect(result.isError, result.text).toBe(false);
    const [stale] = defectsOf('stale-name');
    expect(result.data.proposals).toEqual([
      expect.objectContaining({
        kind: 'stale',
        file: stale!.file,
        line: stale!.line,
        section: 'Archive API reference',
        subject: 'archiveTask',
        oldText: '| `archiveTask(id)` | function | Moves a finished task to `archive.json` |',
        newText: '',
        applied: false,
      }),
    ]);
    // The evidence is where the functions the code does have are declared.
    expect(result.data.proposals[0].evidence).toEqual(expect.arrayContaining([`src/index.js:${lineOf('src/index.js', 'export function createTask')}`, `src/index.js:${lineOf('src/index.js', 'export function listTasks')}`]));
    expect(result.data.written).toEqual([]);
    docsUnchanged(root);
  });

  it('gap-detection proposes the undocumented flag and environment variable in the sections that document their siblings', async () => {
    const root = sample();
    harness = await startDocs(root);
    const result = await harness.call('update_existing_documentation', { analysisId: harness.analysisId, docsPath: 'docs', compareMode: 'gap-detection', updateStrategy: 'conservative' });
    const proposals = result.data.proposals as any[];
    expect(proposals.map((p) => p.subject).sort()).toEqual(['--dry-run', 'TASKFORGE_NO_COLOR']);
    const flag = defectsOf('undocumented-flag')[0]!;
    const env = defectsOf('undocumented-env')[0]!;
    expect(proposals.find((p) => p.subject === '--dry-run')).toMatchObject({
      kind: 'gap',
      file: 'docs/reference/cli.md',
      section: 'Options of add',
      line: lineOf('docs/reference/cli.md', 'A date as') ,
      oldText: '',
      newText: '\n### `--dry-run`\n\nPrint the task without saving it.',
      evidence: [`${flag.file}:${flag.line}`],
    });
    expect(proposals.find((p) => p.subject === 'TASKFORGE_NO_COLOR')).toMatchObject({
      file: 'docs/reference/configuration.md',
      section: 'Environment variables',
      line: lineOf('docs/reference/configuration.md', '| `TASKFORGE_LOG_LEVEL`'),
      newText: '| `TASKFORGE_NO_COLOR` |  | Read by `src/config.js`. |',
      evidence: [`${env.file}:${env.line}`],
    });
    docsUnchanged(root);
  });

  it('strategies differ: moderate leaves hand-written pages alone, aggressive applies every proposal, after which none remain', async () => {
    const root = sample();
    harness = await startDocs(root);
    const args = { analysisId: harness.analysisId, docsPath: 'docs', compareMode: 'comprehensive' };
    const moderate = await harness.call('update_existing_documentation', { ...args, updateStrategy: 'moderate' });
    expect(moderate.data.proposals).toHaveLength(3);
    expect(moderate.data.written).toEqual([]);
    expect(moderate.data.proposals.every((p: any) => !p.applied && /generated_by: toolpack|accuracy fixes only/.test(p.notApplied))).toBe(true);
    docsUnchanged(root);

    const flagsOnly = await harness.call('update_existing_documentation', { ...args, updateStrategy: 'conservative', focusAreas: ['flags'] });
    expect(flagsOnly.data.proposals.map((p: any) => p.subject)).toEqual(['--dry-run']);
    const archiveOnly = await harness.call('update_existing_documentation', { ...args, updateStrategy: 'conservative', focusAreas: ['archive.md'] });
    expect(archiveOnly.data.proposals.map((p: any) => p.subject)).toEqual(['archiveTask']);

    const aggressive = await harness.call('update_existing_documentation', { ...args, updateStrategy: 'aggressive' });
    expect(aggressive.data.counts).toEqual({ renamed: 0, stale: 1, gap: 2, applied: 3 });
    expect(aggressive.data.written.map((w: any) => w.path).sort()).toEqual(['docs/reference/archive.md', 'docs/reference/cli.md', 'docs/reference/configuration.md']);
    expect(read(root, 'docs/reference/archive.md')).not.toContain('archiveTask');
    expect(read(root, 'docs/reference/cli.md')).toContain('A date as `YYYY-MM-DD`.\n\n### `--dry-run`\n\nPrint the task without saving it.\n\n## Example');
    expect(read(root, 'docs/reference/configuration.md')).toContain('| `TASKFORGE_LOG_LEVEL` | `info` | `debug`, `info` or `warn` |\n| `TASKFORGE_NO_COLOR` |  | Read by `src/config.js`. |\n');

    const after = await harness.call('update_existing_documentation', { ...args, updateStrategy: 'conservative' });
    expect(after.data.proposals).toEqual([]);
  });

  it('moderate fixes a renamed flag in generated pages only; the hand-written page gets a proposal', async () => {
    const root = sample();
    harness = await startDocs(root);
    await harness.call('populate_diataxis_content', { analysisId: harness.analysisId, docsPath: 'docs' });
    expect(read(root, 'docs/reference/command-add.md')).toContain('`--due`');
    writeFileSync(join(root, 'src/cli.js'), SAMPLE_FILES['src/cli.js']!.toString().replace("'--due <date>'", "'--due-date <date>'"));
    const result = await harness.call('update_existing_documentation', { analysisId: harness.analysisId, docsPath: 'docs', compareMode: 'accuracy-check', updateStrategy: 'moderate' });
    const renamed = (result.data.proposals as any[]).filter((p) => p.kind === 'renamed');
    const generated = renamed.find((p) => p.file === 'docs/reference/command-add.md');
    expect(generated).toMatchObject({ subject: '--due', applied: true, evidence: [`src/cli.js:${lineOf('src/cli.js', "'--due <date>'")}`] });
    expect(read(root, 'docs/reference/command-add.md')).toContain('- `--due-date`: due date (YYYY-MM-DD)');
    const handWritten = renamed.find((p) => p.file === 'docs/reference/cli.md');
    expect(handWritten).toMatchObject({ oldText: '### `--due <date>`', newText: '### `--due-date <date>`', applied: false });
    expect(read(root, 'docs/reference/cli.md')).toBe(SAMPLE_FILES['docs/reference/cli.md']);
    // The tutorial's command line is checked too: only the flag is renamed.
    expect(renamed.find((p) => p.file === 'docs/tutorials/getting-started.md')).toMatchObject({ newText: 'taskforge add "Write the release notes" --priority high --due-date 2026-12-01' });
  });

  it('preserveStyle writes additions with the page\'s setext headings, list marker and line width', async () => {
    const root = mkdtempSync(join(tmpdir(), 'docs-style-'));
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'tool', bin: { tool: 'cli.js' } }, null, 2));
    writeFileSync(
      join(root, 'cli.js'),
      [
        "program.option('--quiet', 'print nothing');",
        "program.option('--verbose', 'print every step the tool takes while it works through the task list, one line per step');",
        'export function run() {',
        '  return [process.env.TOOL_HOME, process.env.TOOL_TOKEN];',
        '}',
        'export function stop() {}',
        '',
      ].join('\n'),
    );
    mkdirSync(join(root, 'docs'));
    const page = [
      'Tool reference',
      '==============',
      '',
      'The tool prints what it does. This paragraph is',
      'wrapped at its own width so that additions',
      'follow the same width.',
      '',
      'Environment',
      '-----------',
      '',
      '* `TOOL_HOME`: where the tool keeps its state',
      '',
      'Flags',
      '-----',
      '',
      '### `--quiet`',
      '',
      'Print nothing.',
      '',
    ].join('\n');
    writeFileSync(join(root, 'docs/reference.md'), page);
    harness = await startDocs(root);
    const args = { analysisId: harness.analysisId, docsPath: 'docs', compareMode: 'gap-detection', updateStrategy: 'conservative' };
    const styled = await harness.call('update_existing_documentation', args);
    const bySubject = Object.fromEntries((styled.data.proposals as any[]).map((p) => [p.subject, p.newText]));
    expect(Object.keys(bySubject).sort()).toEqual(['--verbose', 'TOOL_TOKEN', 'run', 'stop', 'tool']);
    expect(bySubject['tool']).toBe('\nCommands not documented before\n------------------------------\n\n* `tool`: Runs `cli.js`.');
    expect(bySubject['TOOL_TOKEN']).toBe('* `TOOL_TOKEN`: Read by `cli.js`.');
    expect(bySubject['--verbose']).toBe('\n### `--verbose`\n\nPrint every step the tool takes while it works\nthrough the task list, one line per step.');
    // No export is documented yet: a new section, underlined like the page's own.
    expect(bySubject['run']).toBe('\nExports not documented before\n-----------------------------\n\n* `run`: Function.');
    expect(bySubject['stop']).toBe('* `stop`: Function.');

    const plain = await harness.call('update_existing_documentation', { ...args, preserveStyle: false });
    const plainBySubject = Object.fromEntries((plain.data.proposals as any[]).map((p) => [p.subject, p.newText]));
    expect(plainBySubject['run']).toBe('\n## Exports not documented before\n\n- `run`: Function.');
    // Applied, the two exports share the one new section.
    await harness.call('update_existing_documentation', { ...args, updateStrategy: 'aggressive' });
    const expected = page
      .replace('state\n', 'state\n* `TOOL_TOKEN`: Read by `cli.js`.\n')
      .replace(/Print nothing\.\n$/, 'Print nothing.\n\n### `--verbose`\n\nPrint every step the tool takes while it works\nthrough the task list, one line per step.\n\nCommands not documented before\n------------------------------\n\n* `tool`: Runs `cli.js`.\n\nExports not documented before\n-----------------------------\n\n* `run`: Function.\n* `stop`: Function.\n');
    expect(readFileSync(join(root, 'docs/reference.md'), 'utf8')).toBe(expected);
    expect(plainBySubject['--verbose']).toBe('\n### `--verbose`\n\nPrint every step the tool takes while it works through the task list, one line per step.');
  });
});
