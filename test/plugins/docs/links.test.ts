/**
 * check_documentation_links: the shared sample project (every planted link, anchor
 * and image defect found at its file and line, nothing else), links written for the
 * site generator's addresses (/tutorials/first/ served from tutorials/first.md,
 * static images, MkDocs anchors), and external links against loopback servers:
 * 200, 404, redirect chains, HEAD refused, a slow server past timeout_ms, a refused
 * connection reported at every link, and max_concurrent_checks requests per host at once.
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
const at = (issues: any[]) => issues.map((i) => `${i.file}:${i.line} ${i.kind} ${i.url}`).sort();

describe('check_documentation_links', () => {
  const workspace = tempDir('toolpack-doclinks-');
  let kernel: TestToolpack;
  const check = async (args: Record<string, unknown>) => outcome(await kernel.call('check_documentation_links', args));

  beforeAll(async () => {
    writeSampleProject(workspace);
    // Loopback servers stand in for external sites: the network policy must let tools reach them.
    kernel = await startTestToolpack({ workspace, plugins: [docs], config: { plugins: ['project', 'ssg'], network: { allowPrivateAddresses: true } } });
  }, 60_000);
  afterAll(async () => kernel?.stop());

  it('finds every planted link, anchor and image defect of the sample project at its line, and nothing else', async () => {
    const { isError, data, text } = await check({ check_external_links: false });
    expect(isError, text).toBe(false);
    const planted = defectsOf('broken-link', 'broken-anchor', 'near-miss-anchor', 'missing-image');
    const kindOf = { 'broken-link': 'broken-link', 'broken-anchor': 'broken-anchor', 'near-miss-anchor': 'broken-anchor', 'missing-image': 'missing-image' } as const;
    expect(at(data.issues)).toEqual(planted.map((d) => `${d.file}:${d.line} ${kindOf[d.kind as keyof typeof kindOf]} ${d.subject}`).sort());
    const nearMiss = data.issues.find((i: any) => i.url === '#instalation');
    expect(nearMiss.suggestion).toBe('#installation');
    expect(data.summary).toMatch(/^5 broken links in 9 pages of docs/);
    expect(data).toMatchObject({ documentationPath: 'docs', pagesChecked: 9, brokenTotal: 5, ssg: null, external: null });
  });

  it('checks only what is asked: anchors off leaves files and images; internal off leaves anchors', async () => {
    const noAnchors = (await check({ check_external_links: false, check_anchor_links: false })).data;
    expect(new Set(noAnchors.issues.map((i: any) => i.kind))).toEqual(new Set(['broken-link', 'missing-image']));
    const anchorsOnly = (await check({ check_external_links: false, check_internal_links: false })).data;
    expect(new Set(anchorsOnly.issues.map((i: any) => i.kind))).toEqual(new Set(['broken-anchor']));
    expect(anchorsOnly.issues).toHaveLength(3);
  });

  it('resolves links the way the site serves pages, with MkDocs anchors, and suggests a near-miss file', async () => {
    write(workspace, 'site/mkdocs.yml', 'site_name: Demo\n');
    write(workspace, 'site/docs/tutorials/first.md', '# First steps\n\n## C++ & Rust\n\n## Über uns\n');
    write(workspace, 'site/docs/installation.md', '# Installation\n');
    write(workspace, 'site/docs/img/logo.png', 'png');
    write(
      workspace,
      'site/docs/tutorials/second.md',
      [
        '# Second', // 1
        '[first](/tutorials/first/) and [again](../first/) and [html](first.html)', // 2
        '![logo](/img/logo.png) [rust](first.md#c-rust) [umlaut](first.md#uber-uns)', // 3
        '[github-style](first.md#c--rust)', // 4
        '[third](/tutorials/third/)', // 5
        '[install](../instalation.md)', // 6
        '[escape](../../../../outside.md)', // 7
        '',
      ].join('\n'),
    );
    const { isError, data, text } = await check({ documentation_path: 'site/docs', check_external_links: false });
    expect(isError, text).toBe(false);
    expect(data.ssg).toBe('mkdocs');
    expect(at(data.issues)).toEqual([
      'site/docs/tutorials/second.md:4 broken-anchor first.md#c--rust',
      'site/docs/tutorials/second.md:5 broken-link /tutorials/third/',
      'site/docs/tutorials/second.md:6 broken-link ../instalation.md',
      'site/docs/tutorials/second.md:7 outside-workspace ../../../../outside.md',
    ]);
    expect(data.issues.find((i: any) => i.line === 4).suggestion).toBe('first.md#c-rust');
    expect(data.issues.find((i: any) => i.line === 6).suggestion).toBe('../installation.md');
    expect(data.issues.find((i: any) => i.line === 7).severity).toBe('warning');
  });

  it('reads site-absolute links from a content folder below the checked one', async () => {
    // npm's own docs: pages under docs/content/, links like /commands/npm-install, no generator config.
    write(workspace, 'tooling/docs/content/commands/npm-install.md', '# npm install\n\n## Synopsis\n');
    write(workspace, 'tooling/docs/content/using-npm/config.md', '# config\n\nSee [install](/commands/npm-install#synopsis) and [gone](/commands/npm-gone).\n');
    const { data } = await check({ documentation_path: 'tooling/docs', check_external_links: false });
    expect(at(data.issues)).toEqual(['tooling/docs/content/using-npm/config.md:3 broken-link /commands/npm-gone']);
  });

  it('follows addresses pages set in front matter and Docusaurus heading ids', async () => {
    write(workspace, 'portal/docusaurus.config.js', 'export default { title: "Portal" };\n');
    write(workspace, 'portal/docs/guides/getting-started.md', '---\nslug: /start\n---\n# Getting started\n\n## Set it up {#setup}\n');
    write(workspace, 'portal/blog/2026-01-01-hello.md', '---\npermalink: /news/hello/\n---\n# Hello\n');
    write(
      workspace,
      'portal/docs/intro.md',
      ['# Intro', '[start](/docs/start#setup)', '[bad anchor](/docs/start#set-it-up-setup)', '[news](/news/hello/)', ''].join('\n'),
    );
    const { data, text } = await check({ documentation_path: 'portal/docs', check_external_links: false });
    expect(data.ssg, text).toBe('docusaurus');
    // The blog post is outside the checked folder, so its permalink is unknown: only pages checked claim addresses.
    expect(at(data.issues)).toEqual(['portal/docs/intro.md:3 broken-anchor /docs/start#set-it-up-setup', 'portal/docs/intro.md:4 broken-link /news/hello/']);
  });

  it('is remembered by the memory pack when it is loaded', async () => {
    const withMemory = await startTestToolpack({ workspace, plugins: [docs], config: { plugins: ['project', 'memory'] } });
    try {
      expect(outcome(await withMemory.call('check_documentation_links', { check_external_links: false })).isError).toBe(false);
      const recalled = outcome(await withMemory.call('memory_recall', { query: 'broken links pages docs' })).data;
      expect(recalled.hits[0].summary).toMatch(/^5 broken links in 9 pages of docs/);
    } finally {
      await withMemory.stop();
    }
  });

  it('refuses a documentation path outside the workspace or missing, naming the parameter', async () => {
    const outside = await check({ documentation_path: '../..', check_external_links: false });
    expect(outside.isError).toBe(true);
    expect(outside.text).toMatch(/documentation_path/);
    const missing = await check({ documentation_path: 'nope', check_external_links: false });
    expect(missing.isError).toBe(true);
    expect(missing.text).toMatch(/documentation_path.*nope/);
  });

  describe('external links', () => {
    let server: Server;
    let base: string;
    let refused: string;
    let active = 0;
    let maxActive = 0;
    const methods: string[] = [];
    /** When the slow link answers: far past timeout_ms, so the order is clear on a busy machine. */
    const SLOW_MS = 20_000;

    beforeAll(async () => {
      server = createServer((req, res) => {
        const url = req.url ?? '/';
        methods.push(`${req.method} ${url}`);
        const hop = /^\/hop\/(\d+)$/.exec(url);
        if (hop) {
          const n = Number(hop[1]);
          res.writeHead(n === 0 ? 200 : 302, n === 0 ? {} : { location: `/hop/${n - 1}` }).end();
          return;
        }
        if (url === '/ok') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>');
        if (url === '/no-head') return void res.writeHead(req.method === 'HEAD' ? 405 : 200).end();
        if (url === '/private') return void res.writeHead(403).end();
        if (url === '/slow') return void setTimeout(() => res.writeHead(200).end(), SLOW_MS).unref();
        if (url.startsWith('/busy/')) {
          active++;
          maxActive = Math.max(maxActive, active);
          setTimeout(() => {
            active--;
            res.writeHead(200).end();
          }, 300);
          return;
        }
        res.writeHead(404).end('not here');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      // A port nothing listens on: bind, note it, close.
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      refused = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
      await new Promise<void>((resolve) => closed.close(() => resolve()));

      write(
        workspace,
        'ext/links.md',
        [
          '# Links', // 1
          `[ok](${base}/ok) [gone](${base}/gone)`, // 2
          `[three redirects](${base}/hop/3)`, // 3
          `[seven redirects](${base}/hop/7)`, // 4
          `[head refused](${base}/no-head) [private](${base}/private)`, // 5
          `[slow](${base}/slow)`, // 6
          `[down](${refused}/docs)`, // 7
          `Again [down][down-ref] and [mail](mailto:team@example.com).`, // 8
          '',
          `[down-ref]: ${refused}/docs`, // 10
          '',
        ].join('\n'),
      );
      write(workspace, 'busy/links.md', ['# Busy', ...Array.from({ length: 8 }, (_, i) => `[b${i}](${base}/busy/${i})`), ''].join('\n'));
    });
    afterAll(() => {
      server?.closeAllConnections();
      server?.close();
    });

    it('reports 404s, long redirect chains, timeouts and a refused host at every link, and passes the rest', async () => {
      const started = Date.now();
      const { isError, data, text } = await check({ documentation_path: 'ext', timeout_ms: 400 });
      expect(isError, text).toBe(false);
      // It gave up on the slow link at timeout_ms: the check ended before that server answered.
      expect(Date.now() - started).toBeLessThan(SLOW_MS);
      const byLine = data.issues.map((i: any) => [i.line, i.kind, i.message]);
      expect(byLine).toEqual([
        [2, 'external-broken', expect.stringContaining('404 Not Found')],
        [4, 'external-broken', expect.stringContaining('more than 5 redirects')],
        [6, 'external-broken', expect.stringContaining('no answer within 400 ms')],
        [7, 'external-broken', expect.stringContaining('connection refused')],
        [8, 'external-broken', expect.stringContaining('connection refused')],
        [5, 'external-unverified', expect.stringContaining('403')],
      ]);
      expect(data.external).toEqual({ checked: 8, ok: 3, broken: 4, unverified: 1, notChecked: 0 });
      // HEAD first; GET only where HEAD was refused.
      expect(methods).toContain('HEAD /ok');
      expect(methods).not.toContain('GET /ok');
      expect(methods).toEqual(expect.arrayContaining(['HEAD /no-head', 'GET /no-head']));
    });

    it('keeps max_concurrent_checks requests in flight to one host, and never more (issue 25 item 9)', async () => {
      // The loopback server holds each /busy/ request 300 ms and counts how many it holds at once.
      for (const cap of [5, 1, 8]) {
        maxActive = 0;
        const { data } = await check({ documentation_path: 'busy', max_concurrent_checks: cap });
        expect(data.brokenTotal).toBe(0);
        expect(data.external.ok).toBe(8);
        expect(maxActive, `max_concurrent_checks: ${cap}`).toBe(cap);
      }
    });

    it('reports links as unverified, not broken, when no site answers at all (offline)', async () => {
      // Two more ports nothing listens on: every external link fails before any HTTP answer.
      const ports: string[] = [];
      for (let i = 0; i < 2; i++) {
        const closed = createServer();
        await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
        ports.push(`http://127.0.0.1:${(closed.address() as AddressInfo).port}`);
        await new Promise<void>((resolve) => closed.close(() => resolve()));
      }
      write(workspace, 'offline/links.md', ['# Offline', `[a](${ports[0]}/guide) and [b](${ports[1]}/api)`, `[c](${refused}/more)`, ''].join('\n'));
      const { data } = await check({ documentation_path: 'offline' });
      expect(data.brokenTotal).toBe(0);
      expect(data.external).toMatchObject({ checked: 3, ok: 0, broken: 0, unverified: 3 });
      expect(data.issues.map((i: any) => i.kind)).toEqual(['external-unverified', 'external-unverified', 'external-unverified']);
      expect(data.issues[0].message).toMatch(/connection refused; no external site answered at all/);
    });

    it('fetches nothing when external checks are off', async () => {
      const before = methods.length;
      const { data } = await check({ documentation_path: 'ext', check_external_links: false });
      expect(methods.length).toBe(before);
      expect(data.issues).toEqual([]);
      expect(data.links.external).toBe(9);
    });
  });
});
