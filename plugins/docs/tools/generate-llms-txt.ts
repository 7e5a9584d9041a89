/**
 * generate_llms_txt: llms.txt (llmstxt.org) for a documentation site, with the
 * URLs manage_sitemap gives its pages (the freshness pack's site pages), placed
 * where the generator publishes it at the site root (llms-txt/placement.ts).
 * A file this tool wrote carries a marker and is replaced; a hand-written one is
 * replaced only after the user confirms. validate checks an existing file.
 */
import { ConfigurationError, defineTool, Params, StringEnum, Type, ValidationError, writeWorkspaceText, type Workspace } from '../../../sdk/index.js';
import type { SitePages } from '../../freshness/api.js';
import type { DocsDeps } from '../deps.js';
import { existingHandWritten, runLlmsTxt, type LlmsOutcome } from '../llms-txt/run.js';

const ACTIONS = ['generate', 'validate'] as const;

const Finding = Type.Object({ file: Type.String(), line: Type.Integer(), rule: Type.String(), severity: Type.String(), message: Type.String() });

function needSitePages(deps: DocsDeps): SitePages {
  if (deps.sitePages) return deps.sitePages;
  throw new ConfigurationError('generate_llms_txt needs the freshness pack (its site pages give the sitemap\'s URLs); enable the freshness pack.', { pack: 'freshness' });
}

export const generateLlmsTxtTool = (deps: DocsDeps) =>
  defineTool({
    name: 'generate_llms_txt',
    title: 'Generate llms.txt',
    description: 'Write a docs site\'s llms.txt (and llms-full.txt) with the sitemap\'s URLs where the generator publishes it, or validate an existing one.',
    input: Params({
      docsPath: Type.String({ description: 'Docs folder in the workspace; the site generator is detected from it.' }),
      baseUrl: Type.Optional(Type.String({ description: 'Absolute site URL; default from the generator config.' })),
      action: Type.Optional(StringEnum(ACTIONS, { default: 'generate', description: 'generate: write it; validate: check it.' })),
      includeFullText: Type.Optional(Type.Boolean({ default: false, description: 'Also write llms-full.txt with the pages\' text.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      action: Type.String(),
      generator: Type.Union([Type.String(), Type.Null()]),
      baseUrl: Type.Union([Type.String(), Type.Null()]),
      files: Type.Array(Type.Object({ path: Type.String(), url: Type.Union([Type.String(), Type.Null()]), written: Type.Boolean(), replaced: Type.Boolean(), bytes: Type.Integer() })),
      sections: Type.Array(Type.Object({ title: Type.String(), links: Type.Integer() })),
      links: Type.Array(Type.Object({ section: Type.String(), title: Type.String(), url: Type.String(), page: Type.String() })),
      linkTotal: Type.Integer(),
      valid: Type.Boolean(),
      findings: Type.Array(Finding),
      findingTotal: Type.Integer(),
      notes: Type.Array(Type.String()),
    }),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    // Replacing a hand-written llms.txt (no generated marker) asks first; a file this tool wrote is replaced.
    async confirm(input, context) {
      if ((input.action ?? 'generate') !== 'generate') return undefined;
      const handWritten = await existingHandWritten(needSitePages(deps), context.workspace, input.docsPath, input.includeFullText ?? false);
      if (!handWritten.length) return undefined;
      return {
        action: `Replace ${handWritten.join(' and ')}`,
        description: `generate_llms_txt will replace ${handWritten.join(' and ')}, which ${handWritten.length === 1 ? 'was' : 'were'} not written by this tool (no generated marker).`,
        risks: [`The hand-written content of ${handWritten.join(' and ')} is lost unless it is committed or backed up.`],
      };
    },
    async handler(input, context) {
      const baseUrl = input.baseUrl?.trim() || undefined;
      if (baseUrl && !isHttpUrl(baseUrl)) {
        throw new ValidationError(`parameter "baseUrl": expected an absolute http(s) URL such as https://example.com/docs/, got "${baseUrl}"`, { parameter: 'baseUrl' });
      }
      const outcome = await runLlmsTxt({
        sitePages: needSitePages(deps),
        workspace: context.workspace,
        docsPath: input.docsPath,
        baseUrl,
        action: input.action ?? 'generate',
        includeFullText: input.includeFullText ?? false,
        write: (workspace: Workspace, target: string, text: string) => writeWorkspaceText(workspace, target, text, { replace: true, param: 'docsPath' }),
        ...(context.signal ? { signal: context.signal } : {}),
      });
      return present(outcome);
    },
  });

function isHttpUrl(text: string): boolean {
  try {
    return /^https?:$/.test(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** Links and findings listed at most; totals count all. */
const MAX_LISTED = 100;

function present(outcome: LlmsOutcome) {
  return {
    summary: outcome.summary,
    action: outcome.action,
    generator: outcome.generator,
    baseUrl: outcome.baseUrl,
    files: outcome.files,
    sections: outcome.sections,
    links: outcome.links.slice(0, MAX_LISTED),
    linkTotal: outcome.links.length,
    valid: outcome.findings.every((f) => f.severity !== 'error'),
    findings: outcome.findings.slice(0, MAX_LISTED),
    findingTotal: outcome.findings.length,
    notes: outcome.notes,
  };
}
