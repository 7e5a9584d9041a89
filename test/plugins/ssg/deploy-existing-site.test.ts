/**
 * deploy_pages for an existing themed MkDocs site (issue 28, item 6): the workflow installs what
 * the site needs (the pyproject docs dependency group, the docs extra, a docs requirements file,
 * else the theme, plugins and Markdown extensions mkdocs.yml names), not only `mkdocs`, which
 * fails such a build with "No module named 'pymdownx'"; a Jekyll site's Gemfile likewise. Called through a real MCP client; every
 * workflow passes the real validator (@action-validator/cli).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { connectTestClient, startTestToolpack, type TestClient, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';
import { git, writeTree } from '../project/fixtures.js';
import { themedMkdocsLibrary, type DocsDeps } from './existing-sites.js';

const VALIDATOR = join(process.cwd(), 'node_modules/.bin/action-validator');

describe('deploy_pages on an existing themed MkDocs site', () => {
  const workspace = tempDir('toolpack-deploy-existing-');
  let kernel: TestToolpack;
  let client: TestClient;

  beforeAll(async () => {
    kernel = await startTestToolpack({ workspace, config: { plugins: ['project', 'memory', 'ssg'] } });
    client = await connectTestClient(kernel);
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await kernel?.stop();
  });

  /** The workflow deploy_pages writes for the library declaring its docs dependencies as `deps`, checked by the validator; its build job's run steps. */
  async function deploy(deps: DocsDeps) {
    const root = join(workspace, deps);
    writeTree(root, themedMkdocsLibrary(deps));
    git(root, 'init', '-q', '-b', 'main');
    const { isError, data, text } = outcome((await client.callTool({ name: 'deploy_pages', arguments: { repository: deps, ssg: 'mkdocs' } })) as never);
    expect(isError, text).toBe(false);
    const file = join(root, '.github/workflows/deploy-docs.yml');
    const validation = spawnSync(VALIDATOR, [file], { encoding: 'utf8' });
    expect(validation.status, `${validation.stdout}${validation.stderr}`).toBe(0);
    const workflow = parse(readFileSync(file, 'utf8'));
    const runs = (workflow.jobs.build.steps as Array<{ name: string; run?: string; 'working-directory'?: string }>).filter((s) => s.run);
    const build = runs.findIndex((s) => /mkdocs build/.test(s.run!));
    expect(build, 'a build step').toBeGreaterThan(0);
    // Everything installed before the build, in one shell text to look through.
    const install = runs.slice(0, build).map((s) => s.run).join('\n');
    return { data, install, runs: runs.slice(0, build) };
  }

  it('installs the pyproject [dependency-groups] docs group with a pip that reads groups (>= 25.1), and the package for mkdocstrings', async () => {
    const { data, install } = await deploy('dependency-groups');
    expect(install).toMatch(/pip install --upgrade "pip>=25\.1"/);
    expect(install).toMatch(/pip install --group docs\b/);
    // mkdocstrings documents the package from its import: the project itself is installed too.
    expect(install).toMatch(/pip install (?:-e )?\.(?:\s|$)/m);
    expect(data.nextSteps.join('\n')).toMatch(/dependency group "docs" of pyproject\.toml/);
  });

  it('installs the [project.optional-dependencies] docs extra with the package', async () => {
    const { install } = await deploy('optional-dependencies');
    expect(install).toMatch(/pip install "\.\[docs\]"/);
    expect(install).not.toMatch(/^pip install mkdocs$/m);
  });

  it('installs a docs requirements file when the project has one', async () => {
    const { install, runs } = await deploy('requirements');
    expect(install).toMatch(/pip install -r requirements-docs\.txt/);
    // The file is named from the repository root, where the step runs.
    expect(runs.every((s) => (s['working-directory'] ?? '.') === '.')).toBe(true);
  });

  it('with the site in docs/ and the pyproject at the root: installs the group from the root, builds in docs/', async () => {
    const tree = themedMkdocsLibrary('dependency-groups');
    const root = join(workspace, 'site-in-docs');
    // The site's own folder: docs/mkdocs.yml with its pages in docs/docs/.
    const moved = Object.fromEntries(Object.entries(tree).map(([path, text]) => [path === 'mkdocs.yml' ? 'docs/mkdocs.yml' : path.replace(/^docs\//, 'docs/docs/'), text]));
    writeTree(root, moved);
    git(root, 'init', '-q', '-b', 'main');
    const { isError, data, text } = outcome((await client.callTool({ name: 'deploy_pages', arguments: { repository: 'site-in-docs', ssg: 'mkdocs' } })) as never);
    expect(isError, text).toBe(false);
    expect(data.siteDir).toBe('docs');
    const file = join(root, '.github/workflows/deploy-docs.yml');
    expect(spawnSync(VALIDATOR, [file], { encoding: 'utf8' }).status).toBe(0);
    const steps = parse(readFileSync(file, 'utf8')).jobs.build.steps as Array<{ run?: string; 'working-directory'?: string }>;
    const install = steps.find((s) => /--group docs/.test(s.run ?? ''));
    expect(install, 'the docs group installed').toBeDefined();
    expect(install!['working-directory'] ?? '.').toBe('.');
    expect(steps.find((s) => /mkdocs build/.test(s.run ?? ''))?.['working-directory']).toBe('docs');
  });

  it('a Jekyll site with a Gemfile: bundle install, and the build through bundle exec', async () => {
    const root = join(workspace, 'jekyll-gemfile');
    writeTree(root, {
      'Gemfile': 'source "https://rubygems.org"\n\ngem "jekyll", "~> 4.3"\ngem "just-the-docs", "0.10.0"\n\ngroup :jekyll_plugins do\n  gem "jekyll-seo-tag"\nend\n',
      '_config.yml': 'title: relay\ntheme: just-the-docs\nplugins:\n  - jekyll-seo-tag\n',
      'index.md': '---\ntitle: Home\n---\n# relay\n',
    });
    git(root, 'init', '-q', '-b', 'main');
    const { isError, text } = outcome((await client.callTool({ name: 'deploy_pages', arguments: { repository: 'jekyll-gemfile', ssg: 'jekyll' } })) as never);
    expect(isError, text).toBe(false);
    const file = join(root, '.github/workflows/deploy-docs.yml');
    expect(spawnSync(VALIDATOR, [file], { encoding: 'utf8' }).status).toBe(0);
    const runs = (parse(readFileSync(file, 'utf8')).jobs.build.steps as Array<{ run?: string }>).map((s) => s.run).filter(Boolean);
    expect(runs).toContain('bundle install');
    expect(runs).not.toContain('gem install jekyll');
    expect(runs.find((r) => /jekyll build/.test(r!))).toMatch(/^bundle exec jekyll build /);
  });

  it('without declared docs dependencies, installs the theme, plugins and Markdown extensions mkdocs.yml names', async () => {
    const { install, data } = await deploy('mkdocs-yml-only');
    for (const pkg of ['mkdocs', 'mkdocs-material', '"mkdocstrings[python]"', 'pymdown-extensions']) expect(install.split(/\s+/)).toContain(pkg);
    expect(data.nextSteps.join('\n')).toMatch(/mkdocs\.yml/);
  });
});
