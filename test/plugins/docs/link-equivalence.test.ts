/**
 * Finding equivalence (issue 25 item 1): check_documentation_links and validate_content
 * report on a realistic folder exactly what they reported before pages were read on the fast
 * path (worker threads, compact page outlines, the content-hash cache). The golden file was
 * recorded with the earlier implementation (full remark tree per page on the server's thread);
 * the folder is the benchmark's generator (120 pages) plus pages of the constructs where a
 * shortcut could read differently: setext and nested headings, HTML anchors and links, GFM
 * autolinks, footnotes, tables, reference images, indented and tilde fences, front matter
 * routes, a page with over-deep nesting.
 * Re-record (only when findings are meant to change): TOOLPACK_RECORD_GOLDEN=1.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readdirSync } from 'node:fs';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTree } from '../../../sdk/markdown-parser.js';
import docs from '../../../plugins/docs/index.js';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';
import { writeEdgePages } from './link-edge-pages.js';
// @ts-expect-error: a plain ES module of the benchmarks, without types
import { writeLinkCorpus } from '../../../bench/link-corpus.mjs';

const GOLDEN = join(dirname(new URL(import.meta.url).pathname), 'fixtures', 'link-findings.golden.json');

describe('link findings stay the same on the fast path', () => {
  const workspace = tempDir('toolpack-linkeq-');
  let kernel: TestToolpack;

  beforeAll(async () => {
    writeLinkCorpus(join(workspace, 'docs'), 120);
    writeEdgePages(workspace);
    kernel = await startTestToolpack({ workspace, plugins: [docs], config: { plugins: ['project'] } });
  }, 60_000);
  afterAll(async () => kernel?.stop());

  it('reports the same links, issues and code errors as before on a realistic folder', async () => {
    const links = outcome(await kernel.call('check_documentation_links', { documentation_path: 'docs', check_external_links: false }));
    expect(links.isError, links.text).toBe(false);
    const content = outcome(await kernel.call('validate_content', { contentPath: 'docs' }));
    expect(content.isError, content.text).toBe(false);
    const edge = outcome(await kernel.call('validate_content', { contentPath: 'docs/edge', validationType: 'references' }));
    const got = { links: links.data, content: content.data, references: edge.data };
    if (process.env.TOOLPACK_RECORD_GOLDEN === '1' || !existsSync(GOLDEN)) {
      mkdirSync(dirname(GOLDEN), { recursive: true });
      writeFileSync(GOLDEN, JSON.stringify(got, null, 1) + '\n');
    }
    const golden = JSON.parse(readFileSync(GOLDEN, 'utf8'));
    // Below the cap of listed issues, so every finding is compared, not only the first 200.
    expect(links.data.truncated).toBe(false);
    expect(got.links).toEqual(golden.links);
    expect(got.content).toEqual(golden.content);
    expect(got.references).toEqual(golden.references);
  });
});

describe('autolink constructs a page cannot use are left out of its parse', () => {
  const workspace = tempDir('toolpack-autolink-');
  const remark = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, [{ type: 'yaml', fence: { open: '---', close: '---' } }, { type: 'yaml', fence: { open: '---', close: '...' } }]).freeze();

  it('gives the tree remark with every GFM construct gives', async () => {
    writeLinkCorpus(join(workspace, 'docs'), 30);
    writeEdgePages(workspace);
    const texts = readdirSync(join(workspace, 'docs'), { recursive: true }).map(String).filter((f) => f.endsWith('.md')).map((f) => readFileSync(join(workspace, 'docs', f), 'utf8'));
    texts.push(
      'Mail me: a.b+c@example.co.uk, or at *x@y.z*. No link: a@b, @handle, user@.',
      'Go to WWW.Example.com/path?q=1. and www.x (no dot after) and [www.inside.link](x.md).',
      'HTTPS://EXAMPLE.COM/a_(b) and http:/broken and Http://x.y/z. and <http://angle.com>',
      'Only text, no autolinks at all: just words and `code@example.com` in code.',
      'Install @fastify/cors and npm@5.2.0; mail x@y.org.\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n- [ ] task\n- [x] done\n\nNote[^n] ~~gone~~.\n\n[^n]: foot',
      'No pipes, no footnotes, no tasks: [a] [x] and [^] alone, a ~ tilde.',
    );
    for (const text of texts) {
      const ours = await parseTree(text);
      expect(ours.tree, text.slice(0, 60)).toEqual(remark.parse(ours.source));
    }
  });
});
