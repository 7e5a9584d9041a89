/**
 * The Sphinx example module (examples/ssg-adapter-sphinx/), loaded as a plugin path, makes the
 * ssg tools serve an existing Sphinx site (issue 28's third repository kind, the shared fixture):
 * recommend_ssg still says to keep Sphinx, deploy_pages writes a workflow that installs what the
 * site declares and builds with sphinx-build (checked by the real action-validator), and
 * test_local_deployment builds with the real sphinx-build and serves the output (skipped, saying
 * so, when sphinx-build with myst-parser is not installed). Without the module, the five built-in
 * generators stay the surface: `ssg: "sphinx"` is refused naming the parameter.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { parse } from 'yaml';
import { findBinary } from '../../plugins/ssg/local/find-binary.js';
import { connectTestClient, startTestToolpack } from '../../sdk/testing.js';
import { pythonHas } from '../e2e/mkdocstrings-stand-in.js';
import { sphinxMystLibrary, SPHINX_PAGES } from '../fixtures/repos/sphinx-myst-library.js';
import { fullResult } from '../helpers/full-result.js';
import { outcome } from '../helpers/tool-result.js';
import { git, project, type Tree } from '../plugins/project/fixtures.js';
import { pythonLibrary } from '../plugins/ssg/sample-project.js';
import { freePort } from '../helpers/free-port.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const MODULE = join(repo, 'examples', 'ssg-adapter-sphinx', 'index.ts');
const VALIDATOR = join(repo, 'node_modules/.bin/action-validator');

const sphinxBuild = await findBinary('sphinx-build', process.cwd());
const canSphinxMyst = Boolean(sphinxBuild) && pythonHas('sphinx') && pythonHas('myst_parser');

/** The fixture under git, and a real MCP client on the project and ssg packs (plus the Sphinx module when asked). */
async function client(withModule: boolean, tree: Tree = sphinxMystLibrary()) {
  const root = project(tree, 'toolpack-sphinx-adapter-');
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'Initial import');
  const kernel = await startTestToolpack({
    workspace: root,
    // The user allows running the project's own build (execution.projectCode).
    config: { plugins: ['project', 'ssg', ...(withModule ? [MODULE] : [])], execution: { projectCode: 'allow' } },
  });
  const mcp = await connectTestClient(kernel);
  onTestFinished(async () => {
    await mcp.close().catch(() => {});
    await kernel.stop();
  });
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = outcome((await mcp.callTool({ name, arguments: args })) as never);
    return result.isError ? result : { ...result, data: await fullResult(mcp, result.data) };
  };
  return { root, call, mcp };
}

describe('examples/ssg-adapter-sphinx', () => {
  it('widens every ssg tool to sphinx; recommend_ssg still says to keep the existing Sphinx site', async () => {
    const { call, mcp } = await client(true);
    const { tools } = await mcp.listTools();
    for (const name of ['generate_config', 'setup_structure', 'deploy_pages', 'test_local_deployment']) {
      const ssg = (tools.find((t) => t.name === name)!.inputSchema as { properties: Record<string, { enum: string[] }> }).properties.ssg!;
      expect(ssg.enum, name).toEqual(['jekyll', 'hugo', 'docusaurus', 'mkdocs', 'eleventy', 'sphinx']);
    }
    const recommendation = await call('recommend_ssg', {});
    expect(recommendation.isError, recommendation.text).toBe(false);
    expect(recommendation.data.summary).toMatch(/^Keep Sphinx/);
    expect(recommendation.data.existing).toMatchObject({ ssg: 'sphinx', config: 'docs/conf.py' });
  });

  it('deploy_pages writes a valid workflow that installs what the site declares and builds with sphinx-build', async () => {
    const { root, call } = await client(true);
    const deployed = await call('deploy_pages', { repository: '.', ssg: 'sphinx' });
    expect(deployed.isError, deployed.text).toBe(false);
    const file = join(root, '.github/workflows/deploy-docs.yml');
    const validation = spawnSync(VALIDATOR, [file], { encoding: 'utf8' });
    expect(validation.status, `${validation.stdout}${validation.stderr}`).toBe(0);

    const workflow = parse(readFileSync(file, 'utf8'));
    const steps = workflow.jobs.build.steps as Array<{ uses?: string; run?: string; 'working-directory'?: string }>;
    const python = steps.findIndex((s) => s.uses?.startsWith('actions/setup-python@'));
    const build = steps.findIndex((s) => s.run?.startsWith('sphinx-build '));
    expect(python, 'a setup-python step').toBeGreaterThan(-1);
    expect(steps[build], 'the build step').toMatchObject({ run: 'sphinx-build -b html . _build/html', 'working-directory': 'docs' });
    // The fixture declares its docs dependencies (a `docs` extra with sphinx and myst-parser, and
    // docs/requirements.txt): they are installed between Python and the build, not bare Sphinx.
    const installs = steps.slice(python + 1, build).map((s) => s.run ?? '').join('\n');
    expect(installs, installs).toMatch(/pip install "\.\[docs\]"|pip install -r docs\/requirements\.txt/);
    expect(installs).not.toMatch(/^pip install sphinx myst-parser$/m);
    // The upload takes what the build wrote.
    expect(steps.find((s) => s.uses?.startsWith('actions/upload-pages-artifact@'))).toMatchObject({ with: { path: 'docs/_build/html' } });
  });

  it.skipIf(!canSphinxMyst)(
    `${canSphinxMyst ? '' : '(skipped: sphinx-build with myst-parser is not installed) '}test_local_deployment builds with the real sphinx-build, serves it, and finds the home page and the project's pages rendered`,
    async () => {
      const { call } = await client(true);
      const result = await call('test_local_deployment', { repositoryPath: '.', ssg: 'sphinx', port: await freePort(), timeout: 240 });
      expect(result.isError, result.text).toBe(false);
      const data = result.data;
      expect(data.build, JSON.stringify(data.build)).toMatchObject({ ok: true, outputDir: 'docs/_build/html' });
      expect(data.build.command).toMatch(/sphinx-build -b html \. _build\/html$/);
      expect(data.server.started, JSON.stringify(data.server)).toBe(true);
      expect(data.home, JSON.stringify(data.home)).toMatchObject({ status: 200, rendered: true });
      expect(data.pages.missing, JSON.stringify(data.pages)).toEqual([]);
      expect(data.pages.raw).toEqual([]);
      expect(data.pages.checked).toBeGreaterThanOrEqual(SPHINX_PAGES.length);
      expect(data.ok, data.summary).toBe(true);
      expect(data.stopped).toBe(true);
    },
    300_000,
  );

  it("deploy_pages installs what conf.py names when the project declares no docs dependencies", async () => {
    const tree = sphinxMystLibrary();
    delete tree['docs/requirements.txt'];
    tree['pyproject.toml'] = (tree['pyproject.toml'] as string).replace(/\[project\.optional-dependencies\]\n(?:\w+ = \[.*\]\n)+/, '');
    tree['docs/conf.py'] = (tree['docs/conf.py'] as string)
      .replace('"sphinx.ext.intersphinx",', '"sphinx.ext.intersphinx",\n    "sphinx_copybutton",\n    "acme_internal_ext",')
      .replace('html_theme = "alabaster"', 'html_theme = "furo"');
    expect(tree['pyproject.toml']).not.toContain('docs =');
    const { root, call } = await client(true, tree);
    const deployed = await call('deploy_pages', { repository: '.', ssg: 'sphinx' });
    expect(deployed.isError, deployed.text).toBe(false);
    const file = join(root, '.github/workflows/deploy-docs.yml');
    expect(spawnSync(VALIDATOR, [file], { encoding: 'utf8' }).status).toBe(0);
    const runs = (parse(readFileSync(file, 'utf8')).jobs.build.steps as Array<{ run?: string }>).map((s) => s.run ?? '');
    // Sphinx, the theme and the extensions conf.py names (sphinx.ext.* ship with Sphinx), and the
    // package itself: autodoc imports what it documents.
    expect(runs).toContain('pip install sphinx myst-parser sphinx-copybutton furo');
    expect(runs).toContain('pip install .');
    // A name outside the known table is not guessed into a pip line: it is reported.
    expect(runs.join('\n')).not.toContain('acme');
    expect(JSON.stringify(deployed.data.nextSteps)).toContain('extension acme_internal_ext');
  });

  it.skipIf(!canSphinxMyst)(
    `${canSphinxMyst ? '' : '(skipped: sphinx-build with myst-parser is not installed) '}a new site: generate_config and setup_structure make a site sphinx-build builds with every page in a toctree`,
    async () => {
      const { root, call } = await client(true, pythonLibrary());
      const config = await call('generate_config', { ssg: 'sphinx', projectName: 'Tidewater', projectDescription: 'Tide tables for humans', outputPath: 'docs' });
      expect(config.isError, config.text).toBe(false);
      const structure = await call('setup_structure', { path: 'docs', ssg: 'sphinx' });
      expect(structure.isError, structure.text).toBe(false);
      const index = readFileSync(join(root, 'docs/index.md'), 'utf8');
      for (const section of ['tutorials', 'how-to', 'reference', 'explanation']) expect(index).toContain(`\n${section}/index\n`);

      // The real build, every warning an error (an orphan page would be one), then the tool's own build and serve.
      const build = spawnSync(sphinxBuild!, ['-W', '-b', 'html', '.', '_build/check'], { cwd: join(root, 'docs'), encoding: 'utf8' });
      expect(build.status, `${build.stdout}${build.stderr}`).toBe(0);
      const result = await call('test_local_deployment', { repositoryPath: '.', ssg: 'sphinx', port: await freePort(), timeout: 240 });
      expect(result.isError, result.text).toBe(false);
      expect(result.data.ok, result.data.summary).toBe(true);
      expect(result.data.pages.checked).toBeGreaterThanOrEqual(5);
    },
    300_000,
  );

  it('populate_diataxis_content on the Sphinx site with the module loaded still adds its pages to the toctree', async () => {
    const root = project(sphinxMystLibrary(), 'toolpack-sphinx-populate-');
    git(root, 'init', '-q', '-b', 'main');
    const kernel = await startTestToolpack({ workspace: root, preset: 'all', config: { plugins: ['project', 'ssg', 'docs', 'memory', MODULE] } });
    const mcp = await connectTestClient(kernel);
    onTestFinished(async () => {
      await mcp.close().catch(() => {});
      await kernel.stop();
    });
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = outcome((await mcp.callTool({ name, arguments: args })) as never);
      expect(result.isError, `${name}: ${result.text}`).toBe(false);
      return fullResult(mcp, result.data);
    };
    const analysis = await call('analyze_repository', { path: '.' });
    const populated = await call('populate_diataxis_content', { analysisId: analysis.id, docsPath: 'docs' });
    expect(populated.site).toMatchObject({ ssg: 'sphinx', root: 'docs' });
    const written = (populated.pages as Array<{ path: string; status: string }>).filter((p) => p.status === 'written').map((p) => p.path.replace(/^docs\//, '').replace(/\.md$/, ''));
    expect(written.length).toBeGreaterThan(0);
    const index = readFileSync(join(root, 'docs/index.md'), 'utf8');
    for (const docname of written) expect(index, 'docs/index.md').toContain(`\n${docname}\n`);
    // Every line the project's index had is still there.
    for (const line of ['installation', 'usage', 'api', 'changelog', ':caption: Contents']) expect(index).toContain(`\n${line}\n`);
  });

  it('without the module, sphinx is refused naming ssg: the five built-in generators stay the default surface', async () => {
    const { call } = await client(false);
    const refused = await call('deploy_pages', { repository: '.', ssg: 'sphinx' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/\bssg\b/);
    expect(refused.text).toMatch(/mkdocs/);
  });
});
