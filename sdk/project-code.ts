/**
 * Running a project's own code (a site build runs its config's hooks and plugins, a test
 * suite runs the tests, their conftest.py, a build script) is command execution on the
 * host for whoever wrote the repository. A tool that does it declares it
 * (`defineTool({ projectCode })`), and the kernel applies the `execution.projectCode`
 * policy before the handler runs:
 *  - 'ask' (the default for stdio): the user is asked, naming the exact commands, the
 *    working directory and the files whose code will run;
 *  - 'deny' (the default for `serve --http`): the call fails, naming the setting;
 *  - 'allow': it runs.
 * The handler then finds what was approved in `context.execution.approved`, and the
 * process helper (process.ts) refuses to start a project-code command that is not in it.
 */
export type ProjectCodePolicy = 'ask' | 'deny' | 'allow';

export const PROJECT_CODE_POLICIES: readonly ProjectCodePolicy[] = ['ask', 'deny', 'allow'];

export interface ProjectCodeRun {
  /** Each command exactly as it will be started: the absolute binary, then its arguments. */
  commands: string[][];
  /** The working directory, relative to the workspace root ("." for the root). */
  cwd: string;
  /** Files of the project whose code will run (workspace-relative), the most telling first. */
  files: string[];
  /** How many more such files there are beyond `files`. */
  moreFiles?: number;
  /** One sentence: what runs and why it is the project's code. */
  reason: string;
}

export interface Execution {
  /** The policy in force for this call. */
  policy: ProjectCodePolicy;
  /** What the user (or the 'allow' policy) approved for this call; null when nothing was. */
  approved: ProjectCodeRun | null;
}

/** Whether `command` (binary and arguments) in `cwd` (workspace-relative) is one the call's approval names. */
export function approvedCommand(execution: Execution | undefined, command: readonly string[], cwd: string): boolean {
  const run = execution?.approved;
  if (!run || run.cwd !== cwd) return false;
  return run.commands.some((approved) => approved.length === command.length && approved.every((part, i) => part === command[i]));
}

/** A command for people: arguments with spaces quoted. */
export const showCommand = (command: readonly string[]) => command.map((part) => (/[\s"'$`\\]/.test(part) || part === '' ? JSON.stringify(part) : part)).join(' ');

/** The text the user is asked to approve (elicitation message, or the pending confirmation's description). */
export function describeProjectCode(run: ProjectCodeRun): string {
  const files = run.files.length ? `${run.files.join(', ')}${run.moreFiles ? ` and ${run.moreFiles} more` : ''}` : 'none found beyond the commands';
  return [
    run.reason,
    `Command${run.commands.length > 1 ? 's' : ''}: ${run.commands.map(showCommand).join(' ; then ')}`,
    `Working directory: ${run.cwd}`,
    `Project files whose code will run: ${files}`,
  ].join('\n');
}
