/**
 * manage_sitemap: sitemap.xml for a documentation folder. URLs follow the
 * generator's permalink rules (sitemap/site.ts, permalinks.ts), lastmod comes
 * from each page's last commit, priority and changefreq from its Diataxis
 * category (sitemap/categories.ts). validate and list read an existing sitemap;
 * generate and update write one (the flow is in sitemap/actions.ts).
 */
import { join } from 'node:path';
import { defineTool, Params, StringEnum, Type, ValidationError } from '../../../sdk/index.js';
import type { FreshnessDeps } from '../deps.js';
import { resolveFolder } from '../pages/docs-folder.js';
import { runSitemapAction, type SitemapOutcome } from '../sitemap/actions.js';
import { CATEGORIES, CHANGE_FREQUENCIES } from '../sitemap/categories.js';
import { DEFAULT_EXCLUDE, DEFAULT_INCLUDE } from '../sitemap/collect.js';
import { parseHttpUrl } from '../sitemap/url.js';

const ACTIONS = ['generate', 'validate', 'update', 'list'] as const;
/** URLs, findings, skipped pages and changes listed at most; totals always count all. */
export const MAX_LISTED = 100;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const ChangeList = Type.Object({ urls: Type.Array(Type.String()), total: Type.Integer() });

export const manageSitemapTool = (deps: FreshnessDeps) =>
  defineTool({
    name: 'manage_sitemap',
    title: 'Manage sitemap.xml',
    description:
      'Generate, update, validate or list a docs site\'s sitemap.xml: URLs from baseUrl and the generator\'s permalinks, lastmod from git, priority and changefreq by Diataxis category. validate reports schema errors, duplicates and URLs whose page is gone.',
    input: Params({
      action: StringEnum(ACTIONS, { description: 'generate: write anew; update: merge with the pages; validate: check it; list: its URLs.' }),
      docsPath: Type.String({ description: 'Docs folder in the workspace; the site generator is detected from it.' }),
      baseUrl: Type.Optional(Type.String({ description: 'Absolute site URL, e.g. https://example.com/docs/. Required for generate and update.' })),
      includePatterns: Type.Optional(Type.Array(Type.String(), { description: `Page globs relative to docsPath; default ${DEFAULT_INCLUDE.join(', ')}.` })),
      excludePatterns: Type.Optional(Type.Array(Type.String(), { description: `Globs to skip, relative to docsPath (bare name: a folder anywhere); default ${DEFAULT_EXCLUDE.join(', ')}.` })),
      updateFrequency: Type.Optional(StringEnum(CHANGE_FREQUENCIES, { description: 'changefreq for every URL (default: by category).' })),
      useGitHistory: Type.Optional(Type.Boolean({ default: true, description: 'lastmod from the last commit, else the file time.' })),
      sitemapPath: Type.Optional(Type.String({ description: 'Sitemap file in the workspace; default <docsPath>/sitemap.xml.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      action: Type.String(),
      sitemapPath: Type.String(),
      baseUrl: Nullable(Type.String({ description: 'The base URL given, or the one inferred from the sitemap.' })),
      generator: Nullable(Type.String({ description: 'Site generator whose permalink rules were used (null: none found, files published as they are).' })),
      siteRoot: Type.String(),
      valid: Type.Boolean({ description: 'The sitemap has no error (warnings allowed).' }),
      written: Type.Boolean(),
      replaced: Type.Boolean({ description: 'An existing sitemap was replaced.' }),
      statistics: Type.Object({
        urls: Type.Integer(),
        byCategory: Type.Record(Type.String(), Type.Integer()),
        oldestLastmod: Nullable(Type.String()),
        newestLastmod: Nullable(Type.String()),
        withoutLastmod: Type.Integer(),
        sizeBytes: Type.Integer(),
      }),
      pages: Type.Object({
        found: Type.Integer({ description: 'Pages with a URL.' }),
        lastmodFromGit: Type.Integer(),
        lastmodFromMtime: Type.Integer(),
        skipped: Type.Array(Type.Object({ file: Type.String(), reason: Type.String() }), { description: 'Pages matched by the globs but not in the sitemap (drafts, unpublished, outside the generator folders).' }),
        skippedTotal: Type.Integer(),
      }),
      urls: Type.Array(
        Type.Object({
          loc: Type.String(),
          lastmod: Nullable(Type.String()),
          changefreq: Nullable(Type.String()),
          priority: Nullable(Type.String()),
          category: StringEnum(CATEGORIES),
          page: Nullable(Type.String({ description: 'The page with this URL, relative to the workspace.' })),
        }),
      ),
      urlTotal: Type.Integer(),
      changes: Nullable(Type.Object({ added: ChangeList, removed: ChangeList, updated: ChangeList }, { description: 'update only.' })),
      errors: Type.Array(
        Type.Object({
          kind: Type.String(),
          severity: StringEnum(['error', 'warning'] as const),
          message: Type.String(),
          url: Type.Optional(Type.String()),
          line: Type.Optional(Type.Integer()),
          page: Type.Optional(Type.String()),
        }),
        { description: 'Errors first, by line.' },
      ),
      errorTotal: Type.Integer(),
      warningTotal: Type.Integer(),
      truncated: Type.Boolean(),
      notes: Type.Array(Type.String()),
      recommendations: Type.Array(Type.String()),
    }),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    async handler(input, context) {
      const { action } = input;
      const baseUrl = input.baseUrl?.trim() || undefined;
      if ((action === 'generate' || action === 'update') && !baseUrl) {
        throw new ValidationError(`parameter "baseUrl": required for ${action}: the absolute http(s) URL the site is published at, e.g. https://example.com/docs/`, { parameter: 'baseUrl' });
      }
      if (baseUrl && !parseHttpUrl(baseUrl)) {
        throw new ValidationError(`parameter "baseUrl": expected an absolute http(s) URL such as https://example.com/docs/, got "${baseUrl}"`, { parameter: 'baseUrl' });
      }
      const { workspace } = context;
      const docsRoot = await resolveFolder(workspace, input.docsPath, 'docsPath');
      const sitemapFile = input.sitemapPath ? await workspace.resolve(input.sitemapPath, 'sitemapPath') : join(docsRoot, 'sitemap.xml');
      const outcome = await runSitemapAction({
        action,
        docsRoot,
        sitemapFile,
        baseUrl,
        include: input.includePatterns,
        exclude: input.excludePatterns,
        updateFrequency: input.updateFrequency,
        useGitHistory: input.useGitHistory ?? true,
        workspace,
        adapters: deps.adapters,
        signal: context.signal,
      });
      return present(action, outcome, workspace.relative(sitemapFile), workspace.relative(outcome.collection.site.root) || '.', baseUrl);
    },
  });

function present(action: (typeof ACTIONS)[number], outcome: SitemapOutcome, sitemapPath: string, siteRoot: string, baseUrl: string | undefined) {
  const { collection, entries, findings, stats, changes, matcher } = outcome;
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.length - errors;
  const pages = collection.pages;
  const cap = (list: string[]) => ({ urls: list.slice(0, MAX_LISTED), total: list.length });
  const urls = entries.slice(0, MAX_LISTED).map((entry) => ({
    loc: entry.loc ?? '',
    lastmod: entry.lastmod ?? null,
    changefreq: entry.changefreq ?? null,
    priority: entry.priority ?? null,
    category: outcome.categoryOf(entry),
    page: (entry.loc ? matcher.pageOf(entry.loc)?.relative : undefined) ?? null,
  }));
  const categories = CATEGORIES.filter((c) => stats.byCategory[c]).map((c) => `${stats.byCategory[c]} ${c}`).join(', ');
  const verdict = errors ? `${errors} error${errors === 1 ? '' : 's'}` : 'valid';
  const head: Record<typeof action, string> = {
    generate: `${outcome.replaced ? 'Replaced' : 'Wrote'} ${sitemapPath} with ${stats.urls} URL${stats.urls === 1 ? '' : 's'}`,
    update: changes ? `Updated ${sitemapPath}: ${changes.added.length} added, ${changes.removed.length} removed, ${changes.updated.length} refreshed, ${stats.urls} URLs` : `Updated ${sitemapPath}`,
    validate: `${sitemapPath}: ${stats.urls} URL${stats.urls === 1 ? '' : 's'}`,
    list: `${sitemapPath}: ${stats.urls} URL${stats.urls === 1 ? '' : 's'}`,
  };
  const summary =
    `${head[action]} (${verdict}${warnings ? `, ${warnings} warning${warnings === 1 ? '' : 's'}` : ''})` +
    `${categories ? `; ${categories}` : ''}${stats.newestLastmod ? `; lastmod ${stats.oldestLastmod!.slice(0, 10)} to ${stats.newestLastmod.slice(0, 10)}` : ''}` +
    `${collection.site.generator ? `; ${collection.site.generator} permalinks` : ''}.`;
  const notes: string[] = [];
  if (collection.gitNote && outcome.written) notes.push(`git history not used: ${collection.gitNote}`);
  if (collection.site.marker) notes.push(`generator ${collection.site.generator} from ${collection.site.marker}`);
  if (!baseUrl && matcher.base) notes.push(`base URL inferred from the sitemap: ${matcher.base}`);
  return {
    summary,
    action,
    sitemapPath,
    baseUrl: baseUrl ?? matcher.base,
    generator: collection.site.generator,
    siteRoot,
    valid: errors === 0,
    written: outcome.written,
    replaced: outcome.replaced,
    statistics: stats,
    pages: {
      found: pages.length,
      lastmodFromGit: pages.filter((p) => p.lastmodSource === 'git').length,
      lastmodFromMtime: pages.filter((p) => p.lastmodSource === 'mtime').length,
      skipped: collection.skipped.slice(0, MAX_LISTED),
      skippedTotal: collection.skipped.length,
    },
    urls,
    urlTotal: entries.length,
    changes: changes ? { added: cap(changes.added), removed: cap(changes.removed), updated: cap(changes.updated) } : null,
    errors: findings.slice(0, MAX_LISTED),
    errorTotal: errors,
    warningTotal: warnings,
    truncated: entries.length > MAX_LISTED || findings.length > MAX_LISTED || collection.skipped.length > MAX_LISTED || (changes !== null && [changes.added, changes.removed, changes.updated].some((l) => l.length > MAX_LISTED)),
    notes,
    recommendations: outcome.recommendations,
  };
}
