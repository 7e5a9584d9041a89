/**
 * Which pages changed in git since the commit each was validated against: one
 * `git diff <commit> HEAD` over the docs folder per distinct commit (pages
 * validated together share one), never one call per page. Edits that only touch
 * freshness metadata lines (what validate itself writes) do not count as changes.
 */
import { join } from 'node:path';
import { GIT_DIFF_FLAGS, runGit } from '../../../sdk/index.js';

/** Distinct commits compared at most in one call; pages validated against others are reported as not checked. */
export const MAX_COMPARED_COMMITS = 20;

export type CommitComparison =
  /** Absolute paths changed between the commit and HEAD (beyond metadata). */
  | { kind: 'compared'; changed: Set<string> }
  | { kind: 'unknown-commit' }
  | { kind: 'not-checked'; reason: string };

const METADATA_LINE = /^\s*(?:toolpack|documcp|last_updated|last_validated|validated_against_commit|update_frequency)\s*:|^---\s*$/;

export async function headCommit(folder: string, roots: readonly string[], signal?: AbortSignal): Promise<string | null> {
  try {
    return (await runGit(['rev-parse', '--verify', '-q', 'HEAD^{commit}'], { cwd: folder, roots, ...(signal ? { signal } : {}) })).trim() || null;
  } catch {
    return null; // no commit yet, or git refused: there is nothing to validate against
  }
}

/** For each commit: the files under `folder` whose content (outside metadata lines) differs at HEAD. */
export async function changedSince(commits: Iterable<string>, folder: string, repoRoot: string, roots: readonly string[], signal?: AbortSignal): Promise<Map<string, CommitComparison>> {
  const results = new Map<string, CommitComparison>();
  let compared = 0;
  for (const commit of commits) {
    if (results.has(commit)) continue;
    if (compared >= MAX_COMPARED_COMMITS) {
      results.set(commit, { kind: 'not-checked', reason: `more than ${MAX_COMPARED_COMMITS} distinct validated commits; validate the pages again to bring them to one` });
      continue;
    }
    compared++;
    try {
      // core.quotePath=false: non-ASCII names as they are; -U0: only the changed lines.
      const out = await runGit(['-c', 'core.quotePath=false', 'diff', ...GIT_DIFF_FLAGS, '--no-color', '--no-renames', '-U0', `${commit}^{commit}`, 'HEAD', '--', '.'], {
        cwd: folder,
        roots,
        ...(signal ? { signal } : {}),
      });
      results.set(commit, { kind: 'compared', changed: contentChanges(out, repoRoot) });
    } catch (error) {
      const message = String((error as Error).message);
      if (/bad revision|unknown revision|invalid object|bad object|not a valid|ambiguous argument/i.test(message)) results.set(commit, { kind: 'unknown-commit' });
      else results.set(commit, { kind: 'not-checked', reason: message.split('\n')[0]! });
    }
  }
  return results;
}

/** A patch header's file name (`+++ b/x`, `--- a/x`, quoted when it has odd characters), or null for /dev/null. */
function headerName(value: string): string | null {
  if (value === '/dev/null') return null;
  let name = value.replace(/\t$/, '');
  if (name.startsWith('"')) {
    try {
      name = JSON.parse(name) as string;
    } catch {
      name = name.slice(1, -1);
    }
  }
  return name.replace(/^[ab]\//, '');
}

/** Files of a -U0 patch with at least one changed line that is not a metadata line. */
function contentChanges(patch: string, repoRoot: string): Set<string> {
  const changed = new Set<string>();
  let file: string | null = null;
  let inHeader = false;
  for (const line of patch.split('\n')) {
    if (line.startsWith('diff --git ')) {
      file = null;
      inHeader = true;
      continue;
    }
    if (inHeader) {
      // The new name, or the old one for a deleted file.
      const header = /^(\+\+\+|---) (.*)$/.exec(line);
      const name = header ? headerName(header[2]!) : null;
      if (name !== null && (header![1] === '+++' || file === null)) file = name;
      if (line.startsWith('@@')) inHeader = false;
      else if (/^Binary files /.test(line) && file) changed.add(join(repoRoot, file));
      continue;
    }
    if (!file || !(line.startsWith('+') || line.startsWith('-'))) continue;
    if (!METADATA_LINE.test(line.slice(1).replace(/\r$/, ''))) changed.add(join(repoRoot, file));
  }
  return changed;
}
