/**
 * The link outline read from micromark's events (sdk/markdown-events.ts) is the one the tree
 * gives (issue 25 item 1): same headings and slugs, anchors, links with their lines and columns,
 * definitions, code blocks and front matter, on the benchmark's generated pages, the edge pages of
 * the equivalence test and constructs where a reading without the tree could differ. Pages the
 * event reading leaves to the tree (null) are fine; a different outline is not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outlineByEvents, outlineByTree } from '../../../sdk/markdown-outline.js';
import { tempDir } from '../../helpers/workspace.js';
// @ts-expect-error: a plain ES module of the benchmarks, without types
import { writeLinkCorpus } from '../../../bench/link-corpus.mjs';
import { writeEdgePages } from './link-edge-pages.js';

const TRICKY = [
  'Setext *one*\nline two\n===\n\nPara [a\nb](x.md "t") and ![alt *em* `c`\n<b>h</b>](i.png) and [x][y] [ref][] [Ref].\n\n[ref]: r.md\n[y]: <y.md#f> "T"\n[y]: second.md',
  '# Title &amp; &#35; \\* `code`\n\nText &copy; [t&amp;x](a&amp;b.md#c%20d) \\[a\\]\\[b\\] and [a][b]  \nhard break [c][d]\\\nnext [e][f]',
  '> # Quoted\n> [q](q.md)\n\n- item [l](l.md)\n  - nested ## not heading\n\n1. one\n2. [two][] two\n\n[two]: two.md',
  '| a | [b](b.md) |\n| - | - |\n| `x\\|y` | <a href="h.md">h</a> |\n\n<div id="d">\n<img src="p.png">\n</div>\n\n    indented [no](n.md)\n\n~~~\nplain\n~~~\n\n```js title="x"\nconst a = 1;\n```',
  '---\ntitle: x\nlist: [1, 2]\n---\n\n## Heading <span id="s">x</span> [link](#heading-x)\n\n*a*\nb [c][d]\n\n**[bold link](b.md)** ~~[del](d.md)~~ <https://x.org> <m@x.org> https://y.org/z www.w.org\n\n[d]: d.md',
  'Text\r\nwith CRLF [a](a.md)\r\n\r\n```yaml\r\na: 1\r\n```\r\n',
  '\tTabbed code\n\n-\ttab item [t](t.md)\n\n# Heading with trailing ###\n\nA [link *with* `code` and ![img](i.png)](l.md).',
  'Mail a@b.co and www.x.com in text: the tokenizer makes both links.',
  'Versions npm@5.2.0, node@10 and x@y.z-1 are not addresses; a.b+c@example.co.uk is (with a mailto: prefix too).',
  'Text _a@b.co_ and (www.x.com) and *https://e.org/a_(b)* in emphasis.',
  '- [ ] task [t](t.md)\n- [x] done',
  'Footnote[^1].\n\n[^1]: note [n](n.md)',
];

function texts(): string[] {
  const root = tempDir('toolpack-linkev-');
  writeLinkCorpus(join(root, 'docs'), 60);
  writeEdgePages(root);
  const extra = process.env.TOOLPACK_LINK_EVENTS_DIR;
  const dirs = [join(root, 'docs'), ...(extra ? extra.split(':') : [])];
  const out = [...TRICKY];
  for (const dir of dirs) {
    for (const file of readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.md'))) out.push(readFileSync(join(dir, file), 'utf8'));
  }
  return out;
}

describe('link outline from events', () => {
  it('equals the outline read through the tree, or leaves the page to the tree', async () => {
    let fast = 0;
    const all = texts();
    for (const text of all) {
      for (const style of ['github', 'docusaurus'] as const) {
        const ours = await outlineByEvents(text, 'full', style);
        if (!ours) continue;
        fast++;
        expect(ours, text.slice(0, 80)).toEqual(await outlineByTree(text, 'full', style));
      }
    }
    // Most pages take the fast path (not a figure to tune; a guard against falling back everywhere).
    expect(fast).toBeGreaterThan(all.length);
  }, 120_000);

  it('leaves footnotes and task items to the tree', async () => {
    for (const text of TRICKY.slice(-2)) expect(await outlineByEvents(text, 'full', 'github'), text).toBeNull();
  });
});
