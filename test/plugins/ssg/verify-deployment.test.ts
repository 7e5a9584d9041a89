/**
 * verify_deployment on a repository deploy_pages set up: local checks that
 * pass, warn and fail for the reasons a user meets (no workflow, deprecated
 * actions, no build yet, CNAME disagreeing with the workflow), and the HTTP
 * check against loopback servers: 200 with a title, 404, and one that never
 * answers (a NetworkError naming the host after the timeout). Memory records
 * "succeeded" only for a verified URL.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_ADAPTERS } from '../../../plugins/ssg/adapters/index.js';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';

const write = (root: string, path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

function mkdocsProject(root: string) {
  const mkdocs = BUILTIN_ADAPTERS.find((a) => a.id === 'mkdocs')!;
  write(root, 'pyproject.toml', '[project]\nname = "tidyframe"\nversion = "1.4.0"\n');
  write(root, 'src/tidyframe/__init__.py', 'def tidy(frame):\n    return frame\n');
  for (const file of mkdocs.configFiles({ projectName: 'tidyframe' })) write(root, file.path, file.content);
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: root });
}

/** A loopback server: `/` answers the site, `/missing` 404, `/hang` never answers. */
async function siteServer(): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    if (req.url === '/hang') return; // never answers
    if (req.url === '/old') {
      res.writeHead(301, { location: '/' }).end();
      return;
    }
    if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><html><head><title>tidyframe docs</title></head><body>Hi</body></html>');
      return;
    }
    res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>404</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('verify_deployment', () => {
  const workspace = tempDir('toolpack-verify-');
  let kernel: TestToolpack;
  let server: Server;
  let base: string;
  const verify = async (args: Record<string, unknown>) => outcome(await kernel.call('verify_deployment', args));
  const check = (data: any, name: string) => data.checks.find((c: any) => c.check === name);

  beforeAll(async () => {
    mkdocsProject(join(workspace, 'lib'));
    // Loopback servers stand in for the deployed site: the network policy must let tools reach them.
    kernel = await startTestToolpack({ workspace, config: { plugins: ['project', 'memory', 'ssg'], network: { allowPrivateAddresses: true } } });
    ({ server, base } = await siteServer());
  }, 60_000);
  afterAll(async () => {
    server?.closeAllConnections();
    server?.close();
    await kernel?.stop();
  });

  it('fails without a workflow and says to run deploy_pages', async () => {
    const { isError, data } = await verify({ repository: 'lib' });
    expect(isError).toBe(false);
    expect(data.status).toBe('fail');
    expect(check(data, 'workflow')).toMatchObject({ status: 'fail', recommendation: expect.stringContaining('deploy_pages') });
    expect(check(data, 'ssg-config')).toMatchObject({ status: 'pass', detail: expect.stringContaining('mkdocs.yml') });
    expect(data.ssg).toBe('mkdocs');
  });

  it('passes the workflow deploy_pages wrote, warns until the site is built, then passes', async () => {
    const deployed = outcome(await kernel.call('deploy_pages', { repository: 'lib', ssg: 'mkdocs', customDomain: 'docs.tidyframe.dev' }));
    expect(deployed.isError, deployed.text).toBe(false);
    let { data } = await verify({ repository: 'lib' });
    expect(check(data, 'workflow')).toMatchObject({ status: 'pass', detail: expect.stringContaining('action-validator') });
    expect(check(data, 'build-output')).toMatchObject({ status: 'warn', recommendation: expect.stringContaining('test_local_deployment') });
    expect(check(data, 'cname')).toMatchObject({ status: 'pass', detail: expect.stringContaining('docs.tidyframe.dev') });
    expect(data.status).toBe('warn');

    write(join(workspace, 'lib'), 'site/index.html', '<html><head><title>tidyframe</title></head></html>');
    ({ data } = await verify({ repository: 'lib' }));
    expect(data.status).toBe('pass');
    expect(data.recommendations).toEqual([]);
  });

  it('fails a CNAME that disagrees with the workflow, and a workflow uploading the wrong folder', async () => {
    const root = join(workspace, 'drift');
    mkdocsProject(root);
    write(root, 'docs/CNAME', 'docs.old-name.dev\n');
    write(root, 'site/index.html', '<html></html>');
    write(
      root,
      '.github/workflows/deploy-docs.yml',
      [
        'on: { push: { branches: [main] } }',
        'permissions: { contents: write }',
        'jobs:',
        '  publish:',
        '    runs-on: ubuntu-latest',
        '    steps:',
        '      - uses: actions/checkout@v4',
        '      - run: pip install mkdocs && mkdocs build',
        '      - uses: peaceiris/actions-gh-pages@v4',
        '        with: { github_token: "${{ secrets.GITHUB_TOKEN }}", publish_dir: ./public, cname: docs.tidyframe.dev }',
        '',
      ].join('\n'),
    );
    const { data } = await verify({ repository: 'drift' });
    expect(check(data, 'cname')).toMatchObject({ status: 'fail', detail: expect.stringMatching(/docs\.old-name\.dev.*docs\.tidyframe\.dev/) });
    expect(check(data, 'artifact-path')).toMatchObject({ status: 'fail', detail: expect.stringContaining('site') });
    expect(data.status).toBe('fail');
  });

  it('warns about deprecated actions and fails an invalid workflow', async () => {
    const root = join(workspace, 'old');
    mkdocsProject(root);
    const old = [
      'on: push',
      'permissions: { pages: write, id-token: write }',
      'jobs:',
      '  build:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - uses: actions/checkout@v2',
      '      - run: mkdocs build',
      '      - uses: actions/upload-pages-artifact@v1',
      '        with: { path: site }',
      '  deploy:',
      '    needs: build',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - uses: actions/deploy-pages@v1',
      '',
    ].join('\n');
    write(root, '.github/workflows/deploy-docs.yml', old);
    let { data } = await verify({ repository: 'old' });
    expect(check(data, 'workflow')).toMatchObject({ status: 'warn', detail: expect.stringContaining('actions/checkout@v2') });
    expect(check(data, 'workflow').detail).toContain('actions/deploy-pages@v1');

    write(root, '.github/workflows/deploy-docs.yml', old.replace('runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v2', 'steps:\n      - uses: actions/checkout@v4'));
    ({ data } = await verify({ repository: 'old' }));
    expect(check(data, 'workflow')).toMatchObject({ status: 'fail', detail: expect.stringContaining('invalid') });
  });

  it('reports a live site answering 200 with its title, following redirects', async () => {
    const { isError, data } = await verify({ repository: 'lib', url: `${base}/old` });
    expect(isError).toBe(false);
    expect(data.http).toMatchObject({ status: 200, finalUrl: `${base}/`, title: 'tidyframe docs' });
    expect(data.http.timeMs).toBeGreaterThanOrEqual(0);
    // A loopback host is not the configured custom domain.
    expect(check(data, 'url')).toMatchObject({ status: 'warn', detail: expect.stringContaining('docs.tidyframe.dev') });
  });

  it('fails a 404 with what to look at', async () => {
    const { isError, data } = await verify({ repository: 'lib', url: `${base}/missing` });
    expect(isError).toBe(false);
    expect(data.status).toBe('fail');
    expect(check(data, 'url')).toMatchObject({ status: 'fail', detail: expect.stringContaining('404') });
    expect(check(data, 'url').recommendation).toMatch(/Actions tab/);
  });

  it('gives a NetworkError naming the host when the site never answers', async () => {
    const started = Date.now();
    const { isError, data, text } = await verify({ repository: 'lib', url: `${base}/hang` });
    expect(isError).toBe(true);
    expect(data.error.type).toBe('NetworkError');
    expect(text).toContain(new URL(base).host);
    expect(text).toMatch(/no answer within 10 s/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
  }, 30_000);

  it('refuses a URL that is not http(s), naming url', async () => {
    const { isError, text } = await verify({ repository: 'lib', url: 'ftp://example.com/' });
    expect(isError).toBe(true);
    expect(text).toContain('url');
  });

  it('records succeeded only for the verified URL, failed for the failed checks', async () => {
    const { data } = outcome(await kernel.call('analyze_deployments', { analysisType: 'full_report' }));
    // 200 once (succeeded); failed: no workflow, drift, invalid workflow, 404, unreachable.
    expect(data.overall.succeeded).toBe(1);
    expect(data.overall.failed).toBe(5);
    expect(data.overall.configured).toBe(1);
  });
});
