/**
 * The one way a pack starts a process. Every child:
 *  - is started from an argument array (never a shell string);
 *  - runs a binary given by absolute path: a system binary found on the server's
 *    own PATH (`systemBinary`), never one the repository planted, unless the user
 *    approved running the project's code and the binary is part of what they approved;
 *  - works in a folder inside the workspace;
 *  - gets an allow-listed environment (process-env.ts): no TOOLPACK_*, store URL,
 *    token or key, and a PATH without workspace folders;
 *  - leads its own process group, which is killed (SIGTERM, then SIGKILL) on
 *    timeout, on cancellation and when the caller stops it, so nothing it started
 *    outlives the call;
 *  - keeps its output bounded (the head, where config errors land, and the tail).
 * A command that runs project-controlled code (a site build, a test suite) must carry
 * the approval the kernel gave the call (ToolContext.execution): see project-code.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:fs';
import { access, readdir, readFile, stat } from 'node:fs/promises';
import { delimiter, isAbsolute, join } from 'node:path';
import { isWithinRoots } from './confined-fs.js';
import { ConfigurationError, FileSystemError } from './errors.js';
import { childEnv } from './process-env.js';
import { approvedCommand, type Execution } from './project-code.js';
import type { Workspace } from './services.js';

/** Output kept per process by default: the first HEAD_CHARS and the last TAIL_CHARS. */
const HEAD_CHARS = 16 * 1024;
const TAIL_CHARS = 64 * 1024;

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The spawn itself failed: the message, and the errno code (ENOENT, EACCES). */
  error?: string;
  errorCode?: string;
}

export interface ProcessOptions {
  workspace: Workspace;
  /** Absolute folder inside the workspace. */
  cwd: string;
  /** Names taken from the server's environment beyond the base allow-list (TOOLCHAIN_ENV...). */
  inheritEnv?: readonly string[];
  /** Variables set for the child (secret-looking names are refused by the allow-list). */
  env?: Record<string, string>;
  /** Absolute folders put in front of PATH: outside the workspace, or inside it only when approved. */
  pathPrefix?: readonly string[];
  /** Stop the group after this long (`timedOut` in the result). None: the caller stops it. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Required when the command runs project code: the call's execution, whose approval must name this command. */
  execution?: Execution;
  /** Text written to stdin, then closed (default: stdin closed at once). */
  input?: string;
  /** Keep the whole stdout up to this many bytes (for commands whose output is the result, like git). */
  captureStdoutBytes?: number;
}

export interface GroupProcess {
  readonly pid: number | undefined;
  /** Resolves once the leader has exited (or failed to start). */
  readonly exited: Promise<ExitStatus>;
  hasExited(): boolean;
  /** The bounded output of stdout and stderr, interleaved as it came. */
  output(): string;
  /** The captured stdout (captureStdoutBytes), else ''. */
  stdout(): string;
  /** Calls `listener` with every chunk of output (for progress and line parsers). */
  onOutput(listener: (text: string) => void): void;
  /** Whether the group was stopped for the timeout or the signal. */
  readonly stoppedFor: () => 'timeout' | 'cancelled' | null;
  /** Stops the whole group and waits until none of it is left: false when some member survived even SIGKILL. */
  stop(graceMs?: number): Promise<boolean>;
}

/** Whether `path` is a regular file this process may execute. */
export const isExecutable = async (path: string) => {
  try {
    if (!(await stat(path)).isFile()) return false;
    await access(path, process.platform === 'win32' ? constants.F_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const EXTENSIONS = process.platform === 'win32' ? ['', '.cmd', '.exe', '.bat'] : [''];

/**
 * The absolute path of a system binary (`git`, `npm`, `hugo`) on the server's own PATH,
 * skipping relative entries and folders inside the workspace roots; undefined when absent.
 */
export async function systemBinary(name: string, roots: readonly string[], pathValue = process.env.PATH): Promise<string | undefined> {
  if (!name || name.includes('/') || name.includes('\\')) return undefined;
  for (const folder of (pathValue ?? '').split(delimiter)) {
    if (!folder || !isAbsolute(folder) || isWithinRoots(roots, folder)) continue;
    for (const extension of EXTENSIONS) {
      const candidate = join(folder, name + extension);
      if (await isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

function refuseUnapproved(binary: string, args: readonly string[], options: ProcessOptions): void {
  const { workspace } = options;
  // The configured roots, not a session's narrowed ones: what is the project's own code does not shrink with a client's roots.
  const roots = workspace.configuredRoots ?? [workspace.root, ...workspace.allowedRoots];
  if (!isAbsolute(binary)) throw new ConfigurationError(`a process must be started by absolute path (systemBinary), not "${binary}"`);
  if (!isWithinRoots(roots, options.cwd)) throw new FileSystemError('a process may only run in a folder inside the workspace');
  const fromWorkspace = isWithinRoots(roots, binary) || (options.pathPrefix ?? []).some((folder) => !isAbsolute(folder) || isWithinRoots(roots, folder));
  if ((fromWorkspace || options.execution) && !approvedCommand(options.execution, [binary, ...args], workspace.relative(options.cwd))) {
    throw new ConfigurationError(
      `"${[binary, ...args].join(' ')}" would run code from the workspace, and the user did not approve this command in ${workspace.relative(options.cwd)} (execution.projectCode)`,
      { setting: 'execution.projectCode' },
    );
  }
}

/** Start `binary` (absolute) with `args` as the leader of its own process group. */
export function spawnProcess(binary: string, args: readonly string[], options: ProcessOptions): GroupProcess {
  refuseUnapproved(binary, args, options);
  const roots = options.workspace.configuredRoots ?? [options.workspace.root, ...options.workspace.allowedRoots];
  const env = childEnv({ roots, inherit: options.inheritEnv, set: options.env });
  if (options.pathPrefix?.length) env.PATH = [...options.pathPrefix, env.PATH].filter(Boolean).join(delimiter);

  let head = '';
  let tail = '';
  let truncated = false;
  let captured = '';
  let capturedBytes = 0;
  let captureCut = false;
  const listeners: Array<(text: string) => void> = [];
  let exitedFlag = false;
  let stoppedFor: 'timeout' | 'cancelled' | null = null;
  let resolveExit!: (status: ExitStatus) => void;
  const exited = new Promise<ExitStatus>((resolve) => (resolveExit = resolve));
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const finish = (status: ExitStatus) => {
    if (exitedFlag) return;
    exitedFlag = true;
    clearTimeout(timer);
    if (onAbort) options.signal?.removeEventListener('abort', onAbort);
    resolveExit(status);
  };
  const append = (text: string) => {
    if (head.length < HEAD_CHARS) {
      const room = HEAD_CHARS - head.length;
      head += text.slice(0, room);
      if (text.length > room) tail += text.slice(room);
    } else {
      tail += text;
    }
    if (tail.length > TAIL_CHARS * 2) {
      tail = tail.slice(-TAIL_CHARS);
      truncated = true;
    }
    for (const listener of listeners) listener(text);
  };
  let child: ChildProcess;
  try {
    // detached: the child leads a new process group (its pgid is its pid), which stop() signals as one.
    child = spawn(binary, [...args], { cwd: options.cwd, env, detached: true, shell: false, stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
  } catch (error) {
    finish({ code: null, signal: null, error: (error as Error).message, errorCode: (error as NodeJS.ErrnoException).code });
    return deadProcess(exited);
  }
  child.stdin?.on('error', () => {});
  child.stdin?.end(options.input ?? '');
  const limit = options.captureStdoutBytes ?? 0;
  child.stdout?.on('data', (chunk: Buffer) => {
    if (limit > 0 && !captureCut) {
      if (capturedBytes + chunk.length > limit) captureCut = true;
      else {
        captured += chunk.toString('utf8');
        capturedBytes += chunk.length;
      }
    }
    append(chunk.toString('utf8'));
  });
  child.stderr?.on('data', (chunk: Buffer) => append(chunk.toString('utf8')));
  child.on('error', (error: NodeJS.ErrnoException) => finish({ code: null, signal: null, error: error.message, errorCode: error.code }));
  child.on('close', (code, signal) => finish({ code, signal }));
  const pid = child.pid;

  const group: GroupProcess = {
    pid,
    exited,
    hasExited: () => exitedFlag,
    output: () => head + (truncated ? `\n[... output cut ...]\n${tail.slice(-TAIL_CHARS)}` : tail),
    stdout: () => captured,
    onOutput: (listener) => listeners.push(listener),
    stoppedFor: () => stoppedFor,
    async stop(graceMs = 3000) {
      if (pid === undefined) return true;
      let gone = true;
      if (await groupAlive(pid)) {
        signalGroup(pid, 'SIGTERM');
        if (!(await waitGroupGone(pid, graceMs))) {
          signalGroup(pid, 'SIGKILL');
          gone = await waitGroupGone(pid, 5000);
        }
      }
      // The leader's exit event may trail the group's end by a tick: wait for it, bounded.
      await Promise.race([exited, delay(2000)]);
      child.stdout?.destroy();
      child.stderr?.destroy();
      return gone;
    },
  };
  const stopFor = (why: 'timeout' | 'cancelled') => {
    if (exitedFlag || stoppedFor) return;
    stoppedFor = why;
    void group.stop(2000);
  };
  if (options.timeoutMs !== undefined) timer = setTimeout(() => stopFor('timeout'), options.timeoutMs);
  if (options.signal) {
    onAbort = () => stopFor('cancelled');
    if (options.signal.aborted) onAbort();
    else options.signal.addEventListener('abort', onAbort, { once: true });
  }
  return group;
}

export interface ProcessResult extends ExitStatus {
  /** Bounded interleaved output (see GroupProcess.output). */
  output: string;
  /** The captured stdout when captureStdoutBytes was given. */
  stdout: string;
  timedOut: boolean;
  cancelled: boolean;
  durationMs: number;
}

/** Run to the end (or the timeout, or cancellation); the whole group is gone when this resolves. */
export async function runProcess(binary: string, args: readonly string[], options: ProcessOptions & { onOutput?: (text: string) => void }): Promise<ProcessResult> {
  const started = performance.now();
  const child = spawnProcess(binary, args, options);
  if (options.onOutput) child.onOutput(options.onOutput);
  const status = await child.exited;
  // Grandchildren may outlive a leader that exited on its own after a stop: end the group.
  if (child.stoppedFor()) await child.stop(0);
  return {
    ...status,
    output: child.output(),
    stdout: child.stdout(),
    timedOut: child.stoppedFor() === 'timeout',
    cancelled: child.stoppedFor() === 'cancelled',
    durationMs: Math.round(performance.now() - started),
  };
}

function deadProcess(exited: Promise<ExitStatus>): GroupProcess {
  return { pid: undefined, exited, hasExited: () => true, output: () => '', stdout: () => '', onOutput: () => {}, stoppedFor: () => null, stop: async () => true };
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

async function waitGroupGone(pgid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!(await groupAlive(pgid))) return true;
    await delay(50);
  }
  return !(await groupAlive(pgid));
}

/**
 * Whether any live process is in group `pgid`. On Linux /proc tells zombies apart
 * (a member that exited but whose parent has not reaped it yet is gone for our
 * purpose); elsewhere a signal 0 to the group answers.
 */
export async function groupAlive(pgid: number): Promise<boolean> {
  if (process.platform === 'linux') {
    const entries = await readdir('/proc').catch(() => null);
    if (entries) {
      for (const entry of entries) {
        if (!/^\d+$/.test(entry)) continue;
        const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
        // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so split after the last ")".
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (fields[2] === String(pgid) && fields[0] !== 'Z' && fields[0] !== 'X') return true;
      }
      return false;
    }
  }
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
