/**
 * validate_content: a page or folder of documentation checked for broken links,
 * anchors and images (inline and reference-style), undefined references, and
 * code blocks that do not parse (the validate/ module's parsers: JSON, YAML,
 * TOML, JavaScript, TypeScript, Python). External links only when asked.
 */
import { defineTool, Params, StringEnum, Type } from '../../../sdk/index.js';
import type { DocsDeps } from '../deps.js';
import { documentationWorkTopic } from '../events.js';
import { checkLinks } from '../links/check.js';
import { contentPages } from '../links/content-path.js';
import { LinkIssueSchema, MAX_LISTED } from '../links/issue-schema.js';
import { readPages } from '../links/load.js';
import { linkRecommendations } from '../links/recommendations.js';
import { findSite } from '../links/site.js';
import { timeSlicer } from '../../../sdk/time-slices.js';
import { checkSnippets } from '../validate/code-blocks.js';

const VALIDATION_TYPES = ['links', 'code', 'references', 'all'] as const;
const EXTERNAL_TIMEOUT_MS = 5000;
const EXTERNAL_CONCURRENCY = 5;

export const validateContentTool = (deps: DocsDeps) =>
  defineTool({
    name: 'validate_content',
    title: 'Validate documentation content',
    description: 'Validate documentation pages: broken links, anchors and images, undefined reference links, and code blocks that do not parse, each with page and line. Use it for a general check; check_documentation_links for links only (external too), validate_diataxis_content for structure and accuracy.',
    input: Params({
      contentPath: Type.String({ description: 'Page or folder of documentation in the workspace.' }),
      validationType: Type.Optional(StringEnum(VALIDATION_TYPES, { default: 'all', description: 'links: inline links, anchors, images; references: reference-style links.' })),
      includeCodeValidation: Type.Optional(Type.Boolean({ default: true, description: 'Parse code blocks (validationType all or code).' })),
      followExternalLinks: Type.Optional(Type.Boolean({ default: false, description: 'Also fetch http(s) links.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      valid: Type.Boolean({ description: 'No errors found (warnings allowed).' }),
      contentPath: Type.String(),
      pagesChecked: Type.Integer(),
      brokenLinks: Type.Array(LinkIssueSchema, { description: `By page and line; at most ${MAX_LISTED}.` }),
      brokenLinkTotal: Type.Integer(),
      codeErrors: Type.Array(Type.Object({ file: Type.String(), line: Type.Integer(), language: Type.String(), message: Type.String(), confidence: Type.Number() })),
      codeErrorTotal: Type.Integer(),
      codeBlocks: Type.Object({ total: Type.Integer(), parsed: Type.Integer() }, { description: 'Blocks in languages without a parser are counted, not parsed.' }),
      truncated: Type.Boolean(),
      unreadable: Type.Array(Type.Object({ file: Type.String(), reason: Type.String() }), { description: 'Pages that could not be read (too large, not text).' }),
      recommendations: Type.Array(Type.String()),
    }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
    async handler(input, context) {
      const type = input.validationType ?? 'all';
      const checkCode = (type === 'all' || type === 'code') && (input.includeCodeValidation ?? true);
      const checkInline = type === 'all' || type === 'links';
      const checkReferences = type === 'all' || type === 'references';
      const content = await contentPages(input.contentPath, 'contentPath', context);
      const site = await findSite(content.root, context.workspace, deps.adapters);
      const { pages, unreadable } = await readPages(content.pages, site, context);

      const isReference = (kind: string) => kind === 'reference' || kind === 'undefined-reference';
      const links = checkInline || checkReferences
        ? await checkLinks(pages, { workspace: context.workspace, docsRoot: content.root, site }, {
            files: true,
            anchors: true,
            external: input.followExternalLinks ?? false,
            timeoutMs: EXTERNAL_TIMEOUT_MS,
            maxConcurrent: EXTERNAL_CONCURRENCY,
            include: (link) => (isReference(link.kind) ? checkReferences : checkInline),
            signal: context.signal,
            http: deps.http,
          })
        : null;
      const linkIssues = links?.issues ?? [];

      const codeErrors: Array<{ file: string; line: number; language: string; message: string; confidence: number }> = [];
      const codeBlocks = { total: 0, parsed: 0 };
      if (checkCode) {
        const turn = timeSlicer(10);
        for (const { path, page } of pages) {
          await turn();
          context.signal.throwIfAborted();
          const report = await checkSnippets(page.snippets);
          codeBlocks.total += report.blocks;
          codeBlocks.parsed += report.checked;
          for (const error of report.errors) codeErrors.push({ file: context.workspace.relative(path), ...error });
        }
      }

      const errors = linkIssues.filter((issue) => issue.severity === 'error').length + codeErrors.length;
      const where = context.workspace.relative(content.single ? content.pages[0]! : content.root) || '.';
      const checked = [checkInline && 'links', checkReferences && 'references', checkCode && 'code'].filter(Boolean).join(', ');
      const summary =
        `${errors === 0 ? 'Valid' : `${errors} problem${errors === 1 ? '' : 's'}`}: ${pages.length} page${pages.length === 1 ? '' : 's'} of ${where} (checked ${checked || 'nothing'})` +
        `${linkIssues.length ? `; ${linkIssues.length} link issue${linkIssues.length === 1 ? '' : 's'}` : ''}${codeErrors.length ? `; ${codeErrors.length} code block${codeErrors.length === 1 ? '' : 's'} that do not parse` : ''}` +
        `${unreadable.length ? `; ${unreadable.length} unreadable` : ''}.`;
      const recommendations = linkRecommendations(linkIssues);
      if (codeErrors.length) recommendations.push('Fix the code blocks that do not parse: readers copy them as they are.');
      if (checkCode && codeBlocks.total > codeBlocks.parsed) recommendations.push(`${codeBlocks.total - codeBlocks.parsed} code block(s) in languages without a parser (or empty) were not checked.`);
      await deps.events.publish(documentationWorkTopic, { tool: 'validate_content', project: context.workspace.relative(site.root) || '.', action: 'validated', summary, files: [...new Set([...linkIssues.map((i) => i.file), ...codeErrors.map((e) => e.file)])] });
      return {
        summary,
        valid: errors === 0,
        contentPath: where,
        pagesChecked: pages.length,
        brokenLinks: linkIssues.slice(0, MAX_LISTED),
        brokenLinkTotal: linkIssues.length,
        codeErrors: codeErrors.slice(0, MAX_LISTED),
        codeErrorTotal: codeErrors.length,
        codeBlocks,
        truncated: linkIssues.length > MAX_LISTED || codeErrors.length > MAX_LISTED || content.truncated,
        unreadable,
        recommendations,
      };
    },
  });
