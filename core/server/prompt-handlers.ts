/**
 * prompts/list and prompts/get over the flow prompts (prompts.ts). A flow is only useful when
 * the model can call every step, so prompts/get enables, for this session, the toolsets that
 * hold the steps' tools not yet in its list (as enable_toolset does: tools/list_changed is
 * sent) and says so in the message. A prompt whose tools this server does not expose at all
 * (a team disabled their pack) is not listed. Argument paths are only checked to be strings:
 * the tools confine them when they are called.
 */
import { relative, resolve, sep } from 'node:path';
import { ErrorCode, McpError, type GetPromptResult, type Prompt } from '@modelcontextprotocol/sdk/types.js';
import { FLOW_PROMPTS, type FlowPrompt, type FlowStep, type StepValue } from './prompts.js';
import type { SessionToolsets } from './toolset-tools.js';

const exposedTools = (session: SessionToolsets): Set<string> => new Set(session.toolsets.list().flatMap((set) => set.tools));

const servable = (prompt: FlowPrompt, exposed: Set<string>): boolean => prompt.steps.every((step) => exposed.has(step.tool));

export function listPrompts(session: SessionToolsets): { prompts: Prompt[] } {
  const exposed = exposedTools(session);
  return {
    prompts: FLOW_PROMPTS.filter((p) => servable(p, exposed)).map((p) => ({
      name: p.name,
      title: p.title,
      description: p.description,
      arguments: p.arguments.map((a) => ({ name: a.name, description: a.description, required: a.required === true })),
    })),
  };
}

const invalid = (message: string): McpError => new McpError(ErrorCode.InvalidParams, message);

/** The arguments given, checked against the prompt's: unknown names and missing required ones are refused by name. */
function checkArguments(prompt: FlowPrompt, given: Record<string, unknown>): Record<string, string> {
  const known = prompt.arguments.map((a) => a.name);
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(given)) {
    if (!known.includes(name)) throw invalid(`prompt "${prompt.name}": no argument "${name}" (arguments: ${known.join(', ')})`);
    if (typeof value !== 'string') throw invalid(`prompt "${prompt.name}": argument "${name}" must be a string`);
    if (value.trim()) values[name] = value.trim();
  }
  for (const arg of prompt.arguments) {
    if (arg.required && !(arg.name in values)) throw invalid(`prompt "${prompt.name}": argument "${arg.name}" is required: ${arg.description}`);
  }
  return values;
}

/** The docs folder as detect_documentation_gaps takes it (relative to the project); absent when it lies outside. */
function docsInProject(values: Record<string, string>): string | undefined {
  if (values.docsPath === undefined || values.projectPath === undefined) return undefined;
  const root = resolve('/', 'workspace');
  const inside = relative(resolve(root, values.projectPath), resolve(root, values.docsPath));
  if (inside.startsWith('..') || resolve(inside) === inside) return undefined;
  return inside ? inside.split(sep).join('/') : '.';
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** A template with the arguments filled in; null when it is exactly one absent argument (its key is then left out). */
function fill(template: string, values: Record<string, string | undefined>, prompt: FlowPrompt): string | null {
  const only = /^\{(\w+)\}$/.exec(template);
  const valueOf = (name: string) => values[name] ?? prompt.arguments.find((a) => a.name === name)?.default;
  if (only && valueOf(only[1]!) === undefined) return null;
  return template.replace(PLACEHOLDER, (whole, name: string) => valueOf(name) ?? whole);
}

/** A step's parameters with the arguments filled in, absent optional ones left out. */
function fillArgs(args: Record<string, StepValue>, values: Record<string, string | undefined>, prompt: FlowPrompt): Record<string, unknown> {
  const filled: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    const out = typeof value === 'string' ? fill(value, values, prompt) : typeof value === 'object' ? fillArgs(value, values, prompt) : value;
    if (out !== null) filled[key] = out;
  }
  return filled;
}

function renderStep(step: FlowStep, index: number, values: Record<string, string | undefined>, prompt: FlowPrompt): string {
  if (step.onlyWith && values[step.onlyWith] === undefined) {
    return `${index}. ${step.tool}: skip it (it runs only when ${step.onlyWith} is given).`;
  }
  const args = fillArgs(step.args, values, prompt);
  const lines = [`${index}. ${step.tool}${step.ifNeeded ? ` (only if ${step.ifNeeded})` : ''} with ${JSON.stringify(args)}`];
  if (step.passOn) lines.push(`   Then: ${step.passOn}`);
  return lines.join('\n');
}

/** Enables the toolsets holding the steps' tools the session does not list yet; returns their names. */
async function enableFor(tools: string[], session: SessionToolsets, changed: () => Promise<void>): Promise<string[]> {
  const missing = tools.filter((tool) => !session.served.has(tool));
  const sets = session.toolsets.list().filter((set) => set.tools.some((tool) => missing.includes(tool)));
  for (const set of sets) set.tools.forEach((tool) => session.served.add(tool));
  // Stateless HTTP has no stream to send it on; the next tools/list has the tools all the same.
  if (sets.length) await changed().catch(() => {});
  return sets.map((set) => set.name);
}

export async function getPrompt(
  name: string,
  given: Record<string, unknown> | undefined,
  session: SessionToolsets,
  changed: () => Promise<void>,
): Promise<GetPromptResult> {
  const exposed = exposedTools(session);
  const prompt = FLOW_PROMPTS.find((p) => p.name === name);
  if (!prompt || !servable(prompt, exposed)) {
    const known = FLOW_PROMPTS.filter((p) => servable(p, exposed)).map((p) => p.name);
    throw invalid(`no prompt "${name}"${prompt ? ' on this server (its tools are not exposed)' : ''}; prompts: ${known.join(', ')}`);
  }
  const values: Record<string, string | undefined> = checkArguments(prompt, given ?? {});
  values.docsPathInProject = docsInProject(values as Record<string, string>);

  const runs = prompt.steps.filter((step) => !step.onlyWith || values[step.onlyWith] !== undefined);
  const enabled = await enableFor([...new Set(runs.map((step) => step.tool))], session, changed);

  const text = [
    fill(prompt.goal, values, prompt),
    '',
    'Call these tools in this order. Values in <angle brackets> come from an earlier step\'s result; pass the others as given.',
    '',
    ...prompt.steps.map((step, i) => renderStep(step, i + 1, values, prompt)),
    ...(enabled.length
      ? ['', `Toolsets enabled for this session so that every step's tool is in your list: ${enabled.join(', ')} (the tool list was sent again). If you do not see a tool yet, call it by name.`]
      : []),
    '',
    'Stop and tell the user when a step fails; report what each step found.',
  ].join('\n');
  return { description: prompt.description, messages: [{ role: 'user', content: { type: 'text', text } }] };
}
