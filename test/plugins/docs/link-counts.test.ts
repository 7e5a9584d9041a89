/**
 * Issue 28 item 10, links: validate_content counts a broken reference-style definition once
 * (its uses listed), not once per use; check_documentation_links says how many external URLs
 * answered, failed, were refused and were left over the cap, with notChecked the true count.
 * Through a real MCP client, on a JavaScript framework's docs folder (docs/Reference, docs/Guides).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import docs from '../../../plugins/docs/index.js';
import { MAX_EXTERNAL_URLS } from '../../../plugins/docs/links/check.js';
import { connectTestClient, startTestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { project, type Tree } from '../project/fixtures.js';
import { webFramework } from './web-framework-repo.js';

const ROUTES_MD = [
  '# Routes', // 1
  '', // 2
  'Routes are declared with [`quill.route`][route] or the [shorthand methods][shorthand].', // 3
  'Each route runs its [hooks] in order; see [Hooks][hooks] for the full list.', // 4
  '', // 5
  '## Options', // 6
  '', // 7
  '- `schema`: validated as described in [Validation][validation].', // 8
  '- `onRequest`: one of the [hooks].', // 9
  '- `handler`: the function of the [route][route].', // 10
  '- `constraints`: see [Constraints][constraints] and [Constraints][constraints] again.', // 11
  '', // 12
  'The [Server][server] page lists server-wide options; [hooks][hooks] apply there too.', // 13
  '', // 14
  '[route]: ./Routes.md#routes', // 15
  '[shorthand]: ./Routes.md#options', // 16
  '[hooks]: ./Hook.md', // 17: the page is Hooks.md
  '[validation]: ./Validation-and-Serialization.md', // 18
  '[server]: ./Server.md', // 19
  '', // 20
].join('\n');

async function client(root: string, network: { allowPrivateAddresses: boolean }) {
  const kernel = await startTestToolpack({ workspace: root, plugins: [docs], config: { plugins: ['project', 'ssg'], network } });
  const mcp = await connectTestClient(kernel);
  onTestFinished(async () => {
    await mcp.close().catch(() => {});
    await kernel.stop();
  });
  return async (name: string, args: Record<string, unknown>) => {
    const result = outcome((await mcp.callTool({ name, arguments: args })) as never);
    expect(result.isError, result.text).toBe(false);
    return result.data;
  };
}

describe('a broken reference definition is one problem', () => {
  it('validate_content counts it once and lists its uses', { timeout: 60_000 }, async () => {
    const root = project({ ...webFramework(), 'docs/Reference/Routes.md': ROUTES_MD, 'docs/Reference/Validation-and-Serialization.md': '# Validation\n' }, 'toolpack-refdefs-');
    const call = await client(root, { allowPrivateAddresses: false });
    const data = await call('validate_content', { contentPath: 'docs/Reference/Routes.md', validationType: 'references' });
    const issues = data.brokenLinks.map((i: any) => [i.line, i.kind, i.url]);
    // [hooks] (used 4 times) points at a missing page; [constraints] (used twice) has no definition.
    expect(issues).toEqual([
      [4, 'broken-link', './Hook.md'],
      [11, 'undefined-reference', 'constraints'],
    ]);
    expect(data.brokenLinkTotal).toBe(2);
    const hooks = data.brokenLinks[0];
    expect(hooks.definitionLine).toBe(17);
    expect(hooks.uses.map((u: { line: number }) => u.line)).toEqual([4, 4, 9, 13]);
    expect(hooks.message).toMatch(/line 17, used 4 times/);
    expect(data.brokenLinks[1].uses.map((u: { line: number }) => u.line)).toEqual([11, 11]);
    expect(data.summary).toMatch(/^2 problems/);

    // check_documentation_links reports the same two problems.
    const links = await call('check_documentation_links', { documentation_path: 'docs/Reference/Routes.md', check_external_links: false });
    expect(links.brokenTotal).toBe(2);
  });
});

describe('external URL counts', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url?.startsWith('/ok/')) return void res.writeHead(200).end();
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server?.closeAllConnections();
    server?.close();
  });

  const pages = (): Tree => {
    // The first page holds the cap exactly (5 of them gone); the second 12 more, past the cap.
    const first = Array.from({ length: MAX_EXTERNAL_URLS }, (_, i) => `- [plugin ${i}](${base}/${i % 200 === 7 ? 'gone' : 'ok'}/${i})`);
    const second = Array.from({ length: 12 }, (_, i) => `- [extra ${i}](${base}/ok/extra-${i})`);
    return { 'docs/Guides/Ecosystem.md': `# Ecosystem\n\n${first.join('\n')}\n`, 'docs/Guides/More.md': `# More\n\n${second.join('\n')}\n` };
  };

  it('says how many answered, failed and were left over the cap', { timeout: 120_000 }, async () => {
    const root = project({ ...webFramework(), ...pages() }, 'toolpack-extcap-');
    const call = await client(root, { allowPrivateAddresses: true });
    const data = await call('check_documentation_links', { documentation_path: 'docs/Guides', max_concurrent_checks: 50 });
    expect(data.external).toEqual({ checked: MAX_EXTERNAL_URLS, ok: MAX_EXTERNAL_URLS - 5, broken: 5, unverified: 0, notChecked: 12 });
    expect(data.summary).toContain(`${MAX_EXTERNAL_URLS - 5} answered`);
    expect(data.summary).toContain('5 failed');
    expect(data.summary).toContain(`12 not checked (over the cap of ${MAX_EXTERNAL_URLS})`);
  });

  it('does not call URLs the network policy refused "fetched"', { timeout: 60_000 }, async () => {
    const root = project({ ...webFramework(), 'docs/Guides/Links.md': `# Links\n\n[a](${base}/ok/a) [b](${base}/ok/b) [c](${base}/gone/c)\n` }, 'toolpack-extrefused-');
    const call = await client(root, { allowPrivateAddresses: false });
    const data = await call('check_documentation_links', { documentation_path: 'docs/Guides/Links.md' });
    expect(data.brokenTotal).toBe(0);
    expect(data.summary).not.toMatch(/external URLs fetched/);
    expect(data.summary).toContain('0 answered');
    expect(data.summary).toContain('3 refused by the network policy');
  });
});
