/**
 * Item 5, one call stalls every client (Markdown): a few KB of nested list or quote markers, or of
 * nested inline markup, cost micromark seconds to minutes on the server's thread and overflowed the
 * stack in recursive tree walks. Nesting is bounded before and after parsing, and documents larger
 * than a few hundred characters parse in a worker under a time budget, so the tool still answers
 * and another client's ping is answered while it works.
 */
import type { Nodes, Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { capNesting, capTreeDepth, MAX_TREE_DEPTH } from '../../sdk/markdown-depth.js';
import { NESTING_NOTE, parseTree } from '../../sdk/markdown-parser.js';
import { parseMarkdown } from '../../sdk/markdown.js';
import { createWorkspace, inProcessClient, pingDuring } from './helpers.js';

/** 4 KB: one list item nested in the next, 2,000 deep (the README that overflowed the stack). */
const NESTED_LISTS = `${'- '.repeat(2000)}x\n`;
/** 6 KB: a block quote holding a list holding a block quote, 1,500 deep. */
const NESTED_QUOTES = `${'> - '.repeat(1500)}x\n`;
/** 16 KB of emphasis openers and closers: quadratic in micromark however shallow the nesting is kept. */
const NESTED_EMPHASIS = `# Page\n\n${'*a '.repeat(2700)}${'b*'.repeat(2700)}\n`;

const PING_MS = 250;

function treeDepth(root: Nodes): number {
  let deepest = 0;
  const stack: Array<[Nodes, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    deepest = Math.max(deepest, depth);
    if ('children' in node) for (const child of node.children as Nodes[]) stack.push([child, depth + 1]);
  }
  return deepest;
}


const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('nesting bound (unit)', () => {
  it('leaves ordinary documents as written and parses them to the same tree', async () => {
    const ordinary = [
      '# Title\n\n- a\n  - b\n    - c\n      1. d\n\n> quote\n> > nested\n> - item\n\n- - -\n\n* * *\n',
      '1) one\n2) two\n\n   - under\n\n[^note]: a footnote\n\n```yaml\n- a:\n    - b\n```\n',
    ];
    for (const text of ordinary) {
      expect(capNesting(text)).toEqual({ text, capped: false });
      const bounded = await parseTree(text);
      expect(bounded.notes).toEqual([]);
      expect(bounded.source).toBe(text);
    }
  });

  it('caps hostile nesting: the markers past the bound read as text, and the tree stays shallow', async () => {
    for (const text of [NESTED_LISTS, NESTED_QUOTES, `${'1. '.repeat(2000)}x`, `${Array.from({ length: 300 }, (_, i) => `${'  '.repeat(i)}- x`).join('\n')}\n`]) {
      const capped = capNesting(text);
      expect(capped.capped).toBe(true);
      const parsed = await parseTree(text);
      expect(parsed.notes).toContain(NESTING_NOTE);
      expect(treeDepth(parsed.tree)).toBeLessThanOrEqual(MAX_TREE_DEPTH);
      expect(treeDepth(parsed.tree)).toBeGreaterThan(20); // bounded, not flattened
    }
    // A thematic break of many markers is not nesting.
    const rule = `${'- '.repeat(2000)}\n`;
    expect(capNesting(rule)).toEqual({ text: rule, capped: false });
  });

  it('flattens a tree deeper than the bound into text, without recursion', () => {
    let node: Nodes = { type: 'text', value: 'deep' };
    for (let i = 0; i < 50_000; i++) node = { type: 'emphasis', children: [node as never] };
    const root: Root = { type: 'root', children: [{ type: 'paragraph', children: [node as never] }] };
    expect(capTreeDepth(root)).toBe(true);
    expect(treeDepth(root)).toBeLessThanOrEqual(MAX_TREE_DEPTH);
  });

  it('parseMarkdown gives a result for every hostile document, noting what it read as text', async () => {
    const lists = await parseMarkdown(NESTED_LISTS);
    expect(lists.notes).toContain(NESTING_NOTE);
    const quotes = await parseMarkdown(NESTED_QUOTES);
    expect(quotes.notes).toContain(NESTING_NOTE);
    const emphasis = await parseMarkdown(NESTED_EMPHASIS);
    expect(emphasis.headings.map((h) => h.text)).toEqual(['Page']);
  });
});

describe('hostile Markdown through the tools', () => {
  it.each([
    ['nested lists', NESTED_LISTS],
    ['nested quotes and lists', NESTED_QUOTES],
  ])('a README of %s is analysed, and another client is answered meanwhile', async (_, readme) => {
    const ws = createWorkspace({ 'README.md': readme, 'package.json': '{"name":"demo"}' });
    const client = await inProcessClient(ws.dir);
    for (const [tool, args] of [
      ['analyze_readme', { project_path: '.' }],
      ['evaluate_readme_health', { readme_path: 'README.md' }],
    ] as const) {
      const { result, pings } = await pingDuring(client, () => client.call(tool, args));
      expect(result.isError, `${tool}: ${result.text}`).toBe(false);
      expect(result.text).not.toMatch(/call stack/i);
      expect(median(pings), `${tool}: pings ${pings.map(Math.round).join(', ')} ms`).toBeLessThan(PING_MS);
    }
  });

  it('a docs page of hostile markup is checked by check_documentation_links and validate_content, and another client is answered meanwhile', async () => {
    const ws = createWorkspace({
      'docs/index.md': '# Home\n\nSee [the guide](guide.md).\n',
      'docs/guide.md': NESTED_EMPHASIS,
      'docs/lists.md': `# Lists\n\n${NESTED_LISTS.repeat(4)}`,
    });
    const client = await inProcessClient(ws.dir);
    for (const [tool, args] of [
      ['check_documentation_links', { documentation_path: 'docs', check_external_links: false }],
      ['validate_content', { contentPath: 'docs', validationType: 'links' }],
    ] as const) {
      const { result, pings } = await pingDuring(client, () => client.call(tool, args));
      expect(result.isError, `${tool}: ${result.text}`).toBe(false);
      expect(JSON.stringify(result.data)).not.toMatch(/call stack/i);
      expect(median(pings), `${tool}: pings ${pings.map(Math.round).join(', ')} ms`).toBeLessThan(PING_MS);
    }
  });
});
