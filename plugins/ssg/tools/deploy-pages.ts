/**
 * deploy_pages (seed 001): a GitHub Actions workflow that builds the site with
 * its generator and deploys it to GitHub Pages (or pushes it to `branch`),
 * written to .github/workflows/deploy-docs.yml. A written workflow is only
 * "configured": memory records it so, never as a success.
 */
import { defineTool, Params, Type } from '../../../sdk/index.js';
import type { SsgDeps } from '../deps.js';
import { ssgDeploymentTopic } from '../events.js';
import { deployPages } from '../deploy/plan.js';
import { adapterFor, ssgParam } from './ssg-param.js';

const MAX_YAML = 8_000;

export const deployPagesTool = (deps: SsgDeps) =>
  defineTool({
    name: 'deploy_pages',
    title: 'Deploy documentation to GitHub Pages',
    description:
      'Write a GitHub Actions workflow that builds the docs site and deploys it to GitHub Pages (or pushes it to branch), with CNAME for customDomain. Use it once the site builds (test_local_deployment); verify_deployment checks the result. A different existing file is never replaced.',
    input: Params({
      repository: Type.String({ description: 'Repository folder in the workspace ("." for the root); a URL only names it.' }),
      ssg: ssgParam(deps.adapters),
      branch: Type.Optional(Type.String({ description: 'Push the built site to this branch instead of a Pages artifact deployment.' })),
      customDomain: Type.Optional(Type.String({ description: 'Host name such as docs.example.com: written to CNAME.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      ssg: Type.String(),
      variant: Type.String({ description: 'pages (artifact deployment) or branch.' }),
      repository: Type.String(),
      siteDir: Type.String(),
      artifactPath: Type.String(),
      defaultBranch: Type.Object({ branch: Type.String(), source: Type.String() }),
      branch: Type.Union([Type.String(), Type.Null()]),
      files: Type.Array(Type.Object({ path: Type.String(), status: Type.String({ description: 'written, unchanged or kept-existing (not replaced).' }) })),
      customDomain: Type.Optional(Type.Object({ domain: Type.String(), via: Type.String() })),
      workflow: Type.String({ description: 'The workflow YAML (proposed, when an existing file was kept).' }),
      resourceUri: Type.String(),
      nextSteps: Type.Array(Type.String()),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async handler({ repository, ssg, branch, customDomain }, context) {
      const adapter = adapterFor(deps.adapters, ssg);
      const plan = await deployPages({ repository, adapter, ...(branch !== undefined ? { branch } : {}), ...(customDomain !== undefined ? { customDomain } : {}) }, context);
      const kept = plan.workflow.status === 'kept-existing';
      const summary = kept
        ? `${plan.workflow.path} already exists with different content and was kept; the proposed ${adapter.name} workflow is returned, not written.`
        : `${plan.workflow.status === 'written' ? 'Wrote' : 'Unchanged:'} ${plan.workflow.path}: ${adapter.name} site in "${plan.site.siteDir}" built on push to ${plan.defaultBranch.branch} and ${plan.variant === 'pages' ? 'deployed to GitHub Pages' : `pushed to branch ${plan.branch}`}${plan.cname ? ` at ${plan.cname.domain}` : ''}.`;
      const stored = await context.resources.put({
        kind: 'deployment',
        name: `deploy_pages ${adapter.id} for ${plan.repo.path}`,
        data: { ssg: adapter.id, repository: plan.repo.path, siteDir: plan.site.siteDir, variant: plan.variant, branch: plan.branch, customDomain: plan.cname?.domain ?? null, files: plan.files, workflow: plan.yaml },
      });
      if (!kept) {
        await deps.events.publish(ssgDeploymentTopic, {
          tool: 'deploy_pages',
          project: plan.repo.path,
          ssg: adapter.id,
          outcome: 'configured',
          evidence: 'workflow-written',
          target: plan.variant === 'pages' ? 'github-pages' : `branch:${plan.branch}`,
        });
      }
      return {
        summary,
        ssg: adapter.id,
        variant: plan.variant,
        repository: plan.repo.path,
        siteDir: plan.site.siteDir,
        artifactPath: plan.artifactPath,
        defaultBranch: plan.defaultBranch,
        branch: plan.branch,
        files: plan.files,
        ...(plan.cname ? { customDomain: plan.cname } : {}),
        workflow: plan.yaml.length > MAX_YAML ? `${plan.yaml.slice(0, MAX_YAML)}\n# ... (full text in ${stored.uri})` : plan.yaml,
        resourceUri: stored.uri,
        nextSteps: plan.notes,
      };
    },
  });
