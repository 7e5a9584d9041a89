/**
 * manage_sitemap on a Docusaurus site whose docs plugin reads the docs folder itself
 * (`docs: { path: '.', routeBasePath: '/' }`, issue 28 item 6): the pages are the site's pages,
 * at the URLs Docusaurus gives them, instead of all being skipped as "outside docs/". Called
 * through a real MCP client.
 */
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { connectTestClient, startTestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { git, project, writeTree } from '../project/fixtures.js';
import { docusaurusDocsDot } from '../ssg/existing-sites.js';

async function sitemap(tree: Record<string, string>, plugins: string[]) {
  const workspace = project(tree, 'toolpack-sitemap-docusaurus-');
  git(workspace, 'init', '-q', '-b', 'main');
  const kernel = await startTestToolpack({ workspace, config: { plugins } });
  const client = await connectTestClient(kernel);
  onTestFinished(async () => {
    await client.close();
    await kernel.stop();
  });
  const call = async (args: Record<string, unknown>) => outcome((await client.callTool({ name: 'manage_sitemap', arguments: args })) as never);
  return { workspace, call };
}

const BASE = 'https://relay.example.org';
const PAGES = ['/', '/Guides/middleware/', '/Guides/routing/', '/Reference/router/', '/getting-started/'];

describe('manage_sitemap on a Docusaurus docs folder configured with path "."', () => {
  for (const plugins of [['freshness', 'ssg'], ['freshness']]) {
    it(`lists its pages at the routes Docusaurus serves them (packs: ${plugins.join(', ')})`, async () => {
      const { call } = await sitemap(docusaurusDocsDot(), plugins);
      const result = await call({ action: 'generate', docsPath: 'docs', baseUrl: BASE, useGitHistory: false });
      expect(result.isError, result.text).toBe(false);
      expect(result.data.generator).toBe('docusaurus');
      expect(result.data.urls.map((u: { loc: string }) => u.loc.slice(BASE.length)).sort()).toEqual(PAGES.sort());
      // The partial (underscore) is not a page; nothing else was left out.
      expect(result.data.pages.skipped).toEqual([{ file: 'docs/Reference/_partial-options.md', reason: expect.stringMatching(/"_"/) }]);
    });
  }

  it('with routeBasePath left out, the docs are under /docs/ and the standalone pages of src/pages at the root', async () => {
    const tree = docusaurusDocsDot();
    tree['docs/docusaurus.config.js'] = tree['docs/docusaurus.config.js']!.replace("          routeBasePath: '/',\n", '');
    const { workspace, call } = await sitemap(tree, ['freshness', 'ssg']);
    writeTree(join(workspace, 'docs'), { 'src/pages/about.md': '# About\n' });
    const result = await call({ action: 'generate', docsPath: 'docs', baseUrl: BASE, useGitHistory: false });
    expect(result.isError, result.text).toBe(false);
    expect(result.data.urls.map((u: { loc: string }) => u.loc.slice(BASE.length)).sort()).toEqual(
      ['/about/', '/docs/', '/docs/Guides/middleware/', '/docs/Guides/routing/', '/docs/Reference/router/', '/docs/getting-started/'].sort(),
    );
  });
});
