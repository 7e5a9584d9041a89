/**
 * The one network action: `git push`, and where it goes.
 *
 * Where: `git push <remote>` sends to every push URL of the remote (all its
 * `pushurl` entries, else all its `url` entries), each rewritten by any
 * `insteadOf`/`pushInsteadOf` of any config level. So the URLs checked are the
 * ones git itself reports (`git remote get-url --push --all`, same hardened
 * git, same cwd as the push), and every one must pass: local paths and file://
 * URLs must lead, git directory included, inside the workspace; network URLs
 * must be https, http or ssh (`ext::` and other remote helpers are programs).
 *
 * How: through runGit (sdk/git.ts: hardened, argument array, no shell) rather
 * than simple-git, because a local push needs `--receive-pack`, which simple-git
 * refuses. git runs a local remote's receive-pack on this machine, through the
 * shell, with that repository's own config (the `-c` given to this git is not
 * passed on to it): its hooks, its fsmonitor, and, for a checked-out branch
 * with `receive.denyCurrentBranch=updateInstead`, a checkout of the pushed
 * files through its own filters. So a local push names a fixed receive-pack
 * command that switches those off and refuses to update a work tree, and a
 * remote mixing local and network URLs is refused (that command must not go
 * to a server). A network push names git's default receive-pack, so a
 * `remote.<name>.receivepack` of the repository's is never run on an ssh server.
 */
import { realpath } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { runGit, type Workspace } from '../../../sdk/index.js';
import { localTargetRefusal } from './local-target.js';
import { stripCredentials } from './repository.js';

/**
 * A fixed string (no input in it): git appends the quoted repository path and runs it with sh.
 * denyCurrentBranch=refuse: the receiving work tree is never checked out (its filters never run).
 * alternateRefsCommand=true: no command of the repository's; `true` prints no refs (an empty value fails noisily).
 */
const LOCAL_RECEIVE_PACK = [
  'git',
  ...['core.hooksPath=/dev/null', 'core.fsmonitor=false', 'core.alternateRefsCommand=true', 'receive.autogc=false', 'receive.denyCurrentBranch=refuse', 'receive.denyDeleteCurrent=refuse', 'receive.updateServerInfo=false'].flatMap((c) => ['-c', c]),
  'receive-pack',
].join(' ');

/** Network transports git pushes over without a helper program of the repository's choosing. */
const NETWORK_SCHEMES = new Set(['https', 'http', 'ssh', 'git+ssh', 'ssh+git']);

export type RemoteKind = { kind: 'network'; scheme: string } | { kind: 'local'; path: string } | { kind: 'refused'; reason: string };

/** git's own reading of a URL: helper::address, scheme://..., scp-like host:path, or else a local path. */
export function classifyRemote(url: string, toplevel: string): RemoteKind {
  const helper = /^([a-z][a-z0-9+.-]*)::/i.exec(url)?.[1];
  if (helper) return { kind: 'refused', reason: `a "${helper}::" URL, which runs ${helper === 'ext' ? 'the command it names' : `the remote helper program git-remote-${helper}`} (only https, http, ssh and local repositories are pushed to)` };
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'file') {
    // git decodes %XX in file:// URLs and takes what follows "file://" as an absolute path (no host).
    let path: string;
    try {
      path = decodeURIComponent(url.slice('file://'.length));
    } catch {
      return { kind: 'refused', reason: 'a file:// URL that is not validly percent-encoded' };
    }
    return path.startsWith('/') ? { kind: 'local', path } : { kind: 'refused', reason: 'a file:// URL naming a host or a relative path' };
  }
  if (scheme) return NETWORK_SCHEMES.has(scheme) ? { kind: 'network', scheme } : { kind: 'refused', reason: `a "${scheme}://" URL, which git hands to the remote helper program git-remote-${scheme} (only https, http, ssh and local repositories are pushed to)` };
  const colon = url.indexOf(':');
  const slash = url.indexOf('/');
  if (colon > 0 && (slash < 0 || colon < slash)) return { kind: 'network', scheme: 'ssh' };
  return { kind: 'local', path: isAbsolute(url) ? url : resolve(toplevel, url) };
}

/** Null when git may push there; otherwise why not. */
export async function remoteRefusal(kind: RemoteKind, workspace: Workspace, branch: string | null): Promise<string | null> {
  if (kind.kind === 'refused') return kind.reason;
  if (kind.kind === 'network') return null;
  return localTargetRefusal(kind.path, [workspace.root, ...workspace.allowedRoots], branch);
}

export interface PushUrl {
  /** Without credentials: the form shown to the user. */
  shown: string;
  kind: RemoteKind;
  /** Null: git may push there. */
  refusal: string | null;
}

export interface PushTargets {
  urls: PushUrl[];
  /** Every URL is a local repository (and the push runs the hardened receive-pack). */
  local: boolean;
  /** Why the remote as a whole is not pushed to (a URL refused, no URL, a helper, mixed kinds). */
  refusal: string | null;
}

const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

/** Every URL `git push <remote>` would send `branch` to, each checked. */
export async function readPushTargets(remote: string, branch: string | null, toplevel: string, workspace: Workspace, signal?: AbortSignal): Promise<PushTargets> {
  const roots = [workspace.root, ...workspace.allowedRoots];
  const git = (args: string[]) => runGit(args, { cwd: toplevel, roots, signal });
  const none = (refusal: string): PushTargets => ({ urls: [], local: false, refusal });
  // get-url prints one URL a line; a value holding a line break would be read as two harmless-looking ones.
  const values = await Promise.all(['pushurl', 'url'].map((key) => git(['config', '-z', '--get-all', `remote.${remote}.${key}`]).catch(() => '')));
  if (values.some((v) => /[\n\r]/.test(v.replace(/\0/g, '')))) return none('a URL of the remote holds a line break');
  const vcs = (await git(['config', '--get', `remote.${remote}.vcs`]).catch(() => '')).trim();
  if (vcs) return none(`remote.${remote}.vcs runs the remote helper program git-remote-${vcs}`);
  const raw = lines(await git(['remote', 'get-url', '--push', '--all', '--', remote]).catch(() => ''));
  if (!raw.length) return none('it has no URL');

  const top = (await realpath(toplevel).catch(() => null)) ?? toplevel;
  const urls = await Promise.all(
    raw.map(async (url) => {
      const kind = classifyRemote(url, top);
      return { shown: stripCredentials(url), kind, refusal: await remoteRefusal(kind, workspace, branch) };
    }),
  );
  const refused = urls.filter((u) => u.refusal);
  const local = urls.every((u) => u.kind.kind === 'local');
  let refusal: string | null = null;
  if (refused.length) refusal = refused.map((u) => `${u.shown} is ${u.refusal}`).join('; ');
  else if (!local && urls.some((u) => u.kind.kind === 'local')) refusal = `it mixes local repositories and network URLs (${urls.map((u) => u.shown).join(', ')}); push to each separately`;
  return { urls, local, refusal };
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

/** `git push [--set-upstream] <remote> refs/heads/<branch>:refs/heads/<branch>`, to targets readPushTargets accepted. */
export async function gitPush(options: { cwd: string; workspace: Workspace; remote: string; branch: string; setUpstream: boolean; targets: PushTargets; signal?: AbortSignal }): Promise<PushOutcome> {
  const { workspace, targets } = options;
  if (targets.refusal || !targets.urls.length) throw new Error(`remote "${options.remote}" is not pushed to: ${targets.refusal ?? 'it has no URL'}`);
  const roots = [workspace.root, ...workspace.allowedRoots];
  const config = targets.local ? ['-c', 'protocol.file.allow=always'] : await userCredentialHelpers(options.cwd, roots);
  const args = [
    ...config,
    'push',
    '--porcelain',
    // Over ssh, remote.<name>.receivepack would be the command run on the server: the default is named instead.
    `--receive-pack=${targets.local ? LOCAL_RECEIVE_PACK : 'git-receive-pack'}`,
    ...(options.setUpstream ? ['--set-upstream'] : []),
    '--',
    options.remote,
    `refs/heads/${options.branch}:refs/heads/${options.branch}`,
  ];
  const output = await runGit(args, { cwd: options.cwd, roots, signal: options.signal, timeoutMs: 120_000 });
  return { output: output.trim() };
}
