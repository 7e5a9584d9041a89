/**
 * The docs pack's Markdown model: anchors as GitHub (and each site generator where
 * it differs) computes them from real headings, front matter read and written with
 * the yaml library, and every link, image and reference found at its line.
 */
import { describe, expect, it } from 'vitest';
import { readFrontMatter, updateFrontMatter, writeFrontMatter } from '../../../sdk/front-matter.js';
import { readPage } from '../../../plugins/docs/markdown/page.js';
import { githubSlug, nearest, Slugger } from '../../../sdk/slug.js';

const slugs = (style: ConstructorParameters<typeof Slugger>[0], ...texts: string[]) => {
  const slugger = new Slugger(style);
  return texts.map((text) => slugger.slug(text));
};

describe('heading slugs', () => {
  it('computes GitHub anchors for real headings', () => {
    expect(githubSlug("What's new in v2.0?")).toBe('whats-new-in-v20');
    expect(githubSlug('C++ & Rust')).toBe('c--rust');
    expect(githubSlug('Über uns')).toBe('über-uns');
    expect(githubSlug('--priority <level>')).toBe('--priority-level');
    expect(githubSlug('snake_case_names and CamelCase')).toBe('snake_case_names-and-camelcase');
    expect(githubSlug('日本語のドキュメント')).toBe('日本語のドキュメント');
    expect(githubSlug('🚀 Quick start')).toBe('-quick-start');
  });

  it('numbers repeated headings -1, -2 and skips numbers a heading already took', () => {
    expect(slugs('github', 'Usage', 'Usage')).toEqual(['usage', 'usage-1']);
    expect(slugs('github', 'Example', 'Example', 'Example')).toEqual(['example', 'example-1', 'example-2']);
    expect(slugs('github', 'Usage', 'Usage 1', 'Usage')).toEqual(['usage', 'usage-1', 'usage-2']);
  });

  it('reads MkDocs anchors as Python-Markdown makes them: ASCII only, runs collapsed, repeats _1', () => {
    expect(slugs('mkdocs', 'C++ & Rust', 'Über uns', 'Usage', 'Usage')).toEqual(['c-rust', 'uber-uns', 'usage', 'usage_1']);
  });

  it('honours {#custom-id} where the generator does, and not on GitHub', () => {
    expect(slugs('docusaurus', 'Install it {#setup}')).toEqual(['setup']);
    expect(slugs('hugo', 'Install it {#setup}')).toEqual(['setup']);
    expect(slugs('github', 'Install it {#setup}')).toEqual(['install-it-setup']);
  });

  it('suggests a near-miss anchor and nothing for an unrelated one', () => {
    expect(nearest('instalation', ['installation', 'usage', 'add-your-first-task'])).toBe('installation');
    expect(nearest('global-options', ['commands', 'options-of-add', 'example'])).toBeUndefined();
  });
});

describe('front matter', () => {
  it('reads the mapping and where the body starts', () => {
    const page = '---\ntitle: "Deploy: the hard way"\ntags: [ops, ci]\n---\n# Deploy\n';
    expect(readFrontMatter(page)).toEqual({ data: { title: 'Deploy: the hard way', tags: ['ops', 'ci'] }, error: null, body: '# Deploy\n', bodyLine: 5 });
    expect(readFrontMatter('# No front matter\n')).toMatchObject({ data: null, error: null, bodyLine: 1 });
    expect(readFrontMatter('---\ntitle: [unclosed\n---\nText\n').error).toMatch(/not valid YAML/);
    expect(readFrontMatter('---\n- a list\n---\nText\n').error).toMatch(/not a mapping/);
  });

  it('writes values that need quoting so they read back the same, and updates keys keeping the body', () => {
    const data = { title: 'Step 1: install', description: 'Uses "quotes" and # hashes', generated_by: 'toolpack', order: 2 };
    const page = writeFrontMatter(data, '# Install\n\nText.\n');
    expect(readFrontMatter(page).data).toEqual(data);
    const updated = updateFrontMatter(page, { order: 3, generated_by: undefined, draft: false });
    expect(readFrontMatter(updated)).toMatchObject({ data: { title: 'Step 1: install', description: 'Uses "quotes" and # hashes', order: 3, draft: false }, body: '# Install\n\nText.\n' });
    expect(readFrontMatter(updated).data).not.toHaveProperty('generated_by');
  });
});

describe('page model', () => {
  const PAGE = [
    '---', // 1
    'title: Guide', // 2
    '---', // 3
    '# Guide', // 4
    '', // 5
    'See [install](install.md#setup) and ![logo](img/logo.png "Logo").', // 6
    'Read the [API][api] and [the FAQ][faq], or matrix[0][1].', // 7
    '', // 8
    '<a id="legacy-anchor"></a><a name=opt-level></a>', // 9
    '<img src="img/diagram.svg" alt="Diagram">', // 10
    '', // 11
    '## Usage', // 12
    '## Usage', // 13
    '', // 14
    '```json', // 15
    '{ "a": 1 }', // 16
    '```', // 17
    '', // 18
    '- ### Nested heading', // 19
    '', // 20
    '[api]: reference/api.md', // 21
    '',
  ].join('\n');

  it('finds links, images and references at their lines, and undefined references', async () => {
    const page = await readPage(PAGE);
    const found = page.links.map(({ kind, url, line }) => ({ kind, url, line }));
    expect(found).toEqual([
      { kind: 'link', url: 'install.md#setup', line: 6 },
      { kind: 'image', url: 'img/logo.png', line: 6 },
      { kind: 'reference', url: 'reference/api.md', line: 7 },
      { kind: 'undefined-reference', url: 'faq', line: 7 },
      { kind: 'image', url: 'img/diagram.svg', line: 10 },
    ]);
    expect(page.links[2]).toMatchObject({ label: 'api', definitionLine: 21 });
    expect(page.links[3]!.column).toBe('Read the [API][api] and '.length + 1);
  });

  it('offers every heading slug (repeats numbered, nested ones too) and HTML ids as anchors', async () => {
    const page = await readPage(PAGE);
    expect(page.headings.map((h) => [h.slug, h.line])).toEqual([
      ['guide', 4],
      ['usage', 12],
      ['usage-1', 13],
      ['nested-heading', 19],
    ]);
    expect([...page.anchors]).toEqual(expect.arrayContaining(['legacy-anchor', 'opt-level', 'usage-1']));
    expect(page.codeBlocks).toEqual([{ lang: 'json', value: '{ "a": 1 }', line: 15, fenced: true }]);
    expect(page.doc.frontMatter).toEqual({ title: 'Guide' });
  });
});
