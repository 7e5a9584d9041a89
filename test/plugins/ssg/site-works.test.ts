/**
 * Issue 28 item 2: test_local_deployment says a site works only when it does. A
 * JavaScript framework's docs/ folder (Reference/, Guides/, pages without front
 * matter, built elsewhere) is given a Jekyll and a Hugo configuration by
 * generate_config and built and served for real: Jekyll copies the pages raw and
 * WEBrick answers 200 with a directory listing; Hugo builds only docs/content/. Each
 * result says which pages are raw or missing and why; once the pages carry front
 * matter the Jekyll site works. Through a real MCP client.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findBinary } from '../../../plugins/ssg/local/find-binary.js';
import { connectTestClient, startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome, type CallOutcome } from '../../helpers/tool-result.js';
import { project, json, type Tree } from '../project/fixtures.js';
import { sampleProject } from './sample-project.js';
import { freePort } from '../../helpers/free-port.js';

/** A JavaScript web framework whose docs/ folder is Markdown for a site built elsewhere. */
export const frameworkWithDocs = (): Tree => ({
  'package.json': json({ name: 'relay-http', version: '4.2.0', description: 'Fast HTTP framework', main: 'lib/relay.js', scripts: { test: 'node --test' } }),
  'lib/relay.js':
    "'use strict'\nconst decorator = require('./decorate')\nconst { addSchema } = require('./schemas')\n\nfunction relay () {\n  return {\n    decorate: decorator.add,\n    addSchema,\n    route: require('./route').route\n  }\n}\n\nmodule.exports = relay\n",
  'lib/decorate.js': "'use strict'\nfunction add (name, fn) { this[name] = fn; return this }\nmodule.exports = { add }\n",
  'lib/schemas.js': "'use strict'\nfunction addSchema (schema) { return schema }\nmodule.exports = { addSchema }\n",
  'lib/route.js': "'use strict'\nfunction route (options) { return options }\nmodule.exports = { route }\n",
  'docs/index.md': '# Relay\n\nRelay is a fast HTTP framework for Node.js.\n\n- [Getting started](Guides/Getting-Started.md)\n- [Server](Reference/Server.md)\n',
  'docs/Reference/Server.md': '# Server\n\n`relay(options)` creates a server.\n\n## decorate\n\n`server.decorate(name, value)` adds a property.\n',
  'docs/Reference/Routes.md': '# Routes\n\n`server.route(options)` declares a route.\n\n| Option | Meaning |\n| --- | --- |\n| method | HTTP method |\n',
  'docs/Reference/Hooks.md': '# Hooks\n\nHooks run at points of the request lifecycle.\n',
  'docs/Guides/Getting-Started.md': '# Getting started\n\n```sh\nnpm install relay-http\n```\n\nThen create a server.\n',
  'docs/Guides/Testing.md': '# Testing\n\nUse `server.inject()` to test routes without a socket.\n',
});

const PAGES = ['docs/index.md', 'docs/Reference/Server.md', 'docs/Reference/Routes.md', 'docs/Reference/Hooks.md', 'docs/Guides/Getting-Started.md', 'docs/Guides/Testing.md'];

const GENERATORS = ['jekyll', 'hugo', 'mkdocs', 'eleventy'] as const;
const installed = Object.fromEntries(await Promise.all(GENERATORS.map(async (g) => [g, await findBinary(g, process.cwd())] as const))) as Record<(typeof GENERATORS)[number], string | undefined>;
const skipTitle = (ssg: keyof typeof installed, title: string) => (installed[ssg] ? title : `(skipped: ${ssg} is not installed) ${title}`);

let kernel: TestToolpack | undefined;
afterEach(async () => {
  await kernel?.stop();
  kernel = undefined;
});

/** A real MCP client on a kernel with the project, ssg and memory packs; the user allows running the site's generator. */
async function client(root: string): Promise<(tool: string, args: Record<string, unknown>) => Promise<CallOutcome>> {
  kernel = await startTestToolpack({ workspace: root, preset: 'all', config: { plugins: ['project', 'ssg', 'memory'], execution: { projectCode: 'allow' } } });
  const mcp = await connectTestClient(kernel);
  return async (tool, args) => outcome((await mcp.callTool({ name: tool, arguments: args })) as never);
}

/** Front matter with a title on each page, as a maintainer fixes a Jekyll site. */
function addFrontMatter(root: string) {
  for (const page of PAGES) {
    const text = readFileSync(join(root, page), 'utf8');
    writeFileSync(join(root, page), `---\ntitle: ${/^# (.*)$/m.exec(text)![1]}\n---\n${text}`);
  }
}

describe('test_local_deployment: a site works only when its pages are rendered', () => {
  it.skipIf(!installed.jekyll)(skipTitle('jekyll', 'jekyll: a directory listing and raw Markdown are not a working site; front matter makes it one'), async () => {
    const root = project(frameworkWithDocs(), 'toolpack-site-works-');
    const call = await client(root);
    expect((await call('generate_config', { ssg: 'jekyll', projectName: 'Relay', outputPath: 'docs' })).isError).toBe(false);

    const broken = await call('test_local_deployment', { repositoryPath: '.', ssg: 'jekyll', port: await freePort(), timeout: 120 });
    expect(broken.isError, broken.text).toBe(false);
    const data = broken.data;
    // The build and the server did their part: the site still does not work.
    expect(data.build.ok).toBe(true);
    expect(data.server).toMatchObject({ started: true, status: 200 });
    expect(data.ok).toBe(false);
    expect(data.home).toMatchObject({ rendered: false });
    expect(data.home.problem).toMatch(/directory listing/);
    expect(data.pages.checked).toBe(PAGES.length);
    expect(data.pages.rendered).toBe(0);
    expect(data.pages.raw.map((p: { file: string }) => p.file).sort()).toEqual([...PAGES].sort());
    expect(data.pages.raw.find((p: { file: string }) => p.file === 'docs/Reference/Server.md').reason).toBe('docs/Reference/Server.md has no front matter, so Jekyll copied it raw');
    expect(data.summary).toMatch(/the site does not work: the home page .* is a directory listing.*\(docs\/index\.md has no front matter, so Jekyll copied it raw\)/);
    expect(data.summary).toMatch(/6 of 6 page\(s\) not rendered: 6 pages have no front matter, so Jekyll copied them raw/);

    addFrontMatter(root);
    const fixed = await call('test_local_deployment', { repositoryPath: '.', ssg: 'jekyll', port: await freePort(), timeout: 120 });
    expect(fixed.data.ok, fixed.data.summary).toBe(true);
    expect(fixed.data.home).toMatchObject({ rendered: true, status: 200 });
    expect(fixed.data.pages).toMatchObject({ checked: PAGES.length, rendered: PAGES.length, raw: [], missing: [] });
    expect(fixed.data.pages.served).toBeGreaterThanOrEqual(3);
    expect(fixed.data.summary).toMatch(/the home page and all 6 page\(s\) are rendered HTML/);
  }, 240_000);

  it.skipIf(!installed.hugo)(skipTitle('hugo', 'hugo: the project\'s pages outside content/ are named as not built'), async () => {
    const root = project(frameworkWithDocs(), 'toolpack-site-works-');
    const call = await client(root);
    expect((await call('generate_config', { ssg: 'hugo', projectName: 'Relay', outputPath: 'docs' })).isError).toBe(false);

    const result = await call('test_local_deployment', { repositoryPath: '.', ssg: 'hugo', port: await freePort(), timeout: 120 });
    expect(result.isError, result.text).toBe(false);
    const data = result.data;
    expect(data.build.ok).toBe(true);
    // The generated home page is rendered, so "answered 200" alone would have said it works.
    expect(data.home).toMatchObject({ rendered: true, status: 200 });
    expect(data.ok).toBe(false);
    const missing = data.pages.missing as Array<{ file: string; reason: string }>;
    expect(missing.map((p) => p.file).sort()).toEqual([...PAGES].sort());
    expect(missing.find((p) => p.file === 'docs/Guides/Testing.md')!.reason).toMatch(/outside docs\/content\/, so it was not built: Hugo builds only the pages in docs\/content\//);
    expect(data.summary).toMatch(/6 pages outside docs\/content\/ were not built by Hugo/);
  }, 240_000);
  it.skipIf(!installed.mkdocs)(skipTitle('mkdocs', 'mkdocs: the project\'s pages outside docs_dir are named as not built'), async () => {
    const call = await client(project(frameworkWithDocs(), 'toolpack-site-works-'));
    expect((await call('generate_config', { ssg: 'mkdocs', projectName: 'Relay', outputPath: 'docs' })).isError).toBe(false);
    const result = await call('test_local_deployment', { repositoryPath: '.', ssg: 'mkdocs', port: await freePort(), timeout: 120 });
    expect(result.isError, result.text).toBe(false);
    expect(result.data.build.ok).toBe(true);
    expect(result.data.ok).toBe(false);
    expect(result.data.pages.missing.map((p: { file: string }) => p.file).sort()).toEqual([...PAGES].sort());
    expect(result.data.summary).toMatch(/6 pages outside docs\/docs\/ were not built by MkDocs/);
  }, 240_000);
});

describe.each(GENERATORS)('%s: the site generate_config and setup_structure make works', (ssg) => {
  it.skipIf(!installed[ssg])(skipTitle(ssg, 'every page written is rendered and the home page is served as HTML'), async () => {
    const call = await client(sampleProject());
    expect((await call('generate_config', { ssg, projectName: 'Tidewater', projectDescription: 'Tide tables for humans', outputPath: 'docs' })).isError).toBe(false);
    expect((await call('setup_structure', { path: 'docs', ssg })).isError).toBe(false);
    const result = await call('test_local_deployment', { repositoryPath: '.', ssg, port: await freePort(), timeout: 120 });
    expect(result.isError, result.text).toBe(false);
    expect(result.data.ok, result.data.summary).toBe(true);
    expect(result.data.home).toMatchObject({ rendered: true, status: 200 });
    // The home page, four section indexes and four example pages at least.
    expect(result.data.pages.checked).toBeGreaterThanOrEqual(9);
    expect(result.data.pages).toMatchObject({ rendered: result.data.pages.checked, raw: [], missing: [] });
  }, 240_000);
});

describe('deployments are remembered (issue 28 item 7)', () => {
  it.skipIf(!installed.jekyll)(skipTitle('jekyll', 'two working local builds count as 2 succeeded with a health above 0; a site that does not work as failed'), async () => {
    const root = project(frameworkWithDocs(), 'toolpack-site-memory-');
    const call = await client(root);
    expect((await call('generate_config', { ssg: 'jekyll', projectName: 'Relay', outputPath: 'docs' })).isError).toBe(false);
    const raw = await call('test_local_deployment', { repositoryPath: '.', ssg: 'jekyll', port: await freePort(), timeout: 120 });
    expect(raw.data.ok).toBe(false);
    addFrontMatter(root);
    for (let i = 0; i < 2; i++) {
      const run = await call('test_local_deployment', { repositoryPath: '.', ssg: 'jekyll', port: await freePort(), timeout: 120 });
      expect(run.data.ok, run.data.summary).toBe(true);
    }
    const report = await call('analyze_deployments', {});
    expect(report.isError, report.text).toBe(false);
    expect(report.data.overall).toMatchObject({ recorded: 3, succeeded: 2, failed: 1 });
    expect(report.data.health.score).toBeGreaterThan(0);
    const jekyll = report.data.ssgs.find((s: { ssg: string }) => s.ssg === 'jekyll');
    expect(jekyll).toMatchObject({ succeeded: 2, failed: 1, projects: 1 });
    expect(report.data.recentFailures[0]).toMatchObject({ ssg: 'jekyll', project: '.', evidence: 'not-rendered' });
    expect(report.data.recentFailures[0].error).toMatch(/directory listing/);
    expect(report.data.summary).toMatch(/2 succeeded \(proven\), 1 failed/);
  }, 240_000);
});
