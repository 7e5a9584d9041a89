/**
 * The `execution.projectCode` policy, applied by the kernel before the handler of a tool
 * that declares `projectCode` (sdk/project-code.ts): deny fails the call naming the
 * setting, allow goes ahead, ask puts the exact commands, their working directory and
 * the files whose code will run to the user (elicitation, or the pending confirmation
 * that the identical call repeated confirms: confirm-step.ts).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describeProjectCode, showCommand, type Execution, type ProjectCodePolicy } from '../../sdk/project-code.js';
import type { Confirm } from '../../sdk/services.js';
import type { AnyToolDefinition, ToolContext } from '../../sdk/tool.js';
import { askUser } from './confirm-step.js';
import { errorResult } from './error-envelope.js';

/** The execution for the handler, or the result that ends the call (denied, pending, declined). */
export async function approveProjectCode(
  definition: AnyToolDefinition,
  input: unknown,
  context: ToolContext,
  confirm: Confirm,
  policy: ProjectCodePolicy,
): Promise<{ execution: Execution } | { stopped: CallToolResult }> {
  const run = await definition.projectCode?.(input, context);
  if (!run) return { execution: { policy, approved: null } };
  const name = definition.name;
  const first = showCommand(run.commands[0] ?? []);
  context.logger.info({ policy, commands: run.commands.map(showCommand), cwd: run.cwd }, 'project code requested');
  if (policy === 'deny') {
    return {
      stopped: errorResult(
        name,
        'ConfigurationError',
        `${name} would run the project's own code (${first} in ${run.cwd}), and the execution.projectCode setting is "deny" (the default for serve --http). ` +
          'Nothing was run. To permit it, set execution.projectCode to "ask" or "allow" in the Toolpack config.',
        { setting: 'execution.projectCode', policy, commands: run.commands.map(showCommand), cwd: run.cwd, files: run.files },
      ),
    };
  }
  if (policy === 'ask') {
    const stopped = await askUser(
      name,
      {
        action: `Run the project's code: ${first}`,
        description: describeProjectCode(run),
        risks: ['The repository\'s code runs on this machine with your user\'s rights: only agree when you trust this repository.'],
      },
      input,
      context,
      confirm,
    );
    if (stopped) return { stopped };
  }
  return { execution: { policy, approved: run } };
}
