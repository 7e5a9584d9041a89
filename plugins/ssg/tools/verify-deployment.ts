/**
 * verify_deployment (seed 001): local checks of a Pages deployment (workflow,
 * generator config, build output, CNAME) and, with `url`, the live site's
 * answer. Memory gets "succeeded" only with proof (the URL answered 200 with
 * HTML) and "failed" when a check failed; otherwise nothing is recorded.
 */
import { defineTool, httpFailureOf, isToolError, Params, Type } from '../../../sdk/index.js';
import type { SsgDeps } from '../deps.js';
import { ssgDeploymentTopic } from '../events.js';
import { localChecks, type Check } from '../deploy/checks.js';
import { checkUrl, HTTP_TIMEOUT_MS, parseSiteUrl, type HttpAnswer } from '../deploy/http-check.js';
import { resolveRepository } from '../deploy/repository.js';

export const verifyDeploymentTool = (deps: SsgDeps) =>
  defineTool({
    name: 'verify_deployment',
    title: 'Verify a documentation deployment',
    description:
      `Check a GitHub Pages docs deployment: workflow, generator config, build output and CNAME, each pass/warn/fail with a fix; with url, fetch the site (${HTTP_TIMEOUT_MS / 1000} s timeout). Use it after deploy_pages; private-network URLs are fetched only if the config allows.`,
    input: Params({
      repository: Type.String({ description: 'Repository folder in the workspace ("." for the root); a URL only names it.' }),
      url: Type.Optional(Type.String({ description: 'Deployed site URL to fetch.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      status: Type.String({ description: 'pass, warn or fail: the worst check.' }),
      repository: Type.String(),
      ssg: Type.Union([Type.String(), Type.Null()]),
      siteDir: Type.Union([Type.String(), Type.Null()]),
      target: Type.Union([Type.String(), Type.Null()], { description: 'The host the workflow deploys to.' }),
      checks: Type.Array(Type.Object({ check: Type.String(), status: Type.String(), detail: Type.String(), recommendation: Type.String() })),
      http: Type.Optional(
        Type.Object({ url: Type.String(), finalUrl: Type.String(), status: Type.Number(), timeMs: Type.Number(), contentType: Type.Union([Type.String(), Type.Null()]), title: Type.Union([Type.String(), Type.Null()]) }),
      ),
      recommendations: Type.Array(Type.String()),
    }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
    async handler({ repository, url }, context) {
      const target = url === undefined ? undefined : parseSiteUrl(url);
      const repo = await resolveRepository(repository, context);
      const local = await localChecks(repo, deps.adapters.list(), context);
      const checks: Check[] = [...local.checks];
      const ssg = local.adapter?.id ?? 'unknown';
      const record = (outcome: 'succeeded' | 'failed', evidence: string, error?: string) =>
        deps.events.publish(ssgDeploymentTopic, { tool: 'verify_deployment', project: repo.path, ssg, outcome, evidence, ...(target ? { target: target.href } : {}), ...(error ? { error } : {}) });

      let http: HttpAnswer | undefined;
      if (target) {
        try {
          http = await checkUrl(deps.http, target, context.signal);
        } catch (error) {
          // An address the network policy refuses was not fetched: the URL is reported as not checked, nothing of it returned.
          if (httpFailureOf(error) !== 'private-address') {
            await record('failed', 'url-unreachable', isToolError(error) ? error.message : String(error));
            throw error;
          }
          checks.push({ check: 'url', status: 'warn', detail: `${target.href} was not checked: ${(error as Error).message}`, recommendation: 'Pass the public URL of the deployed site, or allow the address in the network section of the configuration (network.allowPrivateAddresses or network.allowedHosts).' });
        }
        if (http) checks.push(httpCheck(http, local.domain, local.target?.name ?? 'GitHub Pages'));
      }
      const worst = checks.some((c) => c.status === 'fail') ? 'fail' : checks.some((c) => c.status === 'warn') ? 'warn' : 'pass';
      if (http?.status === 200 && http.html) await record('succeeded', 'verified-url');
      else if (worst === 'fail') {
        const failed = checks.filter((c) => c.status === 'fail');
        await record('failed', http && http.status !== 200 ? `url-status-${http.status}` : `check-failed:${failed.map((c) => c.check).join(',')}`, failed.map((c) => c.detail).join('; '));
      }
      const counts = (['pass', 'warn', 'fail'] as const).map((s) => `${checks.filter((c) => c.status === s).length} ${s}`).join(', ');
      const summary = `${worst === 'pass' ? 'Deployment looks right' : worst === 'warn' ? 'Deployment works with warnings' : 'Deployment has problems'} for "${repo.path}"${local.adapter ? ` (${local.adapter.name}${local.target ? ` to ${local.target.name}` : ''})` : local.target ? ` (to ${local.target.name})` : ''}: ${counts}${http ? `; ${http.finalUrl} answered ${http.status} in ${http.timeMs} ms` : ''}.`;
      return {
        summary,
        status: worst,
        repository: repo.path,
        ssg: local.adapter?.id ?? null,
        siteDir: local.site?.siteDir ?? null,
        target: local.target?.name ?? null,
        checks,
        ...(http ? { http: { url: http.url, finalUrl: http.finalUrl, status: http.status, timeMs: http.timeMs, contentType: http.contentType, title: http.title } } : {}),
        recommendations: checks.filter((c) => c.status !== 'pass').map((c) => c.recommendation),
      };
    },
  });

function httpCheck(http: HttpAnswer, domain: string | null, host: string): Check {
  if (http.status === 404) {
    const recommendation = host.startsWith('GitHub Pages')
      ? 'Pages is not serving the site yet: check the workflow run in the Actions tab, that Settings > Pages uses the right source, and that the URL includes the repository path for project sites.'
      : `${host} is not serving the site at this URL yet: check the workflow run in the Actions tab and the ${host} project's deployments and domain.`;
    return { check: 'url', status: 'fail', detail: `${http.finalUrl} answered 404 Not Found`, recommendation };
  }
  if (!http.ok) {
    return { check: 'url', status: 'fail', detail: `${http.finalUrl} answered ${http.status}`, recommendation: 'Look at the latest deployment run and the Pages settings; retry after a few minutes for a 5xx.' };
  }
  if (!http.html) {
    return { check: 'url', status: 'warn', detail: `${http.finalUrl} answered ${http.status} with ${http.contentType ?? 'no content type'}, not HTML`, recommendation: 'The site root should serve index.html: check the uploaded folder is the build output.' };
  }
  const served = new URL(http.finalUrl).hostname.toLowerCase();
  if (domain && served !== domain && !served.endsWith('.github.io')) {
    return { check: 'url', status: 'warn', detail: `${http.finalUrl} answered ${http.status} (${http.title ?? 'no title'}) but the configured domain is ${domain}`, recommendation: `Check the URL, or the custom domain in CNAME and Settings > Pages.` };
  }
  return { check: 'url', status: 'pass', detail: `${http.finalUrl} answered ${http.status} in ${http.timeMs} ms${http.title ? `: "${http.title}"` : ''}`, recommendation: '' };
}
