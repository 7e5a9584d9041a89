/**
 * Internal links: a relative or site-absolute link resolves when any file a
 * generator would serve at that address exists (page.md for page/, index pages,
 * .html written as .md, static folders for /img/...), and a `#fragment` resolves
 * when the target page has that anchor. Lenient by design: a link is reported only
 * when no reading of it finds a target.
 */
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { Workspace } from '../../../sdk/index.js';
import { readLinkPage, type LinkPage, type PageLink } from '../markdown/page.js';
import { nearest } from '../../../sdk/slug.js';
import { isMarkdown } from './files.js';
import { routeKey } from './routes.js';
import type { Site } from './site.js';
import type { LinkIssue } from './types.js';

export interface LinkScope {
  workspace: Workspace;
  /** The documentation folder (real path). */
  docsRoot: string;
  site: Site;
}

export type LinkTarget = { type: 'external'; url: string } | { type: 'internal'; path: string; fragment: string | null } | { type: 'skip' };

/** What a link points at: a web URL, a path (decoded, query dropped) and/or fragment, or something not checked (mailto:, templates). */
export function classify(url: string): LinkTarget {
  const trimmed = url.trim();
  if (trimmed === '' || /\{\{|\{%/.test(trimmed)) return { type: 'skip' };
  if (/^https?:\/\//i.test(trimmed)) return { type: 'external', url: trimmed };
  if (trimmed.startsWith('//')) return { type: 'external', url: `https:${trimmed}` };
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return { type: 'skip' };
  const hash = trimmed.indexOf('#');
  const rawPath = (hash === -1 ? trimmed : trimmed.slice(0, hash)).replace(/\?.*$/, '');
  const fragment = hash === -1 ? null : decode(trimmed.slice(hash + 1));
  return { type: 'internal', path: decode(rawPath), fragment };
}

const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** Parsed pages and file lookups, shared by every link of one check. */
export class PageCache {
  private readonly pages = new Map<string, Promise<LinkPage | null>>();
  private readonly stats = new Map<string, Promise<'file' | 'dir' | null>>();

  /** `routes`: addresses pages claim in front matter (routes.ts), address → page file. */
  constructor(
    private readonly scope: LinkScope,
    readonly routes: ReadonlyMap<string, string> = new Map(),
  ) {}

  /** A page's model (null when unreadable); pages inside the site are slugged as the site renders them, others as GitHub. */
  page(path: string): Promise<LinkPage | null> {
    let page = this.pages.get(path);
    if (!page) {
      const style = path.startsWith(this.scope.site.root + '/') ? this.scope.site.style : 'github';
      page = this.scope.workspace.readText(path).then((text) => readLinkPage(text, style), () => null);
      this.pages.set(path, page);
    }
    return page;
  }

  /** Seed the cache with a page already read. */
  add(path: string, page: LinkPage): void {
    this.pages.set(path, Promise.resolve(page));
  }

  kind(path: string): Promise<'file' | 'dir' | null> {
    let kind = this.stats.get(path);
    if (!kind) {
      kind = stat(path).then((s) => (s.isFile() ? 'file' : s.isDirectory() ? 'dir' : null), () => null);
      this.stats.set(path, kind);
    }
    return kind;
  }
}

const INDEX_NAMES = ['index.md', 'README.md', 'readme.md', '_index.md', 'index.mdx', 'index.markdown', 'index.html'];
const PAGE_EXTENSIONS = ['.md', '.mdx', '.markdown'];

/** Files a generator could serve at `target` (an absolute path built from the link), most specific first. */
function candidates(target: string, trailingSlash: boolean): string[] {
  const bare = target.replace(/\/+$/, '');
  const list = trailingSlash ? [] : [bare];
  list.push(...INDEX_NAMES.map((name) => join(bare, name)));
  list.push(...PAGE_EXTENSIONS.map((ext) => bare + ext));
  if (/\.html?$/i.test(bare)) {
    const stem = bare.replace(/\.html?$/i, '');
    list.push(...PAGE_EXTENSIONS.map((ext) => stem + ext));
    if (basename(stem) === 'index') list.push(...INDEX_NAMES.map((name) => join(dirname(stem), name)));
  }
  return list;
}

/** The folders a link's path is read from: the page's folder, and for a page-style address its served folder too (page.md is served at page/). */
function bases(pagePath: string, linkPath: string, scope: LinkScope): string[] {
  if (linkPath.startsWith('/')) {
    const root = scope.site.root;
    // Where the site's root is depends on its config (a content/ folder, a docs route): every folder
    // from the page's up to the site's may be it.
    const ancestors: string[] = [];
    for (let dir = dirname(pagePath); dir.startsWith(root + '/') && ancestors.length < 20; dir = dirname(dir)) ancestors.push(dir);
    return unique([scope.docsRoot, ...ancestors, root, join(root, 'static'), join(root, 'public'), join(root, 'assets'), scope.workspace.root]);
  }
  const pageDir = dirname(pagePath);
  const stem = basename(pagePath, extname(pagePath));
  const pretty = /^(index|readme|_index)$/i.test(stem) ? pageDir : join(pageDir, stem);
  const pageStyle = extname(linkPath) === '' || linkPath.endsWith('/');
  return pageStyle ? unique([pageDir, pretty]) : [pageDir];
}

const unique = (list: string[]) => [...new Set(list)];

/**
 * The issue with one internal link of `pagePath`, or null when it resolves. `files`
 * and `anchors` say which checks are on (a missing file is still not followed for anchors).
 */
export async function checkInternalLink(
  pagePath: string,
  page: LinkPage,
  link: PageLink,
  target: { path: string; fragment: string | null },
  scope: LinkScope,
  cache: PageCache,
  checks: { files: boolean; anchors: boolean },
): Promise<Omit<LinkIssue, 'file'> | null> {
  const base = { line: link.line, column: link.column, url: link.url, via: link.kind };
  const isImage = link.kind === 'image';
  if (target.path === '') {
    if (!checks.anchors || target.fragment === null || isImage) return null;
    return anchorIssue(page, target.fragment, link.url, base, 'this page');
  }

  const trailingSlash = target.path.endsWith('/');
  let outside = false;
  for (const dir of bases(pagePath, target.path, scope)) {
    const resolved = resolve(dir, target.path.startsWith('/') ? `.${target.path}` : target.path);
    if (!scope.workspace.contains(resolved)) {
      outside = true;
      continue;
    }
    for (const candidate of candidates(resolved, trailingSlash)) {
      const kind = await cache.kind(candidate);
      if (kind === null || (kind === 'dir' && isImage)) continue;
      if (!checks.anchors || target.fragment === null || isImage || kind === 'dir' || !isMarkdown(candidate)) return null;
      const targetPage = await cache.page(candidate);
      if (!targetPage) return null;
      return anchorIssue(targetPage, target.fragment, link.url, base, scope.workspace.relative(candidate));
    }
  }
  const routed = target.path.startsWith('/') ? cache.routes.get(routeKey(target.path)) : undefined;
  if (routed) {
    if (!checks.anchors || target.fragment === null || isImage) return null;
    const targetPage = await cache.page(routed);
    return targetPage ? anchorIssue(targetPage, target.fragment, link.url, base, scope.workspace.relative(routed)) : null;
  }
  if (!checks.files) return null;
  if (outside) {
    return { ...base, kind: 'outside-workspace', severity: 'warning', message: `${link.url} points outside the workspace; not checked` };
  }
  const suggestion = await nearFile(pagePath, target.path, link.url);
  const what = isImage ? 'image' : 'file';
  return {
    ...base,
    kind: isImage ? 'missing-image' : 'broken-link',
    severity: 'error',
    message: `${what} ${target.path} does not exist`,
    ...(suggestion ? { suggestion } : {}),
  };
}

function anchorIssue(page: LinkPage, fragment: string, url: string, base: Pick<LinkIssue, 'line' | 'column' | 'url' | 'via'>, where: string): Omit<LinkIssue, 'file'> | null {
  if (fragment === '' || fragment === 'top' || page.anchors.has(fragment) || page.anchors.has(fragment.toLowerCase())) return null;
  const near = nearest(fragment, page.anchors);
  return {
    ...base,
    kind: 'broken-anchor',
    severity: 'error',
    message: `#${fragment} matches no heading in ${where}${near ? ` (did you mean #${near}?)` : ''}`,
    ...(near ? { suggestion: `${url.slice(0, url.indexOf('#'))}#${near}` } : {}),
  };
}

/** A sibling of the missing file whose name is one typo away (`instalation.md` → `installation.md`). */
async function nearFile(pagePath: string, linkPath: string, url: string): Promise<string | undefined> {
  if (linkPath.startsWith('/') || linkPath.endsWith('/')) return undefined;
  const missing = resolve(dirname(pagePath), linkPath);
  const names = await readdir(dirname(missing)).catch(() => [] as string[]);
  const near = nearest(basename(missing), names);
  if (!near) return undefined;
  const written = basename(linkPath);
  const at = url.lastIndexOf(written);
  return at === -1 ? undefined : url.slice(0, at) + near + url.slice(at + written.length);
}
