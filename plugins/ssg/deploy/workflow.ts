/**
 * The GitHub Actions workflow deploy_pages writes, as a plain object turned
 * into YAML by the `yaml` library (never by string concatenation), with the
 * current major versions of the official Pages actions.
 *
 * Two variants:
 * - pages (default): build, then upload-pages-artifact + deploy-pages (GitHub's
 *   Actions-based Pages deployment; configure-pages with `enablement: true`
 *   switches Pages to "GitHub Actions" as the source when it is not yet).
 * - branch (`branch` given): build, then push the output folder to that branch
 *   with peaceiris/actions-gh-pages, for Pages served "from a branch". The
 *   branch name and domain go in as `with:` values, never into a shell line.
 */
import { posix } from 'node:path';
import { stringify } from 'yaml';
import type { SsgAdapter, WorkflowStep } from '../../../sdk/index.js';

export const WORKFLOW_PATH = '.github/workflows/deploy-docs.yml';

/** The actions the workflows use, at their current major versions. */
export const ACTIONS = {
  checkout: 'actions/checkout@v4',
  configurePages: 'actions/configure-pages@v5',
  uploadArtifact: 'actions/upload-pages-artifact@v3',
  deployPages: 'actions/deploy-pages@v4',
  ghPages: 'peaceiris/actions-gh-pages@v4',
} as const;

export interface WorkflowInput {
  adapter: SsgAdapter;
  /** Site root relative to the repository: "." or "docs". */
  siteDir: string;
  defaultBranch: string;
  /** Publish to this branch instead of the Pages artifact deployment. */
  branch?: string;
  /** Validated domain. */
  customDomain?: string;
  /** The workflow writes CNAME into the output (the generator has no verbatim-copied folder we know). */
  cnameStep: boolean;
  /** What the existing site needs installed (site-install.ts), in place of the adapter's install of the generator alone. */
  install?: WorkflowStep[];
  /** Run the build through this ("bundle exec"). */
  exec?: string;
}

/** `${siteDir}/${outputDir}` normalised: "site", "docs/site", never "./site" or "docs/./site". */
export function outputPath(siteDir: string, outputDir: string): string {
  return posix.normalize(posix.join(siteDir, outputDir)).replace(/\/+$/, '') || '.';
}

type Step = Record<string, unknown>;

/** The adapter's steps as YAML objects: working-directory only on `run` steps (Actions rejects it on `uses`), the site dir when the adapter gave none. */
function siteSteps(steps: WorkflowStep[], siteDir: string): Step[] {
  return steps.map((step) => {
    const { 'working-directory': dir, ...rest } = step;
    const out: Step = { ...rest };
    if (step.run !== undefined) {
      const wd = dir ?? siteDir;
      if (wd && wd !== '.') out['working-directory'] = wd;
    }
    return out;
  });
}

/** The adapter's own install of its generator: a package-manager install line. */
const INSTALL_RUN = /^\s*(?:python3? -m )?pip3? install\b|^\s*gem install\b|^\s*npm (?:install|ci)\b/;

/** The adapter's steps with its install replaced by the site's (put before the build when the adapter has none), the build run through `exec`. */
function buildSteps(adapter: SsgAdapter, input: { siteDir: string; baseUrlFromPages: boolean }, install: WorkflowStep[] | undefined, exec: string | undefined): WorkflowStep[] {
  const builds = (run: string) => run === adapter.build.command || run.startsWith(`${adapter.build.command} `);
  const steps = adapter.workflowSteps(input).map((step) => (exec && step.run !== undefined && builds(step.run) ? { ...step, run: `${exec} ${step.run}` } : step));
  if (!install?.length) return steps;
  const at = steps.findIndex((step) => step.run !== undefined && INSTALL_RUN.test(step.run));
  if (at >= 0) return [...steps.slice(0, at), ...install, ...steps.slice(at + 1)];
  return [...steps.slice(0, -1), ...install, ...steps.slice(-1)];
}

function cnameStep(domain: string, output: string): Step {
  // The domain travels in env, so no value is ever spliced into the shell line.
  return { name: 'Add CNAME to the site', run: 'printf "%s\\n" "$CUSTOM_DOMAIN" > "$OUTPUT_DIR/CNAME"', env: { CUSTOM_DOMAIN: domain, OUTPUT_DIR: output } };
}

export function workflowObject(input: WorkflowInput): Record<string, unknown> {
  const { adapter, siteDir, defaultBranch, branch, customDomain } = input;
  const output = outputPath(siteDir, adapter.build.outputDir);
  const trigger = { push: { branches: [defaultBranch] }, workflow_dispatch: {} };
  const checkout: Step = { name: 'Check out', uses: ACTIONS.checkout };
  const addCname = customDomain && input.cnameStep ? [cnameStep(customDomain, output)] : [];

  if (branch !== undefined) {
    const publish: Step = {
      name: `Publish to the ${branch} branch`,
      uses: ACTIONS.ghPages,
      with: {
        github_token: '${{ secrets.GITHUB_TOKEN }}',
        publish_dir: `./${output}`,
        publish_branch: branch,
        ...(customDomain ? { cname: customDomain } : {}),
      },
    };
    return {
      name: `Deploy ${adapter.name} documentation`,
      on: trigger,
      permissions: { contents: 'write' },
      concurrency: { group: 'pages', 'cancel-in-progress': false },
      jobs: {
        publish: {
          'runs-on': 'ubuntu-latest',
          steps: [checkout, ...siteSteps(buildSteps(adapter, { siteDir, baseUrlFromPages: false }, input.install, input.exec), siteDir), publish],
        },
      },
    };
  }

  return {
    name: `Deploy ${adapter.name} documentation`,
    on: trigger,
    permissions: { contents: 'read', pages: 'write', 'id-token': 'write' },
    // One deployment at a time; a running one finishes rather than being cut off.
    concurrency: { group: 'pages', 'cancel-in-progress': false },
    jobs: {
      build: {
        'runs-on': 'ubuntu-latest',
        steps: [
          checkout,
          // Before the build: adapters read the site's base URL from its outputs (steps.pages.outputs.base_url).
          { name: 'Configure Pages', id: 'pages', uses: ACTIONS.configurePages, with: { enablement: true } },
          ...siteSteps(buildSteps(adapter, { siteDir, baseUrlFromPages: true }, input.install, input.exec), siteDir),
          ...addCname,
          { name: 'Upload the site', uses: ACTIONS.uploadArtifact, with: { path: output } },
        ],
      },
      deploy: {
        needs: 'build',
        'runs-on': 'ubuntu-latest',
        environment: { name: 'github-pages', url: '${{ steps.deployment.outputs.page_url }}' },
        steps: [{ name: 'Deploy to GitHub Pages', id: 'deployment', uses: ACTIONS.deployPages }],
      },
    },
  };
}

export function workflowYaml(input: WorkflowInput): string {
  const header = `# Written by deploy_pages (${input.adapter.name.replace(/\s+/g, " ")}, site in "${input.siteDir}"). Edit freely: deploy_pages does not overwrite a changed file.\n`;
  return header + stringify(workflowObject(input), { lineWidth: 0 });
}
