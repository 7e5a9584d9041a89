/**
 * Issue 28 (acceptance, items 4 and 5), through a real MCP client: the pages
 * populate_diataxis_content writes into a site with explicit navigation are reached. In an
 * MkDocs site whose mkdocs.yml has a `nav`, each new page joins the section of its folder and
 * every other byte of the file (comments, `!!python/name:` tags) stays; in a Sphinx site
 * (docs/conf.py) the result names the site and the new pages join the toctree of their
 * folder's index, else of the root index (MyST block or rST directive). The result says which
 * navigation file changed; a second run changes nothing.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';
import { parse } from 'yaml';
import { findBinary } from '../../../plugins/ssg/local/find-binary.js';
import { pythonHas } from '../../e2e/mkdocstrings-stand-in.js';
import { mkdocsPythonCli } from '../../fixtures/repos/mkdocs-python-cli.js';
import { sphinxMystLibrary } from '../../fixtures/repos/sphinx-myst-library.js';
import { project, type Tree } from '../project/fixtures.js';
import { toolClient } from '../../helpers/tool-client.js';

const sphinxBuild = await findBinary('sphinx-build', process.cwd());
const canSphinxMyst = Boolean(sphinxBuild) && pythonHas('sphinx') && pythonHas('myst_parser');

async function populateTwice(tree: Tree, prefix: string) {
  const root = project(tree, prefix);
  const { call, close } = await toolClient(root);
  onTestFinished(close);
  const analysisId = (await call('analyze_repository', { path: '.' })).id as string;
  const first = await call('populate_diataxis_content', { analysisId, docsPath: 'docs', populationLevel: 'comprehensive' });
  const snapshot = (path: string) => readFileSync(join(root, path), 'utf8');
  return { root, first, read: snapshot, again: () => call('populate_diataxis_content', { analysisId, docsPath: 'docs', populationLevel: 'comprehensive' }) };
}

/** `after` holds every line of `before`, in order, byte for byte (lines were only inserted). */
function onlyInserted(before: string, after: string) {
  const lines = after.split('\n');
  let at = 0;
  const missing = before.split('\n').filter((line) => {
    const found = lines.indexOf(line, at);
    if (found < 0) return true;
    at = found + 1;
    return false;
  });
  expect(missing, 'lines of the original file lost or reordered').toEqual([]);
}

const written = (result: any) => (result.pages as Array<{ path: string; status: string }>).filter((p) => p.status === 'written').map((p) => p.path);

/** The pages a nav entry lists, at any depth. */
const navPages = (nav: unknown): string[] =>
  typeof nav === 'string' ? [nav] : Array.isArray(nav) ? nav.flatMap(navPages) : nav && typeof nav === 'object' ? Object.values(nav).flatMap(navPages) : [];

describe('populate_diataxis_content adds its pages to the site navigation', () => {
  it('MkDocs: new pages join the nav section of their folder; comments and !!python/name tags stay byte for byte', async () => {
    const tree = mkdocsPythonCli();
    const yml = (tree['mkdocs.yml'] as string)
      .replace('  - pymdownx.snippets:', '  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\n      emoji_generator: !!python/name:material.extensions.emoji.to_svg\n  - pymdownx.snippets:')
      .replace('nav:\n', 'nav:\n  # The home page first; sections follow the docs folders.\n')
      .replace('      - reference/index.md\n', '      - reference/index.md # the API, from docstrings\n');
    expect(yml).toContain('# the API, from docstrings');
    const { first, read, again } = await populateTwice({ ...tree, 'mkdocs.yml': yml }, 'toolpack-populate-nav-mkdocs-');
    expect(first.site).toMatchObject({ ssg: 'mkdocs', marker: 'mkdocs.yml' });
    const after = read('mkdocs.yml');
    onlyInserted(yml, after);
    expect(after).toContain('emoji_index: !!python/name:material.extensions.emoji.twemoji\n');

    const pages = written(first).filter((p) => p.startsWith('docs/') && p !== 'docs/index.md').map((p) => p.slice('docs/'.length));
    expect(pages.length).toBeGreaterThan(0);
    const nav = parse(after, { logLevel: 'silent', customTags: [{ tag: 'tag:yaml.org,2002:python/name:material.extensions.emoji.twemoji', resolve: () => null }] }).nav as Array<Record<string, unknown>>;
    const listed = navPages(nav);
    for (const page of pages) expect(listed, `nav lists ${page}`).toContain(page);
    // Reference pages go to the existing Reference section, tutorial pages to the site's own tutorial section.
    const section = (label: string) => navPages(nav.find((entry) => typeof entry === 'object' && label in entry)?.[label]);
    for (const page of pages.filter((p) => p.startsWith('reference/'))) expect(section('Reference'), page).toContain(page);
    for (const page of pages.filter((p) => p.startsWith('tutorial/'))) expect(section('Tutorial - User Guide'), page).toContain(page);
    // A folder no section lists yet (how-to/) gets a section of its own, named as setup_structure names it.
    for (const page of pages.filter((p) => p.startsWith('how-to/'))) expect(section('How-to guides'), page).toContain(page);
    expect(listed.filter((p, i) => listed.indexOf(p) !== i), 'pages listed twice').toEqual([]);
    expect(first.navigation).toEqual([{ file: 'mkdocs.yml', added: expect.arrayContaining(pages) }]);
    expect(first.summary).toMatch(/navigation: \d+ added to mkdocs\.yml/);

    const second = await again();
    expect(second.navigation).toEqual([]);
    expect(read('mkdocs.yml')).toBe(after);
  }, 120_000);

  it('Sphinx (MyST): recognised by docs/conf.py; new pages join the root index toctree', async () => {
    const { root, first, read, again } = await populateTwice(sphinxMystLibrary(), 'toolpack-populate-nav-sphinx-');
    expect(first.site).toEqual({ ssg: 'sphinx', root: 'docs', marker: 'conf.py' });
    const before = sphinxMystLibrary()['docs/index.md'] as string;
    const after = read('docs/index.md');
    onlyInserted(before, after);
    const pages = written(first).map((p) => p.replace(/^docs\//, '').replace(/\.md$/, ''));
    expect(pages.length).toBeGreaterThan(0);
    const toctree = /```\{toctree\}\n([\s\S]*?)```/.exec(after)![1]!;
    for (const page of pages) expect(toctree.split('\n'), `toctree lists ${page}`).toContain(page);
    expect(first.navigation).toEqual([{ file: 'docs/index.md', added: pages }]);
    expect((await again()).navigation).toEqual([]);
    expect(read('docs/index.md')).toBe(after);

    if (canSphinxMyst) {
      const out = await promisify(execFile)(sphinxBuild!, ['-b', 'html', 'docs', join(root, 'docs/_build/html')], { cwd: root, timeout: 300_000 }).then(
        ({ stdout, stderr }) => stdout + stderr,
        (error) => `${error.stdout ?? ''}${error.stderr ?? error.message}`,
      );
      expect(out).not.toMatch(/isn't included in any toctree/);
    }
  }, 300_000);

  it("Sphinx (rST root, MyST section index): reference pages join the section's toctree, the rest the rST directive", async () => {
    const tree = sphinxMystLibrary();
    delete tree['docs/index.md'];
    const index = 'quarry\n======\n\n.. toctree::\n   :maxdepth: 2\n\n   installation\n   usage\n   reference/index\n   changelog\n\nIndices\n-------\n\n* :ref:`genindex`\n';
    const reference = '# Reference\n\n```{toctree}\n:maxdepth: 1\n```\n';
    const { first, read } = await populateTwice({ ...tree, 'docs/index.rst': index, 'docs/reference/index.md': reference, 'docs/reference/.keep': '' }, 'toolpack-populate-nav-rst-');
    expect(first.site).toMatchObject({ ssg: 'sphinx' });
    const pages = written(first).map((p) => p.replace(/^docs\//, '').replace(/\.md$/, ''));
    const inReference = pages.filter((p) => p.startsWith('reference/'));
    const elsewhere = pages.filter((p) => !p.startsWith('reference/') && p !== 'index');
    expect(inReference.length).toBeGreaterThan(0);
    expect(elsewhere.length).toBeGreaterThan(0);
    const rst = read('docs/index.rst');
    onlyInserted(index, rst);
    const directive = /\.\. toctree::\n([\s\S]*?)\n\n(?!   )/.exec(rst)![1]!;
    for (const page of elsewhere) expect(directive, page).toContain(`\n   ${page}`);
    const section = read('docs/reference/index.md');
    onlyInserted(reference, section);
    for (const page of inReference) expect(section, page).toContain(`\n${page.slice('reference/'.length)}\n`);
    expect(first.navigation.map((n: { file: string }) => n.file).sort()).toEqual(['docs/index.rst', 'docs/reference/index.md']);
  }, 120_000);
});
