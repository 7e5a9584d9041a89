/**
 * A tool: a name, schemas, and a handler that does the work. The kernel validates
 * arguments against `input` (defaults applied) before the handler runs and the
 * result against `output` after, so a handler can trust its input's shape.
 */
import type { Static, TObject, TSchema } from 'typebox';
import type { Execution, ProjectCodeRun } from './project-code.js';
import type { Ai, Confirm, ConfirmationRequest, Logger, Resources, Workspace } from './services.js';

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface ProgressUpdate {
  progress: number;
  total?: number;
  message?: string;
}

export interface ToolContext {
  toolName: string;
  logger: Logger;
  /** Aborted when the client cancels the request; long work should check it. */
  signal: AbortSignal;
  /** Sends an MCP progress notification when the client asked for progress; a no-op otherwise. */
  progress(update: ProgressUpdate): Promise<void>;
  workspace: Workspace;
  ai: Ai;
  confirm: Confirm;
  resources: Resources;
  /** Who made the call: whose per-user data (preferences) it works on. */
  caller: Caller;
  /** The `execution.projectCode` policy and, for a tool that declares `projectCode`, what was approved to run. */
  execution: Execution;
}

/**
 * The caller: on HTTP the principal of the bearer token (http.principals, or token-N for a
 * token given with --token); over stdio, from the shell and on HTTP without tokens the one
 * local user, "default", an admin. Shared results (analyses, the memory) are the workspace's.
 */
export interface Caller {
  readonly name: string;
  /** May read and change other users' per-user data. */
  readonly admin: boolean;
}

export type ToolHandler<I, O> = (input: I, context: ToolContext) => O | Promise<O>;

/**
 * Decides, from the validated input, whether this call destroys something the user
 * may want to keep (a file replaced, entries deleted): return what to ask, or
 * undefined to go ahead. It may inspect the workspace, and throw a ToolError for
 * an input the handler would refuse anyway (nobody is asked to approve a call
 * that cannot succeed).
 */
export type ToolConfirmation<I> = (input: I, context: ToolContext) => ConfirmationRequest | undefined | Promise<ConfirmationRequest | undefined>;

export interface ToolDefinition<I extends TObject = TObject, O extends TObject = TObject> {
  readonly $$type: '@toolpack/tool';
  name: string;
  title?: string;
  /** Tells a model when to use the tool; at least one full sentence. */
  description: string;
  input: I;
  output: O;
  annotations?: ToolAnnotations;
  /**
   * Run by the kernel after the input is validated and before the handler. When it
   * returns a request, the user is asked (MCP elicitation, or a pending confirmation
   * that the identical call repeated confirms) and the handler runs only once they
   * agree; otherwise the call ends with an `isError` result of type
   * ConfirmationRequired (pending: details say how to confirm) or ConfirmationDeclined.
   */
  confirm?: ToolConfirmation<Static<I>>;
  /**
   * Declares that the tool runs project-controlled code (a site build, a test suite): from
   * the validated input, the exact commands, their working directory and the files whose
   * code will run, or undefined when this call runs none. The kernel applies the
   * `execution.projectCode` policy (ask, deny, allow) before the handler; the handler finds
   * the approval in `context.execution.approved` and passes `context.execution` to the
   * process helper, which starts nothing the approval does not name. Say so in the
   * description too: a model should know the tool asks before it runs.
   */
  projectCode?: (input: Static<I>, context: ToolContext) => ProjectCodeRun | undefined | Promise<ProjectCodeRun | undefined>;
  handler: ToolHandler<Static<I>, Static<O>>;
  /**
   * Text for the reader, when the caller asked for a report format (a console table,
   * Markdown): sent as the first content block, before the JSON of the structured
   * result (which clients that read only JSON keep using). Undefined: JSON only.
   * It receives the result after output masking, so it cannot reveal a masked value.
   */
  render?: (output: Static<O>) => string | undefined;
}

export type AnyToolDefinition = ToolDefinition<any, any>;

const TOOL_NAME = /^[a-z][a-z0-9_]{1,63}$/;

export function defineTool<I extends TObject, O extends TObject>(
  tool: Omit<ToolDefinition<I, O>, '$$type'>,
): ToolDefinition<I, O> {
  if (!TOOL_NAME.test(tool.name)) {
    throw new TypeError(`Tool name "${tool.name}" must be snake_case letters, digits and "_" (2-64 characters)`);
  }
  return { $$type: '@toolpack/tool', ...tool };
}

/**
 * Defer loading a handler's module until the tool's first call, so heavy pack
 * code does not slow server start-up: `handler: lazyHandler(() => import('./impl.js'))`.
 */
export function lazyHandler<I, O>(load: () => Promise<{ default: ToolHandler<I, O> }>): ToolHandler<I, O> {
  let loaded: Promise<ToolHandler<I, O>> | undefined;
  return async (input, context) => {
    loaded ??= load().then((m) => m.default);
    return (await loaded)(input, context);
  };
}

export type { TSchema };
