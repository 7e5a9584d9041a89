/**
 * check_documentation_links: every link, anchor and image in a documentation
 * folder, internal ones resolved against the files (as the site generator serves
 * them) and external ones fetched, each problem at its page and line.
 */
import { defineTool, Params, Type } from '../../../sdk/index.js';
import type { DocsDeps } from '../deps.js';
import { documentationWorkTopic } from '../events.js';
import { checkLinks, MAX_EXTERNAL_URLS, type LinkCheckReport } from '../links/check.js';
import { contentPages } from '../links/content-path.js';
import { LinkIssueSchema, MAX_LISTED } from '../links/issue-schema.js';
import { readPages } from '../links/load.js';
import { findSite } from '../links/site.js';
import { linkRecommendations } from '../links/recommendations.js';

/**
 * What became of the distinct external URLs, in words: answered, failed, unverified (refused by the
 * site or by the network policy, nothing sent), and left over the cap. "Fetched" would hide all but the first.
 */
function externalCounts(external: NonNullable<LinkCheckReport['external']>): string {
  const distinct = external.checked + external.notChecked;
  const parts = [`${external.ok} answered`, `${external.broken} failed`];
  const declined = external.unverified - external.refused;
  if (declined) parts.push(`${declined} unverified (the site refused robots, or no site answered)`);
  if (external.refused) parts.push(`${external.refused} refused by the network policy (not fetched)`);
  if (external.notChecked) parts.push(`${external.notChecked} not checked (over the cap of ${MAX_EXTERNAL_URLS})`);
  return `${distinct} distinct external URL${distinct === 1 ? '' : 's'}: ${parts.join(', ')}`;
}

export const checkDocumentationLinksTool = (deps: DocsDeps) =>
  defineTool({
    name: 'check_documentation_links',
    title: 'Check documentation links',
    description: 'Check the links of a docs folder: relative links, anchors, images and external URLs, each broken one with page, line and fix. Use it for links only, external included; validate_content also checks code blocks.',
    input: Params({
      documentation_path: Type.Optional(Type.String({ default: './docs', description: 'Documentation folder (or one page) in the workspace.' })),
      check_external_links: Type.Optional(Type.Boolean({ default: true, description: 'Fetch http(s) links; private-network ones only if the config\'s network section allows.' })),
      check_internal_links: Type.Optional(Type.Boolean({ default: true, description: 'Check links to files and images.' })),
      check_anchor_links: Type.Optional(Type.Boolean({ default: true, description: 'Check #fragments against headings.' })),
      timeout_ms: Type.Optional(Type.Number({ minimum: 100, maximum: 60000, default: 5000, description: 'Per external request, in milliseconds.' })),
      max_concurrent_checks: Type.Optional(Type.Number({ minimum: 1, maximum: 50, multipleOf: 1, default: 5, description: 'External requests at once, overall and per host.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      documentationPath: Type.String(),
      ssg: Type.Union([Type.String(), Type.Null()], { description: 'Site generator whose anchors and addresses were used; null: GitHub rendering.' }),
      pagesChecked: Type.Integer(),
      links: Type.Object({ total: Type.Integer(), internal: Type.Integer(), anchors: Type.Integer(), images: Type.Integer(), external: Type.Integer() }),
      brokenTotal: Type.Integer(),
      warningTotal: Type.Integer(),
      issues: Type.Array(LinkIssueSchema, { description: `Errors then warnings, by page and line; at most ${MAX_LISTED}.` }),
      truncated: Type.Boolean({ description: 'True when issues or pages were cut off.' }),
      external: Type.Union([Type.Object({ checked: Type.Integer(), ok: Type.Integer(), broken: Type.Integer(), unverified: Type.Integer(), notChecked: Type.Integer({ description: `Distinct URLs past the first ${MAX_EXTERNAL_URLS}.` }) }), Type.Null()]),
      unreadable: Type.Array(Type.Object({ file: Type.String(), reason: Type.String() })),
      recommendations: Type.Array(Type.String()),
    }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
    async handler(input, context) {
      const path = input.documentation_path ?? './docs';
      const checkExternal = input.check_external_links ?? true;
      const content = await contentPages(path, 'documentation_path', context);
      const site = await findSite(content.root, context.workspace, deps.adapters);
      const { pages, unreadable } = await readPages(content.pages, site, context);
      const report = await checkLinks(pages, { workspace: context.workspace, docsRoot: content.root, site }, {
        files: input.check_internal_links ?? true,
        anchors: input.check_anchor_links ?? true,
        external: checkExternal,
        timeoutMs: input.timeout_ms ?? 5000,
        maxConcurrent: Math.floor(input.max_concurrent_checks ?? 5),
        signal: context.signal,
        http: deps.http,
        onExternal: (done, total) => void context.progress({ progress: done, total, message: 'Checking external links' }),
      });
      const errors = report.issues.filter((issue) => issue.severity === 'error');
      const warnings = report.issues.filter((issue) => issue.severity === 'warning');
      const listed = [...errors, ...warnings].slice(0, MAX_LISTED);
      // A single page is named as itself, a folder as the folder.
      const folder = context.workspace.relative(content.single ? content.pages[0]! : content.root) || '.';
      const summary =
        `${errors.length === 0 ? 'No broken links' : `${errors.length} broken link${errors.length === 1 ? '' : 's'}`} in ${pages.length} page${pages.length === 1 ? '' : 's'} of ${folder}` +
        ` (${report.counts.total} links${report.external ? `; ${externalCounts(report.external)}` : checkExternal ? '' : ', external links not fetched'})` +
        `${warnings.length ? `; ${warnings.length} warning${warnings.length === 1 ? '' : 's'}` : ''}${content.truncated ? `; only the first ${content.pages.length} pages were checked` : ''}.`;
      await deps.events.publish(documentationWorkTopic, { tool: 'check_documentation_links', project: context.workspace.relative(site.root) || '.', action: 'links-checked', summary, files: [...new Set(errors.map((issue) => issue.file))] });
      return {
        summary,
        documentationPath: folder,
        ssg: site.ssg,
        pagesChecked: pages.length,
        links: report.counts,
        brokenTotal: errors.length,
        warningTotal: warnings.length,
        issues: listed,
        truncated: listed.length < report.issues.length || content.truncated,
        external: report.external && { checked: report.external.checked, ok: report.external.ok, broken: report.external.broken, unverified: report.external.unverified, notChecked: report.external.notChecked },
        unreadable,
        recommendations: linkRecommendations(report.issues),
      };
    },
  });
