/**
 * deploy_pages' work: find the site, choose the variant, write the workflow
 * (and CNAME), never replacing a different existing file.
 */
import { join } from 'node:path';
import { ValidationError, type SsgAdapter, type ToolContext } from '../../../sdk/index.js';
import { staticDirFor, validateDomain } from './custom-domain.js';
import { defaultBranch, relativeDir, resolveRepository } from './repository.js';
import { siteInstall } from './site-install.js';
import { findSiteDir, readIfPresent, SITE_DIR_CANDIDATES } from './site-dir.js';
import { outputPath, WORKFLOW_PATH, workflowYaml } from './workflow.js';
import { writeNew, type WrittenFile } from './write-file.js';

/** A git branch name as `git check-ref-format --branch` accepts it (the common subset). */
const BRANCH = /^(?!-)(?!.*(?:\.\.|\/\/|@\{|\/\.|\.lock(?:\/|$)))[A-Za-z0-9._\/-]{1,200}(?<![./])$/;

export interface DeployInput {
  repository: string;
  adapter: SsgAdapter;
  branch?: string;
  customDomain?: string;
}

export async function deployPages(input: DeployInput, context: ToolContext) {
  const { adapter } = input;
  const domain = input.customDomain === undefined ? undefined : validateDomain(input.customDomain);
  const branch = input.branch?.trim();
  if (branch !== undefined && !BRANCH.test(branch)) {
    throw new ValidationError(`parameter "branch": "${input.branch}" is not a valid git branch name (e.g. site-pages)`, { parameter: 'branch', value: input.branch });
  }
  const repo = await resolveRepository(input.repository, context);
  const base = await defaultBranch(repo.root, context);
  if (branch !== undefined && branch === base.branch) {
    throw new ValidationError(`parameter "branch": "${branch}" is the branch the sources are pushed to; the built site needs its own branch (e.g. site-pages)`, { parameter: 'branch', value: branch });
  }
  const site = await findSiteDir(adapter, repo.root, context, relativeDir(repo.root, repo.folder));
  const siteRoot = join(repo.root, site.siteDir);
  const notes: string[] = [];
  if (!site.marker) notes.push(`No ${adapter.name} configuration (${adapter.markers.join(', ')}) found at the repository root or in ${SITE_DIR_CANDIDATES.slice(1).join(', ')}: the workflow assumes the site at the root; run generate_config first.`);

  const files: WrittenFile[] = [];
  let cname: { domain: string; via: string } | undefined;
  let cnameStep = false;
  if (domain) {
    const texts = new Map<string, string | undefined>();
    for (const name of ['mkdocs.yml', 'mkdocs.yaml']) texts.set(name, await readIfPresent(context, join(siteRoot, name)));
    const staticDir = staticDirFor(adapter, (path) => texts.get(path));
    if (staticDir === null) {
      cnameStep = branch === undefined;
      cname = { domain, via: branch === undefined ? 'a workflow step writes CNAME into the build output' : `the publish step's cname input` };
    } else {
      const written = await writeNew(context, join(siteRoot, staticDir, 'CNAME'), `${domain}\n`, 'customDomain');
      files.push(written);
      cname = { domain, via: `${written.path} (copied into the output by ${adapter.name})${branch !== undefined ? " and the publish step's cname input" : ''}` };
      if (written.status === 'kept-existing') notes.push(`${written.path} exists with other content: it was kept; make it "${domain}" or remove it.`);
    }
    notes.push(`Also set ${domain} as the custom domain in the repository's Settings > Pages, and point a DNS CNAME record at <owner>.github.io.`);
  }

  // An existing site is built as it is: with what it declares (or its config names) installed.
  const install = await siteInstall(adapter, site.siteDir, site.marker, (path) => readIfPresent(context, join(repo.root, path)));
  if (install) notes.push(install.note);

  const yaml = workflowYaml({ adapter, siteDir: site.siteDir, defaultBranch: base.branch, ...(branch !== undefined ? { branch } : {}), ...(domain ? { customDomain: domain } : {}), cnameStep, ...(install ? { install: install.steps, ...(install.exec ? { exec: install.exec } : {}) } : {}) });
  const workflow = await writeNew(context, join(repo.root, WORKFLOW_PATH), yaml, 'repository');
  files.unshift(workflow);
  if (workflow.status === 'kept-existing') {
    notes.unshift(`${workflow.path} already exists with different content: it was NOT replaced. Compare it with the proposed workflow below, or remove it and run deploy_pages again.`);
  }
  notes.push(
    branch === undefined
      ? 'In Settings > Pages the source must be "GitHub Actions" (configure-pages with enablement: true sets it when the token may).'
      : `In Settings > Pages choose "Deploy from a branch": ${branch}, / (root). The workflow needs "Read and write permissions" for GITHUB_TOKEN.`,
  );
  if (repo.url) notes.push(`The repository was given as a URL (${repo.url}): the workflow was written to the workspace root, which is taken to be its working copy.`);
  return {
    repo,
    site,
    variant: branch === undefined ? ('pages' as const) : ('branch' as const),
    branch: branch ?? null,
    defaultBranch: base,
    artifactPath: outputPath(site.siteDir, adapter.build.outputDir),
    workflow,
    yaml,
    files,
    cname,
    notes,
  };
}
