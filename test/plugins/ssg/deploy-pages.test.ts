/**
 * deploy_pages on real project layouts: for each built-in generator, with the
 * site at the repository root and in docs/, the Pages workflow, the branch
 * variant and a custom domain each pass the real workflow validator
 * (@action-validator/cli), parse, use only current actions, and point the
 * build and the upload at the site's folder. Existing files are never
 * replaced; bad domains and branches are refused by name; memory hears
 * "configured", never "succeeded".
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BUILTIN_ADAPTERS } from '../../../plugins/ssg/adapters/index.js';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';

const VALIDATOR = join(process.cwd(), 'node_modules/.bin/action-validator');
const SSGS = ['jekyll', 'hugo', 'docusaurus', 'mkdocs', 'eleventy'];
const LAYOUTS = ['.', 'docs'] as const;
const VARIANTS = [
  { name: 'pages', args: {} },
  { name: 'branch', args: { branch: 'site-pages' } },
  { name: 'customDomain', args: { customDomain: 'Docs.Example.com' } },
] as const;
const DEPRECATED = /actions\/(?:upload-pages-artifact@v[12]\b|deploy-pages@v[12]\b|checkout@v[123]\b)/;

const write = (root: string, path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, stdio: 'pipe' });

/** A small Python library whose docs site (the adapter's own config files) sits at `siteDir`. */
function libraryWithSite(root: string, ssg: string, siteDir: string) {
  const adapter = BUILTIN_ADAPTERS.find((a) => a.id === ssg)!;
  write(root, 'pyproject.toml', '[project]\nname = "tidyframe"\nversion = "1.4.0"\n');
  write(root, 'src/tidyframe/__init__.py', 'def tidy(frame):\n    return frame\n');
  write(root, 'README.md', '# tidyframe\n\nTidy data frames.\n');
  for (const file of adapter.configFiles({ projectName: 'tidyframe', projectDescription: 'Tidy data frames' })) write(root, join(siteDir, file.path), file.content);
  git(root, 'init', '-q', '-b', 'trunk');
}

const steps = (workflow: any) => Object.values(workflow.jobs).flatMap((job: any) => job.steps) as any[];

describe('deploy_pages', () => {
  const workspace = tempDir('toolpack-deploy-');
  let kernel: TestToolpack;
  const call = async (args: Record<string, unknown>) => outcome(await kernel.call('deploy_pages', args));

  beforeAll(async () => {
    kernel = await startTestToolpack({ workspace, config: { plugins: ['project', 'memory', 'ssg'] } });
  }, 60_000);
  afterAll(async () => kernel?.stop());

  it('offers every built-in generator', () => {
    expect(BUILTIN_ADAPTERS.map((a) => a.id).sort()).toEqual([...SSGS].sort());
  });

  for (const ssg of SSGS) {
    for (const layout of LAYOUTS) {
      for (const variant of VARIANTS) {
        it(`${ssg}, site in "${layout}", ${variant.name}: a valid workflow building and publishing the site's folder`, async () => {
          const adapter = BUILTIN_ADAPTERS.find((a) => a.id === ssg);
          expect(adapter, `${ssg} adapter`).toBeDefined();
          const repo = `${ssg}-${layout === '.' ? 'root' : 'docs'}-${variant.name}`;
          libraryWithSite(join(workspace, repo), ssg, layout);

          const { isError, data, text } = await call({ repository: repo, ssg, ...variant.args });
          expect(isError, text).toBe(false);
          expect(data.siteDir).toBe(layout);
          const file = join(workspace, repo, '.github/workflows/deploy-docs.yml');
          expect(data.files[0]).toEqual({ path: `${repo}/.github/workflows/deploy-docs.yml`, status: 'written' });

          const validation = spawnSync(VALIDATOR, [file], { encoding: 'utf8' });
          expect(validation.status, `${validation.stdout}${validation.stderr}`).toBe(0);
          const yamlText = readFileSync(file, 'utf8');
          const workflow = parse(yamlText);
          expect(yamlText).not.toMatch(DEPRECATED);
          // The default branch comes from git (the repository's branch is "trunk").
          expect(workflow.on.push.branches).toEqual(['trunk']);
          expect(workflow.on).toHaveProperty('workflow_dispatch');
          expect(workflow.concurrency.group).toBe('pages');

          const output = layout === '.' ? adapter!.build.outputDir : `docs/${adapter!.build.outputDir}`;
          expect(data.artifactPath).toBe(output);
          const all = steps(workflow);
          expect(all[0].uses).toBe('actions/checkout@v4');
          // Every build command runs in the site's folder; no `uses` step carries a working-directory.
          const runs = all.filter((s) => s.run && !/CNAME/.test(s.name));
          expect(runs.length).toBeGreaterThan(0);
          for (const step of runs) expect(step['working-directory'] ?? '.').toBe(layout);
          for (const step of all.filter((s) => s.uses)) expect(step).not.toHaveProperty('working-directory');

          if (variant.name === 'branch') {
            expect(workflow.permissions).toEqual({ contents: 'write' });
            const publish = all.find((s) => s.uses?.startsWith('peaceiris/actions-gh-pages@'));
            expect(publish.uses).toBe('peaceiris/actions-gh-pages@v4');
            expect(publish.with).toMatchObject({ publish_branch: 'site-pages', publish_dir: `./${output}` });
            expect(all.some((s) => s.uses?.startsWith('actions/deploy-pages'))).toBe(false);
            expect(data.variant).toBe('branch');
          } else {
            expect(workflow.permissions).toEqual({ contents: 'read', pages: 'write', 'id-token': 'write' });
            expect(all.find((s) => s.uses === 'actions/configure-pages@v5').with).toEqual({ enablement: true });
            expect(all.find((s) => s.uses === 'actions/upload-pages-artifact@v3').with).toEqual({ path: output });
            expect(workflow.jobs.deploy.needs).toBe('build');
            expect(workflow.jobs.deploy.environment).toEqual({ name: 'github-pages', url: '${{ steps.deployment.outputs.page_url }}' });
            expect(workflow.jobs.deploy.steps).toEqual([expect.objectContaining({ id: 'deployment', uses: 'actions/deploy-pages@v4' })]);
          }

          if (variant.name === 'customDomain') {
            expect(data.customDomain.domain).toBe('docs.example.com');
            const staticDir = { jekyll: '.', hugo: 'static', docusaurus: 'static', mkdocs: 'docs' }[ssg];
            if (staticDir) {
              // In the folder the generator copies verbatim into its output.
              const cname = join(workspace, repo, layout, staticDir, 'CNAME');
              expect(readFileSync(cname, 'utf8')).toBe('docs.example.com\n');
            } else {
              const step = all.find((s) => s.name === 'Add CNAME to the site');
              expect(step.env).toEqual({ CUSTOM_DOMAIN: 'docs.example.com', OUTPUT_DIR: output });
            }
          }
        });
      }
    }
  }

  it('keeps an existing different workflow, returning the proposal, and records nothing for it', async () => {
    const repo = 'kept';
    libraryWithSite(join(workspace, repo), 'mkdocs', '.');
    const mine = 'name: mine\non: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo hi\n';
    write(join(workspace, repo), '.github/workflows/deploy-docs.yml', mine);
    const { isError, data } = await call({ repository: repo, ssg: 'mkdocs' });
    expect(isError).toBe(false);
    expect(data.files[0].status).toBe('kept-existing');
    expect(data.summary).toMatch(/already exists .* kept/);
    expect(readFileSync(join(workspace, repo, '.github/workflows/deploy-docs.yml'), 'utf8')).toBe(mine);
    expect(data.workflow).toContain('actions/deploy-pages@v4');
    // Same call again on an unchanged written file: reported unchanged.
    const again = await call({ repository: 'mkdocs-root-pages', ssg: 'mkdocs' });
    expect(again.data.files[0].status).toBe('unchanged');
  });

  it('names customDomain and branch when they are invalid, and writes nothing', async () => {
    const repo = 'refused';
    libraryWithSite(join(workspace, repo), 'hugo', '.');
    for (const domain of ['https://docs.example.com', 'docs', 'bad_label.example.com', 'docs.example.com/path']) {
      const r = await call({ repository: repo, ssg: 'hugo', customDomain: domain });
      expect(r.isError).toBe(true);
      expect(r.data.error).toMatchObject({ type: 'ValidationError' });
      expect(r.text).toContain('customDomain');
    }
    for (const branch of ['-x', 'a..b', 'trunk', 'has space']) {
      const r = await call({ repository: repo, ssg: 'hugo', branch });
      expect(r.isError, branch).toBe(true);
      expect(r.text).toContain('branch');
    }
    expect(existsSync(join(workspace, repo, '.github'))).toBe(false);
  });

  it('accepts a repository URL as a name only, writing to the workspace root', async () => {
    const root = tempDir('toolpack-deploy-url-');
    libraryWithSite(root, 'mkdocs', 'docs');
    const k = await startTestToolpack({ workspace: root, config: { plugins: ['project', 'ssg'] } });
    try {
      const r = outcome(await k.call('deploy_pages', { repository: 'https://github.com/acme/tidyframe', ssg: 'mkdocs' }));
      expect(r.isError, r.text).toBe(false);
      expect(r.data.siteDir).toBe('docs');
      expect(existsSync(join(root, '.github/workflows/deploy-docs.yml'))).toBe(true);
      expect(r.data.nextSteps.join(' ')).toContain('https://github.com/acme/tidyframe');
    } finally {
      await k.stop();
    }
  });

  it('writes the workflow at the git top level for a site in a monorepo package', async () => {
    const root = tempDir('toolpack-deploy-mono-');
    write(root, 'package.json', '{ "name": "mono", "private": true, "workspaces": ["services/*"] }\n');
    libraryWithSite(join(root, 'services/billing'), 'mkdocs', '.');
    // One repository for the whole tree: the package's own git folder goes.
    rmSync(join(root, 'services/billing/.git'), { recursive: true, force: true });
    git(root, 'init', '-q', '-b', 'main');
    const k = await startTestToolpack({ workspace: root, config: { plugins: ['project', 'ssg'] } });
    try {
      const r = outcome(await k.call('deploy_pages', { repository: 'services/billing', ssg: 'mkdocs' }));
      expect(r.isError, r.text).toBe(false);
      expect(r.data).toMatchObject({ repository: '.', siteDir: 'services/billing', artifactPath: 'services/billing/site' });
      const file = join(root, '.github/workflows/deploy-docs.yml');
      expect(spawnSync(VALIDATOR, [file]).status).toBe(0);
      const workflow = parse(readFileSync(file, 'utf8'));
      expect(steps(workflow).find((s) => s.run?.startsWith('mkdocs build'))['working-directory']).toBe('services/billing');
    } finally {
      await k.stop();
    }
  });

  it('records each written workflow as configured, never as a success', async () => {
    const { data } = outcome(await kernel.call('analyze_deployments', { analysisType: 'full_report' }));
    expect(data.overall.succeeded).toBe(0);
    expect(data.overall.configured).toBeGreaterThanOrEqual(SSGS.length * LAYOUTS.length * VARIANTS.length);
  });
});
