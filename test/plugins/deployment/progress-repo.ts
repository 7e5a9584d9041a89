/** A real git repository with back-dated commits, release tags (lightweight and annotated) and a release branch, for the progress tests. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../helpers/workspace.js';

const ID = ['-c', 'user.email=dev@example.com', '-c', 'user.name=Dev', '-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false'];

export function git(cwd: string, args: string[], date?: string) {
  const env = { ...process.env, ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}) };
  return execFileSync('git', [...ID, ...args], { cwd, env, encoding: 'utf8' });
}

export function write(root: string, files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

export function commit(root: string, message: string, date: string, files: Record<string, string>) {
  write(root, files);
  git(root, ['add', '-A']);
  git(root, ['commit', '-q', '-m', message], date);
}

/**
 * v1.0.0 (lightweight, 5 Jan) -> v1.1.0 (annotated, 1 Feb) -> fix (10 Feb) -> feat (15 Feb).
 * `release` adds v1.2.0 on the feat commit and a breaking refactor after it (18 Feb).
 */
export function releasedRepo(options: { release?: boolean } = {}): string {
  const root = tempDir('toolpack-progress-');
  git(root, ['init', '-q', '-b', 'main']);
  commit(root, 'chore: initial import', '2026-01-05T10:00:00Z', { 'package.json': '{ "name": "orders", "version": "1.0.0" }\n', 'src/orders.js': 'export const orders = [];\n' });
  git(root, ['tag', 'v1.0.0']);
  commit(root, 'feat: add the orders endpoint', '2026-02-01T10:00:00Z', { 'src/routes.js': 'export const routes = ["/orders"];\n' });
  git(root, ['tag', '-a', 'v1.1.0', '-m', 'Release 1.1.0'], '2026-02-01T12:00:00Z');
  git(root, ['branch', 'release/1.1']);
  commit(root, 'fix: round order totals', '2026-02-10T10:00:00Z', { 'src/orders.js': 'export const orders = [];\nexport const round = (n) => Math.round(n * 100) / 100;\n' });
  commit(root, 'feat(api): add refunds', '2026-02-15T10:00:00Z', { 'src/refunds.js': 'export const refunds = [];\n', 'src/routes.js': 'export const routes = ["/orders", "/refunds"];\n' });
  if (options.release) {
    git(root, ['tag', 'v1.2.0']);
    commit(root, 'refactor: rename the routes', '2026-02-18T10:00:00Z', { 'src/routes.js': 'export const routes = ["/v2/orders", "/v2/refunds"];\n' });
    // The footer form of a breaking change.
    git(root, ['commit', '-q', '--amend', '-m', 'refactor: rename the routes\n\nBREAKING CHANGE: the /orders and /refunds routes moved under /v2.'], '2026-02-18T10:00:00Z');
  }
  return root;
}
