/**
 * detect_documentation_drift's logic. A page is compared with the code as it was at the page's
 * last commit (or at `since`, when later): the public surface of that revision and of HEAD,
 * both read by the gap detector's surface reader, give the names that were removed, renamed
 * or re-signed since; the page drifts by the ones it names. Pages sharing a last commit share
 * the work; git is asked for the commits that made each listed change.
 */
import { timeSlicer } from '../../../sdk/time-slices.js';
import type { FileEntry } from '../../project/api.js';
import type { TextFile } from '../gaps/project-files.js';
import { extractSurfaceSliced } from '../gaps/surface.js';
import { compareSurfaces, DRIFT_KINDS, type Change, type ChangeKind } from './compare.js';
import type { Git } from './git-run.js';
import { commitsAfter, commitsChanging, literalEre, pageCommits, type CommitRef } from './history.js';
import { pageNames, type PageNames } from './page-names.js';
import { baseText, revisionText, type HeadText } from './revision-text.js';

/** Revisions (distinct page commits) read at most; pages of the others are counted, not compared. */
export const MAX_REVISIONS = 20;
/** Pages listed with their changes; the rest are listed by path and score. */
export const MAX_PAGES_LISTED = 20;
export const MAX_CHANGES_PER_PAGE = 10;
export const MAX_REST_LISTED = 100;
/** git log calls made to find the commits behind changes. */
const MAX_ATTRIBUTIONS = 80;

/** How much a page relies on a change, per mention: a removed name misleads most. */
export const WEIGHT: Record<ChangeKind, number> = { removed: 3, renamed: 2, 'signature-changed': 1 };

export interface PageChange extends Omit<Change, 'file' | 'line' | 'files'> {
  mentions: number;
  /** Page line of the first mention. */
  line: number;
  /** file:line of the definition at the page's revision. */
  definedAt: string;
  commits: CommitRef[];
}

/** A page's view of a change, with the change itself kept (out of the result) for finding its commits. */
type Found = PageChange & { source: Change };

export interface DriftedPage {
  path: string;
  lastCommit: CommitRef;
  /** The revision compared with HEAD when `since` is later than the page's last commit. */
  comparedFrom?: string;
  score: number;
  /** Changes the page names (the list keeps the first MAX_CHANGES_PER_PAGE, weightiest first). */
  changeCount: number;
  changes: PageChange[];
}

type Working = Omit<DriftedPage, 'changes'> & { changes: Found[]; from: string };

export interface DriftReport {
  pages: DriftedPage[];
  pagesCompared: number;
  notCommitted: number;
  /** Pages not compared because more than MAX_REVISIONS distinct revisions were needed. */
  notCompared: number;
  revisionsRead: number;
  sourceFilesRead: number;
}

export interface DriftInput {
  git: Git;
  pages: readonly TextFile[];
  files: readonly FileEntry[];
  docsDir: string;
  head: string;
  /** The commit `since` resolved to (null: no limit, or the history starts after its date). */
  since: string | null;
}

export async function detectDrift(input: DriftInput): Promise<DriftReport> {
  const { git, pages, head } = input;
  const pause = timeSlicer();
  const commits = await pageCommits(git, pages.map((p) => p.path));
  // The revision each page is compared from: its last commit, or `since` when that is later.
  const groups = new Map<string, TextFile[]>();
  const after = input.since ? await commitsAfter(git, input.since) : null;
  let notCommitted = 0;
  let pagesCompared = 0;
  for (const page of pages) {
    const last = commits.get(page.path);
    if (!last) {
      notCommitted++;
      continue;
    }
    let from = last.full;
    if (input.since && after && !after.has(from)) from = input.since;
    pagesCompared++;
    if (from === head) continue; // nothing happened since
    const group = groups.get(from);
    if (group) group.push(page);
    else groups.set(from, [page]);
  }
  const ordered = [...groups].sort((a, b) => b[1].length - a[1].length);
  const kept = ordered.slice(0, MAX_REVISIONS);
  const notCompared = ordered.slice(MAX_REVISIONS).reduce((n, [, group]) => n + group.length, 0);
  pagesCompared -= notCompared;

  const drifted: Working[] = [];
  let headText: (HeadText & { surface: Awaited<ReturnType<typeof extractSurfaceSliced>> }) | undefined;
  let revisionsRead = 0;
  for (const [from, group] of kept) {
    headText ??= await (async () => {
      const text = await revisionText(git, 'HEAD', new Map(input.files.map((f) => [f.path, f.folder])), input.docsDir);
      return { ...text, surface: await extractSurfaceSliced(text.project, 'comprehensive', undefined, pause) };
    })();
    const base = await baseText(git, from, headText, input.docsDir);
    if (!base) continue;
    revisionsRead++;
    const surface = await extractSurfaceSliced(base.project, 'comprehensive', undefined, pause);
    const names: PageNames[] = [];
    for (const page of group) {
      names.push(pageNames(page));
      await pause();
    }
    const wanted = new Set(surface.filter((item) => DRIFT_KINDS.has(item.kind) && names.some((n) => n.count(item.name))).map((item) => item.name));
    if (wanted.size === 0) continue;
    const changes = await compareSurfaces({ project: base.project, surface }, { project: headText.project, surface: headText.surface }, wanted, pause);
    for (const names_ of names) {
      const found: Found[] = [];
      for (const change of changes) {
        const seen = names_.count(change.name);
        if (!seen) continue;
        const { file, line, files: _files, ...rest } = change;
        found.push({ ...rest, mentions: seen.count, line: seen.line, definedAt: `${file}:${line}`, commits: [], source: change });
      }
      if (found.length === 0) continue;
      const score = found.reduce((n, c) => n + c.mentions * WEIGHT[c.change], 0);
      found.sort((a, b) => b.mentions * WEIGHT[b.change] - a.mentions * WEIGHT[a.change] || a.name.localeCompare(b.name));
      const last = commits.get(names_.path)!;
      drifted.push({ path: names_.path, lastCommit: { sha: last.sha, date: last.date, subject: last.subject }, ...(from !== last.full ? { comparedFrom: from.slice(0, last.sha.length) } : {}), score, changeCount: found.length, changes: found, from });
    }
  }
  drifted.sort((a, b) => b.score - a.score || a.path.localeCompare(b.path));
  await attribute(git, drifted.slice(0, MAX_PAGES_LISTED));
  return {
    pages: drifted.map(({ from: _from, changes, ...page }) => ({ ...page, changes: changes.map(({ source: _source, ...change }) => change) })),
    pagesCompared,
    notCommitted,
    notCompared,
    revisionsRead,
    sourceFilesRead: headText?.project.sources.length ?? 0,
  };
}

/** The commits behind each listed change: by the name's count in its files, then by any line naming it, then the files' commits. */
async function attribute(git: Git, pages: readonly Working[]): Promise<void> {
  const cache = new Map<string, Promise<CommitRef[]>>();
  let calls = 0;
  const find = (from: string, change: Change) => {
    const key = `${from}\0${change.kind}\0${change.name}`;
    let found = cache.get(key);
    if (!found) {
      const files = [...new Set(change.files)];
      const bare = change.name.replace(/^-+/, '').replace(/-/g, '_');
      // A signature is the definition's line (`name(` / `name = (`) in the definition's files; else the files' own commits.
      const definitionFiles = [change.file, ...(change.newFile ? [change.newFile] : [])];
      const definitionLine = `${literalEre(change.name)}[[:space:]]*(=[^=]*)?\\(`;
      const attempts: Array<() => Promise<CommitRef[]>> =
        change.change === 'signature-changed'
          ? [() => commitsChanging(git, from, definitionLine, definitionFiles, 'G'), () => commitsChanging(git, from, null, definitionFiles, 'S')]
          : [
              () => commitsChanging(git, from, change.name, files, 'S'),
              ...(bare !== change.name ? [() => commitsChanging(git, from, bare, files, 'S')] : []),
              () => commitsChanging(git, from, literalEre(change.name), files, 'G'),
            ];
      found = (async () => {
        for (const attempt of attempts) {
          if (calls++ >= MAX_ATTRIBUTIONS) return [];
          const commits = await attempt();
          if (commits.length) return commits;
        }
        return [];
      })();
      cache.set(key, found);
    }
    return found;
  };
  for (const page of pages) {
    page.changes.splice(MAX_CHANGES_PER_PAGE);
    for (const change of page.changes) change.commits = await find(page.from, change.source);
  }
}
