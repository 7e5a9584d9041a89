/**
 * verify_deployment's local checks, each pass / warn / fail with what to do:
 * the Pages workflow (present, valid, current actions), the generator's
 * configuration, the build output, and CNAME agreeing with the workflow.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { SsgAdapter, ToolContext } from '../../../sdk/index.js';
import { staticDirFor } from './custom-domain.js';
import { deployTargets, type DeployTarget } from './deploy-targets.js';
import { relativeDir, type RepositoryTarget } from './repository.js';
import { findSiteDir, readIfPresent, type SiteLocation } from './site-dir.js';
import { outputPath, WORKFLOW_PATH } from './workflow.js';
import { validateWorkflow, type WorkflowValidation } from './validate-workflow.js';

export type CheckStatus = 'pass' | 'warn' | 'fail';
export interface Check {
  check: string;
  status: CheckStatus;
  detail: string;
  /** What to do about a warn or fail; empty on pass. */
  recommendation: string;
}

export interface LocalFindings {
  checks: Check[];
  adapter: SsgAdapter | null;
  site: SiteLocation | null;
  /** Custom domain the repository declares (CNAME file or the workflow's cname), lower-cased. */
  domain: string | null;
  /** Where the workflow deploys (GitHub Pages, Cloudflare Pages, Netlify, ...), null without one. */
  target: DeployTarget | null;
}

const WORKFLOWS = '.github/workflows';

/** The workflow to check: deploy-docs.yml, else the first workflow that deploys a site (to Pages or another host). */
async function findWorkflow(repo: RepositoryTarget, context: ToolContext): Promise<{ path: string; text: string } | null> {
  const own = join(repo.root, WORKFLOW_PATH);
  const text = await readIfPresent(context, own);
  if (text !== undefined) return { path: own, text };
  const names = await readdir(join(repo.root, WORKFLOWS)).catch(() => [] as string[]);
  for (const name of names.filter((n) => /\.ya?ml$/.test(n)).sort()) {
    const path = join(repo.root, WORKFLOWS, name);
    const body = await readIfPresent(context, path);
    if (body && deployTargets(body).length > 0) return { path, text: body };
  }
  return null;
}

export async function localChecks(repo: RepositoryTarget, adapters: readonly SsgAdapter[], context: ToolContext): Promise<LocalFindings> {
  const checks: Check[] = [];
  const rel = (abs: string) => context.workspace.relative(abs);

  // 1. Workflow
  const workflow = await findWorkflow(repo, context);
  let validation: WorkflowValidation | null = null;
  const target = workflow ? (deployTargets(workflow.text)[0] ?? null) : null;
  const onGitHub = !target || target.id.startsWith('github-pages');
  if (!workflow) {
    checks.push({ check: 'workflow', status: 'fail', detail: `no Pages deployment workflow in ${WORKFLOWS}/`, recommendation: 'Run deploy_pages to write .github/workflows/deploy-docs.yml.' });
  } else {
    validation = await validateWorkflow(workflow.path, workflow.text, context.workspace);
    if (!validation.valid) {
      checks.push({ check: 'workflow', status: 'fail', detail: `${rel(workflow.path)} is invalid (${validation.validator}): ${validation.errors.join('; ')}`, recommendation: 'Fix the reported errors, or remove the file and run deploy_pages again.' });
    } else if (validation.deploys === 'none' && !target) {
      checks.push({ check: 'workflow', status: 'fail', detail: `${rel(workflow.path)} does not deploy (no step publishing to GitHub Pages, Cloudflare Pages, Netlify, Vercel, Firebase Hosting or S3)`, recommendation: 'Add a deploy job with actions/deploy-pages@v4, or run deploy_pages.' });
    } else if (validation.deprecated.length) {
      checks.push({ check: 'workflow', status: 'warn', detail: `${rel(workflow.path)} uses deprecated actions: ${validation.deprecated.join(', ')}`, recommendation: 'Move to actions/checkout@v4, upload-pages-artifact@v3, deploy-pages@v4 and configure-pages@v5: older majors fail or are scheduled to.' });
    } else if (validation.deploys === 'none' && target) {
      checks.push({ check: 'workflow', status: 'pass', detail: `${rel(workflow.path)} is valid (${validation.validator}) and deploys to ${target.name} (${target.via})`, recommendation: '' });
    } else {
      checks.push({ check: 'workflow', status: 'pass', detail: `${rel(workflow.path)} is valid (${validation.validator}) and deploys via ${validation.deploys === 'pages' ? 'GitHub Pages actions' : 'a pages branch'}`, recommendation: '' });
    }
  }

  // 2. SSG configuration: the first adapter whose markers are found.
  let adapter: SsgAdapter | null = null;
  let site: SiteLocation | null = null;
  for (const candidate of adapters) {
    const found = await findSiteDir(candidate, repo.root, context, relativeDir(repo.root, repo.folder));
    if (found.marker) {
      adapter = candidate;
      site = found;
      break;
    }
  }
  if (!adapter || !site) {
    checks.push({ check: 'ssg-config', status: 'fail', detail: `no configuration of ${adapters.map((a) => a.id).join(', ')} found at the root or in docs/, website/, site/, documentation/`, recommendation: 'Run generate_config for the generator recommend_ssg suggests.' });
  } else {
    checks.push({ check: 'ssg-config', status: 'pass', detail: `${adapter.name} configuration ${relativeDir(repo.root, join(repo.root, site.siteDir, site.marker!))}`, recommendation: '' });
  }

  // 3. Build output, and whether the workflow uploads that folder.
  if (adapter && site) {
    const output = outputPath(site.siteDir, adapter.build.outputDir);
    const index = await readIfPresent(context, join(repo.root, output, 'index.html'), 8 * 1024 * 1024);
    if (index === undefined) {
      checks.push({ check: 'build-output', status: 'warn', detail: `${output}/index.html not found: the site has not been built locally`, recommendation: `Run test_local_deployment (or ${adapter.build.command} ${adapter.build.args.join(' ')} in ${site.siteDir}) to catch build errors before CI does.` });
    } else {
      checks.push({ check: 'build-output', status: 'pass', detail: `${output}/index.html present`, recommendation: '' });
    }
    // Another host's step names its folder itself (pages-action's directory, wrangler's argument, --dir).
    const published = validation?.artifactPaths.length ? validation.artifactPaths : !onGitHub && target?.directory ? [target.directory] : [];
    if (published.length) {
      const uploaded = published.map((p) => p.replace(/^\.\//, '').replace(/\/+$/, ''));
      if (!uploaded.includes(output)) {
        checks.push({ check: 'artifact-path', status: 'fail', detail: `the workflow publishes ${uploaded.join(', ')} but ${adapter.name} builds into ${output}`, recommendation: `Set the upload path to ${output}, or run deploy_pages again.` });
      }
    }
  }

  // 4. CNAME agrees with the workflow.
  let fileDomain: string | null = null;
  let cnamePath: string | null = null;
  if (adapter && site) {
    const siteRoot = join(repo.root, site.siteDir);
    const texts = new Map<string, string | undefined>();
    for (const name of ['mkdocs.yml', 'mkdocs.yaml']) texts.set(name, await readIfPresent(context, join(siteRoot, name)));
    const staticDir = staticDirFor(adapter, (p) => texts.get(p));
    for (const dir of [staticDir, '.'].filter((d): d is string => d !== null)) {
      const text = await readIfPresent(context, join(siteRoot, dir, 'CNAME'));
      if (text !== undefined) {
        fileDomain = text.trim().toLowerCase();
        cnamePath = rel(join(siteRoot, dir, 'CNAME'));
        break;
      }
    }
  }
  const workflowDomain = validation?.cname?.toLowerCase() ?? null;
  if (fileDomain && workflowDomain && fileDomain !== workflowDomain) {
    checks.push({ check: 'cname', status: 'fail', detail: `${cnamePath} says ${fileDomain} but the workflow publishes ${workflowDomain}`, recommendation: 'Make both name the same domain (the one set in Settings > Pages).' });
  } else if (fileDomain !== null && fileDomain === '') {
    checks.push({ check: 'cname', status: 'fail', detail: `${cnamePath} is empty`, recommendation: 'Write the custom domain into it, or remove it.' });
  } else if (fileDomain || workflowDomain) {
    checks.push({ check: 'cname', status: 'pass', detail: `custom domain ${fileDomain ?? workflowDomain}${cnamePath ? ` (${cnamePath})` : ' (workflow)'}`, recommendation: '' });
  } else {
    checks.push({ check: 'cname', status: 'pass', detail: onGitHub ? 'no custom domain configured (served at <owner>.github.io/<repository>)' : `no custom domain in the repository (${target!.name}'s project settings decide it)`, recommendation: '' });
  }
  return { checks, adapter, site, domain: fileDomain || workflowDomain || null, target };
}
