/**
 * Runs a test command through the SDK's process helper (argument array, allow-listed
 * environment, its own process group killed on timeout and cancellation, bounded
 * output), keeping every summary line a count parser reads from the whole run.
 */
import { runProcess, TOOLCHAIN_ENV, type Execution, type Workspace } from '../../../../sdk/index.js';
import { SUMMARY_LINE } from './parse-output.js';

export const TAIL_BYTES = 64 * 1024;
const MAX_SUMMARY_LINES = 20_000;

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
  workspace: Workspace;
  cwd: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** The call's approval to run the project's code (the test command must be in it). */
  execution?: Execution;
  /** Each complete output line (for progress). */
  onLine?: (line: string) => void;
}

/** `binary` is absolute (sdk systemBinary). */
export async function runCommand(binary: string, args: readonly string[], options: RunOptions): Promise<CommandRun> {
  let partial = '';
  let outputBytes = 0;
  const summaryLines: string[] = [];
  const line = (text: string) => {
    if (SUMMARY_LINE.test(text) && summaryLines.length < MAX_SUMMARY_LINES) summaryLines.push(text);
    options.onLine?.(text);
  };
  const run = await runProcess(binary, args, {
    workspace: options.workspace,
    cwd: options.cwd,
    inheritEnv: TOOLCHAIN_ENV,
    // Non-interactive and uncoloured, so the counts parse.
    env: { CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
    timeoutMs: options.timeoutMs,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.execution ? { execution: options.execution } : {}),
    onOutput: (text) => {
      outputBytes += Buffer.byteLength(text);
      const lines = (partial + text).split(/\r?\n/);
      partial = lines.pop() ?? '';
      for (const each of lines) line(each);
    },
  });
  if (partial) line(partial);
  return {
    exitCode: run.code,
    signal: run.signal,
    timedOut: run.timedOut,
    aborted: run.cancelled,
    startError: run.error ? { code: run.errorCode ?? 'ERROR', message: run.error } : null,
    tail: run.output.slice(-TAIL_BYTES),
    summaryLines,
    outputBytes,
    durationMs: run.durationMs,
  };
}
