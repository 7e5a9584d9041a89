/**
 * The three tools a model uses to see and enable toolsets (core/tools/toolsets.ts), named as
 * in the GitHub MCP server. They belong to the session, not to a pack: what one client
 * enables changes only its own list. Enabling sends notifications/tools/list_changed, and
 * the next tools/list holds the toolset. A tool not yet listed can still be called by name:
 * enabling only puts it in front of the model.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { errorResult } from '../tools/error-envelope.js';
import type { ToolListing } from '../tools/registry.js';
import { ALL_TOOLSETS, DEFAULT_TOOLS, DEFAULT_TOOLSET, type Toolsets } from '../tools/toolsets.js';

const TOOLSET_PARAM = {
  type: 'object',
  required: ['toolset'],
  properties: { toolset: { type: 'string', minLength: 1, description: 'Name from list_available_toolsets, or "all".' } },
  additionalProperties: false,
} as const;

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;
// Listed as the packs' tools are (core/tools/listed-schema.ts listedHints): only hints that differ from MCP's defaults.

export const TOOLSET_TOOLS: Array<Omit<ToolListing, 'outputSchema'>> = [
  {
    name: 'list_available_toolsets',
    title: 'List toolsets',
    description:
      'Toolsets (one per pack), their tools and whether enabled. Use it when a task needs a tool you do not see.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    annotations: READ_ONLY,
  },
  {
    name: 'get_toolset_tools',
    title: 'Describe a toolset',
    description: "One toolset's tools with their descriptions, to decide whether to enable it.",
    inputSchema: TOOLSET_PARAM,
    annotations: READ_ONLY,
  },
  {
    name: 'enable_toolset',
    title: 'Enable a toolset',
    description: "Add a toolset's tools to your tool list for this session (the list is sent again).",
    inputSchema: TOOLSET_PARAM,
    annotations: { destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
].map((tool) => ({ ...tool, inputSchema: tool.inputSchema as unknown as Record<string, unknown> }));

export const TOOLSET_TOOL_NAMES: readonly string[] = TOOLSET_TOOLS.map((t) => t.name);
export const isToolsetTool = (name: string): boolean => TOOLSET_TOOL_NAMES.includes(name);

/** What one session serves: it starts with the toolsets' initial tools. */
export class SessionToolsets {
  readonly served: Set<string>;

  constructor(
    readonly toolsets: Toolsets,
    /** A tool's description, for get_toolset_tools. */
    readonly describe: (tool: string) => string,
  ) {
    this.served = new Set(toolsets.initial);
  }

  /** The toolset tools are listed while something is left to enable. */
  get offersToolsetTools(): boolean {
    return this.toolsets.list().some((set) => set.tools.some((tool) => !this.served.has(tool)));
  }
}

const ok = (summary: string, structured: Record<string, unknown>): CallToolResult => ({
  content: [{ type: 'text', text: `${summary}\n${JSON.stringify(structured)}` }],
  structuredContent: { summary, ...structured },
});

function toolsetArg(tool: string, args: Record<string, unknown> | undefined): string | CallToolResult {
  const name = args?.toolset;
  if (typeof name !== 'string' || !name) return errorResult(tool, 'ValidationError', 'parameter "toolset" is required: a toolset name from list_available_toolsets');
  return name;
}

function unknownToolset(tool: string, name: string, toolsets: Toolsets): CallToolResult {
  const known = [...toolsets.list().map((s) => s.name), ALL_TOOLSETS];
  return errorResult(tool, 'ValidationError', `parameter "toolset": no toolset "${name}"; toolsets: ${known.join(', ')}`, { known });
}

/** Runs one of the toolset tools; `changed` is called when the session's list grew. */
export async function callToolsetTool(
  name: string,
  args: Record<string, unknown> | undefined,
  session: SessionToolsets,
  changed: () => Promise<void>,
): Promise<CallToolResult> {
  const { toolsets, served } = session;
  const state = (tools: string[]) => (tools.every((t) => served.has(t)) ? 'enabled' : tools.some((t) => served.has(t)) ? 'partly' : 'not enabled');
  if (name === 'list_available_toolsets') {
    const sets = toolsets.list().map((set) => ({ name: set.name, description: set.description, state: state(set.tools), tools: set.tools }));
    const off = sets.filter((s) => s.state !== 'enabled').map((s) => s.name);
    const summary = off.length
      ? `${sets.length} toolsets, ${sets.length - off.length} enabled; enable_toolset adds any of: ${off.join(', ')}.`
      : `${sets.length} toolsets, all enabled.`;
    return ok(summary, { toolsets: sets });
  }
  const requested = toolsetArg(name, args);
  if (typeof requested !== 'string') return requested;
  const set =
    requested === ALL_TOOLSETS
      ? { name: ALL_TOOLSETS, tools: toolsets.list().flatMap((s) => s.tools) }
      : requested === DEFAULT_TOOLSET
        ? { name: DEFAULT_TOOLSET, tools: toolsets.list().flatMap((s) => s.tools).filter((t) => DEFAULT_TOOLS.includes(t)) }
        : toolsets.get(requested);
  if (!set) return unknownToolset(name, requested, toolsets);
  if (name === 'get_toolset_tools') {
    const described = (set as { description?: string }).description;
    return ok(`Toolset "${set.name}" (${state(set.tools)}): ${set.tools.length} tools.`, {
      toolset: set.name,
      ...(described ? { description: described } : {}),
      state: state(set.tools),
      tools: set.tools.map((tool) => ({ name: tool, served: served.has(tool), description: session.describe(tool) })),
    });
  }
  const added = set.tools.filter((tool) => !served.has(tool));
  added.forEach((tool) => served.add(tool));
  // Stateless HTTP has no stream to send it on; the next tools/list has the tools all the same.
  if (added.length) await changed().catch(() => {});
  const summary = added.length
    ? `Enabled "${set.name}": ${added.length} tools added to your list (${added.join(', ')}).`
    : `"${set.name}" was already enabled; nothing changed.`;
  return ok(summary, { toolset: set.name, added });
}
