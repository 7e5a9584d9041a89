/**
 * The one network action: `git push`. It runs through runGit (sdk/git.ts:
 * hardened, argument array, no shell) rather than simple-git, because pushing
 * to a remote that is a local path needs `--receive-pack`, which simple-git
 * refuses outright. Why that option: git runs a local remote's receive-pack on
 * this machine, through the shell, with that repository's own hooks and with
 * `remote.<name>.receivepack` from this repository's config. Both are
 * workspace content, so a local push names a fixed receive-pack command with
 * hooks and command-running settings switched off, and is allowed only to a
 * repository inside the workspace.
 */
import { realpath } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { runGit, type Workspace } from '../../../sdk/index.js';

/** A fixed string (no input in it): git appends the quoted repository path and runs it with sh. */
const LOCAL_RECEIVE_PACK = 'git -c core.hooksPath=/dev/null -c core.fsmonitor=false -c core.alternateRefsCommand= -c receive.autogc=false receive-pack';

export type RemoteKind = { kind: 'network'; scheme: string } | { kind: 'local'; path: string };

/** git's own reading of a URL: scheme://..., scp-like host:path, or else a local path. */
export function classifyRemote(url: string, toplevel: string): RemoteKind {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'file') return { kind: 'local', path: decodeURIComponent(url.slice('file://'.length)) };
  if (scheme) return { kind: 'network', scheme };
  const colon = url.indexOf(':');
  const slash = url.indexOf('/');
  if (colon > 0 && (slash < 0 || colon < slash)) return { kind: 'network', scheme: 'ssh' };
  return { kind: 'local', path: isAbsolute(url) ? url : resolve(toplevel, url) };
}

/** Null when git may push there; otherwise why not. */
export async function remoteRefusal(kind: RemoteKind, workspace: Workspace): Promise<string | null> {
  if (kind.kind === 'network') return kind.scheme === 'ext' ? 'ext:: remotes run a command and are never used' : null;
  const real = await realpath(kind.path).catch(() => null);
  if (!real) return `the remote is a local path that does not exist (${kind.path})`;
  if (!workspace.contains(real)) return 'the remote is a local repository outside the workspace; only a network remote or a repository inside the workspace is pushed to';
  return null;
}

export interface PushOutcome {
  output: string;
}

/**
 * The credential helpers of the user's own global config, as `-c` pairs. The hardened
 * config empties the helper list (a repository's helper is a command it could plant);
 * a push over HTTPS needs the user's helper back, and the global file is the user's.
 */
async function userCredentialHelpers(cwd: string, roots: readonly string[]): Promise<string[]> {
  const out = await runGit(['config', '--global', '--get-regexp', String.raw`^credential\..*helper$`], { cwd, roots }).catch(() => '');
  return out
    .split('\n')
    .map((line) => /^(\S+) (.*)$/.exec(line))
    .flatMap((m) => (m && m[2] && !m[1]!.includes('=') ? ['-c', `${m[1]}=${m[2]}`] : [])); // `-c` splits at the first "="
}

/** `git push [--set-upstream] <remote> refs/heads/<branch>:refs/heads/<branch>`. */
export async function gitPush(options: { cwd: string; workspace: Workspace; remote: string; branch: string; setUpstream: boolean; local: boolean; signal?: AbortSignal }): Promise<PushOutcome> {
  const { workspace } = options;
  const roots = [workspace.root, ...workspace.allowedRoots];
  const config = options.local ? ['-c', 'protocol.file.allow=always'] : await userCredentialHelpers(options.cwd, roots);
  const args = [
    ...config,
    'push',
    '--porcelain',
    ...(options.local ? [`--receive-pack=${LOCAL_RECEIVE_PACK}`] : []),
    ...(options.setUpstream ? ['--set-upstream'] : []),
    '--',
    options.remote,
    `refs/heads/${options.branch}:refs/heads/${options.branch}`,
  ];
  const output = await runGit(args, { cwd: options.cwd, roots, signal: options.signal, timeoutMs: 120_000 });
  return { output: output.trim() };
}
