/**
 * One tool call, start to end: validate the arguments (defaults applied), ask
 * the user when the tool declares a confirmation (confirm-step.ts), run the
 * handler inside the caller's session, check the result against the
 * output schema, pass it through the result middleware chain, cap its size
 * (result-limit.ts), and shape the MCP result. Every failure becomes the shared
 * error envelope.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ResultMiddleware, ToolResult } from '../../sdk/plugin.js';
import type { Ai, Confirm, Logger, Resources, Workspace } from '../../sdk/services.js';
import type { ProgressUpdate, ToolContext } from '../../sdk/tool.js';
import type { ProjectCodePolicy } from '../../sdk/project-code.js';
import { LOCAL_CALLER, runInSession, type CallSession } from '../services/session.js';
import { confirmBeforeHandler } from './confirm-step.js';
import { checkWithAlternatives } from './enum-alternatives.js';
import { approveProjectCode } from './project-code-step.js';
import { errorResult, errorResultFrom } from './error-envelope.js';
import { boundResult, limitResultSize, RESULT_RESOURCE_KIND } from './result-limit.js';
import { illFormedText } from './well-formed-text.js';
import type { RegisteredTool, ToolRegistry } from './registry.js';
import type { SchemaIssue } from './schema-validator.js';

export class UnknownToolError extends Error {
  constructor(readonly tool: string, known: string[]) {
    super(`Unknown tool "${tool}". Available tools: ${known.join(', ') || '(none)'}`);
    this.name = 'UnknownToolError';
  }
}

export interface ToolRuntime {
  registry: ToolRegistry;
  middleware: readonly ResultMiddleware[];
  /** The masking stage, run after all of `middleware` whatever the pack order. */
  maskMiddleware: readonly ResultMiddleware[];
  loggerFor(packId: string): Logger;
  workspace: Workspace;
  ai: Ai;
  confirm: Confirm;
  resources: Resources;
  /** `execution.projectCode` in force: the config's, else ask (stdio, the shell) or deny (serve --http). */
  projectCodePolicy: ProjectCodePolicy;
}

export interface CallEnvironment {
  signal?: AbortSignal;
  progress?: (update: ProgressUpdate) => Promise<void>;
  session?: CallSession;
}

interface SchemaNode {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode | SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
}

/** The schemas a dotted issue path ("decisionData.options[0]") may point at, through objects, arrays and unions. */
function schemasAt(schema: SchemaNode, path: string): SchemaNode[] {
  let nodes = [schema];
  for (const segment of path.match(/[^.[\]]+/g) ?? []) {
    const next: SchemaNode[] = [];
    const visit = (node: SchemaNode): void => {
      for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) visit(branch);
      const child = /^\d+$/.test(segment) && node.items ? (Array.isArray(node.items) ? node.items[Number(segment)] : node.items) : node.properties?.[segment];
      if (child) next.push(child);
    };
    nodes.forEach(visit);
    nodes = next;
  }
  return nodes;
}

/** The keys an object schema (or any branch of a union) allows. */
function knownKeys(nodes: SchemaNode[]): string[] {
  const keys = new Set<string>();
  const visit = (node: SchemaNode): void => {
    for (const key of Object.keys(node.properties ?? {})) keys.add(key);
    for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) visit(branch);
  };
  nodes.forEach(visit);
  return [...keys];
}

/**
 * "missing required parameter "path"" gains "(expected string)" from the schema; an unknown key gains the keys
 * allowed where it is (the nested object's for "decisionData.foo", not the tool's top-level parameters).
 */
function withExpectations(issues: SchemaIssue[], schema: SchemaNode): SchemaIssue[] {
  return issues.map((issue) => {
    const parent = issue.path.replace(/(?:\.[^.[\]]+|\[\d+\]|^[^.[\]]+)$/, '');
    if (issue.keyword === 'required') {
      const property = schemasAt(schema, issue.path)[0];
      if (!property) return issue;
      const expected = property.enum ? `one of: ${property.enum.join(', ')}` : (property.type ?? 'a value');
      return { ...issue, expected, message: `${issue.message} (expected ${expected})` };
    }
    if (issue.keyword === 'additionalProperties') {
      const known = knownKeys(parent ? schemasAt(schema, parent) : [schema]);
      const listed = known.join(', ') || (parent ? '(no keys)' : '(no parameters)');
      return { ...issue, expected: listed, message: `${issue.message}; expected only${parent ? ` in "${parent}"` : ''}: ${listed}` };
    }
    return issue;
  });
}

/** Ordinary middleware in pack order, then the mask stage last: no middleware can add text the masking did not see. */
async function applyMiddleware(result: ToolResult, runtime: Pick<ToolRuntime, 'middleware' | 'maskMiddleware'>): Promise<ToolResult> {
  let current = result;
  for (const mw of [...runtime.middleware, ...runtime.maskMiddleware]) current = await mw(current);
  return current;
}

/** Results whose compact JSON is longer than this get their text copy compact. */
export const INDENTED_MAX_CHARACTERS = 64 * 1024;

/** The MCP result, and the JSON copy of its structured content (none for an error). */
function toCallResult(result: ToolResult, rendered?: string): { shaped: CallToolResult; json?: string } {
  if (result.isError) {
    const { error } = result.structuredContent as { error: { type: string; message: string } };
    return {
      shaped: {
        isError: true,
        content: [{ type: 'text', text: `Error executing ${result.tool}: ${error.message}` }],
        structuredContent: result.structuredContent,
      },
    };
  }
  // Indented when small enough to be read as it is; a large result compact, which is
  // about 40% fewer characters (and tokens) and half the time to write.
  const compact = JSON.stringify(result.structuredContent);
  const json = compact.length > INDENTED_MAX_CHARACTERS ? compact : JSON.stringify(result.structuredContent, null, 2);
  const copy = { type: 'text' as const, text: json };
  return {
    shaped: { content: rendered === undefined ? [copy] : [{ type: 'text', text: rendered }, copy], structuredContent: result.structuredContent },
    json,
  };
}

async function runHandler(tool: RegisteredTool, args: unknown, runtime: ToolRuntime, env: CallEnvironment): Promise<CallToolResult> {
  const name = tool.definition.name;
  // A shallow copy: ajv fills defaults in place, and a deep clone of a multi-megabyte
  // argument would cost more than the call (arguments arrive freshly parsed from JSON).
  const raw = args ?? {};
  const input = typeof raw === 'object' && !Array.isArray(raw) ? { ...(raw as Record<string, unknown>) } : raw;
  const illFormed = illFormedText(input);
  if (illFormed) {
    const parameter = illFormed.path || '(arguments)';
    return errorResult(name, 'ValidationError', `invalid arguments: parameter "${parameter}" contains ${illFormed.problem}; expected well-formed Unicode text`, {
      issues: [{ parameter, message: `contains ${illFormed.problem}`, expected: 'well-formed Unicode text' }],
    });
  }
  const checked = checkWithAlternatives(tool.input, tool.definition.input, input);
  if (!checked.ok) {
    const issues = withExpectations(checked.issues, tool.definition.input as never);
    return errorResult(name, 'ValidationError', `invalid arguments: ${issues.map((i) => i.message).join('; ')}`, {
      issues: issues.map(({ path, message, expected, received }) => ({ parameter: path, message, ...(expected ? { expected } : {}), ...(received ? { received } : {}) })),
    });
  }
  const context: ToolContext = {
    toolName: name,
    logger: runtime.loggerFor(tool.packId).child({ tool: name }),
    signal: env.signal ?? new AbortController().signal,
    progress: env.progress ?? (async () => {}),
    workspace: env.session?.workspace ?? runtime.workspace,
    ai: runtime.ai,
    confirm: runtime.confirm,
    resources: runtime.resources,
    caller: env.session?.caller ?? LOCAL_CALLER,
    execution: { policy: runtime.projectCodePolicy, approved: null },
  };
  try {
    const session = env.session ?? { server: null };
    if (tool.definition.projectCode) {
      const approval = await runInSession(session, () => approveProjectCode(tool.definition, checked.value, context, runtime.confirm, runtime.projectCodePolicy));
      if ('stopped' in approval) return approval.stopped;
      context.execution = approval.execution;
    }
    if (tool.definition.confirm) {
      const stopped = await runInSession(session, () => confirmBeforeHandler(tool.definition, checked.value, context, runtime.confirm));
      if (stopped) return stopped;
    }
    const output = await runInSession(session, () => tool.definition.handler(checked.value, context));
    const verified = tool.output.check(output);
    if (!verified.ok) {
      context.logger.error({ issues: verified.issues }, 'tool result does not match its output schema');
      return errorResult(name, 'InternalError', `the tool produced a result that does not match its output schema: ${verified.issues.map((i) => i.message).join('; ')}`);
    }
    return { content: [], structuredContent: output as Record<string, unknown> };
  } catch (error) {
    const failure = errorResultFrom(name, error);
    // Type and message only: the message often quotes the input (a path, a text), and
    // the log filters (the security pack's masking) see it as one string to mask.
    const { type, message } = (failure.structuredContent as { error: { type: string; message: string } }).error;
    context.logger.debug({ errorType: type, error: message }, 'tool failed');
    return failure;
  }
}

export async function invokeTool(runtime: ToolRuntime, name: string, args: unknown, env: CallEnvironment = {}): Promise<CallToolResult> {
  const tool = runtime.registry.get(name);
  if (!tool) throw new UnknownToolError(name, runtime.registry.exposed().map((t) => t.definition.name));
  const started = performance.now();
  const raw = await runHandler(tool, args, runtime, env);
  const handled: ToolResult = { tool: name, isError: raw.isError === true, structuredContent: raw.structuredContent ?? {} };
  // A middleware that fails (its settings in a store that is down) answers as a tool error, never with the result it did not check.
  const result = await applyMiddleware(handled, runtime).catch((error: unknown): ToolResult => ({ tool: name, isError: true, structuredContent: errorResultFrom(name, error).structuredContent! }));
  // Summary first, and over the 25 KB budget the whole result stored and linked (result-limit.ts); after masking, so the store holds what the client may see.
  const bounded = result.isError
    ? { structured: result.structuredContent }
    : await boundResult(name, result.structuredContent, {
        store: async (tool, data) => (await runtime.resources.put({ kind: RESULT_RESOURCE_KIND.kind, name: `Full result of ${tool}`, data })).uri,
        valid: (value) => tool.output.check(value).ok,
      });
  const answer: ToolResult = { ...result, structuredContent: bounded.structured };
  const { shaped: built, json } = toCallResult(answer, answer.isError ? undefined : tool.definition.render?.(answer.structuredContent));
  if (bounded.storedUri) built.content.push({ type: 'resource_link', uri: bounded.storedUri, name: `Full result of ${name}`, mimeType: 'application/json' });
  const shaped = limitResultSize(name, tool.definition.input, built, json);
  runtime.loggerFor(tool.packId).debug({ tool: name, ms: Math.round(performance.now() - started), isError: shaped.isError === true }, 'tool call');
  return shaped;
}
