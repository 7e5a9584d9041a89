/**
 * The records' git history: every version of every record file, from ONE `git log -p` over the
 * ADR folder with whole-file context (not one process per record: 300 records are one call).
 * Renames inside the folder are followed (-M), as `--follow` would for one file. Each version's
 * status is read by the catalogue's own parser, so the timeline's statuses are the ones
 * discover_existing_adrs reports. Bounded: the newest MAX_COMMITS commits, parsed in time slices.
 */
import { GIT_DIFF_FLAGS, GitRefusedError, runGit } from '../../../sdk/index.js';
import { timeSlicer } from '../../../sdk/time-slices.js';
import { parseAdr } from '../catalog/parse-adr.js';

/** Commits read; a folder with a longer history gets a timeline of its newest ones (and a note). */
export const MAX_COMMITS = 400;
/** Versions parsed for their status: a bound on the work one call does. */
const MAX_VERSIONS = 3000;

export interface Commit {
  sha: string;
  short: string;
  date: string;
  author: string;
}

export interface Version {
  commit: Commit;
  /** The status of the record in that commit ("proposed"), as written when it is no known status, null when it states none. */
  status: string | null;
  /** True in the commit that created the file (or brought it into the folder). */
  added: boolean;
}

export interface RecordHistory {
  /** Path relative to the ADR folder, as it is now (renames followed) → its versions, oldest first. */
  versions: Map<string, Version[]>;
  commits: number;
  /** Why there is no history, or why it is partial; null when all of it was read. */
  note: string | null;
  available: boolean;
}

const RECORD = '\x1e';
const FIELD = '\x1f';

/** The history of the Markdown files in `folder` (a real path inside the workspace). */
export async function recordHistory(folder: string, options: { roots: readonly string[]; signal?: AbortSignal }): Promise<RecordHistory> {
  const none = (note: string): RecordHistory => ({ versions: new Map(), commits: 0, note, available: false });
  let out: string;
  try {
    out = await runGit(
      [
        '-c', 'core.quotePath=false',
        'log', '-M', '--relative', '--no-color', ...GIT_DIFF_FLAGS, '--unified=100000', `--max-count=${MAX_COMMITS + 1}`,
        `--format=${RECORD}%H${FIELD}%h${FIELD}%aI${FIELD}%an`, '-p', '--', '.',
      ],
      { cwd: folder, roots: options.roots, ...(options.signal ? { signal: options.signal } : {}), timeoutMs: 60_000 },
    );
  } catch (error) {
    if (error instanceof GitRefusedError) return none(error.message);
    const message = String((error as Error).message);
    if (/not a git repository/i.test(message)) return none('the project is not in a git repository');
    if (/does not have any commits|bad default revision|unknown revision/i.test(message)) return none('the repository has no commits yet');
    return none(`git log failed: ${message.split('\n')[0]}`);
  }
  const commits = out.split(RECORD).filter((chunk) => chunk.trim() !== '');
  const truncated = commits.length > MAX_COMMITS;
  // git lists newest first; the timeline walks oldest first.
  const ordered = commits.slice(0, MAX_COMMITS).reverse();
  // First the patches in order (renames, and the versions to read), then the versions parsed one at
  // a time in slices (a record is small: parsed in process, so parallel parses would only stall the
  // loop), then the histories put together.
  const steps: Array<{ renamedFrom?: string; path: string; commit: Commit; text: string | null }> = [];
  const pause = timeSlicer(8);
  let cut = false;
  let toParse = 0;
  for (const chunk of ordered) {
    const newline = chunk.indexOf('\n');
    const [sha = '', short = '', date = '', author = ''] = (newline < 0 ? chunk : chunk.slice(0, newline)).split(FIELD);
    // UTC, so dates from committers in different time zones sort as instants.
    const when = new Date(date);
    const commit: Commit = { sha, short, date: Number.isNaN(when.getTime()) ? date : when.toISOString(), author };
    for (const file of fileDiffs(newline < 0 ? '' : chunk.slice(newline + 1))) {
      await pause();
      const readable = !file.deleted && file.text !== null && /\.(?:md|markdown)$/i.test(file.path);
      if (readable && toParse >= MAX_VERSIONS) cut = true;
      const text = readable && toParse < MAX_VERSIONS ? file.text : null;
      if (text !== null) toParse++;
      if (text !== null || file.renamedFrom) steps.push({ ...(file.renamedFrom ? { renamedFrom: file.renamedFrom } : {}), path: file.path, commit, text });
    }
  }
  const statuses: Array<string | null> = [];
  for (const step of steps) {
    await pause();
    if (options.signal?.aborted) throw options.signal.reason;
    const adr = step.text === null ? null : await parseAdr(step.path, step.text).catch(() => null);
    statuses.push(adr ? (adr.status ?? adr.rawStatus) : null);
  }
  const versions = new Map<string, Version[]>();
  steps.forEach((step, index) => {
    if (step.renamedFrom && versions.has(step.renamedFrom)) {
      versions.set(step.path, [...(versions.get(step.renamedFrom) ?? []), ...(versions.get(step.path) ?? [])]);
      versions.delete(step.renamedFrom);
    }
    if (step.text === null) return;
    const list = versions.get(step.path) ?? [];
    list.push({ commit: step.commit, status: statuses[index] ?? null, added: list.length === 0 });
    versions.set(step.path, list);
  });
  const notes = [
    truncated ? `only the newest ${MAX_COMMITS} commits of the folder were read` : '',
    cut ? `only ${MAX_VERSIONS} record versions were read` : '',
  ].filter(Boolean);
  return { versions, commits: Math.min(commits.length, MAX_COMMITS), note: notes.length > 0 ? notes.join('; ') : null, available: true };
}

interface FileDiff {
  path: string;
  renamedFrom?: string;
  deleted: boolean;
  /** The file's whole text after the commit (whole-file context makes the diff hold all of it); null when the text did not change (a pure rename, a mode change). */
  text: string | null;
}

/** The files of one commit's patch, each with its new text. */
function fileDiffs(patch: string): FileDiff[] {
  const files: FileDiff[] = [];
  for (const part of patch.split(/^diff --git /m).slice(1)) {
    const lines = part.split('\n');
    let path: string | null = null;
    let renamedFrom: string | undefined;
    let deleted = false;
    let body = -1;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i]!;
      if (line.startsWith('@@')) {
        body = i + 1;
        break;
      }
      if (line.startsWith('rename from ')) renamedFrom = line.slice('rename from '.length);
      else if (line.startsWith('rename to ')) path = line.slice('rename to '.length);
      else if (line.startsWith('deleted file mode')) deleted = true;
      else if (line.startsWith('+++ ') && line !== '+++ /dev/null') path = line.slice(4).replace(/^b\//, '');
      else if (line.startsWith('--- ') && line !== '--- /dev/null' && path === null) path = line.slice(4).replace(/^a\//, '');
    }
    // A pure rename has no hunk: its text is unchanged, its history moves to the new name.
    if (path === null || path.startsWith('"')) continue;
    let text: string | null = null;
    if (body > 0) {
      const kept: string[] = [];
      for (let i = body; i < lines.length; i++) {
        const line = lines[i]!;
        if (line.startsWith('+') || line.startsWith(' ')) kept.push(line.slice(1));
      }
      text = kept.join('\n');
    }
    files.push({ path, ...(renamedFrom ? { renamedFrom } : {}), deleted, text });
  }
  return files;
}

