/**
 * populate_diataxis_content on the shared sample project (taskforge, a Node CLI):
 * pages name the project's real commands, flags, environment variables and config
 * keys, each page's Sources entries exist at the cited line, hand-written pages are
 * never replaced while preserveExisting is on, and configured MkDocs, Hugo and Jekyll
 * sites build with the generated pages.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { findBinary } from '../../../plugins/ssg/local/find-binary.js';
import { startDocs, type DocsHarness } from './docs-pack-harness.js';
import { SAMPLE_FILES, writeSampleProject } from './sample-project.js';

const run = promisify(execFile);
const mkdocs = await findBinary('mkdocs', process.cwd());
const hugo = await findBinary('hugo', process.cwd());
const jekyll = await findBinary('jekyll', process.cwd());

/** Every HTML file under `dir`, relative paths. */
function htmlFiles(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? htmlFiles(dir, join(prefix, entry.name)) : entry.name.endsWith('.html') ? [join(prefix, entry.name)] : [],
  );
}

const ADR = `# 1. Store tasks in one JSON file

Date: 2026-01-10

## Status

Accepted

## Context

A personal task list is small.
`;

let harness: DocsHarness | undefined;
afterEach(async () => {
  await harness?.stop();
  harness = undefined;
});

function sample(): string {
  const root = writeSampleProject(mkdtempSync(join(tmpdir(), 'docs-populate-')));
  mkdirSync(join(root, 'docs/adr'), { recursive: true });
  writeFileSync(join(root, 'docs/adr/0001-store-tasks-in-one-json-file.md'), ADR);
  return root;
}

const read = (root: string, path: string) => readFileSync(join(root, path), 'utf8');
const frontMatterOf = (text: string) => parse(/^---\n([\s\S]*?)\n---\n/.exec(text)![1]!) as Record<string, unknown>;

/** `file:line` entries of the page's Sources list. */
function sourcesOf(text: string): string[] {
  const section = text.split(/^## Sources$/m)[1];
  return section ? [...section.matchAll(/^- `([^`]+)`$/gm)].map((m) => m[1]!) : [];
}

/** Every cited file exists in the project and the cited line is one of its lines. */
function expectSourcesExist(root: string, entries: string[]) {
  for (const entry of entries) {
    const [file, line] = entry.split(':');
    expect(existsSync(join(root, file!)), entry).toBe(true);
    if (line !== undefined) expect(Number(line), entry).toBeLessThanOrEqual(read(root, file!).split('\n').length);
  }
}

describe('populate_diataxis_content', () => {
  it('writes pages from the sample\'s real commands, flags, env vars and config keys, citing sources that exist, and keeps every hand-written page', async () => {
    const root = sample();
    harness = await startDocs(root);
    const result = await harness.call('populate_diataxis_content', { analysisId: harness.analysisId, docsPath: 'docs', populationLevel: 'comprehensive' });
    expect(result.isError, result.text).toBe(false);
    const pages = result.data.pages as Array<{ path: string; status: string }>;
    const status = Object.fromEntries(pages.map((p) => [p.path, p.status]));

    // The sample's own pages at generated paths are kept, and no hand-written file changed.
    expect(status).toMatchObject({ 'docs/index.md': 'kept', 'docs/tutorials/getting-started.md': 'kept', 'docs/reference/api.md': 'kept' });
    for (const [path, content] of Object.entries(SAMPLE_FILES)) if (path.endsWith('.md')) expect(read(root, path), path).toBe(content);
    expect(read(root, 'docs/adr/0001-store-tasks-in-one-json-file.md')).toBe(ADR);

    const written = pages.filter((p) => p.status === 'written').map((p) => p.path);
    expect(written).toEqual(
      expect.arrayContaining(['docs/reference/commands.md', 'docs/reference/command-add.md', 'docs/reference/command-list.md', 'docs/reference/configuration-taskforge.md', 'docs/how-to/common-tasks.md', 'docs/explanation/decisions.md']),
    );
    const add = read(root, 'docs/reference/command-add.md');
    expect(add).toContain('- `--dry-run`: print the task without saving it');
    expect(add).toContain('- `--due`: due date (YYYY-MM-DD)');
    expect(read(root, 'docs/reference/command-list.md')).toMatch(/`--status`[\s\S]*`--json`/);
    expect(read(root, 'docs/reference/commands.md')).toContain('- `taskforge`: runs `bin/taskforge.js`');
    expect(read(root, 'docs/how-to/common-tasks.md')).toContain('- `npm run test`: runs `node --test test/`');
    const env = read(root, 'docs/reference/configuration-taskforge.md');
    for (const name of ['TASKFORGE_HOME', 'TASKFORGE_LOG_LEVEL', 'TASKFORGE_NO_COLOR']) expect(env).toContain(`\`${name}\``);
    expect(read(root, 'docs/explanation/decisions.md')).toContain('- **Store tasks in one JSON file** (accepted)');

    const code = `${SAMPLE_FILES['src/cli.js']}${SAMPLE_FILES['src/config.js']}${SAMPLE_FILES['package.json']}`;
    for (const path of written) {
      const text = read(root, path);
      expect(frontMatterOf(text)).toMatchObject({ generated_by: 'toolpack', generated_at: expect.any(String) });
      const sources = sourcesOf(text);
      expect(sources.length, path).toBeGreaterThan(0);
      expectSourcesExist(root, sources);
      // Nothing invented: every flag and environment variable named is one the code reads.
      for (const flag of text.match(/--[a-z][a-z-]*/g) ?? []) expect(code, `${path} names ${flag}`).toContain(`${flag}`);
      for (const name of text.match(/TASKFORGE_[A-Z_]+/g) ?? []) expect(code, `${path} names ${name}`).toContain(name);
    }
    expect(sourcesOf(read(root, 'docs/reference/command-add.md'))).toEqual([`src/cli.js:11`, `src/cli.js:12`, `src/cli.js:13`]);
    expect(SAMPLE_FILES['src/cli.js']!.toString().split('\n')[12]).toContain("'--dry-run'");

    // Run again: generated pages are recognised (unchanged), hand-written ones still kept.
    const again = await harness.call('populate_diataxis_content', { analysisId: harness.analysisId, docsPath: 'docs', populationLevel: 'comprehensive' });
    expect(again.data.counts).toMatchObject({ written: 0, updated: 0, replaced: 0, kept: 3, unchanged: written.length });
  });

  it('intelligent pages cite each fact inline at a line that states it, and cross-link pages that exist', async () => {
    const root = sample();
    harness = await startDocs(root);
    const result = await harness.call('populate_diataxis_content', { analysisId: harness.analysisId, docsPath: 'guide', populationLevel: 'intelligent' });
    expect(result.isError, result.text).toBe(false);
    const files = (result.data.pages as Array<{ path: string; status: string }>).map((p) => p.path);
    expect(files.every((p) => p.startsWith('guide/'))).toBe(true);
    let cited = 0;
    for (const path of files) {
      const text = read(root, path);
      for (const m of text.matchAll(/^- `([^`]+)`.*\(from `([^`:]+):(\d+)`\)$/gm)) {
        const line = read(root, m[2]!).split('\n')[Number(m[3]) - 1]!;
        expect(line, `${path}: ${m[1]} from ${m[2]}:${m[3]}`).toContain(m[1]!.replace(/^npm run /, ''));
        cited++;
      }
      for (const link of text.matchAll(/\]\(([^)]+\.md)\)/g)) expect(existsSync(join(root, dirname(path), link[1]!)), `${path} -> ${link[1]}`).toBe(true);
      if (path !== 'guide/index.md') expect(text).toContain('## See also');
    }
    expect(cited).toBeGreaterThanOrEqual(12);
  });

  it('basic writes an index and one page per section; preserveExisting false replaces a hand-written page; technologyFocus leaves other technologies out', async () => {
    const root = sample();
    harness = await startDocs(root);
    const basic = await harness.call('populate_diataxis_content', { analysisId: harness.analysisId, docsPath: 'manual', populationLevel: 'basic' });
    expect((basic.data.pages as Array<{ path: string }>).map((p) => p.path).sort()).toEqual([
      'manual/explanation/architecture.md',
      'manual/how-to/common-tasks.md',
      'manual/index.md',
      'manual/reference/reference.md',
      'manual/tutorials/getting-started.md',
    ]);
    expect(read(root, 'manual/reference/reference.md')).toMatch(/`--dry-run`[\s\S]*`TASKFORGE_NO_COLOR`[\s\S]*`createTask`/);

    const generic = await harness.call('populate_diataxis_content', { analysisId: harness.analysisId, docsPath: 'generic', populationLevel: 'basic', includeProjectSpecific: false });
    expect(generic.isError, generic.text).toBe(false);
    const genericReference = read(root, 'generic/reference/reference.md');
    expect(genericReference).toContain('`taskforge`');
    expect(genericReference).not.toMatch(/--dry-run|TASKFORGE_|createTask/);

    const replaced = await harness.call('populate_diataxis_content', { analysisId: harness.analysisId, docsPath: 'docs', populationLevel: 'basic', preserveExisting: false });
    expect(replaced.data.pages.find((p: any) => p.path === 'docs/tutorials/getting-started.md').status).toBe('replaced');
    expect(frontMatterOf(read(root, 'docs/tutorials/getting-started.md')).generated_by).toBe('toolpack');

    const python = await harness.call('populate_diataxis_content', { analysisId: harness.analysisId, docsPath: 'py', populationLevel: 'comprehensive', technologyFocus: ['python'] });
    const written = (python.data.pages as Array<{ path: string }>).map((p) => p.path);
    expect(written).toContain('py/explanation/decisions.md');
    for (const path of written) expect(read(root, path)).not.toMatch(/--dry-run|TASKFORGE_|npm /);
  });

  it('reads a Python package: uv install, console script, argparse flags, env vars, README usage and Makefile targets, each with its source line', async () => {
    const root = mkdtempSync(join(tmpdir(), 'docs-populate-py-'));
    const files: Record<string, string> = {
      'pyproject.toml': '[project]\nname = "weatherline"\nversion = "0.3.0"\ndependencies = ["httpx>=0.27"]\n\n[project.scripts]\nweatherline = "weatherline.cli:main"\n',
      'uv.lock': 'version = 1\n',
      'Makefile': '.PHONY: test lint\n\ntest:\n\tuv run pytest\n\nlint:\n\tuv run ruff check .\n',
      'README.md': '# weatherline\n\nForecasts in the terminal.\n\n## Usage\n\n```console\nweatherline --days 5 Paris\n```\n',
      'src/weatherline/__init__.py': 'from .forecast import fetch_forecast\n',
      'src/weatherline/forecast.py':
        'import os\n\nAPI_URL = os.environ.get("WEATHERLINE_API_URL", "https://api.example.org")\n\n\ndef fetch_forecast(city, days=3):\n    return {"city": city, "days": days, "url": API_URL}\n\n\ndef _cache_key(city):\n    return city.lower()\n',
      'src/weatherline/cli.py':
        'import argparse\nimport os\n\nfrom .forecast import fetch_forecast\n\n\ndef main():\n    parser = argparse.ArgumentParser(prog="weatherline")\n    parser.add_argument("city")\n    parser.add_argument("--days", type=int, default=3, help="number of days to show")\n    parser.add_argument("--units", choices=["metric", "imperial"], help="unit system (metric or imperial)")\n    args = parser.parse_args()\n    token = os.getenv("WEATHERLINE_TOKEN")\n    print(fetch_forecast(args.city, args.days), token is not None)\n',
      'tests/test_forecast.py': 'from weatherline.forecast import fetch_forecast\n\n\ndef test_days():\n    assert fetch_forecast("Oslo")["days"] == 3\n',
    };
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), content);
    }
    harness = await startDocs(root);
    const result = await harness.call('populate_diataxis_content', { analysisId: harness.analysisId, docsPath: 'docs', populationLevel: 'comprehensive' });
    expect(result.isError, result.text).toBe(false);
    const tutorial = read(root, 'docs/tutorials/getting-started.md');
    expect(tutorial).toContain('```sh\nuv sync\n```');
    expect(tutorial).toContain('- `weatherline`: runs `weatherline.cli:main`');
    expect(tutorial).toContain('```console\nweatherline --days 5 Paris\n```');
    expect(sourcesOf(tutorial)).toEqual(['pyproject.toml:7', 'README.md:7', 'uv.lock:1']);
    expect(read(root, 'docs/reference/commands.md')).toContain('- `--days`: number of days to show\n- `--units`: unit system (metric or imperial)');
    expect(read(root, 'docs/how-to/run-test.md')).toContain('- `make test`: runs `uv run pytest`');
    expect(read(root, 'docs/how-to/run-lint.md')).toContain('- `make lint`: runs `uv run ruff check .`');
    const api = read(root, 'docs/reference/api.md');
    expect(api).toContain('- `fetch_forecast` (function)');
    expect(api).not.toContain('_cache_key');
    expect(api).not.toContain('test_days');
    const config = read(root, 'docs/reference/configuration.md');
    expect(config).toContain('- `WEATHERLINE_API_URL`');
    expect(config).toContain('- `WEATHERLINE_TOKEN`');
    for (const page of result.data.pages as Array<{ path: string }>) expectSourcesExist(root, sourcesOf(read(root, page.path)));
  });

  it('refuses an unknown analysisId and a docsPath outside the workspace, writing nothing', async () => {
    const root = sample();
    harness = await startDocs(root);
    const unknown = await harness.call('populate_diataxis_content', { analysisId: 'no-such-analysis', docsPath: 'docs' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain('analysisId');
    const outside = await harness.call('populate_diataxis_content', { analysisId: harness.analysisId, docsPath: '../escaped-docs' });
    expect(outside.isError).toBe(true);
    expect(outside.text).toContain('docsPath');
    expect(existsSync(join(root, '../escaped-docs'))).toBe(false);
    const update = await harness.call('update_existing_documentation', { analysisId: harness.analysisId, docsPath: '../escaped-docs', updateStrategy: 'aggressive' });
    expect(update.isError).toBe(true);
  });

  it.skipIf(!mkdocs)(`a configured MkDocs site builds with the generated pages (mkdocs ${mkdocs ? 'found' : 'not installed: skipped'})`, async () => {
    const root = sample();
    harness = await startDocs(root);
    const config = await harness.call('generate_config', { ssg: 'mkdocs', projectName: 'taskforge', outputPath: 'site-docs' });
    expect(config.isError, config.text).toBe(false);
    const result = await harness.call('populate_diataxis_content', { analysisId: harness.analysisId, docsPath: 'site-docs', populationLevel: 'intelligent' });
    expect(result.data.site).toEqual({ ssg: 'mkdocs', root: 'site-docs', marker: 'mkdocs.yml' });
    // The generator's own home page is not the tool's to replace.
    expect(result.data.pages.find((p: any) => p.path === 'site-docs/docs/index.md').status).toBe('kept');
    expect(read(root, 'site-docs/docs/reference/command-add.md')).toMatch(/^---\ntitle: The add command\ngenerated_by: toolpack\n/);
    await run(mkdocs!, ['build', '--strict', '--site-dir', 'site'], { cwd: join(root, 'site-docs'), timeout: 60_000 });
    const html = read(root, 'site-docs/site/reference/command-add/index.html');
    expect(html).toContain('--dry-run');
    expect(readdirSync(join(root, 'site-docs/site'))).toEqual(expect.arrayContaining(['tutorials', 'how-to', 'reference', 'explanation']));
  });

  it.each([
    ['hugo', hugo, ['--destination', 'public'], 'public'],
    ['jekyll', jekyll, ['build', '-d', '_site'], '_site'],
  ] as const)('a configured %s site builds with the generated pages, which name the project\'s real commands and options', async (ssg, binary, args, output) => {
    if (!binary) return void console.warn(`${ssg} not installed: build skipped`);
    const root = sample();
    harness = await startDocs(root);
    const config = await harness.call('generate_config', { ssg, projectName: 'taskforge', outputPath: 'site-docs' });
    expect(config.isError, config.text).toBe(false);
    const result = await harness.call('populate_diataxis_content', { analysisId: harness.analysisId, docsPath: 'site-docs', populationLevel: 'comprehensive' });
    expect(result.isError, result.text).toBe(false);
    expect(result.data.site.ssg).toBe(ssg);
    await run(binary, [...args], { cwd: join(root, 'site-docs'), timeout: 120_000 });
    const pages = htmlFiles(join(root, 'site-docs', output));
    const texts = pages.map((page) => readFileSync(join(root, 'site-docs', output, page), 'utf8'));
    // Every Diataxis section is served, and the generated pages carry the sample's real flag and command.
    for (const section of ['tutorials', 'how-to', 'reference', 'explanation']) expect(pages.some((page) => page.startsWith(`${section}/`)), section).toBe(true);
    expect(texts.some((text) => text.includes('--dry-run'))).toBe(true);
    // The sample's `add` command has its own reference page, served at the generator's address for it.
    expect(pages.some((page) => page.startsWith('reference/') && page.includes('command-add')), pages.join(', ')).toBe(true);
  });
});
