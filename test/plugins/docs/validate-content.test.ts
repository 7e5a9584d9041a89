/**
 * validate_content on the shared sample project: every planted link, anchor, image
 * and code-syntax defect found at its file and line and nothing else; each
 * validationType limited to its part; reference-style links checked on their own;
 * external links fetched only when followExternalLinks.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import docs from '../../../plugins/docs/index.js';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';
import { defectsOf, writeSampleProject } from './sample-project.js';

const write = (root: string, path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
const LINK_KIND = { 'broken-link': 'broken-link', 'broken-anchor': 'broken-anchor', 'near-miss-anchor': 'broken-anchor', 'missing-image': 'missing-image' } as const;
const linkDefects = () => defectsOf('broken-link', 'broken-anchor', 'near-miss-anchor', 'missing-image').map((d) => `${d.file}:${d.line} ${LINK_KIND[d.kind as keyof typeof LINK_KIND]}`).sort();
const codeDefects = () => defectsOf('code-syntax-error').map((d) => `${d.file}:${d.line} ${d.subject}`).sort();

describe('validate_content', () => {
  const workspace = tempDir('toolpack-validate-');
  let kernel: TestToolpack;
  let server: Server;
  let base: string;
  let requests = 0;
  const validate = async (args: Record<string, unknown>) => outcome(await kernel.call('validate_content', args));

  beforeAll(async () => {
    writeSampleProject(workspace);
    server = createServer((req, res) => {
      requests++;
      res.writeHead(req.url === '/ok' ? 200 : 404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    write(
      workspace,
      'notes/refs.md',
      [
        '# Notes', // 1
        'The [guide][guide] and the [missing][nowhere] page.', // 2
        `Inline [gone](./gone.md) and [site](${base}/ok) and [old](${base}/old).`, // 3
        '',
        '[guide]: ./refs.md#notes', // 5
        '[broken]: ./absent.md', // 6
        '',
        'Uses [the broken one][broken].', // 8
        '',
      ].join('\n'),
    );
    // A loopback server stands in for an external site: the network policy must let tools reach it.
    kernel = await startTestToolpack({ workspace, plugins: [docs], config: { plugins: ['project'], network: { allowPrivateAddresses: true } } });
  }, 60_000);
  afterAll(async () => {
    server?.closeAllConnections();
    server?.close();
    await kernel?.stop();
  });

  it('finds every planted link, image and code defect of the sample project at its line, and nothing else', async () => {
    const { isError, data, text } = await validate({ contentPath: 'docs' });
    expect(isError, text).toBe(false);
    expect(data.brokenLinks.map((i: any) => `${i.file}:${i.line} ${i.kind}`).sort()).toEqual(linkDefects());
    expect(data.codeErrors.map((e: any) => `${e.file}:${e.line} ${e.language}`).sort()).toEqual(codeDefects());
    expect(data.valid).toBe(false);
    expect(data.summary).toMatch(/^8 problems: 9 pages of docs/);
    expect(data.codeBlocks.parsed).toBeGreaterThanOrEqual(5);
    expect(data.codeBlocks.total).toBeGreaterThan(data.codeBlocks.parsed); // bash blocks are counted, not parsed
  });

  it('limits itself to the validation type asked for', async () => {
    const code = (await validate({ contentPath: 'docs', validationType: 'code' })).data;
    expect(code.brokenLinks).toEqual([]);
    expect(code.codeErrorTotal).toBe(codeDefects().length);
    const links = (await validate({ contentPath: 'docs', validationType: 'links' })).data;
    expect(links.codeErrors).toEqual([]);
    expect(links.brokenLinkTotal).toBe(linkDefects().length);
    const noCode = (await validate({ contentPath: 'docs', includeCodeValidation: false })).data;
    expect(noCode.codeErrors).toEqual([]);
    expect(noCode.codeBlocks).toEqual({ total: 0, parsed: 0 });
  });

  it('checks reference-style links apart from inline ones, on a single page', async () => {
    const refs = (await validate({ contentPath: 'notes/refs.md', validationType: 'references' })).data;
    expect(refs.brokenLinks.map((i: any) => [i.line, i.kind, i.url])).toEqual([
      [2, 'undefined-reference', 'nowhere'],
      [8, 'broken-link', './absent.md'],
    ]);
    expect(refs.contentPath).toBe('notes/refs.md');
    const inline = (await validate({ contentPath: 'notes/refs.md', validationType: 'links' })).data;
    expect(inline.brokenLinks.map((i: any) => [i.line, i.kind, i.url])).toEqual([[3, 'broken-link', './gone.md']]);
    expect(requests).toBe(0);
  });

  it('fetches external links only with followExternalLinks', async () => {
    const { data } = await validate({ contentPath: 'notes/refs.md', validationType: 'links', followExternalLinks: true });
    expect(data.brokenLinks.map((i: any) => [i.line, i.kind, i.status ?? null])).toEqual([
      [3, 'broken-link', null],
      [3, 'external-broken', 404],
    ]);
    expect(requests).toBe(2);
  });

  it('refuses a path outside the workspace, naming contentPath', async () => {
    const { isError, text } = await validate({ contentPath: '/etc' });
    expect(isError).toBe(true);
    expect(text).toMatch(/contentPath/);
  });
});
