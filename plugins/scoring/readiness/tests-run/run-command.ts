/**
 * Runs a test command in a child process: an argument array (no shell), its own process
 * group (detached) so a timeout or a cancelled call stops the runner and everything it
 * started, the output kept bounded (the last 64 KB, plus every summary line a parser reads).
 */
import { spawn } from 'node:child_process';
import { SUMMARY_LINE } from './parse-output.js';

export const TAIL_BYTES = 64 * 1024;
const MAX_SUMMARY_LINES = 20_000;
/** After SIGTERM, how long the group gets before SIGKILL. */
const KILL_GRACE_MS = 2000;

export interface CommandRun {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  aborted: boolean;
  /** Set when the command could not be started (ENOENT: the runner is not installed). */
  startError: { code: string; message: string } | null;
  /** The last TAIL_BYTES of stdout and stderr, interleaved as they came. */
  tail: string;
  /** Output lines a count parser reads, from the whole run. */
  summaryLines: string[];
  outputBytes: number;
  durationMs: number;
}

export interface RunOptions {
  cwd: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Each complete output line (for progress). */
  onLine?: (line: string) => void;
}

/** The server's environment without what would confuse a nested runner; nothing is added but non-interactive flags. */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    // A test runner inherited from the server's own test run would report to it instead of printing.
    if (key === 'NODE_TEST_CONTEXT' || key.startsWith('VITEST') || key === 'JEST_WORKER_ID' || key === 'NODE_OPTIONS') continue;
    env[key] = value;
  }
  return { ...env, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' };
}

export function runCommand(command: string, args: readonly string[], options: RunOptions): Promise<CommandRun> {
  const started = performance.now();
  return new Promise((resolve) => {
    let tail = '';
    let partial = '';
    let outputBytes = 0;
    const summaryLines: string[] = [];
    let timedOut = false;
    let aborted = false;
    let startError: CommandRun['startError'] = null;
    let killTimer: NodeJS.Timeout | undefined;

    const child = spawn(command, [...args], { cwd: options.cwd, env: childEnv(), detached: true, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });

    const stop = () => {
      if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
      const kill = (signal: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, signal);
        } catch {
          // The group is gone already.
        }
      };
      kill('SIGTERM');
      killTimer = setTimeout(() => kill('SIGKILL'), KILL_GRACE_MS);
      killTimer.unref();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, options.timeoutMs);
    const onAbort = () => {
      aborted = true;
      stop();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();

    const take = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      outputBytes += chunk.length;
      tail = (tail + text).slice(-TAIL_BYTES);
      const lines = (partial + text).split(/\r?\n/);
      partial = lines.pop() ?? '';
      for (const line of lines) line2(line);
    };
    const line2 = (line: string) => {
      if (SUMMARY_LINE.test(line) && summaryLines.length < MAX_SUMMARY_LINES) summaryLines.push(line);
      options.onLine?.(line);
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    child.on('error', (error: NodeJS.ErrnoException) => {
      startError = { code: error.code ?? 'ERROR', message: error.message };
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      options.signal?.removeEventListener('abort', onAbort);
      if (partial) line2(partial);
      // Grandchildren may outlive a runner that exited on its own: end the group.
      if (child.pid !== undefined && (timedOut || aborted)) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Gone.
        }
      }
      resolve({ exitCode: code, signal, timedOut, aborted, startError, tail, summaryLines, outputBytes, durationMs: Math.round(performance.now() - started) });
    });
  });
}
