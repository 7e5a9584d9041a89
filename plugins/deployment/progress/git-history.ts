/**
 * What git says about releases: tags (semver-sorted, annotated or lightweight, with the
 * commit each points at and when it was made), release branches, the commits of a range
 * with their conventional-commit kind, the files a range changes, and the working tree's
 * state against its upstream. Every call is an argument list through simple-git.
 */
import semver from 'semver';
import type { SimpleGit } from 'simple-git';
import { GIT_DIFF_FLAGS } from '../../../sdk/index.js';
import { parseConventional } from '../commits/conventional.js';
import { tagModules } from './tag-modules.js';
import { kindOf, type CommitKind } from './version-bump.js';

export const MAX_COMMITS = 200;
export const MAX_FILES = 100;

export interface Tag {
  name: string;
  /** The semver version the name carries ("v1.2.0" -> "1.2.0"), null for other tags. */
  version: string | null;
  commit: string;
  /** Tagger date for annotated tags, the commit date for lightweight ones (ISO). */
  date: string;
  annotated: boolean;
  /** The module folder the tag releases, repository-relative ('' for the root module): tag-modules.ts. */
  module: string;
}

export interface Commit {
  sha: string;
  subject: string;
  author: string;
  date: string;
  kind: CommitKind;
  type: string | null;
}

/** A version at the end of a tag name: v1.2.0, release-1.2.0, api/v2.0.0-rc.1. */
export function versionOf(tag: string): string | null {
  const match = /(?:^|[^\d.])v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?)$/.exec(tag);
  return match ? semver.valid(match[1]!) : null;
}

/** Semver tags newest version first, then the other tags newest first. */
export async function listTags(repo: SimpleGit): Promise<Tag[]> {
  const out = await repo.raw(['for-each-ref', '--format=%(refname:short)%00%(objecttype)%00%(*objectname)%00%(objectname)%00%(creatordate:iso-strict)', 'refs/tags']);
  const tags: Tag[] = [];
  for (const line of out.split('\n')) {
    if (!line.trim()) continue;
    const [name, type, peeled, object, date] = line.split('\0') as [string, string, string, string, string];
    const annotated = type === 'tag';
    tags.push({ name, version: versionOf(name), commit: annotated ? peeled : object, date: new Date(date).toISOString(), annotated, module: '' });
  }
  const modules = await tagModules(repo, tags.map((t) => t.name));
  for (const tag of tags) tag.module = modules.get(tag.name) ?? '';
  const versioned = tags.filter((t) => t.version).sort((a, b) => semver.rcompare(a.version!, b.version!) || b.date.localeCompare(a.date));
  const others = tags.filter((t) => !t.version).sort((a, b) => b.date.localeCompare(a.date));
  return [...versioned, ...others];
}

/** release/* and releases/* branches, local and remote-tracking. */
export async function releaseBranches(repo: SimpleGit): Promise<string[]> {
  const out = await repo.raw(['for-each-ref', '--format=%(refname:short)', 'refs/heads', 'refs/remotes']);
  return out
    .split('\n')
    .map((l) => l.trim())
    .filter((name) => /(^|\/)releases?\/./.test(name))
    .sort();
}

export async function hasHead(repo: SimpleGit): Promise<boolean> {
  try {
    // A repository without commits: git exits 1 with nothing on stderr, which simple-git does not count as a failure.
    return /^[0-9a-f]{40,64}$/.test((await repo.raw(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'])).trim());
  } catch {
    return false;
  }
}

export async function headSha(repo: SimpleGit): Promise<string> {
  return (await repo.raw(['rev-parse', 'HEAD'])).trim();
}

/** Whether `ancestor` is reachable from `descendant`. */
export async function isAncestor(repo: SimpleGit, ancestor: string, descendant: string): Promise<boolean> {
  try {
    await repo.raw(['merge-base', '--is-ancestor', ancestor, descendant]);
    return true;
  } catch {
    return false;
  }
}

const FIELD = '\x1f';
const RECORD = '\x1e';

/** Commits of `range` ("v1.1.0..HEAD", or "HEAD" for all) touching the project folder, newest first; `since` an ISO time on the commit date. */
export async function commitsIn(repo: SimpleGit, range: string, options: { since?: string } = {}): Promise<{ commits: Commit[]; total: number }> {
  const filter = [...(options.since ? [`--since=${options.since}`] : []), range, '--', '.'];
  const out = await repo.raw(['log', ...GIT_DIFF_FLAGS, `--max-count=${MAX_COMMITS}`, `--format=%H${FIELD}%an${FIELD}%cI${FIELD}%s${FIELD}%b${RECORD}`, ...filter]);
  const commits: Commit[] = [];
  for (const record of out.split(RECORD)) {
    const [sha, author, date, subject, body] = record.replace(/^\n/, '').split(FIELD);
    if (!sha || !subject) continue;
    const parsed = parseConventional(body ? `${subject}\n\n${body}` : subject);
    commits.push({ sha: sha.slice(0, 12), subject, author: author ?? '', date: date ?? '', kind: kindOf(parsed), type: parsed.type });
  }
  const total = commits.length < MAX_COMMITS ? commits.length : Number((await repo.raw(['rev-list', '--count', ...filter])).trim());
  return { commits, total };
}

export interface FileChanges {
  files: number;
  insertions: number;
  deletions: number;
  /** First MAX_FILES, with their change counts ("-" for binary). */
  list: Array<{ path: string; insertions: number | null; deletions: number | null }>;
  truncated: boolean;
}

/** Files changed between `from` and `to` in the project folder. */
export async function changedFiles(repo: SimpleGit, from: string, to = 'HEAD'): Promise<FileChanges> {
  const out = await repo.raw(['diff', ...GIT_DIFF_FLAGS, '--numstat', '--no-renames', from, to, '--', '.']);
  const list: FileChanges['list'] = [];
  let insertions = 0;
  let deletions = 0;
  for (const line of out.split('\n')) {
    const [ins, del, path] = line.split('\t');
    if (!path) continue;
    const i = ins === '-' ? null : Number(ins);
    const d = del === '-' ? null : Number(del);
    insertions += i ?? 0;
    deletions += d ?? 0;
    list.push({ path, insertions: i, deletions: d });
  }
  return { files: list.length, insertions, deletions, list: list.slice(0, MAX_FILES), truncated: list.length > MAX_FILES };
}

export interface WorkingTree {
  branch: string | null;
  upstream: string | null;
  /** Commits on HEAD not on the upstream; null without an upstream. */
  unpushed: number | null;
  staged: number;
  unstaged: number;
  untracked: number;
  /** First 50 uncommitted paths. */
  paths: string[];
}

export async function workingTree(repo: SimpleGit): Promise<WorkingTree> {
  const status = await repo.raw(['status', '--porcelain=v1', '--untracked-files=normal', '--', '.']);
  let staged = 0;
  let unstaged = 0;
  let untracked = 0;
  const paths: string[] = [];
  for (const line of status.split('\n')) {
    if (line.length < 4) continue;
    const x = line[0]!;
    const y = line[1]!;
    if (x === '?') untracked++;
    else {
      if (x !== ' ') staged++;
      if (y !== ' ') unstaged++;
    }
    if (paths.length < 50) paths.push(line.slice(3));
  }
  let branch: string | null = null;
  try {
    branch = (await repo.raw(['symbolic-ref', '--quiet', '--short', 'HEAD'])).trim() || null;
  } catch {
    branch = null; // detached
  }
  let upstream: string | null = null;
  let unpushed: number | null = null;
  try {
    upstream = (await repo.raw(['rev-parse', '--abbrev-ref', '--symbolic-full-name', '@{upstream}'])).trim() || null;
  } catch {
    upstream = null;
  }
  if (upstream) unpushed = Number((await repo.raw(['rev-list', '--count', '@{upstream}..HEAD'])).trim());
  return { branch, upstream, unpushed, staged, unstaged, untracked, paths };
}
