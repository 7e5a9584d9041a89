/**
 * Issue 28's acceptance: the first flow of seed 001 (analyze_repository, recommend_ssg,
 * generate_config, setup_structure, populate_diataxis_content, validate_diataxis_content,
 * deploy_pages, test_local_deployment) through a real MCP client (every built-in pack, preset
 * 'all'; the client approves running the project's build when asked) on three kinds of
 * repository, each result followed into the next call as a model would: the recommended
 * generator, the paths each result reports. At the end the site builds with the real generator,
 * the project's own pages are rendered HTML, no file the project had was overwritten or shrunk,
 * and the deploy workflow installs what the build needs.
 *
 * Assertions are soft (expect.soft): one run lists every defect of a kind, each with the tool,
 * its input and its output.
 * The Sphinx site is built by the test with sphinx-build: the tools' `ssg` takes only the five
 * generators of the tool surface. mkdocstrings has no Debian package: a stand-in answers for it
 * when it is missing (./mkdocstrings-stand-in.ts); mkdocs, material and pymdownx are the real ones.
 * No timing is asserted; the timeouts are generous for a busy machine.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { promisify } from 'node:util';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { parse } from 'yaml';
import { startToolpack } from '../../core/bootstrap.js';
import { createRootLogger } from '../../core/services/logger.js';
import { findBinary } from '../../plugins/ssg/local/find-binary.js';
import { connectTestClient } from '../../sdk/testing.js';
import { jsFrameworkDocs, FRAMEWORK_PAGES } from '../fixtures/repos/js-framework-docs.js';
import { mkdocsPythonCli, MKDOCS_CLI_PAGES } from '../fixtures/repos/mkdocs-python-cli.js';
import { sphinxMystLibrary, SPHINX_PAGES } from '../fixtures/repos/sphinx-myst-library.js';
import { fullResult } from '../helpers/full-result.js';
import { outcome, type CallOutcome } from '../helpers/tool-result.js';
import { tempDir } from '../helpers/workspace.js';
import { git, project, type Tree } from '../plugins/project/fixtures.js';
import { installMkdocstringsStandIn, pythonHas } from './mkdocstrings-stand-in.js';
import { freePort } from '../helpers/free-port.js';

const run = promisify(execFile);
const VALIDATOR = join(process.cwd(), 'node_modules/.bin/action-validator');
const LONG = 900_000;

const mkdocs = await findBinary('mkdocs', process.cwd());
const sphinxBuild = await findBinary('sphinx-build', process.cwd());
const canMkdocsMaterial = Boolean(mkdocs) && pythonHas('material') && pythonHas('pymdownx');
const canSphinxMyst = Boolean(sphinxBuild) && pythonHas('sphinx') && pythonHas('myst_parser');
// No Debian package gives mkdocstrings: a stand-in plugin answers for it (./mkdocstrings-stand-in.ts).
const home = process.env.HOME;
if (canMkdocsMaterial && !pythonHas('mkdocstrings')) process.env.HOME = installMkdocstringsStandIn(tempDir('toolpack-flow-home-'));
afterAll(() => {
  process.env.HOME = home;
});

/** Every file of the tree under `root` (no .git, no .toolpack), with its bytes' hash, size and text. */
function snapshot(root: string): Map<string, { hash: string; size: number; text: string }> {
  const files = new Map<string, { hash: string; size: number; text: string }>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === '.git' || entry.name === '.toolpack') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        const bytes = readFileSync(path);
        files.set(relative(root, path), { hash: createHash('sha256').update(bytes).digest('hex'), size: bytes.length, text: bytes.toString('utf8') });
      }
    }
  };
  walk(root);
  return files;
}

/** A repository of `tree` under git, and a real MCP client on every built-in pack serving it. */
async function flowClient(tree: Tree, prefix: string) {
  const root = project(tree, prefix);
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'Initial import');
  const before = snapshot(root);
  const kernel = await startToolpack({ cwd: root, preset: 'all', logger: createRootLogger('silent') });
  const mcp = await connectTestClient(kernel, { elicitation: {} });
  // The user approves running the project's own build (execution.projectCode "ask") and nothing else.
  const asked: string[] = [];
  mcp.setRequestHandler(ElicitRequestSchema, async (request) => {
    const message = (request.params as { message: string }).message;
    asked.push(message);
    return /Run the project's code/.test(message) ? { action: 'accept', content: { confirm: true } } : { action: 'decline' };
  });
  onTestFinished(async () => {
    await mcp.close().catch(() => {});
    await kernel.stop();
  });
  const attempt = async (name: string, args: Record<string, unknown>): Promise<CallOutcome> => outcome((await mcp.callTool({ name, arguments: args })) as never);
  const call = async (name: string, args: Record<string, unknown>): Promise<CallOutcome> => {
    const result = await attempt(name, args);
    expect(result.isError, `${name} ${JSON.stringify(args)}: ${result.text}`).toBe(false);
    return { ...result, data: await fullResult(mcp, result.data) };
  };
  return { root, before, call, attempt, asked };
}

/** The project name as recommend_ssg states it ("... for \"skein\""), which a model would pass on. */
const nameFrom = (summary: string, fallback: string) => /\bfor "([^"]+)"/.exec(summary)?.[1] ?? fallback;

/**
 * No file the project had was overwritten or shrunk: each is byte-identical, or (a config a tool
 * merged into, such as mkdocs.yml's nav) keeps every one of its lines and is no smaller. And no
 * new file differs from an existing one only by case (one file on case-insensitive systems).
 */
function expectExistingKept(root: string, before: ReturnType<typeof snapshot>) {
  const after = snapshot(root);
  const changed: string[] = [];
  for (const [path, was] of before) {
    const now = after.get(path);
    expect.soft(now, `${path} was deleted`).toBeDefined();
    if (!now || now.hash === was.hash) continue;
    changed.push(path);
    expect.soft(now.size, `${path} shrank from ${was.size} to ${now.size} bytes`).toBeGreaterThanOrEqual(was.size);
    if (/\.ya?ml$/.test(path)) expectYamlKept(path, was.text, now.text);
    else expect.soft(was.text.split('\n').filter((line) => line.trim() && !now.text.includes(line)), `${path} lost lines`).toEqual([]);
  }
  const existing = new Map([...before.keys()].map((p) => [p.toLowerCase(), p]));
  const caseTwins = [...after.keys()].filter((p) => !before.has(p) && existing.has(p.toLowerCase())).map((p) => `${p} beside ${existing.get(p.toLowerCase())}`);
  expect.soft(caseTwins, 'new files that are an existing file on a case-insensitive file system').toEqual([]);
  return changed;
}

/** Pages (Markdown paths) a MkDocs nav lists, in order, with repeats. */
function navPages(nav: unknown): string[] {
  if (typeof nav === 'string') return [nav];
  if (Array.isArray(nav)) return nav.flatMap(navPages);
  if (nav && typeof nav === 'object') return Object.values(nav).flatMap(navPages);
  return [];
}

/** A YAML config a tool merged into keeps every setting it had, and every page of its nav. */
function expectYamlKept(path: string, was: string, now: string) {
  const before = parse(was, { logLevel: 'silent' });
  const after = parse(now, { logLevel: 'silent' });
  for (const key of Object.keys(before)) {
    if (key === 'nav') continue;
    expect.soft(after[key], `${path}: ${key} kept`).toEqual(before[key]);
  }
  if (before.nav) {
    const pages = navPages(after.nav);
    for (const page of navPages(before.nav)) expect.soft(pages, `${path}: nav still lists ${page}`).toContain(page);
  }
}

/** Text of an HTML page with tags, scripts and styles removed, whitespace folded. */
const textOf = (html: string) =>
  html.replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/&[a-z#0-9]+;/g, ' ').replace(/\s+/g, ' ');

/** Every .html file under `dir`, by path relative to it. */
function htmlFiles(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.html')) found.set(relative(dir, path), readFileSync(path, 'utf8'));
    }
  };
  if (existsSync(dir)) walk(dir);
  return found;
}

/**
 * Words of a Markdown page that must survive rendering: the leading plain words of its first
 * prose line (outside code blocks; not a heading, list item, table, HTML or directive), so that
 * typographic quotes or highlighting cannot hide them.
 */
function sentenceOf(markdown: string): string {
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced || !/^[A-Za-z*`[]/.test(line)) continue;
    const plain = line.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\*\*|`/g, '');
    const words = plain.split(/\s+/);
    const lead: string[] = [];
    for (const word of words) {
      if (!/^[A-Za-z]+$/.test(word)) break;
      lead.push(word);
    }
    if (lead.length >= 3) return lead.join(' ');
  }
  throw new Error(`no prose line in:\n${markdown}`);
}

/** The HTML files a reader reaches from the home page by following links (the nav included). */
function reachable(pages: Map<string, string>): Set<string> {
  const seen = new Set<string>();
  const queue = ['index.html'];
  while (queue.length) {
    const page = queue.pop()!;
    if (seen.has(page) || !pages.has(page)) continue;
    seen.add(page);
    for (const [, href] of pages.get(page)!.matchAll(/href="([^"#?]*)[^"]*"/g)) {
      if (!href || /^[a-z]+:|^\/\//i.test(href)) continue;
      let target = posix.normalize(href.startsWith('/') ? href.slice(1) : posix.join(posix.dirname(page), decodeURI(href)));
      if (!target.endsWith('.html')) target = posix.join(target, 'index.html');
      queue.push(target);
    }
  }
  return seen;
}

/**
 * The page (repository path) is rendered: an HTML file of the build holds its words as text,
 * a reader reaches it from the home page, and no page holds Markdown raw.
 */
function expectRendered(pages: Map<string, string>, file: string, markdown: string, tool: string) {
  const sentence = sentenceOf(markdown);
  const hits = [...pages].filter(([, html]) => textOf(html).includes(sentence)).map(([p]) => p);
  expect.soft(hits.length, `${file} ("${sentence}") is rendered in the ${tool} build (pages: ${[...pages.keys()].join(', ')})`).toBeGreaterThan(0);
  const reached = reachable(pages);
  if (hits.length) expect.soft(hits.filter((p) => reached.has(p)), `${file} (built as ${hits.join(', ')}) is reached from the home page`).not.toEqual([]);
  const raw = [...pages].filter(([, html]) => /^(=== "|!!! |\?\?\? |--8<--|```\{eval-rst\}|::: [a-z])/m.test(html)).map(([p]) => p);
  expect.soft(raw, `${tool} pages with raw Markdown syntax`).toEqual([]);
}

/** Python packages an install step text installs, reading the pyproject group/extra or requirements file it names. */
function installedPackages(root: string, install: string): string[] {
  const names = new Set<string>();
  const add = (spec: string) => {
    const name = /^[A-Za-z0-9_.-]+/.exec(spec.replace(/^["']/, ''))?.[0];
    if (name) names.add(name.toLowerCase().replace(/_/g, '-'));
  };
  const pyproject = existsSync(join(root, 'pyproject.toml')) ? readFileSync(join(root, 'pyproject.toml'), 'utf8') : '';
  const tomlList = (header: string, key: string) => {
    const section = pyproject.split(/^\[/m).find((s) => s.startsWith(`${header}]`)) ?? '';
    const list = new RegExp(`^${key}\\s*=\\s*\\[([\\s\\S]*?)\\]\\s*$`, 'm').exec(section)?.[1] ?? '';
    return [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
  };
  for (const line of install.split('\n').filter((l) => /pip install/.test(l))) {
    const args = line.replace(/^.*?pip install\s+/, '').split(/\s+/);
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      if (arg === '--group') tomlList('dependency-groups', args[++i]!).forEach(add);
      else if (arg === '-r' || arg === '--requirement') readFileSync(join(root, args[++i]!), 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#')).forEach(add);
      else if (/^["']?\.\[/.test(arg)) for (const extra of /\[([^\]]+)\]/.exec(arg)![1]!.split(',')) tomlList('project.optional-dependencies', extra.trim()).forEach(add);
      else if (!arg.startsWith('-') && !/^["']?\.["']?$/.test(arg) && !/^["']?pip[<>=]/.test(arg)) add(arg);
    }
  }
  return [...names];
}

/** The Python packages an mkdocs.yml needs: MkDocs, its theme, its plugins other than the built-in search, its pymdownx extensions. */
function mkdocsNeeds(config: any): string[] {
  const needs = new Set(['mkdocs']);
  const theme = typeof config.theme === 'string' ? config.theme : config.theme?.name;
  if (theme === 'material') needs.add('mkdocs-material');
  for (const plugin of config.plugins ?? []) {
    const name = typeof plugin === 'string' ? plugin : Object.keys(plugin)[0]!;
    if (name !== 'search') needs.add(name === 'mkdocstrings' ? 'mkdocstrings' : `mkdocs-${name}-plugin`);
  }
  for (const ext of config.markdown_extensions ?? []) {
    const name = typeof ext === 'string' ? ext : Object.keys(ext)[0]!;
    if (name.startsWith('pymdownx.')) needs.add('pymdown-extensions');
  }
  return [...needs];
}

/** The deploy workflow passes the real validator (@action-validator/cli); the text of its build job's run steps before the build. */
async function workflowInstall(root: string, file: string, buildCommand: RegExp) {
  const path = join(root, file);
  const validation = await run(VALIDATOR, [path]).then(
    ({ stdout, stderr }) => ({ status: 0, output: stdout + stderr }),
    (error) => ({ status: error.code ?? 1, output: `${error.stdout ?? ''}${error.stderr ?? error.message}` }),
  );
  expect.soft(validation.status, `action-validator ${file}: ${validation.output}`).toBe(0);
  const workflow = parse(readFileSync(path, 'utf8'));
  const steps = (workflow.jobs.build.steps as Array<{ run?: string }>).filter((s) => s.run);
  const build = steps.findIndex((s) => buildCommand.test(s.run!));
  expect.soft(build, `a build step matching ${buildCommand} in ${file}`).toBeGreaterThan(-1);
  return steps.slice(0, Math.max(build, 0)).map((s) => s.run).join('\n');
}

/** Runs the build command generate_config reported (`mkdocs build --site-dir site`) with the real generator; the pages it wrote. */
async function buildAsReported(root: string, setup: { binary: string; build: string; outputDir: string; workingDirectory: string }) {
  const binary = await findBinary(setup.binary, join(root, setup.workingDirectory));
  expect(binary, `${setup.binary} is installed`).toBeTruthy();
  const [, ...args] = setup.build.split(/\s+/);
  const cwd = join(root, setup.workingDirectory);
  const result = await run(binary!, args, { cwd, timeout: 300_000, env: { ...process.env, NO_COLOR: '1' } }).then(
    ({ stdout, stderr }) => ({ ok: true, output: stdout + stderr }),
    (error) => ({ ok: false, output: `${error.stdout ?? ''}${error.stderr ?? error.message}` }),
  );
  return { ...result, pages: htmlFiles(join(cwd, setup.outputDir)) };
}

describe('the first flow of seed 001 on three kinds of repository (issue 28 acceptance)', () => {
  it.skipIf(!canMkdocsMaterial)(
    `${canMkdocsMaterial ? '' : '(skipped: mkdocs with mkdocs-material and pymdownx is not installed) '}a Python CLI library with a themed MkDocs site: the site is kept, builds with mkdocs, and the workflow installs its theme and extensions`,
    async () => {
      const { root, before, call, asked } = await flowClient(mkdocsPythonCli(), 'toolpack-flow-mkdocs-');
      const analysis = await call('analyze_repository', { path: '.' });
      const recommendation = await call('recommend_ssg', { analysisId: analysis.data.id });
      const ssg = recommendation.data.recommended.ssg;
      expect.soft(ssg, `recommend_ssg: ${recommendation.data.summary}`).toBe('mkdocs');
      expect.soft(recommendation.data.existing).toMatchObject({ ssg: 'mkdocs', config: 'mkdocs.yml' });
      const projectName = nameFrom(recommendation.data.summary, 'skein');
      expect.soft(projectName).toBe('skein');

      // The site's config is at the root: generate_config there keeps the existing mkdocs.yml and docs/index.md.
      const config = await call('generate_config', { ssg, projectName, projectDescription: 'Build command line tools from typed Python functions.', outputPath: '.' });
      expect.soft(config.data.files.filter((f: { status: string }) => f.status === 'written').map((f: { path: string }) => f.path)).toEqual([]);
      const structure = await call('setup_structure', { path: config.data.outputPath, ssg });
      const populated = await call('populate_diataxis_content', { analysisId: analysis.data.id, docsPath: structure.data.docsRoot });
      const validation = await call('validate_diataxis_content', { contentPath: populated.data.docsRoot, analysisId: analysis.data.id });
      expect.soft(validation.data.counts.codeBlocks.errors, validation.data.summary).toBe(0);
      const deploy = await call('deploy_pages', { repository: '.', ssg });
      const local = await call('test_local_deployment', { repositoryPath: '.', ssg, port: await freePort(), timeout: 300 });

      // The local build and server: a working site, the project's pages and the flow's pages rendered.
      expect.soft(local.data.build.ok, `test_local_deployment: ${local.data.summary}`).toBe(true);
      expect.soft(local.data.ok, `test_local_deployment: ${local.data.summary}`).toBe(true);
      expect.soft(local.data.home).toMatchObject({ rendered: true, status: 200 });
      expect.soft(local.data.pages?.raw ?? [], 'pages served raw').toEqual([]);
      expect.soft(local.data.pages?.missing ?? [], 'pages not built').toEqual([]);

      // The real generator, run as generate_config says: material theme, pymdownx rendered, every page of the project as HTML.
      const mkdocsYml = parse(readFileSync(join(root, 'mkdocs.yml'), 'utf8'), { logLevel: 'silent' });
      const built = await buildAsReported(root, config.data.setup);
      expect.soft(built.ok, `mkdocs build: ${built.output}`).toBe(true);
      for (const page of MKDOCS_CLI_PAGES) {
        const file = `docs/${page}`;
        expectRendered(built.pages, file, readFileSync(join(root, file), 'utf8'), 'mkdocs');
      }
      const home = built.pages.get('index.html') ?? '';
      expect.soft(home, 'the material theme').toMatch(/class="md-header/);
      expect.soft(home, 'pymdownx.tabbed content tabs').toMatch(/class="tabbed-set/);
      expect.soft(home.replace(/<[^>]+>/g, ''), 'the snippet include').toContain('skein.run(main)');
      // This site's mkdocs.yml has a nav: the pages the flow writes must join it, or no reader reaches them.
      const reached = reachable(built.pages);
      for (const page of [...populated.data.pages, ...structure.data.created.map((path: string) => ({ path }))].filter((p: { status?: string }) => p.status !== 'kept')) {
        const url = page.path.replace(/^docs\//, '').replace(/(^|\/)index\.md$/, '$1').replace(/\.md$/, '/').concat('index.html');
        expect.soft(built.pages.has(url), `the flow's ${page.path} is built as ${url}`).toBe(true);
        expect.soft(reached.has(url), `the flow's ${page.path} (${url}) is reached from the home page`).toBe(true);
      }
      // setup_structure merges its sections into the site's nav without doubling the site's own
      // "Tutorial - User Guide" section (it once added a "Tutorials" section listing tutorial/index.md again).
      const nav = navPages(mkdocsYml.nav);
      expect.soft(nav.filter((page, i) => nav.indexOf(page) !== i), 'pages listed twice in the mkdocs.yml nav').toEqual([]);

      // The deploy workflow installs what mkdocs.yml needs.
      const install = await workflowInstall(root, deploy.data.files[0].path, /mkdocs build/);
      const installed = installedPackages(root, install);
      for (const pkg of mkdocsNeeds(mkdocsYml)) expect.soft(installed, `deploy_pages installs ${pkg} (install steps: ${install})`).toContain(pkg);

      const changed = expectExistingKept(root, before);
      expect.soft(changed, 'pre-existing files a tool changed (merged, nothing lost)').toEqual(['mkdocs.yml']);
      expect.soft(asked.filter((m) => !/Run the project's code/.test(m)), 'other confirmations asked (declined)').toEqual([]);
    },
    LONG,
  );

  it.skipIf(!mkdocs)(
    `${mkdocs ? '' : '(skipped: mkdocs is not installed) '}a JavaScript framework whose docs/ folder is built elsewhere: the recommended generator builds its pages, and the workflow installs what the build needs`,
    async () => {
      const { root, before, call, asked } = await flowClient(jsFrameworkDocs(), 'toolpack-flow-framework-');
      const analysis = await call('analyze_repository', { path: '.' });
      const recommendation = await call('recommend_ssg', { analysisId: analysis.data.id });
      const ssg = recommendation.data.recommended.ssg;
      const projectName = nameFrom(recommendation.data.summary, 'ferry');
      expect.soft(projectName).toBe('ferry');
      const config = await call('generate_config', { ssg, projectName, projectDescription: 'Fast and low overhead web framework, for Node.js', outputPath: '.' });
      const structure = await call('setup_structure', { path: config.data.outputPath, ssg });
      const populated = await call('populate_diataxis_content', { analysisId: analysis.data.id, docsPath: structure.data.docsRoot });
      // The framework's own folders are reused, never doubled by a lower-case twin.
      for (const page of populated.data.pages as Array<{ path: string }>) expect.soft(page.path, 'populate_diataxis_content page').not.toMatch(/^docs\/(reference|guides)\//);
      const validation = await call('validate_diataxis_content', { contentPath: populated.data.docsRoot, analysisId: analysis.data.id });
      expect.soft(validation.data.counts.codeBlocks.errors, validation.data.summary).toBe(0);
      const deploy = await call('deploy_pages', { repository: '.', ssg });
      const local = await call('test_local_deployment', { repositoryPath: '.', ssg, port: await freePort(), timeout: 300 });

      // MkDocs makes only a lower-case index.md a folder's index: docs/Guides/Index.md is built as
      // site/Guides/Index/index.html, and the tool must look there.
      expect.soft(local.data.build.ok, `test_local_deployment (${ssg}): ${local.data.summary}`).toBe(true);
      expect.soft(local.data.ok, `test_local_deployment (${ssg}): ${local.data.summary}`).toBe(true);
      expect.soft(local.data.home).toMatchObject({ rendered: true, status: 200 });
      expect.soft(local.data.pages?.raw ?? [], 'pages served raw').toEqual([]);
      expect.soft(local.data.pages?.missing ?? [], 'pages not built').toEqual([]);

      const built = await buildAsReported(root, config.data.setup);
      expect.soft(built.ok, `${ssg} build: ${built.output}`).toBe(true);
      // generate_config writes no docs/index.md beside the project's docs/Index.md (one file on case-insensitive
      // file systems) but a README.md home leading to it; populate's pages join the nav.
      for (const file of FRAMEWORK_PAGES) expectRendered(built.pages, file, readFileSync(join(root, file), 'utf8'), ssg);
      for (const page of populated.data.pages.filter((p: { status: string }) => p.status !== 'kept')) expectRendered(built.pages, page.path, readFileSync(join(root, page.path), 'utf8'), ssg);

      const install = await workflowInstall(root, deploy.data.files[0].path, new RegExp(config.data.setup.build.split(' ').slice(0, 2).join(' ')));
      if (ssg === 'mkdocs') {
        const installed = installedPackages(root, install);
        const mkdocsYml = parse(readFileSync(join(root, config.data.outputPath, 'mkdocs.yml'), 'utf8'), { logLevel: 'silent' });
        for (const pkg of mkdocsNeeds(mkdocsYml)) expect.soft(installed, `deploy_pages installs ${pkg} (install steps: ${install})`).toContain(pkg);
      }

      const changed = expectExistingKept(root, before);
      expect.soft(changed, 'pre-existing files a tool changed').toEqual([]);
      expect.soft(asked.filter((m) => !/Run the project's code/.test(m)), 'other confirmations asked (declined)').toEqual([]);
    },
    LONG,
  );

  it.skipIf(!canSphinxMyst)(
    `${canSphinxMyst ? '' : '(skipped: sphinx-build with myst-parser is not installed) '}a Python library with a Sphinx + MyST site: Sphinx is named first and kept, the flow's pages build with sphinx-build`,
    async () => {
      const { root, before, call, attempt } = await flowClient(sphinxMystLibrary(), 'toolpack-flow-sphinx-');
      const analysis = await call('analyze_repository', { path: '.' });
      const recommendation = await call('recommend_ssg', { analysisId: analysis.data.id });
      expect.soft(recommendation.data.summary).toMatch(/^Keep Sphinx/);
      expect.soft(recommendation.data.existing).toMatchObject({ ssg: 'sphinx', config: 'docs/conf.py' });

      // The model keeps Sphinx, as told. generate_config, setup_structure, deploy_pages and
      // test_local_deployment take only the five generators of the tool surface (no "sphinx"):
      // the flow goes on with the tools that need no generator, and the test builds with sphinx-build.
      const refused = await attempt('deploy_pages', { repository: '.', ssg: 'sphinx' });
      expect.soft(refused.isError, refused.text).toBe(true);
      expect.soft(refused.text).toMatch(/ssg/);

      // populate_diataxis_content recognises the Sphinx site and adds its pages to a toctree, so no page is an orphan.
      const populated = await call('populate_diataxis_content', { analysisId: analysis.data.id, docsPath: 'docs' });
      expect.soft(populated.data.site, `populate_diataxis_content site: ${populated.data.summary}`).toMatchObject({ ssg: 'sphinx' });
      const validation = await call('validate_diataxis_content', { contentPath: populated.data.docsRoot, analysisId: analysis.data.id });
      expect.soft(validation.data.counts.codeBlocks.errors, validation.data.summary).toBe(0);

      const out = join(root, 'docs/_build/html');
      const build = await run(sphinxBuild!, ['-b', 'html', 'docs', out], { cwd: root, timeout: 300_000 }).then(
        ({ stdout, stderr }) => ({ ok: true, output: stdout + stderr }),
        (error) => ({ ok: false, output: `${error.stdout ?? ''}${error.stderr ?? error.message}` }),
      );
      expect.soft(build.ok, `sphinx-build: ${build.output}`).toBe(true);
      const pages = htmlFiles(out);
      for (const page of SPHINX_PAGES) expectRendered(pages, `docs/${page}`, readFileSync(join(root, 'docs', page), 'utf8'), 'sphinx');
      expect.soft(textOf(pages.get('api.html') ?? ''), 'autodoc in {eval-rst} rendered').toMatch(/set_value\s*\(\s*data/);
      // The pages the flow wrote are built and reached from the site's toctree (not orphans).
      for (const page of populated.data.pages.filter((p: { status: string }) => p.status !== 'kept')) {
        const html = page.path.replace(/^docs\//, '').replace(/\.md$/, '.html');
        expect.soft(pages.has(html), `populate_diataxis_content's ${page.path} is built as ${html}`).toBe(true);
        expect.soft(build.output, `sphinx-build about ${page.path}`).not.toMatch(new RegExp(`${page.path.replace(/^docs\//, '').replace(/\.md$/, '')}\\.md: WARNING: document isn't included in any toctree`));
      }

      // The root index gains the new pages in its toctree, every line it had kept.
      expect.soft(expectExistingKept(root, before), 'pre-existing files a tool changed (merged, nothing lost)').toEqual(['docs/index.md']);
    },
    LONG,
  );
});
