/**
 * What both freshness tools know about each page: its metadata, its last commit
 * (one `git log` for the whole folder) and its modification time, plus the text
 * when the caller is going to rewrite the page.
 */
import { stat } from 'node:fs/promises';
import type { ToolContext } from '../../../sdk/index.js';
import { lastCommitDates } from '../git/last-commits.js';
import { readPageMetadata, type FreshnessMetadata } from '../metadata/read-metadata.js';
import { listDocPages } from './list-pages.js';

export interface PageState {
  /** Absolute real path. */
  path: string;
  /** Workspace-relative, for results. */
  relative: string;
  metadata: FreshnessMetadata;
  /** Why the page or its front matter could not be read; metadata is empty then. */
  error: string | null;
  gitDate: Date | null;
  mtime: Date | null;
  /** Only when asked for (withText). */
  text?: string;
}

export interface PageStates {
  pages: PageState[];
  /** The repository holding the docs (real path), or null. */
  repoRoot: string | null;
  /** Why git gave no dates, when it did not. */
  gitNote: string | null;
}

/** Pages read at once: enough to overlap the reads, few enough for small machines. */
const READ_CONCURRENCY = 16;
/** A page bigger than this is not documentation anyone keeps up to date by hand. */
const MAX_PAGE_BYTES = 5 * 1024 * 1024;

export async function readPageStates(docsRoot: string, param: string, context: Pick<ToolContext, 'workspace' | 'signal'>, options: { withText: boolean }): Promise<PageStates> {
  const { workspace, signal } = context;
  const roots = [workspace.root, ...workspace.allowedRoots];
  const [paths, commits] = await Promise.all([
    listDocPages(docsRoot, { contains: (path) => workspace.contains(path), signal }),
    lastCommitDates(docsRoot, { roots, signal }),
  ]);
  const pages: PageState[] = new Array(paths.length);
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      signal.throwIfAborted();
      const index = next++;
      const path = paths[index]!;
      const state: PageState = { path, relative: workspace.relative(path), metadata: readPageMetadata('').metadata, error: null, gitDate: commits.dates.get(path) ?? null, mtime: null };
      try {
        const [text, info] = await Promise.all([workspace.readText(path, { param, maxBytes: MAX_PAGE_BYTES }), stat(path)]);
        state.mtime = info.mtime;
        const read = readPageMetadata(text);
        state.metadata = read.metadata;
        state.error = read.error;
        if (options.withText) state.text = text;
      } catch (error) {
        state.error = `cannot read the page: ${(error as Error).message}`;
      }
      pages[index] = state;
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, paths.length) }, worker));
  return { pages, repoRoot: commits.repoRoot, gitNote: commits.note };
}
