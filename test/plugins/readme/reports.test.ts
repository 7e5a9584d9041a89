/**
 * What the readme tools report beyond the score: the checklist in console, Markdown and
 * JSON with strict mode; best practices with lines, fixes and a template; the analysis of
 * length, long sections and missing sections; and errors that name the parameter.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import readme from '../../../plugins/readme/index.js';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';
import { EXCELLENT, GOOD, lineOf, MEDIOCRE, writeReadmeProjects } from './readmes.js';

describe('readme tool reports', () => {
  const workspace = tempDir('toolpack-readme-report-');
  const outside = tempDir('toolpack-readme-outside-');
  let kernel: TestToolpack;
  const call = async (tool: string, args: Record<string, unknown>) => {
    const result = outcome(await kernel.call(tool, args));
    expect(result.isError, result.text).toBe(false);
    return result.data;
  };
  /** The checklist's structured result, and the report printed ahead of its JSON (null when only JSON was sent). */
  const checklist = async (args: Record<string, unknown>) => {
    const result = await kernel.call('validate_readme_checklist', args);
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const texts = result.content.map((block) => (block as { text: string }).text);
    expect(JSON.parse(texts.at(-1)!)).toEqual(result.structuredContent);
    return { data: result.structuredContent as any, report: texts.length === 2 ? texts[0]! : null };
  };
  const failure = async (tool: string, args: Record<string, unknown>) => {
    const result = outcome(await kernel.call(tool, args));
    expect(result.isError).toBe(true);
    return result.data.error as { type: string; message: string };
  };

  beforeAll(async () => {
    writeReadmeProjects(workspace);
    mkdirSync(join(workspace, 'no-readme'));
    writeFileSync(join(workspace, 'no-readme/NOTES.md'), '# Notes\n');
    mkdirSync(join(workspace, 'lowercase'));
    writeFileSync(join(workspace, 'lowercase/readme.markdown'), GOOD);
    writeFileSync(join(outside, 'README.md'), EXCELLENT);
    symlinkSync(join(outside, 'README.md'), join(workspace, 'escape.md'));
    kernel = await startTestToolpack({ workspace, plugins: [readme], config: { plugins: ['project'] } });
  }, 60_000);
  afterAll(async () => {
    await kernel?.stop();
  });

  it('prints the checklist for a terminal: aligned plain columns with ✓/✗ marks and lines, no Markdown', async () => {
    const { data, report } = await checklist({ readmePath: 'mediocre/README.md' });
    expect(data.format).toBe('console');
    const lines: string[] = report!.split('\n');
    expect(lines[0]).toBe('README checklist: mediocre/README.md');
    expect(lines[1]).toMatch(new RegExp(`^Score ${data.score.overall}/100 \\([A-F]\\) - FAILED`));
    const rows = lines.filter((l) => /^ {2}[✓✗!-] /.test(l));
    expect(rows).toHaveLength(data.items.length);
    // Columns line up: every row's check label starts at the same column, and so does its line column.
    const labelColumn = new Set(rows.map((r) => r.indexOf(data.items[rows.indexOf(r)].label)));
    expect(labelColumn.size).toBe(1);
    const linksRow = rows.find((r) => r.includes('Links resolve'))!;
    expect(linksRow).toMatch(new RegExp(`^  ✗ fail .*line ${lineOf(MEDIOCRE, 'docs/pipelines.md')}\\b`));
    expect(rows.find((r) => r.includes('One-line description'))).toMatch(/^ {2}✓ pass /);
    expect(report).not.toMatch(/\||\*\*|^#|\u001b\[/m);
  });

  it('writes the checklist as Markdown and as JSON holding the same items', async () => {
    const { data: markdown, report } = await checklist({ readmePath: 'good/README.md', outputFormat: 'markdown' });
    expect(report).toMatch(/^## README checklist: `good\/README.md`/);
    expect(report).toContain(`**Score: ${markdown.score.overall}/100`);
    expect(report).toContain('| Status | Check | Points | Where | Detail or fix |');
    expect(report).toMatch(new RegExp(`\\| ✓ pass \\| Installation \\| [\\d.]+/[\\d.]+ \\| line ${lineOf(GOOD, '## Install')} \\|`));
    const json = await checklist({ readmePath: 'good/README.md', outputFormat: 'json' });
    expect(json.report).toBeNull();
    expect(json.data.items).toEqual(markdown.items);
    expect(json.data.passed).toBe(true);
  });

  it('strict mode turns warnings into failures and raises the bar', async () => {
    const relaxed = await call('validate_readme_checklist', { readmePath: 'good/README.md' });
    const strict = await call('validate_readme_checklist', { readmePath: 'good/README.md', strict: true });
    expect(strict.score.overall).toBe(relaxed.score.overall);
    expect(relaxed.passScore).toBe(60);
    expect(strict.passScore).toBe(80);
    expect(strict.counts.warn).toBe(0);
    expect(strict.counts.fail).toBe(relaxed.counts.fail + relaxed.counts.warn);
    expect(relaxed.passed).toBe(true);
    expect(strict.passed).toBe(false);
    const excellent = await call('validate_readme_checklist', { readmePath: 'excellent/README.md', projectPath: 'excellent', strict: true });
    expect(excellent.passed).toBe(true);
  });

  it('lists best practices met or not with their lines and fixes, and a template when asked', async () => {
    const data = await call('readme_best_practices', { readme_path: 'mediocre/README.md', generate_template: true, project_type: 'tool' });
    const byId = Object.fromEntries(data.practices.map((p: any) => [p.id, p]));
    expect(byId.code_languages).toMatchObject({ met: false, scored: false, lines: [lineOf(MEDIOCRE, '```')] });
    expect(byId.code_languages.fix).toMatch(/language/);
    expect(byId.links).toMatchObject({ met: false, scored: true, lines: [lineOf(MEDIOCRE, 'docs/pipelines.md'), lineOf(MEDIOCRE, '#setup-notes')] });
    expect(byId.install).toMatchObject({ met: false, lines: [lineOf(MEDIOCRE, '## Setup')] });
    expect(byId.single_title.met).toBe(true);
    expect(data.met).toBe(data.practices.filter((p: any) => p.met).length);
    expect(data.template.templateType).toBe('cli-tool');
    expect(data.template.content).toMatch(/^# datawhirl\n/);
    expect(data.template.content).toContain('This project is a tool that we wrote');
    const none = await call('readme_best_practices', { readme_path: 'good/README.md' });
    expect(none.template).toBeNull();
  });

  it('analyses length against the target, long sections to move into docs/, and sections the audience misses', async () => {
    const data = await call('analyze_readme', { project_path: 'excellent', max_length_target: 40, optimization_level: 'aggressive' });
    const lines = EXCELLENT.split('\n').length - 1;
    expect(data.length).toEqual({ lines, target: 40, overBy: lines - 40 });
    const usage = data.longSections.find((s: any) => s.title === 'Usage');
    expect(usage).toMatchObject({ line: lineOf(EXCELLENT, '## Usage'), endLine: lineOf(EXCELLENT, '## Configuration') - 1, action: 'move', suggestedPage: 'docs/usage.md' });
    expect(data.longSections.map((s: any) => s.lines)).toEqual([...data.longSections.map((s: any) => s.lines)].sort((a: number, b: number) => b - a));
    expect(data.recommendations[0]).toMatch(/over the 40-line target/);
    // A light pass with the default target leaves the excellent README alone.
    const light = await call('analyze_readme', { project_path: 'excellent', optimization_level: 'light' });
    expect(light.longSections).toEqual([]);
    expect(light.length.overBy).toBe(0);
    // Community contributors look for a contributing section the good README lacks.
    const good = await call('analyze_readme', { project_path: 'good' });
    expect(good.missingSections.map((m: any) => m.criterion)).toEqual(['contributing']);
    const enterprise = await call('analyze_readme', { project_path: 'good', target_audience: 'enterprise_users' });
    expect(enterprise.missingSections.map((m: any) => m.criterion)).toEqual(['configuration']);
  });

  it('finds a lower-case readme.markdown in the project folder', async () => {
    const data = await call('analyze_readme', { project_path: 'lowercase' });
    expect(data.readme).toBe('lowercase/readme.markdown');
  });

  it('names the parameter in errors: missing file, no README, path outside the workspace', async () => {
    const missing = await failure('evaluate_readme_health', { readme_path: 'nowhere/README.md' });
    expect(missing.type).toBe('FileSystemError');
    expect(missing.message).toMatch(/parameter "readme_path"/);
    expect((await failure('validate_readme_checklist', { readmePath: 'absent.md' })).message).toMatch(/parameter "readmePath"/);
    const none = await failure('analyze_readme', { project_path: 'no-readme' });
    expect(none).toMatchObject({ type: 'FileSystemError' });
    expect(none.message).toMatch(/parameter "project_path": no Markdown README/);
    expect((await failure('readme_best_practices', { readme_path: '../../etc/passwd' })).message).toMatch(/readme_path/);
    expect((await failure('readme_best_practices', { readme_path: 'escape.md' })).message).toMatch(/readme_path/);
    expect((await failure('evaluate_readme_health', { readme_path: 'good/README.md', repository_path: outside })).message).toMatch(/repository_path/);
    expect((await failure('analyze_readme', { project_path: 'good', optimization_level: 'extreme' })).type).toBe('ValidationError');
  });
});
