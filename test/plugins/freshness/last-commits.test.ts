import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lastCommitDates } from '../../../plugins/freshness/git/last-commits.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'tp-last-commits-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function commit(cwd: string, message: string, date: string) {
  const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  execFileSync('git', ['add', '-A'], { cwd, env });
  execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=T', 'commit', '-q', '-m', message], { cwd, env });
}

describe('lastCommitDates', () => {
  it('gives each file the date of the newest commit that touched it, names with spaces and non-ASCII included', async () => {
    const repo = join(root, 'repo');
    mkdirSync(join(repo, 'docs', 'guide'), { recursive: true });
    execFileSync('git', ['init', '-q'], { cwd: repo });
    writeFileSync(join(repo, 'docs', 'a b.md'), '# A\n');
    writeFileSync(join(repo, 'docs', 'guide', 'über.md'), '# U\n');
    writeFileSync(join(repo, 'README.md'), '# R\n');
    commit(repo, 'one', '2026-01-05T10:00:00Z');
    writeFileSync(join(repo, 'docs', 'a b.md'), '# A\nmore\n');
    commit(repo, 'two', '2026-03-01T09:30:00Z');
    writeFileSync(join(repo, 'docs', 'new.md'), '# not committed\n');

    // Asked from a folder below the repository root: git still runs in the repository.
    const { repoRoot, dates, note } = await lastCommitDates(join(repo, 'docs'), { roots: [root] });
    expect(note).toBeNull();
    expect(repoRoot).toBe(repo);
    expect(dates.get(join(repo, 'docs', 'a b.md'))?.toISOString()).toBe('2026-03-01T09:30:00.000Z');
    expect(dates.get(join(repo, 'docs', 'guide', 'über.md'))?.toISOString()).toBe('2026-01-05T10:00:00.000Z');
    expect(dates.has(join(repo, 'README.md'))).toBe(false); // outside the folder asked for
    expect(dates.has(join(repo, 'docs', 'new.md'))).toBe(false);
  });

  it('says so when the folder is not in a repository, and when the repository has no commit yet', async () => {
    const plain = join(root, 'plain');
    mkdirSync(plain);
    const none = await lastCommitDates(plain, { roots: [plain] });
    expect(none.repoRoot).toBeNull();
    expect(none.note).toMatch(/not inside a git repository|outside/);

    const empty = join(root, 'empty');
    mkdirSync(empty);
    execFileSync('git', ['init', '-q'], { cwd: empty });
    const fresh = await lastCommitDates(empty, { roots: [root] });
    expect(fresh.repoRoot).toBe(empty);
    expect(fresh.dates.size).toBe(0);
  });
});
