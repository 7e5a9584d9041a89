/** A documentation site in a real git repository with back-dated commits, for the freshness tests. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const DAY = 86_400_000;

export const daysAgo = (days: number, now = Date.now()) => new Date(now - days * DAY);

export function initRepo(repo: string): void {
  mkdirSync(repo, { recursive: true });
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: repo });
}

export function writePage(repo: string, path: string, text: string): string {
  const file = join(repo, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** Commit `paths` (all changes when empty) with author and committer date `date`. */
export function commitAt(repo: string, date: Date, message: string, paths: string[] = []): string {
  const env = { ...process.env, GIT_AUTHOR_DATE: date.toISOString(), GIT_COMMITTER_DATE: date.toISOString() };
  execFileSync('git', ['add', '-A', '--', ...(paths.length ? paths : ['.'])], { cwd: repo, env });
  execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=T', '-c', 'commit.gpgSign=false', 'commit', '-q', '-m', message], { cwd: repo, env });
  return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repo, encoding: 'utf8' }).trim();
}
