import { describe, expect, it } from 'vitest';
import { parseMarkdown, plainText, TASK_MARKERS } from '../../sdk/index.js';

const RELEASE_PLAN = `---
title: Release plan
owners: [ana, ben]
---
# Release 2.0

Intro with a [guide](docs/guide.md "The guide") and a [reference][api].

## Backend <!-- team: core -->

- [x] Migrate the **orders** table
- [ ] Add rate limiting
  - [~] Write the token bucket
    - a plain note
  - [-] Drop the XML endpoint
* [/] Refactor auth
1. [X] Ship the SDK
- [?] not a marker we know
- plain bullet

\`\`\`md
## Not a heading
- [ ] not a task
\`\`\`

    - [ ] indented code, not a task either

Frontend
--------

> - [ ] a quoted task

[api]: https://example.com/api
`;

describe('parseMarkdown', () => {
  it('reads front matter, top-level headings (setext too, never inside code) and their sections', async () => {
    const doc = await parseMarkdown(RELEASE_PLAN);
    expect(doc.frontMatter).toEqual({ title: 'Release plan', owners: ['ana', 'ben'] });
    expect(doc.bodyLine).toBe(5);
    expect(doc.headings.map((h) => [h.depth, h.text, h.line])).toEqual([
      [1, 'Release 2.0', 5],
      [2, 'Backend', 9],
      [2, 'Frontend', 28],
    ]);
    const [title, backend, frontend] = doc.sections;
    expect(title!.own.map((b) => b.type)).toEqual(['paragraph']);
    expect(title!.full.length).toBeGreaterThan(title!.own.length); // subsections included
    expect(backend!.ownEndLine).toBe(27);
    expect(doc.sourceOf(frontend!.own)).toBe('> - [ ] a quoted task\n\n[api]: https://example.com/api');
    expect([...doc.codeLines]).toEqual([21, 22, 23, 24, 26]);
  });

  it('classifies every task marker the same way, with nesting, headings and the text as written', async () => {
    const doc = await parseMarkdown(RELEASE_PLAN);
    expect(doc.taskItems.map((t) => [t.marker, t.checked, t.state, t.text, t.depth, t.parent, t.heading])).toEqual([
      ['x', true, 'done', 'Migrate the orders table', 0, null, 1],
      [' ', false, 'open', 'Add rate limiting', 0, null, 1],
      ['~', null, 'in_progress', 'Write the token bucket', 1, 1, 1],
      ['-', null, 'cancelled', 'Drop the XML endpoint', 1, 1, 1],
      ['/', null, 'in_progress', 'Refactor auth', 0, null, 1],
      ['X', true, 'done', 'Ship the SDK', 0, null, 1],
      [' ', false, 'open', 'a quoted task', 0, null, 2],
    ]);
    expect(doc.taskItems[0]!.raw).toBe('Migrate the **orders** table');
    expect(doc.taskItems.map((t) => t.line)).toEqual([11, 12, 13, 15, 16, 17, 31]);
    expect(TASK_MARKERS).toMatchObject({ '-': 'cancelled', '~': 'in_progress', '/': 'in_progress' });
  });

  it('lists links, reference links resolved through their definitions', async () => {
    const doc = await parseMarkdown(RELEASE_PLAN);
    expect(doc.links).toEqual([
      { url: 'docs/guide.md', text: 'guide', title: 'The guide', line: 7 },
      { url: 'https://example.com/api', text: 'reference', title: null, line: 7 },
    ]);
  });

  it('reports front matter that is not YAML instead of failing, and reads CRLF files and a BOM', async () => {
    const broken = await parseMarkdown('---\ntitle: [unclosed\n---\n# Title\n');
    expect(broken.frontMatter).toBeNull();
    expect(broken.frontMatterError).toMatch(/not valid YAML/);
    expect(broken.headings.map((h) => h.text)).toEqual(['Title']);
    const crlf = await parseMarkdown('\uFEFF# TODO\r\n\r\n- [-] Dropped\r\n- [ ] Open\r\n');
    expect(crlf.taskItems.map((t) => [t.state, t.text, t.line])).toEqual([['cancelled', 'Dropped', 3], ['open', 'Open', 4]]);
  });

  it('plainText drops emphasis, code marks, link targets and HTML comments', async () => {
    const doc = await parseMarkdown('## **Status** of `snake_case` [ADR-3](0003-x.md) <!-- optional -->\n');
    expect(plainText(doc.headings[0]!.node)).toBe('Status of snake_case ADR-3');
  });
});
