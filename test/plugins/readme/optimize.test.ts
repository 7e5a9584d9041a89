/**
 * optimize_readme on a ~600-line README: under max_length afterwards, a TL;DR computed
 * from the description and the kept headings, and nothing lost: every code block and
 * every link or image is in the README or a docs page, and every relative link and
 * anchor that resolved before still resolves from where it now lives.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMarkdown, type MarkdownNode } from '../../../sdk/markdown.js';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';
import { longReadme, writeLongReadmeProject } from './long-readme.js';

/** Every file under `root` with its content, for "nothing changed" checks. */
function snapshot(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(root, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(root);
  return files;
}

const anchorOf = (text: string) => text.toLowerCase().trim().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');

interface Contents {
  codeBlocks: string[];
  /** Link, image and HTML src/href destinations with the file they are written in. */
  targets: Array<{ file: string; url: string }>;
  anchors: Set<string>;
}

async function contentsOf(root: string, file: string): Promise<Contents> {
  const doc = await parseMarkdown(readFileSync(join(root, file), 'utf8'));
  const definitions = new Map<string, string>();
  const codeBlocks: string[] = [];
  const targets: Array<{ file: string; url: string }> = [];
  const walk = (node: MarkdownNode, pass: 1 | 2) => {
    if (pass === 1 && node.type === 'definition') definitions.set(node.identifier, node.url);
    if (pass === 2) {
      if (node.type === 'code') codeBlocks.push(`${node.lang ?? ''}\n${node.value}`);
      if (node.type === 'link' || node.type === 'image') targets.push({ file, url: node.url });
      if ((node.type === 'linkReference' || node.type === 'imageReference') && definitions.has(node.identifier)) targets.push({ file, url: definitions.get(node.identifier)! });
      if (node.type === 'html') for (const m of node.value.matchAll(/\b(?:src|href)="([^"]*)"/g)) targets.push({ file, url: m[1]! });
    }
    if ('children' in node) for (const child of node.children as MarkdownNode[]) walk(child, pass);
  };
  walk(doc.tree, 1);
  walk(doc.tree, 2);
  return { codeBlocks, targets, anchors: new Set(doc.headings.map((h) => anchorOf(h.text))) };
}

const isExternal = (url: string) => /^[a-z][a-z0-9+.-]*:/i.test(url);
/** Workspace-relative file and fragment a relative destination points to. */
function resolveTarget({ file, url }: { file: string; url: string }): { path: string; fragment: string } {
  const [path = '', fragment = ''] = url.split('#');
  return { path: path ? posix.normalize(posix.join(posix.dirname(file), path)).replace(/\/$/, '') : file, fragment };
}

async function allContents(root: string, files: string[]) {
  const parts = await Promise.all(files.map((file) => contentsOf(root, file)));
  return { codeBlocks: parts.flatMap((p) => p.codeBlocks).sort(), targets: parts.flatMap((p) => p.targets) };
}

/** Every relative destination points to an existing file, and to an existing heading when it names one. */
async function expectResolving(root: string, targets: Array<{ file: string; url: string }>) {
  for (const target of targets) {
    if (isExternal(target.url)) continue;
    const { path, fragment } = resolveTarget(target);
    expect(existsSync(join(root, path)), `${target.file}: ${target.url}`).toBe(true);
    if (fragment && path.endsWith('.md')) expect((await contentsOf(root, path)).anchors.has(fragment), `${target.file}: ${target.url}`).toBe(true);
  }
}

const docsPages = (root: string) => (existsSync(join(root, 'docs')) ? readdirSync(join(root, 'docs')).filter((n) => n.endsWith('.md')).map((n) => `docs/${n}`) : []);

describe('optimize_readme', () => {
  let kernel: TestToolpack;
  const roots: string[] = [];
  const project = () => {
    const root = tempDir('toolpack-readme-optimize-');
    writeLongReadmeProject(root);
    roots.push(root);
    return root;
  };
  const optimize = async (root: string, args: Record<string, unknown>) => {
    await kernel?.stop();
    kernel = await startTestToolpack({ workspace: root, config: { plugins: ['readme', 'project'] } });
    return outcome(await kernel.call('optimize_readme', { readme_path: 'README.md', ...args }));
  };
  afterAll(async () => kernel?.stop());

  it('the fixture is long and every link in it resolves', async () => {
    const root = project();
    expect(longReadme().split('\n').length).toBeGreaterThan(500);
    await expectResolving(root, (await contentsOf(root, 'README.md')).targets);
  });

  describe('community_focused, written', () => {
    let root: string;
    let before: Awaited<ReturnType<typeof allContents>>;
    let beforePages: string[];
    const pagesBefore: Record<string, string> = {};
    let result: Awaited<ReturnType<typeof optimize>>;
    beforeAll(async () => {
      root = project();
      beforePages = docsPages(root);
      for (const page of beforePages) pagesBefore[page] = readFileSync(join(root, page), 'utf8');
      before = await allContents(root, ['README.md', ...beforePages]);
      result = await optimize(root, { max_length: 300 });
    }, 60_000);

    it('fits max_length, keeps the strategy sections and moves the longest others', async () => {
      expect(result.isError, result.text).toBe(false);
      const readme = readFileSync(join(root, 'README.md'), 'utf8');
      expect(readme.replace(/\s+$/, '').split('\n').length).toBeLessThanOrEqual(300);
      expect(result.data).toMatchObject({ written: true, withinMaxLength: true, tldrAdded: true });
      expect(result.data.linesBefore).toBeGreaterThan(500);
      const kept = result.data.kept.map((s: any) => s.heading);
      for (const heading of ['Installation', 'Quick start', 'Contributing']) expect(kept).toContain(heading);
      // Longest first: API reference (~200 lines), Usage (~56) and FAQ (~49) suffice; Architecture (~37) stays.
      expect(result.data.moved.map((m: any) => `${m.heading} ${m.path}`)).toEqual(['Usage docs/usage.md', 'API reference docs/api-reference.md', 'FAQ docs/faq-2.md']);
      expect(kept).toContain('Architecture');
      // Kept sections are byte for byte what they were.
      const original = longReadme();
      for (const heading of ['## Installation', '## Quick start']) {
        const start = original.indexOf(heading);
        const section = original.slice(start, original.indexOf('\n## ', start + 1));
        expect(readme).toContain(section);
      }
    });

    it('adds a TL;DR after the title from the description and the headings kept', async () => {
      const doc = await parseMarkdown(readFileSync(join(root, 'README.md'), 'utf8'));
      const tldr = doc.sections.find((s) => s.heading.text === 'TL;DR')!;
      expect(tldr).toBeDefined();
      expect(doc.headings.findIndex((h) => h.text === 'TL;DR')).toBe(1);
      const text = doc.sourceOf(tldr.full);
      expect(text).toContain('- Skyline is a time-series database client for Node.js and Python that batches writes and streams queries.');
      expect(text).toContain('[Installation](#installation)');
      expect(text).toContain('[API reference](docs/api-reference.md)');
      for (const kept of result.data.kept) if (kept.kind !== 'toc') expect(text).toContain(`[${kept.heading}](#${anchorOf(kept.heading)})`);
    });

    it('loses no code block and no link: every one is in the README or a docs page', async () => {
      const after = await allContents(root, ['README.md', ...docsPages(root)]);
      expect(after.codeBlocks).toEqual(before.codeBlocks);
      // External destinations: the same multiset, or more (summaries link the new pages).
      const count = (urls: string[]) => urls.reduce((m, u) => m.set(u, (m.get(u) ?? 0) + 1), new Map<string, number>());
      const external = (c: typeof before) => count(c.targets.filter((t) => isExternal(t.url)).map((t) => t.url));
      for (const [url, n] of external(before)) expect(external(after).get(url) ?? 0, url).toBeGreaterThanOrEqual(n);
      // Relative files: every file linked before is still linked, from wherever the link now lives.
      const files = (c: typeof before) => count(c.targets.filter((t) => !isExternal(t.url) && !t.url.startsWith('#')).map((t) => resolveTarget(t).path));
      for (const [path, n] of files(before)) expect(files(after).get(path) ?? 0, path).toBeGreaterThanOrEqual(n);
      expect(after.targets.length).toBeGreaterThanOrEqual(before.targets.length);
      await expectResolving(root, after.targets);
    });

    it('puts each moved section in its page, and never over an existing page', async () => {
      const original = longReadme();
      for (const moved of result.data.moved) {
        const page = readFileSync(join(root, moved.path), 'utf8');
        expect(page.startsWith(`# ${moved.heading}\n`)).toBe(true);
        // Every line of the section without a link destination or heading marks is in the page as it was.
        const start = original.indexOf(`\n## ${moved.heading}\n`) + 1;
        const end = original.indexOf('\n## ', start + 1);
        const lines = original.slice(start, end === -1 ? undefined : end).split('\n').slice(1);
        for (const line of lines.filter((l) => l.trim() && !/\]\(|\]:|src=|^#/.test(l))) expect(page, `${moved.path}: ${line}`).toContain(line);
      }
      const faq = result.data.moved.find((m: any) => m.heading === 'FAQ');
      expect(faq.path).toBe('docs/faq-2.md');
      expect(readFileSync(join(root, 'docs/faq.md'), 'utf8')).toBe('# FAQ\n\nHand-written answers.\n');
      // Subsections move up one level with their section.
      expect(readFileSync(join(root, 'docs/api-reference.md'), 'utf8')).toMatch(/\n## connect\n/);
      for (const page of beforePages) expect(readFileSync(join(root, page), 'utf8')).toBe(pagesBefore[page]);
    });

    it('rewrites relative links and anchors so they resolve from docs/', async () => {
      const usage = readFileSync(join(root, 'docs/usage.md'), 'utf8');
      expect(usage).toContain('[the SkyQL reference](skyql.md#grammar)');
      expect(usage).toContain('[API reference](api-reference.md)');
      const faq = readFileSync(join(root, 'docs/faq-2.md'), 'utf8');
      expect(faq).toContain('[Installation](../README.md#installation)');
      expect(faq).toContain('[tuning guide](tuning.md)');
      expect(faq).toContain('[the Python example](usage.md#querying-from-python)');
      const api = readFileSync(join(root, 'docs/api-reference.md'), 'utf8');
      expect(api).toContain('[src/types.ts](../src/types.ts)');
      expect(api).toContain('[connect page](api/connect.md)');
      const readme = readFileSync(join(root, 'README.md'), 'utf8');
      expect(readme).toContain('- [API reference](docs/api-reference.md)');
      expect(readme).toContain('- [Installation](#installation)');
      expect(readme).toContain('[Usage](docs/usage.md)');
    });

    it('a second run with the same settings changes nothing; a tighter one adds pages without touching the first', async () => {
      const first = snapshot(root);
      const again = await optimize(root, { max_length: 300 });
      expect(again.isError, again.text).toBe(false);
      expect(again.data.written).toBe(false);
      expect(snapshot(root)).toEqual(first);

      const tighter = await optimize(root, { max_length: 60, strategy: 'general' });
      expect(tighter.isError, tighter.text).toBe(false);
      const now = snapshot(root);
      for (const [path, text] of Object.entries(first)) if (path !== 'README.md') expect(now[path], path).toBe(text);
      for (const moved of tighter.data.moved) expect(first[moved.path], moved.path).toBeUndefined();
      // The README had moved on; the new pages' links are rewritten from it, images and HTML included.
      const architecture = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
      expect(architecture).toContain('![Architecture diagram](../assets/architecture.png "How writes and queries flow")');
      expect(architecture).toContain('<img src="../assets/flow.svg" alt="Write path">');
      expect(architecture).toContain('[design folder](../design/)');
      expect(readFileSync(join(root, 'README.md'), 'utf8').replace(/\s+$/, '').split('\n').length).toBe(tighter.data.linesAfter);
      await expectResolving(root, (await allContents(root, ['README.md', ...docsPages(root)])).targets);
      // One TL;DR, refreshed: pages of both runs listed under docs/.
      const doc = await parseMarkdown(readFileSync(join(root, 'README.md'), 'utf8'));
      const tldrs = doc.sections.filter((s) => s.heading.text === 'TL;DR');
      expect(tldrs).toHaveLength(1);
      const tldr = doc.sourceOf(tldrs[0]!.full);
      const docsLine = tldr.split('\n').find((line) => line.startsWith('- In docs/: '))!;
      expect(docsLine).toContain('[API reference](docs/api-reference.md)');
      expect(docsLine).toContain('[Architecture](docs/architecture.md)');
      expect(tldr).not.toContain('(#architecture)');
    });
  });

  it('with create_docs_directory false writes nothing and returns the same files a write would make', async () => {
    const root = project();
    const untouched = snapshot(root);
    const proposal = await optimize(root, { max_length: 300, create_docs_directory: false });
    expect(proposal.isError, proposal.text).toBe(false);
    expect(proposal.data.written).toBe(false);
    expect(snapshot(root)).toEqual(untouched);
    expect(proposal.data.files.at(-1)).toMatchObject({ path: 'README.md', action: 'replace' });

    const applied = await optimize(root, { max_length: 300 });
    expect(applied.data.files).toEqual(proposal.data.files);
    for (const file of applied.data.files) expect(readFileSync(join(root, file.path), 'utf8')).toBe(file.content);
  });

  it('keeps what each strategy needs', async () => {
    const enterprise = await optimize(project(), { max_length: 60, strategy: 'enterprise_focused', create_docs_directory: false });
    const keptEnterprise = enterprise.data.kept.map((s: any) => s.heading);
    for (const heading of ['Installation', 'Configuration', 'Security']) expect(keptEnterprise).toContain(heading);
    expect(enterprise.data.moved.map((m: any) => m.heading)).toContain('Contributing');
    // Contributing uses a reference link defined at the end of the README: the page gets its own copy, rewritten for docs/.
    const contributing = enterprise.data.files.find((f: any) => f.path === 'docs/contributing.md').content;
    expect(contributing).toContain('[code of conduct][coc]');
    expect(contributing).toMatch(/\n\[coc\]: \.\.\/CODE_OF_CONDUCT\.md\n$/);

    const developer = await optimize(project(), { max_length: 200, strategy: 'developer_focused', create_docs_directory: false });
    const keptDeveloper = developer.data.kept.map((s: any) => s.heading);
    for (const heading of ['Installation', 'Usage', 'API reference', 'Development']) expect(keptDeveloper).toContain(heading);
    expect(developer.data.withinMaxLength).toBe(false);
    expect(developer.data.notes.join(' ')).toMatch(/Still \d+ lines/);
  });

  it('keeps CRLF line endings in the README and the pages, and a rerun changes nothing', async () => {
    const root = project();
    writeFileSync(join(root, 'README.md'), longReadme().replace(/\n/g, '\r\n'));
    const first = await optimize(root, { max_length: 300 });
    expect(first.isError, first.text).toBe(false);
    expect(first.data.written).toBe(true);
    for (const file of first.data.files) expect(readFileSync(join(root, file.path), 'utf8').replace(/\r\n/g, ''), file.path).not.toContain('\n');
    const snap = snapshot(root);
    expect((await optimize(root, { max_length: 300 })).data.written).toBe(false);
    expect(snapshot(root)).toEqual(snap);
  });

  it('without include_tldr adds none, and refuses a bad max_length or a path outside the workspace', async () => {
    const root = project();
    const plain = await optimize(root, { max_length: 400, include_tldr: false, create_docs_directory: false });
    expect(plain.data.tldrAdded).toBe(false);
    expect(plain.data.files.at(-1).content).not.toContain('TL;DR');
    expect((await optimize(root, { max_length: 0 })).text).toContain('max_length');
    const outside = await optimize(root, { readme_path: '../README.md' });
    expect(outside.isError).toBe(true);
    expect(outside.text).toContain('readme_path');
  });
});
