/**
 * The freshness pack's public surface (`toolpack/packs/freshness`): its event
 * topic and the `freshness.site-pages` service (a site's published pages with
 * manage_sitemap's URLs). It loads nothing but the SDK.
 */
import { createServiceRef, type Workspace } from '../../sdk/index.js';

export * from './events.js';

/** One published page of a docs site, as manage_sitemap lists it. */
export interface SitePageInfo {
  /** URL path from the site root, unencoded: "/guide/intro/". */
  path: string;
  /** Absolute real path of the source file. */
  file: string;
  /** The source file relative to the workspace. */
  relative: string;
  /** Diataxis category (or "other") the sitemap gives it. */
  category: string;
  /** Front matter title and description, null when absent. */
  title: string | null;
  description: string | null;
  frontMatter: Record<string, unknown> | null;
}

export interface SitePageList {
  /** The docs folder, resolved (a real path). */
  docsRoot: string;
  /** Generator id, null when none was found (files published as they are). */
  generator: string | null;
  /** Absolute folder holding the generator's marker (the docs folder without one). */
  siteRoot: string;
  /** The marker file, workspace-relative, or null. */
  marker: string | null;
  /** Folders (relative to siteRoot) the generator publishes pages from, with their URL prefix. */
  contentRoots: Array<{ dir: string; prefix: string }>;
  /** Sorted by URL path. */
  pages: SitePageInfo[];
  skipped: Array<{ file: string; reason: string }>;
}

/** `freshness.site-pages`: a docs folder's published pages with manage_sitemap's permalinks. */
export interface SitePages {
  /** `docsPath` is resolved in the workspace; errors name `param` (default "docsPath"). */
  collect(workspace: Workspace, docsPath: string, options?: { signal?: AbortSignal; param?: string }): Promise<SitePageList>;
  /** The generator and folders only (no pages read). */
  detect(workspace: Workspace, docsPath: string, options?: { param?: string }): Promise<Omit<SitePageList, 'pages' | 'skipped'>>;
  /** The page's absolute URL as manage_sitemap writes it: `baseUrl` joined with the encoded `path`. */
  url(baseUrl: string, path: string): string;
  /** The form two URLs are compared in (host lower-cased, path encoded one way, fragment dropped). */
  canonical(url: string): string;
}

export const sitePagesRef = createServiceRef<SitePages>({ id: 'freshness.site-pages' });
