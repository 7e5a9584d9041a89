/**
 * Pages are parsed once and reused across calls by content hash (issue 25 item 1): a second
 * check_documentation_links over an unchanged folder parses nothing, validate_content over the
 * same folder reuses the same pages, and a page edited between calls is parsed again and its
 * new link problem reported (the old, fixed one gone).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import docs from '../../../plugins/docs/index.js';
import { linkOutlineStats } from '../../../sdk/markdown.js';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';
// @ts-expect-error: a plain ES module of the benchmarks, without types
import { writeLinkCorpus } from '../../../bench/link-corpus.mjs';

describe('parsed pages are reused across calls by content hash', () => {
  const workspace = tempDir('toolpack-linkcache-');
  let kernel: TestToolpack;
  const PAGES = 40;
  const check = async () => outcome(await kernel.call('check_documentation_links', { documentation_path: 'docs', check_external_links: false }));

  beforeAll(async () => {
    writeLinkCorpus(join(workspace, 'docs'), PAGES);
    kernel = await startTestToolpack({ workspace, plugins: [docs], config: { plugins: ['project'] } });
  }, 60_000);
  afterAll(async () => kernel?.stop());

  it('parses each page once per call, then not again while unchanged, and again once edited', async () => {
    const start = linkOutlineStats();
    const first = await check();
    expect(first.isError, first.text).toBe(false);
    const pages = first.data.pagesChecked;
    expect(pages).toBe(PAGES + 7); // the corpus adds an index page per section
    const afterFirst = linkOutlineStats();
    // Every page parsed once, none twice (links into a page do not parse it again).
    expect(afterFirst.parsed - start.parsed).toBe(pages);

    const second = await check();
    const afterSecond = linkOutlineStats();
    expect(afterSecond.parsed).toBe(afterFirst.parsed);
    expect(afterSecond.hits - afterFirst.hits).toBe(pages);
    expect(second.data.issues).toEqual(first.data.issues);

    // validate_content reads the same pages the same way: nothing parsed either.
    const content = outcome(await kernel.call('validate_content', { contentPath: 'docs', validationType: 'all', includeCodeValidation: false }));
    expect(content.isError, content.text).toBe(false);
    expect(linkOutlineStats().parsed).toBe(afterFirst.parsed);
    expect(content.data.brokenLinkTotal).toBe(first.data.brokenTotal + first.data.warningTotal);

    // An edit: the page's text (so its hash) changes; only it is parsed, and its new broken link is found.
    const edited = join(workspace, 'docs', 'getting-started', 'index.md');
    writeFileSync(edited, '# getting-started\n\nNow links to [a page that is not there](nowhere.md).\n');
    const third = await check();
    expect(linkOutlineStats().parsed - afterFirst.parsed).toBe(1);
    expect(third.data.brokenTotal).toBe(first.data.brokenTotal + 1);
    expect(third.data.issues).toContainEqual(expect.objectContaining({ file: 'docs/getting-started/index.md', line: 3, kind: 'broken-link', url: 'nowhere.md' }));
  });
});
