/**
 * Real git repositories for the attack suite. The tests' own git calls carry a
 * neutral identity and switch off what the planted configs would run, so only
 * the server under test can trigger a marker.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SAFE = ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'init.defaultBranch=main', '-c', 'commit.gpgSign=false', '-c', 'core.fsmonitor=false', '-c', 'core.hooksPath=/dev/null'];

export function git(dir: string, ...args: string[]): string {
  return execFileSync('git', [...SAFE, ...args], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } });
}

/** `git init` in dir and one commit of everything in it. */
export function commitAll(dir: string, message = 'initial commit'): void {
  if (!existsSync(join(dir, '.git'))) git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', message);
}

/** A shell script that creates `<markers>/<name>` when anything runs it. */
export function markerScript(markers: string, name: string): string {
  mkdirSync(markers, { recursive: true });
  const script = join(markers, `${name}.sh`);
  writeFileSync(script, `#!/bin/sh\ntouch '${join(markers, `ran-${name}`)}'\nexit 0\n`);
  chmodSync(script, 0o755);
  return script;
}

/** The markers that were created: any entry means a planted command ran. */
export const ranMarkers = (markers: string) => (existsSync(markers) ? readdirSync(markers).filter((name) => name.startsWith('ran-')) : []);

/**
 * Add a commit carrying a (fake) PGP signature and a new file, so `git log` with
 * log.showSignature asks gpg.program to verify it. Call it before planting a config.
 */
export function addSignedCommit(dir: string): void {
  const file = join(dir, 'signed.txt');
  writeFileSync(file, 'signed\n');
  const hash = git(dir, 'hash-object', '-w', 'signed.txt').trim();
  const entries = git(dir, 'ls-tree', 'HEAD');
  const tree = execFileSync('git', ['mktree'], { cwd: dir, input: `${entries}100644 blob ${hash}\tsigned.txt\n`, encoding: 'utf8' }).trim();
  const parent = git(dir, 'rev-parse', 'HEAD').trim();
  const commit = [
    `tree ${tree}`,
    `parent ${parent}`,
    'author Test <test@example.com> 1700000000 +0000',
    'committer Test <test@example.com> 1700000000 +0000',
    'gpgsig -----BEGIN PGP SIGNATURE-----',
    ' ',
    ' iQEzBAABCAAdFiEE',
    ' -----END PGP SIGNATURE-----',
    '',
    'signed commit',
    '',
  ].join('\n');
  const sha = execFileSync('git', ['hash-object', '-t', 'commit', '-w', '--stdin'], { cwd: dir, input: commit, encoding: 'utf8' }).trim();
  git(dir, 'update-ref', 'HEAD', sha);
  git(dir, 'reset', '-q', 'HEAD');
}
