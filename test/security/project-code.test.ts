/**
 * Item 1: tools ran the repository's code without asking. A site build runs the
 * site's configuration (an Eleventy config file, MkDocs hooks, a generator planted
 * in the site's node_modules/.bin), and validate_tests runs the project's tests
 * (an npm script, a planted conftest.py). Now the kernel asks first, naming the
 * commands, the folder and the files (elicitation, or the pending confirmation),
 * HTTP denies by default, a denied or declined run executes nothing (marker files
 * prove it), system binaries never come from the workspace, and the child's
 * environment carries none of the server's secrets.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startToolpack } from '../../core/bootstrap.js';
import { createRootLogger } from '../../core/services/logger.js';
import { connectTestClient } from '../../sdk/testing.js';
import { findBinary } from '../../plugins/ssg/local/find-binary.js';
import { commitAll } from './git-repo.js';
import { assertBuilt, createWorkspace, inProcessClient, outcome, startHttpAt, stdioClient } from './helpers.js';

const MARKER = 'project-code-ran';
const hugo = await findBinary('hugo', process.cwd());
const mkdocs = await findBinary('mkdocs', process.cwd());

/** An Eleventy site whose config file writes a marker when anything loads it. */
function eleventySite(dir: string, markerDir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'eleventy.config.js'), `require('node:fs').writeFileSync(${JSON.stringify(join(markerDir, MARKER))}, 'eleventy config ran');\nmodule.exports = {};\n`);
  writeFileSync(join(dir, 'index.md'), '# Home\n');
}

/** A node project whose test script writes a marker, and the environment it saw. */
function npmProject(dir: string, markerDir: string): void {
  mkdirSync(join(dir, 'test'), { recursive: true });
  const script = `require('node:fs').writeFileSync(${JSON.stringify(join(markerDir, MARKER))}, JSON.stringify(process.env))`;
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'victim', version: '1.0.0', scripts: { test: `node -e "${script.replace(/"/g, '\\"')}"` } }));
  writeFileSync(join(dir, 'test', 'a.test.js'), "require('node:assert').ok(true);\n");
}

const ran = (markerDir: string) => existsSync(join(markerDir, MARKER));

function eliciting(kernel: Awaited<ReturnType<typeof startToolpack>>, action: 'accept' | 'decline') {
  return (async () => {
    const client = await connectTestClient(kernel, { elicitation: {} });
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push((request.params as { message: string }).message);
      return action === 'accept' ? { action, content: { confirm: true } } : { action };
    });
    onTestFinished(() => client.close());
    return { client, asked };
  })();
}

async function kernelAt(dir: string) {
  const kernel = await startToolpack({ cwd: dir, logger: createRootLogger('silent') });
  onTestFinished(() => kernel.stop());
  return kernel;
}

describe('test_local_deployment asks before running the site\'s code', () => {
  it('over stdio without elicitation: a pending confirmation naming the command, folder and config file, and nothing runs', async () => {
    const ws = createWorkspace();
    const markers = ws.path('../markers');
    mkdirSync(markers);
    eleventySite(ws.path('site'), markers);
    const client = await stdioClient(ws.dir);
    const result = await client.call('test_local_deployment', { repositoryPath: 'site', ssg: 'eleventy', port: 38111, timeout: 30 });
    expect(result.isError).toBe(true);
    expect(result.data.error.type).toBe('ConfirmationRequired');
    expect(result.data.error.details.description).toMatch(/eleventy(\.js)? --output _site/);
    expect(result.data.error.details.description).toContain('Working directory: site');
    expect(result.data.error.details.description).toContain('site/eleventy.config.js');
    expect(ran(markers)).toBe(false);
  }, 60_000);

  it('with elicitation: declined runs nothing; the question names the command, its folder and the files', async () => {
    const ws = createWorkspace();
    const markers = ws.path('../markers');
    mkdirSync(markers);
    eleventySite(ws.path('site'), markers);
    const { client, asked } = await eliciting(await kernelAt(ws.dir), 'decline');
    const result = outcome((await client.callTool({ name: 'test_local_deployment', arguments: { repositoryPath: 'site', ssg: 'eleventy', port: 38112, timeout: 30 } })) as never);
    expect(result.data.error.type).toBe('ConfirmationDeclined');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/Command.*eleventy.* --output _site/);
    expect(asked[0]).toContain('Working directory: site');
    expect(asked[0]).toContain('site/eleventy.config.js');
    expect(ran(markers)).toBe(false);
  }, 60_000);

  it('a generator planted in the site\'s node_modules/.bin is shown as code that will run, by path', async () => {
    const ws = createWorkspace();
    const markers = ws.path('../markers');
    mkdirSync(markers);
    eleventySite(ws.path('site'), markers);
    const planted = ws.path('site/node_modules/.bin/eleventy');
    mkdirSync(join(planted, '..'), { recursive: true });
    writeFileSync(planted, `#!/bin/sh\ntouch '${join(markers, 'planted-eleventy')}'\n`);
    chmodSync(planted, 0o755);
    const { client, asked } = await eliciting(await kernelAt(ws.dir), 'decline');
    await client.callTool({ name: 'test_local_deployment', arguments: { repositoryPath: 'site', ssg: 'eleventy', port: 38113, timeout: 30 } });
    expect(asked[0]).toContain('site/node_modules/.bin/eleventy');
    expect(existsSync(join(markers, 'planted-eleventy'))).toBe(false);
  }, 60_000);

  it.skipIf(!mkdocs)('MkDocs hooks are named as code that will run; a hook entry is a path, never matched as a glob', async () => {
    const ws = createWorkspace({
      'site/mkdocs.yml': `site_name: t\nhooks:\n  - hooks/evil.py\n  - '${'**/*a'.repeat(12)}*b'\n`,
      'site/hooks/evil.py': 'import os\n',
      'site/docs/index.md': '# Home\n',
    });
    const { client, asked } = await eliciting(await kernelAt(ws.dir), 'decline');
    await client.callTool({ name: 'test_local_deployment', arguments: { repositoryPath: 'site', ssg: 'mkdocs', port: 38116, timeout: 30 } });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('site/mkdocs.yml, site/hooks/evil.py');
  }, 60_000);

  it.skipIf(!hugo)('allowed, a Hugo build with git info finds git on the server\'s PATH, never a git planted in the site', async () => {
    const ws = createWorkspace({ '.toolpackrc.json': JSON.stringify({ execution: { projectCode: 'allow' } }) });
    const markers = ws.path('../markers');
    mkdirSync(markers);
    const site = ws.path('site');
    mkdirSync(join(site, 'content'), { recursive: true });
    writeFileSync(join(site, 'hugo.toml'), 'baseURL = "http://example.org/"\ntitle = "t"\nenableGitInfo = true\n');
    writeFileSync(join(site, 'content', '_index.md'), '# Home\n');
    const fakeGit = join(site, 'node_modules', '.bin', 'git');
    mkdirSync(join(fakeGit, '..'), { recursive: true });
    writeFileSync(fakeGit, `#!/bin/sh\ntouch '${join(markers, 'planted-git')}'\nexit 1\n`);
    chmodSync(fakeGit, 0o755);
    commitAll(ws.dir);
    const client = await inProcessClient(ws.dir);
    await client.call('test_local_deployment', { repositoryPath: 'site', ssg: 'hugo', port: 38114, timeout: 60 });
    expect(existsSync(join(markers, 'planted-git'))).toBe(false);
  }, 90_000);
});

describe('deployment_readiness runs the project\'s tests only when allowed', () => {
  it('validate_tests asks first (pending), and the identical repeat runs them; all runs no tests under ask', async () => {
    const ws = createWorkspace();
    const markers = ws.path('../markers');
    mkdirSync(markers);
    npmProject(ws.dir, markers);
    const client = await inProcessClient(ws.dir);

    const all = await client.call('deployment_readiness', { operation: 'all', strictMode: false });
    expect(all.isError, all.text).toBe(false);
    expect(all.data.tests.status).toBe('not-run');
    expect(all.data.tests.summary).toContain('execution.projectCode is "ask"');
    expect(ran(markers)).toBe(false);

    const first = await client.call('deployment_readiness', { operation: 'validate_tests' });
    expect(first.data.error.type).toBe('ConfirmationRequired');
    expect(first.data.error.details.description).toMatch(/npm test --silent/);
    expect(first.data.error.details.description).toContain('package.json');
    expect(first.data.error.details.description).toContain('test/a.test.js');
    expect(ran(markers)).toBe(false);

    const second = await client.call('deployment_readiness', { operation: 'validate_tests' });
    expect(second.isError, second.text).toBe(false);
    expect(ran(markers)).toBe(true);
  }, 60_000);

  it('a planted conftest.py is named in the question, and declining runs nothing', async () => {
    const ws = createWorkspace({
      'pyproject.toml': '[project]\nname = "v"\nversion = "0.1.0"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
      'tests/test_a.py': 'def test_a():\n    assert True\n',
    });
    const markers = ws.path('../markers');
    mkdirSync(markers);
    ws.write('tests/conftest.py', `open(${JSON.stringify(join(markers, MARKER))}, 'w').write('conftest ran')\n`);
    const { client, asked } = await eliciting(await kernelAt(ws.dir), 'decline');
    const result = outcome((await client.callTool({ name: 'deployment_readiness', arguments: { operation: 'validate_tests' } })) as never);
    expect(result.data.error.type).toBe('ConfirmationDeclined');
    expect(asked[0]).toContain('tests/conftest.py');
    expect(asked[0]).toMatch(/python3 -m pytest -q/);
    expect(ran(markers)).toBe(false);
  }, 60_000);

  it('the tests see none of the server\'s secrets: no TOOLPACK_*, store URL, token or key variables', async () => {
    const ws = createWorkspace({ '.toolpackrc.json': JSON.stringify({ execution: { projectCode: 'allow' } }) });
    const markers = ws.path('../markers');
    mkdirSync(markers);
    npmProject(ws.dir, markers);
    const client = await stdioClient(ws.dir, {
      TOOLPACK_TOKEN: 'bearer-token-abc123',
      TOOLPACK_SECRET_KEY: 'a'.repeat(64),
      DATABASE_URL: 'postgres://app:hunter2@db.internal/app',
      GITHUB_TOKEN: 'ghp_notreallyatoken',
      LANG: 'C.UTF-8',
    });
    const result = await client.call('deployment_readiness', { operation: 'validate_tests' });
    expect(result.isError, result.text).toBe(false);
    const seen = JSON.parse(readFileSync(join(markers, MARKER), 'utf8')) as Record<string, string>;
    const text = JSON.stringify(seen);
    for (const secret of ['bearer-token-abc123', 'a'.repeat(64), 'hunter2', 'ghp_notreallyatoken']) expect(text).not.toContain(secret);
    expect(Object.keys(seen).filter((k) => k.startsWith('TOOLPACK_'))).toEqual([]);
    expect(seen.LANG).toBe('C.UTF-8');
    expect(seen.PATH).toBeTruthy();
  }, 60_000);
});

describe('serve --http denies project code unless the config allows it', () => {
  it('test_local_deployment and validate_tests fail naming execution.projectCode; nothing runs', async () => {
    assertBuilt();
    const ws = createWorkspace();
    const markers = ws.path('../markers');
    mkdirSync(markers);
    eleventySite(ws.path('site'), markers);
    npmProject(ws.dir, markers);
    const server = await startHttpAt([], { cwd: ws.dir });
    const client = new Client({ name: 'team-member', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    onTestFinished(() => client.close());
    for (const [name, args] of [
      ['test_local_deployment', { repositoryPath: 'site', ssg: 'eleventy', port: 38115, timeout: 30 }],
      ['deployment_readiness', { operation: 'validate_tests' }],
    ] as const) {
      const result = outcome((await client.callTool({ name, arguments: args })) as never);
      expect(result.isError).toBe(true);
      expect(result.data.error.type).toBe('ConfigurationError');
      expect(result.data.error.message).toContain('execution.projectCode');
      expect(result.data.error.message).toContain('"deny"');
    }
    expect(ran(markers)).toBe(false);
  }, 90_000);
});
