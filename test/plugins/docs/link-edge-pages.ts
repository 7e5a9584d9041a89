/**
 * Pages of the constructs a fast reading of links could get wrong (setext and nested headings,
 * HTML anchors and links, GFM autolinks, footnotes, tables, reference images, indented and tilde
 * fences, front matter routes, over-deep nesting): shared by the link equivalence tests.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const write = (root: string, path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

export function writeEdgePages(root: string): void {
  write(root, 'docs/edge/headings.md', [
    '---', 'title: Headings', 'permalink: /edge/all-headings/', '---', '',
    'Setext title', '============', '',
    'Second *setext*', '---------------', '',
    '## `code` & <span>html</span> heading ![icon](img/icon.png)', '',
    '- ### Heading in a list', '> ## Quoted heading', '',
    '## Example', '## Example', '### Über Ünïcödé 日本語', '',
    '<a id="html-anchor"></a><a name=named-anchor></a>', '<div id="block-id">x</div>', '',
    '[ok](#setext-title) [ok2](#second-setext) [ok3](#code--heading-) [bad](#code-heading)',
    '[list](#heading-in-a-list) [quote](#quoted-heading) [ex](#example-1) [ex2](#example-2) [u](#über-ünïcödé-日本語)',
    '[html](#html-anchor) [named](#named-anchor) [block](#block-id) [top](#top) [empty](#)', '',
  ].join('\n'));
  write(root, 'docs/edge/links.md', [
    '# Links', '',
    'Autolinks www.example.com and https://example.com/path and <https://example.org> and mail@example.com.', '',
    'A footnote[^1] and [an inline ref][Mixed   Case] and ![ref image][logo] and [collapsed][] and [shortcut].', '',
    '[^1]: The note with [a link](missing-note.md).', '',
    '| Col | Link |', '| --- | --- |', '| a | [t](headings.md#example-1) |', '| b | [t2](headings.md#nope) |', '',
    '<p><a href="headings.md#html-anchor">ok</a> <a href=\'./gone.html\'>gone</a> <img src="img/none.png"></p>', '',
    'Escaped \\[not a link\\](nowhere.md) and `[code](nowhere.md)` and [encoded](headings.md#%C3%BCber-%C3%BCn%C3%AFc%C3%B6d%C3%A9-%E6%97%A5%E6%9C%AC%E8%AA%9E).', '',
    '    [indented code](nowhere.md)', '',
    '~~~json', '{ "a": 1, }', '~~~', '',
    '  ```yaml', '  a: [1', '  ```', '',
    '```ts {1,2}', 'const x: = 1;', '```', '',
    'Absolute [route](/edge/all-headings/#example) and [bad route](/edge/nowhere/) and [query](headings.md?x=1#example).', '',
    'An [undefined][nothing] reference and matrix[0][1] indexing.', '',
    '[mixed case]: headings.md#second-setext', '[logo]: img/logo.png "Logo"', '[collapsed]: ./links.md#links', '[shortcut]: <headings.md#quoted-heading>', '',
  ].join('\n'));
  write(root, 'docs/edge/deep.md', ['# Deep', '', `${'> '.repeat(40)}[deep](nowhere-deep.md)`, '', `${'- '.repeat(40)}[deep list](headings.md#nope-deep)`, ''].join('\n'));
  write(root, 'docs/edge/empty.md', '');
  write(root, 'docs/edge/img/logo.png', 'png');
}

