/** validate_tests: find the project's test command, run it with a timeout, and count the results. */
import type { Execution, Workspace } from '../../../../sdk/index.js';
import type { FileEntry } from '../../../project/api.js';
import { parseTestOutput, type TestCounts } from './parse-output.js';
import { planTests, type TestPlan } from './plan.js';
import { runCommand } from './run-command.js';

/** What is shown of the output when the counts are not recognised or tests failed. */
const SHOWN_TAIL = 4000;

export interface TestValidation {
  status: 'passed' | 'failed' | 'timed-out' | 'cancelled' | 'runner-missing' | 'no-tests' | 'unparsed' | 'not-run';
  summary: string;
  /** The command as run (executable and arguments) and where it came from; null when none was found. */
  command: { command: string; args: string[]; cwd: string; source: string } | null;
  counts: TestCounts | null;
  exitCode: number | null;
  durationMs: number | null;
  timeoutSeconds: number;
  /** The end of the output (at most SHOWN_TAIL characters) when it helps: failures, timeouts, unknown formats. */
  outputTail: string | null;
}

export interface ValidateTestsInput {
  root: string;
  files: readonly FileEntry[];
  workspace: Workspace;
  timeoutSeconds: number;
  /** The call's execution: the test command runs only when it is approved there. */
  execution: Execution;
  /** The plan the approval was made from (deployment_readiness's projectCode); planned here when absent. */
  plan?: TestPlan | { none: string };
  signal?: AbortSignal;
  progress?: (update: { progress: number; total?: number; message?: string }) => Promise<void>;
}

const tailOf = (text: string) => (text.length > SHOWN_TAIL ? `…${text.slice(-SHOWN_TAIL)}` : text);

export async function validateTests(input: ValidateTestsInput): Promise<TestValidation> {
  const plan = input.plan ?? (await planTests(input.root, input.files, input.workspace));
  const base = { timeoutSeconds: input.timeoutSeconds };
  if ('none' in plan) {
    return { ...base, status: 'no-tests', summary: `No test command found: ${plan.none}.`, command: null, counts: null, exitCode: null, durationMs: null, outputTail: null };
  }
  const { found } = plan;
  const cwd = input.workspace.relative(input.root) || '.';
  const shown = `${found.command} ${found.args.join(' ')}`;
  const none = { counts: null, exitCode: null, durationMs: null, outputTail: null };
  const command = { command: found.command, args: found.args, cwd, source: found.source };
  if (!plan.binary) {
    return { ...base, ...none, command, status: 'runner-missing', summary: `"${found.command}" is not installed or not on PATH; the tests (${found.source}) were not run.` };
  }
  if (!input.execution.approved) {
    const why =
      input.execution.policy === 'allow'
        ? 'nothing was approved for this call'
        : `running the project's tests runs its code, and execution.projectCode is "${input.execution.policy}": run operation validate_tests${input.execution.policy === 'ask' ? ' to be asked first' : ' after setting execution.projectCode to "ask" or "allow"'}`;
    return { ...base, ...none, command, status: 'not-run', summary: `${shown} was not run: ${why}.` };
  }
  await input.progress?.({ progress: 0, message: `running ${shown} in ${cwd}` });
  let lines = 0;
  let lastReport = Date.now();
  const run = await runCommand(plan.binary, found.args, {
    workspace: input.workspace,
    execution: input.execution,
    cwd: input.root,
    timeoutMs: input.timeoutSeconds * 1000,
    ...(input.signal ? { signal: input.signal } : {}),
    onLine: () => {
      lines += 1;
      // At most one notification a second: a runner prints thousands of lines.
      if (input.progress && Date.now() - lastReport >= 1000) {
        lastReport = Date.now();
        void input.progress({ progress: lines, message: `${shown}: ${lines} output lines` }).catch(() => undefined);
      }
    },
  });
  const common = { ...base, command, exitCode: run.exitCode, durationMs: run.durationMs };
  await input.progress?.({ progress: lines, total: lines, message: `${shown} finished` });

  if (run.startError) {
    const missing = run.startError.code === 'ENOENT';
    return {
      ...common,
      status: 'runner-missing',
      summary: missing ? `"${found.command}" is not installed or not on PATH; the tests (${found.source}) were not run.` : `"${shown}" could not be started: ${run.startError.message}.`,
      counts: null,
      outputTail: null,
    };
  }
  const counts = parseTestOutput(`${run.summaryLines.join('\n')}\n`, found.runner);
  const countText = counts ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${counts.runner})` : null;
  if (run.timedOut || run.aborted) {
    const why = run.timedOut ? `stopped after the ${input.timeoutSeconds} s timeout (pack option testTimeoutSeconds)` : 'cancelled';
    return { ...common, status: run.timedOut ? 'timed-out' : 'cancelled', summary: `${shown} ${why}${countText ? `; so far ${countText}` : ''}.`, counts, outputTail: tailOf(run.tail) };
  }
  if (!counts) {
    return { ...common, status: 'unparsed', summary: `${shown} exited with code ${run.exitCode}; its output is in no format recognised (node, vitest, jest, pytest, go, cargo, rspec, minitest): see outputTail.`, counts: null, outputTail: tailOf(run.tail) };
  }
  const failed = counts.failed > 0 || run.exitCode !== 0;
  return {
    ...common,
    status: failed ? 'failed' : 'passed',
    summary: `${shown}: ${countText}, exit code ${run.exitCode}${failed && counts.failed === 0 ? ' (no test counted as failed, but the command failed)' : ''}.`,
    counts,
    outputTail: failed ? tailOf(run.tail) : null,
  };
}
