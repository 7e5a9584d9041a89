/**
 * One link check over a set of pages: internal links, anchors and images resolved
 * against the files, external URLs fetched once each, every problem reported at
 * the page and line of each link that has it.
 */
import type { HttpClient } from '../../../sdk/index.js';
import { normalizeLabel, type LinkPage, type PageLink } from '../markdown/page.js';
import { checkExternal, type ExternalResult } from './external.js';
import { checkInternalLink, classify, PageCache, type LinkScope } from './internal.js';
import { frontMatterRoutes } from './routes.js';
import { timeSlicer } from '../../../sdk/time-slices.js';
import { ISSUE_ORDER, type LinkIssue } from './types.js';

/** Distinct external URLs fetched in one check at most; the rest are counted as not checked. */
export const MAX_EXTERNAL_URLS = 1000;

export interface LinkCheckOptions {
  files: boolean;
  anchors: boolean;
  external: boolean;
  timeoutMs: number;
  maxConcurrent: number;
  /** Which links of a page to look at (validate_content checks reference-style ones apart); all by default. */
  include?: (link: PageLink) => boolean;
  signal: AbortSignal;
  /** The kernel's HTTP client: external URLs are fetched under the network policy. */
  http: HttpClient;
  onExternal?: (done: number, total: number) => void;
}

export interface LinkCounts {
  total: number;
  internal: number;
  anchors: number;
  images: number;
  external: number;
}

export interface LinkCheckReport {
  counts: LinkCounts;
  issues: LinkIssue[];
  /**
   * Distinct external URLs checked and how they came out; null when external links were not checked.
   * `refused`: among the unverified, those the network policy refused (nothing was sent);
   * `notChecked`: distinct URLs past the cap, never tried.
   */
  external: { checked: number; ok: number; broken: number; unverified: number; refused: number; notChecked: number } | null;
}

export interface ReadPage {
  path: string;
  page: LinkPage;
}

export async function checkLinks(pages: readonly ReadPage[], scope: LinkScope, options: LinkCheckOptions): Promise<LinkCheckReport> {
  const cache = new PageCache(scope, frontMatterRoutes(pages, scope.site));
  for (const { path, page } of pages) cache.add(path, page);
  const counts: LinkCounts = { total: 0, internal: 0, anchors: 0, images: 0, external: 0 };
  const issues: LinkIssue[] = [];
  /** The link each issue is about: reference links through one definition are one problem. */
  const origin = new Map<LinkIssue, PageLink>();
  const externalUses: Array<{ file: string; link: PageLink; url: string }> = [];
  const turn = timeSlicer(10);

  for (const { path, page } of pages) {
    options.signal.throwIfAborted();
    const file = scope.workspace.relative(path);
    for (const link of page.links) {
      await turn();
      if (options.include && !options.include(link)) continue;
      counts.total++;
      if (link.kind === 'image') counts.images++;
      if (link.kind === 'undefined-reference') {
        if (options.files) {
          const found: LinkIssue = { file, line: link.line, column: link.column, url: link.url, kind: 'undefined-reference', via: link.kind, severity: 'error', message: `[${link.text}][${link.url}] has no definition "[${link.url}]: <url>"` };
          origin.set(found, link);
          issues.push(found);
        }
        continue;
      }
      const target = classify(link.url);
      if (target.type === 'skip') continue;
      if (target.type === 'external') {
        counts.external++;
        // One request per page: #fragments of the same URL share it.
        if (options.external) externalUses.push({ file, link, url: target.url.replace(/#.*$/, '') });
        continue;
      }
      if (target.path === '') counts.anchors++;
      else counts.internal++;
      const issue = await checkInternalLink(path, page, link, target, scope, cache, { files: options.files, anchors: options.anchors });
      if (issue) {
        const found = { file, ...issue };
        origin.set(found, link);
        issues.push(found);
      }
    }
  }

  let external: LinkCheckReport['external'] = null;
  if (options.external) {
    const distinct = [...new Set(externalUses.map((use) => use.url))];
    const urls = distinct.slice(0, MAX_EXTERNAL_URLS);
    let done = 0;
    const results = await checkExternal(urls, {
      timeoutMs: options.timeoutMs,
      maxConcurrent: options.maxConcurrent,
      signal: options.signal,
      http: options.http,
      onResult: () => options.onExternal?.(++done, urls.length),
    });
    for (const use of externalUses) {
      const result = results.get(use.url);
      if (!result || result.outcome === 'ok') continue;
      const found = externalIssue(use.file, use.link, result);
      origin.set(found, use.link);
      issues.push(found);
    }
    const values = [...results.values()];
    external = {
      checked: values.length,
      ok: values.filter((r) => r.outcome === 'ok').length,
      broken: values.filter((r) => r.outcome === 'broken').length,
      unverified: values.filter((r) => r.outcome === 'unverified').length,
      refused: values.filter((r) => r.refused).length,
      notChecked: distinct.length - urls.length,
    };
  }
  issues.sort(ISSUE_ORDER);
  return { counts, issues: onePerDefinition(issues, origin), external };
}

/**
 * A broken `[label]: url` definition (or a missing one) is one problem however often `[text][label]`
 * uses it: the issues of its uses (sorted) become the first one, listing every use and the definition's line.
 */
function onePerDefinition(issues: LinkIssue[], origin: ReadonlyMap<LinkIssue, PageLink>): LinkIssue[] {
  const first = new Map<string, { issue: LinkIssue; link: PageLink }>();
  const kept: LinkIssue[] = [];
  for (const issue of issues) {
    const link = origin.get(issue);
    const definition = link?.kind === 'undefined-reference' ? `?${normalizeLabel(link.url)}` : link?.definitionLine;
    if (link === undefined || definition === undefined) {
      kept.push(issue);
      continue;
    }
    const key = `${issue.file}\0${definition}\0${issue.kind}`;
    const earlier = first.get(key);
    if (!earlier) {
      first.set(key, { issue, link });
      kept.push(issue);
    } else (earlier.issue.uses ??= [{ line: earlier.issue.line, column: earlier.issue.column }]).push({ line: issue.line, column: issue.column });
  }
  for (const { issue, link } of first.values()) {
    if (!issue.uses) continue;
    const lines = issue.uses.map((use) => use.line).join(', ');
    if (link.definitionLine === undefined) issue.message += ` (used ${issue.uses.length} times: lines ${lines})`;
    else {
      issue.definitionLine = link.definitionLine;
      issue.message += ` (definition [${link.label ?? link.url}] on line ${link.definitionLine}, used ${issue.uses.length} times: lines ${lines})`;
    }
  }
  return kept;
}

function externalIssue(file: string, link: PageLink, result: ExternalResult): LinkIssue {
  const moved = result.finalUrl !== result.url && result.outcome !== 'broken' ? ` (after redirects: ${result.finalUrl})` : '';
  return {
    file,
    line: link.line,
    column: link.column,
    url: link.url,
    kind: result.outcome === 'unverified' ? 'external-unverified' : 'external-broken',
    via: link.kind,
    severity: result.outcome === 'unverified' ? 'warning' : 'error',
    message: `${result.url}: ${result.reason ?? 'not reachable'}${moved}`,
    ...(result.status !== null ? { status: result.status } : {}),
  };
}
