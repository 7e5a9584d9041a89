/**
 * A generator run as the leader of its own process group, so that stopping it
 * also stops what it started (hugo's watcher, jekyll's bundler, a node dev
 * server's workers): the whole group is signalled, first SIGTERM, then SIGKILL
 * after a grace period, and `stop` returns only once no member is left.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import type { SsgCommand } from '../../../sdk/index.js';

/** Output kept per process: the first HEAD_CHARS (where config errors land) and the last TAIL_CHARS. */
const HEAD_CHARS = 16 * 1024;
const TAIL_CHARS = 64 * 1024;

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The spawn itself failed (ENOENT, EACCES): the message. */
  error?: string;
}

export interface GroupProcess {
  readonly pid: number | undefined;
  /** Resolves once the leader has exited (or failed to start). */
  readonly exited: Promise<ExitStatus>;
  hasExited(): boolean;
  /** The bounded output of stdout and stderr, interleaved as it came. */
  output(): string;
  /** Calls `listener` with every chunk of output (for progress). */
  onOutput(listener: (text: string) => void): void;
  /** Stops the whole group and waits until none of it is left: false when some member survived even SIGKILL. */
  stop(graceMs?: number): Promise<boolean>;
}

export interface SpawnGroupOptions {
  cwd: string;
  env: Record<string, string>;
}

export function spawnGroup(command: SsgCommand, options: SpawnGroupOptions): GroupProcess {
  let head = '';
  let tail = '';
  let truncated = false;
  const listeners: Array<(text: string) => void> = [];
  let exitedFlag = false;
  let child: ChildProcess;
  let resolveExit!: (status: ExitStatus) => void;
  const exited = new Promise<ExitStatus>((resolve) => (resolveExit = resolve));
  const finish = (status: ExitStatus) => {
    if (exitedFlag) return;
    exitedFlag = true;
    resolveExit(status);
  };
  const append = (chunk: Buffer | string) => {
    const text = chunk.toString();
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
  try {
    // detached: the child leads a new process group (its pgid is its pid), which stop() signals as one.
    child = spawn(command.command, command.args, {
      cwd: options.cwd,
      env: { ...options.env, ...(command.env ?? {}) },
      detached: true,
      shell: false,
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
  } catch (error) {
    finish({ code: null, signal: null, error: (error as Error).message });
    return deadProcess(exited);
  }
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  child.on('error', (error) => finish({ code: null, signal: null, error: error.message }));
  child.on('exit', (code, signal) => finish({ code, signal }));
  const pid = child.pid;

  return {
    pid,
    exited,
    hasExited: () => exitedFlag,
    output() {
      const rest = truncated ? `\n[... output cut ...]\n${tail.slice(-TAIL_CHARS)}` : tail;
      return head + rest;
    },
    onOutput: (listener) => listeners.push(listener),
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
}

function deadProcess(exited: Promise<ExitStatus>): GroupProcess {
  return { pid: undefined, exited, hasExited: () => true, output: () => '', onOutput: () => {}, stop: async () => true };
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
