/**
 * Issue 28 item 7: verify_deployment on a themed MkDocs library that deploys its docs
 * somewhere other than GitHub Pages. Cloudflare Pages (pages-action, wrangler-action's
 * `pages deploy`, the wrangler CLI), Netlify, Vercel, Firebase Hosting and an S3 sync are
 * deploy workflows with their target, and memory records no failure for them; a workflow
 * that deploys no site (tests, a Cloudflare Worker) still fails the check. Through a real MCP client.
 */
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { connectTestClient, startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome, type CallOutcome } from '../../helpers/tool-result.js';
import { project, type Tree } from '../project/fixtures.js';

/** A Python CLI library with a themed MkDocs site and its docs dependencies in a dependency group. */
const cliLibrary = (workflow: Record<string, string>): Tree => ({
  'pyproject.toml':
    '[project]\nname = "quillcli"\nversion = "0.9.0"\ndescription = "Build command line apps from type hints"\ndependencies = ["click>=8.1"]\n\n' +
    '[project.scripts]\nquill = "quillcli.main:app"\n\n[dependency-groups]\ndocs = ["mkdocs-material>=9.5", "mkdocstrings[python]>=0.26", "pymdown-extensions>=10"]\n',
  'mkdocs.yml':
    'site_name: Quill\nsite_url: https://quill.example.dev/\nrepo_url: https://github.com/quill/quillcli\ntheme:\n  name: material\n  features:\n    - navigation.tabs\n    - content.code.copy\n' +
    'plugins:\n  - search\n  - mkdocstrings:\n      handlers:\n        python:\n          options:\n            show_source: false\nmarkdown_extensions:\n  - admonition\n  - pymdownx.highlight\n  - pymdownx.superfences\n  - pymdownx.tabbed:\n      alternate_style: true\n' +
    'nav:\n  - Quill: index.md\n  - Tutorial:\n      - First steps: tutorial/first-steps.md\n  - Reference: reference.md\n',
  'docs/index.md': '# Quill\n\nBuild command line apps from type hints.\n\n```console\n$ pip install quillcli\n```\n',
  'docs/tutorial/first-steps.md': '# First steps\n\n```python\n{!../docs_src/first_steps/tutorial001.py!}\n```\n',
  'docs/reference.md': '# Reference\n\n::: quillcli.main\n',
  'docs_src/first_steps/tutorial001.py': 'import quillcli\n\napp = quillcli.Quill()\n\n\n@app.command()\ndef main(name: str):\n    print(f"Hello {name}")\n',
  'quillcli/__init__.py': 'from .main import Quill\n\n__all__ = ["Quill"]\n',
  'quillcli/main.py': 'class Quill:\n    def command(self):\n        return lambda f: f\n\n\napp = Quill()\n',
  'quillcli/_vendor/__init__.py': '',
  ...workflow,
});

const BUILD = `      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with:
          python-version: '3.12'
      - run: pip install mkdocs-material "mkdocstrings[python]" pymdown-extensions
      - run: mkdocs build --site-dir site
`;
const workflow = (name: string, steps: string, env = '') => `name: ${name}\non:\n  push:\n    branches: [main]\n${env}jobs:\n  deploy:\n    runs-on: ubuntu-latest\n    steps:\n${BUILD}${steps}`;

const HOSTS: Array<{ host: string; via: RegExp; file: string; text: string }> = [
  {
    host: 'Cloudflare Pages',
    via: /cloudflare\/pages-action@v1/,
    file: 'docs.yml',
    text: workflow('Docs', '      - uses: cloudflare/pages-action@v1\n        with:\n          apiToken: ${{ secrets.CLOUDFLARE_API_TOKEN }}\n          accountId: ${{ secrets.CLOUDFLARE_ACCOUNT_ID }}\n          projectName: quill-docs\n          directory: site\n'),
  },
  {
    host: 'Cloudflare Pages',
    via: /cloudflare\/wrangler-action@v3/,
    file: 'publish.yml',
    text: workflow('Publish docs', '      - uses: cloudflare/wrangler-action@v3\n        with:\n          apiToken: ${{ secrets.CLOUDFLARE_API_TOKEN }}\n          command: pages deploy site --project-name=quill-docs\n'),
  },
  { host: 'Netlify', via: /netlify-cli deploy --prod --dir=site/, file: 'netlify.yml', text: workflow('Netlify', '      - run: npx netlify-cli deploy --prod --dir=site\n        env:\n          NETLIFY_AUTH_TOKEN: ${{ secrets.NETLIFY_AUTH_TOKEN }}\n') },
  { host: 'Vercel', via: /vercel deploy --prod/, file: 'vercel.yml', text: workflow('Vercel', '      - run: npx vercel deploy --prod --token=${{ secrets.VERCEL_TOKEN }}\n') },
  {
    host: 'Firebase Hosting',
    via: /FirebaseExtended\/action-hosting-deploy@v0/,
    file: 'firebase.yml',
    text: workflow('Firebase', "      - uses: FirebaseExtended/action-hosting-deploy@v0\n        with:\n          repoToken: ${{ secrets.GITHUB_TOKEN }}\n          firebaseServiceAccount: ${{ secrets.FIREBASE_SERVICE_ACCOUNT }}\n          channelId: live\n"),
  },
  { host: 'AWS S3', via: /aws s3 sync site s3:\/\/quill-docs/, file: 's3.yml', text: workflow('S3', '      - run: aws s3 sync site s3://quill-docs --delete\n') },
];

let kernel: TestToolpack | undefined;
afterEach(async () => {
  await kernel?.stop();
  kernel = undefined;
});

async function client(root: string): Promise<(tool: string, args: Record<string, unknown>) => Promise<CallOutcome>> {
  kernel = await startTestToolpack({ workspace: root, preset: 'all', config: { plugins: ['project', 'ssg', 'memory'] } });
  const mcp = await connectTestClient(kernel);
  return async (tool, args) => outcome((await mcp.callTool({ name: tool, arguments: args })) as never);
}

const repo = (tree: Tree) => {
  const root = project(tree, 'toolpack-deploy-targets-');
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: root });
  return root;
};

describe('verify_deployment: deploy workflows other than GitHub Pages', () => {
  it.each(HOSTS)('$host ($file) is a deploy workflow with its target, and no failure is recorded', async ({ host, via, file, text }) => {
    const root = repo(cliLibrary({ [`.github/workflows/${file}`]: text, '.github/workflows/ci.yml': 'name: CI\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: pytest\n' }));
    const call = await client(root);
    const result = await call('verify_deployment', { repository: '.' });
    expect(result.isError, result.text).toBe(false);
    const workflowCheck = result.data.checks.find((c: { check: string }) => c.check === 'workflow');
    expect(workflowCheck.status, workflowCheck.detail).toBe('pass');
    expect(workflowCheck.detail).toContain(`.github/workflows/${file}`);
    expect(workflowCheck.detail).toContain(`deploys to ${host}`);
    expect(workflowCheck.detail).toMatch(via);
    expect(result.data.target).toBe(host);
    // The site is not built locally yet (a warning), nothing failed.
    expect(result.data.status).toBe('warn');
    expect(result.data.checks.filter((c: { status: string }) => c.status === 'fail')).toEqual([]);
    expect(result.data.summary).toContain(`(MkDocs to ${host})`);
    const report = await call('analyze_deployments', {});
    expect(report.data.overall).toMatchObject({ failed: 0, succeeded: 0 });
  });

  it('a host whose step publishes another folder than the build output fails the artifact check', async () => {
    const text = workflow('Docs', '      - uses: cloudflare/wrangler-action@v3\n        with:\n          apiToken: ${{ secrets.CLOUDFLARE_API_TOKEN }}\n          command: pages deploy public --project-name=quill-docs\n');
    const call = await client(repo(cliLibrary({ '.github/workflows/docs.yml': text })));
    const result = await call('verify_deployment', { repository: '.' });
    expect(result.data.checks.find((c: { check: string }) => c.check === 'artifact-path')).toMatchObject({ status: 'fail', detail: 'the workflow publishes public but MkDocs builds into site' });
  });

  it('a workflow that deploys no site (a Cloudflare Worker, tests only) still does not deploy', async () => {
    const worker = workflow('Worker', '      - uses: cloudflare/wrangler-action@v3\n        with:\n          apiToken: ${{ secrets.CLOUDFLARE_API_TOKEN }}\n          command: deploy\n');
    const call = await client(repo(cliLibrary({ '.github/workflows/worker.yml': worker })));
    const result = await call('verify_deployment', { repository: '.' });
    expect(result.data.checks.find((c: { check: string }) => c.check === 'workflow')).toMatchObject({ status: 'fail', detail: 'no Pages deployment workflow in .github/workflows/' });
    expect(result.data.target).toBeNull();
  });
});
