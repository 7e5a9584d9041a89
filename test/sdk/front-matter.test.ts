/**
 * sdk/front-matter.ts is the one reader of front matter: a block closed by `---` or by YAML's
 * `...` (MkDocs, Pandoc), with the body's line, read the same by parseMarkdown and
 * kept byte for byte by the editor.
 */
import { describe, expect, it } from 'vitest';
import { parseMarkdown, readFrontMatter, setFrontMatterIn } from '../../sdk/index.js';

describe('readFrontMatter', () => {
  it('reads a block closed by "..." as front matter', () => {
    const split = readFrontMatter('---\ntitle: Install\ntags: [a, b]\n...\n# Install\n');
    expect(split).toMatchObject({ data: { title: 'Install', tags: ['a', 'b'] }, error: null, body: '# Install\n', bodyLine: 5 });
  });

  it('gives the line the body starts on, after a byte-order mark and CRLF line ends', () => {
    expect(readFrontMatter('\uFEFF---\r\ntitle: x\r\n...\r\n\r\nBody\r\n')).toMatchObject({ data: { title: 'x' }, body: '\r\nBody\r\n', bodyLine: 4 });
    expect(readFrontMatter('No block\n')).toMatchObject({ data: null, body: 'No block\n', bodyLine: 1 });
  });

  it('reports broken YAML and a non-mapping, with the body still after the block', () => {
    expect(readFrontMatter('---\ntitle: [x\n---\nBody\n')).toMatchObject({ data: null, error: expect.stringMatching(/not valid YAML/), body: 'Body\n', bodyLine: 4 });
    expect(readFrontMatter('---\n- a\n...\nBody\n')).toMatchObject({ data: null, error: 'front matter is not a mapping of keys to values', body: 'Body\n' });
  });
});

describe('setFrontMatterIn', () => {
  it('edits a block closed by "..." in place, keeping its closing line and the rest byte for byte', () => {
    const text = '---\n# kept comment\ntitle: "Keep: me"\n...\n# Page\n';
    expect(setFrontMatterIn(text, 'toolpack', { last_updated: '2024-05-01' })).toBe(
      '---\n# kept comment\ntitle: "Keep: me"\ntoolpack:\n  last_updated: 2024-05-01\n...\n# Page\n',
    );
  });
});

describe('parseMarkdown front matter', () => {
  it('reads a block closed by "..." as front matter, not as text, with the body line after it', async () => {
    const doc = await parseMarkdown('---\ntitle: Guide\n...\n# Guide\n\nText.\n');
    expect(doc.frontMatter).toEqual({ title: 'Guide' });
    expect(doc.bodyLine).toBe(4);
    expect(doc.tree.children.map((node) => node.type)).toEqual(['yaml', 'heading', 'paragraph']);
    expect(doc.headings.map((heading) => [heading.text, heading.line])).toEqual([['Guide', 4]]);
  });

  it('gives the same mapping and messages as readFrontMatter', async () => {
    for (const text of ['---\ntitle: [x\n---\n# A\n', '---\n- a\n---\n# A\n', '---\na: 1\nb: two\n---\n# A\n']) {
      const doc = await parseMarkdown(text);
      const split = readFrontMatter(text);
      // The YAML library's own detail (where in the block) may differ; the rule and message do not.
      expect([doc.frontMatter, doc.frontMatterError?.split(':')[0], doc.bodyLine]).toEqual([split.data, split.error?.split(':')[0], split.bodyLine]);
    }
  });
});
