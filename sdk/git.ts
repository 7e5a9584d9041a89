/**
 * Hardened git, the one way any pack (and the kernel's git service) runs git.
 * A repository's own config can name commands git runs on its own (an
 * fsmonitor hook on every index read, hooks, external diff, filters, textconv,
 * gpg, credential helpers, editors...), and a workspace is untrusted content.
 * So every call:
 *  - runs only where the git directory is inside the workspace roots (a `.git`
 *    file or symlink pointing elsewhere makes the folder "not a repository"),
 *    or belongs to a repository enclosing the whole workspace (the user's own);
 *  - overrides each such setting with `-c`, which wins over every config file;
 *  - neutralises the filter, diff and merge drivers the repository defines;
 *  - drops environment variables that could redirect or extend git.
 */
import { execFile } from 'node:child_process';
import { lstat, open, readFile, realpath } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { isWithinRoots, readHead } from './confined-fs.js';
import { childEnv } from './process-env.js';

/**
 * `-c` settings on every call. Command-line config is read last, so each beats the
 * repository's (and the user's) value. Empty values mean "none" for the helper
 * and askpass lists; for the external diff they make git fail rather than run
 * anything, which is the intent.
 */
export const GIT_SAFE_CONFIG: readonly string[] = [
  'core.fsmonitor=false', // the hook every index read runs: the original attack
  'core.hooksPath=/dev/null', // no hook can be found under a file
  'core.sshCommand=ssh', // GIT_SSH_COMMAND from the user's environment still wins
  'core.askPass=', // likewise GIT_ASKPASS
  'core.editor=:', // ':' is git's no-op editor; a server has no one to type
  'sequence.editor=:',
  'core.pager=cat',
  'core.alternateRefsCommand=',
  'core.attributesFile=/dev/null',
  'credential.helper=', // resets the list, the repository's helpers included (no pack pushes yet)
  'diff.external=',
  'log.showSignature=false', // verifying a signature runs gpg.program
  'gpg.program=gpg',
  'gpg.ssh.program=ssh-keygen',
  'gpg.x509.program=gpgsm',
  'commit.gpgSign=false',
  'tag.gpgSign=false',
  'protocol.ext.allow=never', // ext:: runs an arbitrary command as a transport
  'protocol.file.allow=never', // local "remotes" would run the repository's uploadpack
  'protocol.git.allow=never', // git:// goes through core.gitProxy, which a repository can set (first value wins)
  'safe.bareRepository=explicit', // a bare repository planted in the tree is not picked up by discovery
];

/** Flags for commands that produce diffs (log -p, diff, show): no external diff, no textconv. */
export const GIT_DIFF_FLAGS: readonly string[] = ['--no-ext-diff', '--no-textconv'];

/**
 * What git gets from the server's environment besides the base allow-list
 * (process-env.ts): the user's own git settings and identity, SSH agent and
 * proxies for a push. The user's global config (GIT_CONFIG_GLOBAL, ~/.gitconfig
 * through HOME) is kept on purpose: it is the user's file, not the repository's,
 * it carries the identity, URL rewrites and safe.directory entries git needs, and
 * every setting above overrides it anyway. Nothing that points git at another
 * repository or index (GIT_DIR, GIT_INDEX_FILE...), opens a pager or editor, or
 * names a Toolpack secret (TOOLPACK_*, tokens) reaches git.
 */
const GIT_INHERIT = [
  'GIT_CONFIG_GLOBAL',
  'GIT_SSH',
  'GIT_SSH_COMMAND',
  'GIT_SSH_VARIANT',
  'GIT_AUTHOR_NAME',
  'GIT_AUTHOR_EMAIL',
  'GIT_AUTHOR_DATE',
  'GIT_COMMITTER_NAME',
  'GIT_COMMITTER_EMAIL',
  'GIT_COMMITTER_DATE',
  'EMAIL',
  'GIT_SSL_CAINFO',
  'GIT_SSL_CAPATH',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'ALL_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'all_proxy',
  'SSH_AGENT_PID',
];

/**
 * The environment for a git process: the allow-list above (PATH without workspace
 * folders, so a repository cannot stand in for git), plus no system config or
 * attributes and no prompts.
 */
export function gitEnv(roots: readonly string[] = [], base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env = childEnv({ roots, inherit: GIT_INHERIT, base });
  // The agent's socket: a push over SSH authenticates through it (its name reads like a secret, its value is a path).
  if (base.SSH_AUTH_SOCK) env.SSH_AUTH_SOCK = base.SSH_AUTH_SOCK;
  return {
    ...env,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_ATTR_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    // Read-only commands (status) then neither take the index lock nor rewrite the index.
    GIT_OPTIONAL_LOCKS: '0',
  };
}

/** `-c key=value` pairs for argv. */
export const configArgs = (config: readonly string[]): string[] => config.flatMap((entry) => ['-c', entry]);

export type GitLocation =
  /** gitDir and commonDir are real paths. */
  | { kind: 'repository'; gitDir: string; commonDir: string }
  | { kind: 'none' }
  /** A `.git` inside the workspace leads outside it: git is not run there. */
  | { kind: 'outside' };

async function readSmall(path: string): Promise<string | null> {
  try {
    const handle = await open(path, 'r');
    try {
      return await readHead(handle, 4096);
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
}

/** The real git and common folders a `.git` entry leads to, or null when it leads nowhere readable. */
async function followDotGit(entry: string, isFile: boolean): Promise<{ gitDir: string; commonDir: string } | null> {
  let target = entry;
  if (isFile) {
    const pointer = /^gitdir: (.+)$/m.exec((await readSmall(entry)) ?? '')?.[1]?.trim();
    if (!pointer) return null;
    target = resolve(dirname(entry), pointer);
  }
  const gitDir = await realpath(target).catch(() => null);
  if (!gitDir) return null;
  // A linked worktree or submodule keeps config and refs in its common folder.
  const common = (await readFile(join(gitDir, 'commondir'), 'utf8').catch(() => null))?.trim();
  const commonDir = common ? await realpath(resolve(gitDir, common)).catch(() => null) : gitDir;
  return commonDir ? { gitDir, commonDir } : null;
}

/**
 * Which git directory git would use for `folder` (a real path inside `roots`).
 * Every `.git` (file, folder or symlink) from the folder up to the top of its
 * root must lead inside the roots, or the answer is 'outside'; above the roots
 * the nearest `.git` is the user's own enclosing repository and is used as is.
 */
export async function locateGitDir(folder: string, roots: readonly string[]): Promise<GitLocation> {
  let found: { gitDir: string; commonDir: string } | null = null;
  for (let dir = resolve(folder); ; dir = dirname(dir)) {
    const inside = isWithinRoots(roots, dir);
    if (!inside && found) return { kind: 'repository', ...found };
    const entry = join(dir, '.git');
    const info = await lstat(entry).catch(() => null);
    if (info) {
      const target = await followDotGit(entry, info.isFile());
      if (inside) {
        if (!target || !isWithinRoots(roots, target.gitDir) || !isWithinRoots(roots, target.commonDir)) return { kind: 'outside' };
        found ??= target;
      } else if (target) {
        return { kind: 'repository', ...target };
      }
    }
    if (dirname(dir) === dir) return found ? { kind: 'repository', ...found } : { kind: 'none' };
  }
}

interface ExecOptions {
  cwd: string;
  /** The workspace roots: PATH entries inside them are dropped. */
  roots?: readonly string[];
  signal?: AbortSignal;
  maxBuffer?: number;
  timeoutMs?: number;
  /** Written to git's stdin (e.g. object names for `cat-file --batch-check`); otherwise stdin is closed at once. */
  input?: string;
}

function exec(args: readonly string[], options: ExecOptions): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = execFile(
      'git',
      args as string[],
      { cwd: options.cwd, env: gitEnv(options.roots), maxBuffer: options.maxBuffer ?? 64 * 1024 * 1024, signal: options.signal, timeout: options.timeoutMs ?? 120_000, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (!error) return resolvePromise({ code: 0, stdout, stderr });
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'number') return resolvePromise({ code, stdout, stderr });
        reject(error);
      },
    );
    // Nothing but `input` is fed to git: a hook or filter waiting on stdin must not hang the call.
    child.stdin?.on('error', () => {}); // git may exit before reading all of it (EPIPE): its exit code tells
    child.stdin?.end(options.input);
  });
}

const DRIVER_KEYS: Record<string, string[]> = {
  filter: ['clean=', 'smudge=', 'process=', 'required=false'],
  diff: ['command=', 'textconv='],
  merge: ['driver='],
};

/**
 * GIT_SAFE_CONFIG plus, for every filter, diff and merge driver the config at `cwd`
 * defines, settings that empty its commands (the driver names are the
 * repository's, so they cannot be listed in advance). Null when a driver name
 * cannot be overridden on the command line (it contains "="): git is not run.
 */
export async function hardenedGitConfig(cwd: string, signal?: AbortSignal, roots: readonly string[] = []): Promise<string[] | null> {
  const { code, stdout } = await exec([...configArgs(GIT_SAFE_CONFIG), 'config', '-z', '--get-regexp', '^(filter|diff|merge)\\.'], { cwd, signal, roots });
  if (code !== 0 && code !== 1) return null; // 1: no such key
  const names = new Map<string, Set<string>>();
  for (const record of stdout.split('\0')) {
    const key = record.split('\n', 1)[0] ?? '';
    const match = /^(filter|diff|merge)\.(.+)\.[^.]+$/.exec(key);
    if (!match) continue;
    const [, section, name] = match as unknown as [string, string, string];
    if (name.includes('=')) return null;
    names.set(section, (names.get(section) ?? new Set()).add(name));
  }
  const overrides = [...names].flatMap(([section, set]) => [...set].flatMap((name) => DRIVER_KEYS[section]!.map((setting) => `${section}.${name}.${setting}`)));
  return [...GIT_SAFE_CONFIG, ...overrides];
}

/** git refused to run (the git directory is outside the workspace, or its config cannot be neutralised). */
export class GitRefusedError extends Error {
  constructor(readonly reason: 'outside-workspace' | 'unsafe-config') {
    super(reason === 'outside-workspace' ? 'the git directory lies outside the workspace; git is not run there' : 'the repository config defines a driver that cannot be overridden; git is not run there');
    this.name = 'GitRefusedError';
  }
}

export interface RunGitOptions extends ExecOptions {
  /** The workspace roots (Workspace.root and allowedRoots): the git directory must lie inside them. */
  roots: readonly string[];
}

/**
 * Run `git <args>` in `cwd` hardened as above and return stdout. Throws
 * GitRefusedError when git may not run there, and an Error (with stderr) when git
 * fails. Give GIT_DIFF_FLAGS to commands that produce diffs.
 */
export async function runGit(args: readonly string[], options: RunGitOptions): Promise<string> {
  if ((await locateGitDir(options.cwd, options.roots)).kind === 'outside') throw new GitRefusedError('outside-workspace');
  const config = await hardenedGitConfig(options.cwd, options.signal, options.roots);
  if (!config) throw new GitRefusedError('unsafe-config');
  const { code, stdout, stderr } = await exec([...configArgs(config), ...args], options);
  if (code !== 0) throw Object.assign(new Error(`git ${args[0] ?? ''} failed (exit ${code}): ${stderr.trim()}`), { exitCode: code, stderr });
  return stdout;
}
