/**
 * test_local_deployment for real: each installed generator builds and serves a
 * site made by generate_config + setup_structure, the server answers, and
 * afterwards no process of the site is left (no process whose command line or
 * working folder is in the site folder) — also after a build error, a timeout
 * and a cancellation. A generator that is not installed is skipped, saying so.
 */
import { chmodSync, readdirSync, readFileSync, readlinkSync, existsSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ssgAdaptersExtensionPoint } from '../../../plugins/ssg/api.js';
import { findBinary } from '../../../plugins/ssg/local/find-binary.js';
import { defineSsgAdapter, type ProgressUpdate, type SsgAdapter } from '../../../sdk/index.js';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';
import { sampleProject } from './sample-project.js';
import { freePort } from '../../helpers/free-port.js';

/** Processes (other than this one) whose command line mentions `folder` or whose working folder is inside it. */
function survivors(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ');
      let cwd = '';
      try {
        cwd = readlinkSync(`/proc/${entry}/cwd`);
      } catch {
        // a process of another user, or gone
      }
      if (cmdline.includes(folder) || cwd === folder || cwd.startsWith(`${folder}/`)) found.push(`${entry}: ${cmdline}`);
    } catch {
      // gone between the listing and the read
    }
  }
  return found;
}

/** A port nothing listens on right now. */
const hasProc = existsSync('/proc/self/cmdline');

async function start(root: string, adapters: SsgAdapter[] = []): Promise<TestToolpack> {
  return startTestToolpack({
    workspace: root,
    // These tests run real generators on sites they made: the user's answer to execution.projectCode is yes.
    config: { plugins: ['project', 'ssg'], execution: { projectCode: 'allow' } },
    extensions: [[ssgAdaptersExtensionPoint, (registry) => adapters.forEach((a) => registry.add(a))]],
  });
}

const GENERATORS = ['hugo', 'mkdocs', 'jekyll', 'eleventy'] as const;
const installed = Object.fromEntries(await Promise.all(GENERATORS.map(async (g) => [g, await findBinary(g, process.cwd())] as const)));
const skipTitle = (ssg: string, title: string) => (installed[ssg] ? title : `(skipped: ${ssg} is not installed) ${title}`);

describe.each(GENERATORS)('%s: build, serve, stop', (ssg) => {
  const root = sampleProject();
  let kernel: TestToolpack | undefined;
  afterAll(() => kernel?.stop());

  it.skipIf(!installed[ssg] || !hasProc)(skipTitle(ssg, 'builds the generated site, answers 200 on the port, and leaves no process behind'), async () => {
    kernel = await start(root);
    const call = async (name: string, args: Record<string, unknown>) => outcome(await kernel!.call(name, args));
    expect((await call('generate_config', { ssg, projectName: 'Tidewater', projectDescription: 'Tide tables for humans', outputPath: 'docs' })).isError).toBe(false);
    expect((await call('setup_structure', { path: 'docs', ssg })).isError).toBe(false);

    const port = await freePort();
    const updates: ProgressUpdate[] = [];
    const result = outcome(await kernel.call('test_local_deployment', { repositoryPath: '.', ssg, port, timeout: 90 }, { progress: async (u) => void updates.push(u) }));
    expect(result.isError, result.text).toBe(false);
    const { build, server } = result.data;
    expect(result.data.siteRoot).toBe('docs');
    expect(build, JSON.stringify(build)).toMatchObject({ ok: true, skipped: false, errors: [] });
    // Home page, four section indexes and four example pages at least.
    expect(build.pages).toBeGreaterThanOrEqual(9);
    expect(build.outputDir).toMatch(/^docs\//);
    expect(build.ms).toBeGreaterThan(0);
    expect(server, JSON.stringify(server)).toMatchObject({ started: true, status: 200 });
    expect(server.url).toContain(`:${port}/`);
    expect(result.data.stopped).toBe(true);
    expect(result.data.summary).toMatch(/built \d+ page\(s\).*answered 200/);
    expect(updates.some((u) => /building/.test(u.message ?? ''))).toBe(true);
    expect(survivors(join(root, 'docs'))).toEqual([]);
    // The port is free again: the server really stopped.
    const again = createServer();
    await new Promise<void>((resolve, reject) => again.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => again.close(() => resolve()));
  }, 240_000);
});

describe('build errors come back with file and line', () => {
  it.skipIf(!installed.hugo || !hasProc)(skipTitle('hugo', 'hugo: a page calling a missing shortcode'), async () => {
    const root = tempDir('toolpack-local-hugo-');
    writeFileSync(join(root, 'hugo.toml'), 'baseURL = "/"\ntitle = "Broken"\n');
    mkdirSync(join(root, 'content', 'reference'), { recursive: true });
    writeFileSync(join(root, 'content', '_index.md'), '---\ntitle: Home\n---\nHello.\n');
    writeFileSync(join(root, 'content', 'reference', 'api.md'), '---\ntitle: API\n---\n\nIntro.\n\n{{< no-such-shortcode >}}\n');
    const kernel = await start(root);
    try {
      const result = outcome(await kernel.call('test_local_deployment', { repositoryPath: '.', ssg: 'hugo', port: await freePort() }));
      expect(result.isError, result.text).toBe(false);
      expect(result.data.build.ok).toBe(false);
      expect(result.data.build.errors[0]).toMatchObject({ file: 'content/reference/api.md', line: 7, column: 1 });
      expect(result.data.build.errors[0].message).toMatch(/no-such-shortcode/);
      expect(result.data.server).toMatchObject({ started: false, error: 'not started: the build failed' });
      expect(result.data.summary).toMatch(/build failed.*content\/reference\/api\.md:7/);
      expect(survivors(root)).toEqual([]);
    } finally {
      await kernel.stop();
    }
  }, 120_000);

  it.skipIf(!installed.jekyll || !hasProc)(skipTitle('jekyll', 'jekyll: a page with an unknown Liquid tag'), async () => {
    const root = tempDir('toolpack-local-jekyll-');
    mkdirSync(join(root, 'docs', 'how-to'), { recursive: true });
    writeFileSync(join(root, 'docs', '_config.yml'), 'title: Broken\nmarkdown: kramdown\n');
    writeFileSync(join(root, 'docs', 'index.md'), '---\ntitle: Home\n---\nHello.\n');
    writeFileSync(join(root, 'docs', 'how-to', 'deploy.md'), '---\ntitle: Deploy\n---\n\nFirst line.\n\n{% deploy_button %}\n');
    const kernel = await start(root);
    try {
      const result = outcome(await kernel.call('test_local_deployment', { repositoryPath: '.', ssg: 'jekyll', port: await freePort() }));
      expect(result.isError, result.text).toBe(false);
      expect(result.data.siteRoot).toBe('docs');
      expect(result.data.build.ok).toBe(false);
      expect(result.data.build.errors[0]).toMatchObject({ file: 'how-to/deploy.md', line: 7 });
      expect(result.data.build.errors[0].message).toMatch(/Unknown tag 'deploy_button'/);
      expect(survivors(root)).toEqual([]);
    } finally {
      await kernel.stop();
    }
  }, 120_000);

  it.skipIf(!installed.mkdocs || !hasProc)(skipTitle('mkdocs', 'mkdocs: a config that is not valid YAML'), async () => {
    const root = tempDir('toolpack-local-mkdocs-');
    mkdirSync(join(root, 'docs'), { recursive: true });
    writeFileSync(join(root, 'mkdocs.yml'), 'site_name: Broken\nnav:\n  - Home: index.md\n  - [broken\n');
    writeFileSync(join(root, 'docs', 'index.md'), '# Home\n');
    const kernel = await start(root);
    try {
      const result = outcome(await kernel.call('test_local_deployment', { repositoryPath: '.', ssg: 'mkdocs', port: await freePort() }));
      expect(result.data.build.ok).toBe(false);
      expect(result.data.build.errors[0]).toMatchObject({ file: 'mkdocs.yml' });
      expect(result.data.build.errors[0].line).toBeGreaterThanOrEqual(4);
      expect(survivors(root)).toEqual([]);
    } finally {
      await kernel.stop();
    }
  }, 120_000);

  it.skipIf(!installed.eleventy || !hasProc)(skipTitle('eleventy', 'eleventy: a page with an unknown Liquid tag'), async () => {
    const root = tempDir('toolpack-local-eleventy-');
    mkdirSync(join(root, 'docs', 'tutorials'), { recursive: true });
    writeFileSync(join(root, 'eleventy.config.mjs'), 'export default function () {\n  return { dir: { input: "docs" } };\n}\n');
    writeFileSync(join(root, 'docs', 'index.md'), '---\ntitle: Home\n---\nHello.\n');
    writeFileSync(join(root, 'docs', 'tutorials', 'first.md'), '---\ntitle: First\n---\nStep one.\n\n{% no_such_tag %}\n');
    const kernel = await start(root);
    try {
      const result = outcome(await kernel.call('test_local_deployment', { repositoryPath: '.', ssg: 'eleventy', port: await freePort(), timeout: 60 }));
      expect(result.data.build.ok, JSON.stringify(result.data.build)).toBe(false);
      expect(result.data.build.errors[0]).toMatchObject({ file: 'docs/tutorials/first.md', line: 6, column: 1 });
      expect(survivors(root)).toEqual([]);
    } finally {
      await kernel.stop();
    }
  }, 120_000);
});

/**
 * A generator played by node scripts in the site folder: its server starts a
 * helper process (a grandchild, like a watcher), records both pids, and never
 * answers HTTP; its build can be told to hang.
 */
const stubborn = defineSsgAdapter({
  id: 'stubborn',
  name: 'Stubborn',
  homepage: 'https://example.org/stubborn',
  traits: { ecosystem: 'javascript', features: { versioning: false, search: false, i18n: false, apiReference: false, blog: false, mdx: false }, buildSpeed: 'fast', setupComplexity: 'low', comfortablePages: 10 },
  markers: ['stubborn.json'],
  configFiles: () => [{ path: 'stubborn.json', content: '{}\n' }],
  sectionDir: (section) => section,
  pageFile: (page) => ({ path: `${page.section}/${page.slug}.md`, content: page.body }),
  navigation: () => [],
  build: { command: 'node', args: ['build.mjs'], outputDir: 'out' },
  serve: () => ({ command: 'node', args: ['serve.mjs'], servesBuild: false }),
  requires: { binary: 'node', install: 'Install Node.js.' },
  workflowSteps: () => [],
});

function stubbornSite(build: 'ok' | 'hang'): string {
  const root = tempDir('toolpack-local-stubborn-');
  writeFileSync(join(root, 'stubborn.json'), '{}\n');
  writeFileSync(
    join(root, 'build.mjs'),
    build === 'ok'
      ? "import { mkdirSync, writeFileSync } from 'node:fs';\nmkdirSync('out', { recursive: true });\nwriteFileSync('out/index.html', '<h1>ok</h1>');\nwriteFileSync('env.json', JSON.stringify(Object.keys(process.env)));\n"
      : `import { spawn } from 'node:child_process';\nimport { writeFileSync } from 'node:fs';\nconst helper = spawn(process.execPath, [${JSON.stringify(join(root, 'helper.mjs'))}], { stdio: 'ignore' });\nwriteFileSync('pids.txt', process.pid + ' ' + helper.pid);\nconsole.log('compiling 120 pages');\nsetInterval(() => {}, 1000);\n`,
  );
  // The helper ignores SIGTERM: only the SIGKILL after the grace period ends it.
  writeFileSync(join(root, 'helper.mjs'), "process.on('SIGTERM', () => {});\nsetInterval(() => {}, 1000);\n");
  writeFileSync(
    join(root, 'serve.mjs'),
    `import { spawn } from 'node:child_process';\nimport { writeFileSync } from 'node:fs';\nconst helper = spawn(process.execPath, [${JSON.stringify(join(root, 'helper.mjs'))}], { stdio: 'ignore' });\nwriteFileSync('pids.txt', process.pid + ' ' + helper.pid);\nconsole.log('serving soon');\nsetInterval(() => {}, 1000);\n`,
  );
  return root;
}

const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
};
const recordedPids = (root: string) => readFileSync(join(root, 'pids.txt'), 'utf8').trim().split(' ').map(Number);

describe('no process left behind', () => {
  it.skipIf(!hasProc)('a server that never answers: the timeout stops it and its helper (which ignores SIGTERM)', async () => {
    const root = stubbornSite('ok');
    const kernel = await start(root, [stubborn]);
    // A secret of the server's environment must not reach the site's build (the repository's code).
    process.env.TOOLPACK_TEST_DEPLOY_TOKEN = 'ghp_notForTheBuild';
    try {
      const began = Date.now();
      const result = outcome(await kernel.call('test_local_deployment', { repositoryPath: '.', ssg: 'stubborn', port: await freePort(), timeout: 2 }));
      expect(result.isError, result.text).toBe(false);
      expect(result.data.build).toMatchObject({ ok: true, pages: 1 });
      expect(result.data.server.started).toBe(false);
      expect(result.data.server.error).toMatch(/did not answer on port \d+ within 2 s/);
      expect(result.data.server.outputTail).toContain('serving soon');
      expect(result.data.stopped).toBe(true);
      const [server, helper] = recordedPids(root);
      expect(alive(server!) || alive(helper!)).toBe(false);
      expect(survivors(root)).toEqual([]);
      // 2 s of waiting, then SIGTERM, the 3 s grace period and SIGKILL: well under the 20 s a hang would take.
      expect(Date.now() - began).toBeLessThan(15_000);
      const env = JSON.parse(readFileSync(join(root, 'env.json'), 'utf8')) as string[];
      expect(env).toContain('PATH');
      expect(env).not.toContain('TOOLPACK_TEST_DEPLOY_TOKEN');
    } finally {
      delete process.env.TOOLPACK_TEST_DEPLOY_TOKEN;
      await kernel.stop();
    }
  }, 60_000);

  it.skipIf(!hasProc)('a build that hangs: stopped at the timeout, reported as timed out, no server started', async () => {
    const root = stubbornSite('hang');
    const kernel = await start(root, [stubborn]);
    try {
      const updates: ProgressUpdate[] = [];
      const args = { repositoryPath: '.', ssg: 'stubborn', port: await freePort(), timeout: 2.5 };
      const result = outcome(await kernel.call('test_local_deployment', args, { progress: async (u) => void updates.push(u) }));
      expect(result.data.build).toMatchObject({ ok: false, timedOut: true });
      expect(result.data.build.errors[0].message).toMatch(/did not finish within 2.5 s/);
      expect(result.data.build.outputTail).toContain('compiling 120 pages');
      // While it ran, progress said how long and what the generator last printed.
      expect(updates.map((u) => u.message)).toContainEqual(expect.stringMatching(/^building with Stubborn \(\d s\): compiling 120 pages$/));
      expect(result.data.server.started).toBe(false);
      expect(recordedPids(root).some(alive)).toBe(false);
      expect(survivors(root)).toEqual([]);
    } finally {
      await kernel.stop();
    }
  }, 60_000);

  it.skipIf(!hasProc)('a cancelled call stops the server and its helper before it returns', async () => {
    const root = stubbornSite('ok');
    const kernel = await start(root, [stubborn]);
    try {
      const controller = new AbortController();
      const call = kernel.call('test_local_deployment', { repositoryPath: '.', ssg: 'stubborn', port: await freePort(), timeout: 60 }, { signal: controller.signal });
      // Cancel once the server and its helper are running.
      const deadline = Date.now() + 20_000;
      while (!existsSync(join(root, 'pids.txt')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(recordedPids(root).every(alive)).toBe(true);
      const cancelledAt = Date.now();
      controller.abort();
      const result = outcome(await call);
      expect(result.isError).toBe(true);
      expect(result.text).toMatch(/cancelled: the server was stopped/);
      expect(Date.now() - cancelledAt).toBeLessThan(10_000);
      expect(recordedPids(root).some(alive)).toBe(false);
      expect(survivors(root)).toEqual([]);
    } finally {
      await kernel.stop();
    }
  }, 60_000);
});

describe('clear refusals', () => {
  it('a generator that is not installed names its binary and how to install it', async () => {
    const phantom: SsgAdapter = { ...stubborn, id: 'phantom', name: 'Phantom', markers: ['phantom.toml'], requires: { binary: 'no-such-ssg-binary', install: 'Install Phantom: `pip install phantom-ssg`.' } };
    const root = tempDir('toolpack-local-phantom-');
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'docs', 'phantom.toml'), 'title = "x"\n');
    const kernel = await start(root, [phantom]);
    try {
      const result = outcome(await kernel.call('test_local_deployment', { repositoryPath: '.', ssg: 'phantom' }));
      expect(result.isError).toBe(true);
      expect(result.data.error.type).toBe('ConfigurationError');
      expect(result.data.error.message).toContain('Phantom is not installed: "no-such-ssg-binary" is neither on PATH nor in node_modules/.bin');
      expect(result.data.error.message).toContain('pip install phantom-ssg');
    } finally {
      await kernel.stop();
    }
  });

  it('a port already in use is named, before anything is built', async () => {
    const root = stubbornSite('ok');
    const kernel = await start(root, [stubborn]);
    const busy: Server = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as { port: number };
    try {
      const result = outcome(await kernel.call('test_local_deployment', { repositoryPath: '.', ssg: 'stubborn', port }));
      expect(result.isError).toBe(true);
      expect(result.data.error).toMatchObject({ type: 'ValidationError', details: { parameter: 'port', port } });
      expect(result.data.error.message).toContain(`port ${port} is already in use`);
      expect(existsSync(join(root, 'out'))).toBe(false);
    } finally {
      busy.close();
      await kernel.stop();
    }
  });

  it('a folder without the generator\'s config says which files it looked for', async () => {
    const root = tempDir('toolpack-local-empty-');
    const kernel = await start(root);
    try {
      const result = outcome(await kernel.call('test_local_deployment', { repositoryPath: '.', ssg: 'mkdocs' }));
      expect(result.isError).toBe(true);
      expect(result.data.error.type).toBe('ConfigurationError');
      expect(result.data.error.message).toMatch(/no MkDocs site in "\.": none of mkdocs\.yml.* is in it or in its docs\/ folder/);
    } finally {
      await kernel.stop();
    }
  });

  it('a path outside the workspace is refused', async () => {
    const root = tempDir('toolpack-local-outside-');
    const kernel = await start(root);
    try {
      const result = outcome(await kernel.call('test_local_deployment', { repositoryPath: '/etc', ssg: 'hugo' }));
      expect(result.isError).toBe(true);
      expect(result.data.error.type).toBe('FileSystemError');
    } finally {
      await kernel.stop();
    }
  });

  it('a system generator comes from PATH before the site\'s node_modules/.bin; an npm one from the site first', async () => {
    const root = tempDir('toolpack-local-bin-');
    const fake = (folder: string) => {
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'docgen'), '#!/bin/sh\nexit 0\n');
      chmodSync(join(folder, 'docgen'), 0o755);
      return join(folder, 'docgen');
    };
    const fromSite = fake(join(root, 'site', 'node_modules', '.bin'));
    const fromPath = fake(join(root, 'system-bin'));
    expect(await findBinary('docgen', join(root, 'site'), { pathEnv: join(root, 'system-bin') })).toBe(fromPath);
    expect(await findBinary('docgen', join(root, 'site'), { pathEnv: join(root, 'system-bin'), siteFirst: true })).toBe(fromSite);
    expect(await findBinary('docgen', join(root, 'site'), { pathEnv: '/nonexistent' })).toBe(fromSite);
    expect(await findBinary('../system-bin/docgen', join(root, 'site'), { pathEnv: join(root, 'system-bin') })).toBeUndefined();
    expect(await findBinary('no-such-ssg-binary', join(root, 'site'))).toBeUndefined();
  });
});
