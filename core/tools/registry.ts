/**
 * The merged tool list. Every pack's tools go in (hidden ones too, so a
 * duplicate name is caught however the config filters); each tool's schemas
 * are compiled once here, as it registers, so a bad schema fails start-up.
 */
import type { AnyToolDefinition } from '../../sdk/tool.js';
import { KernelError, KernelErrorCodes, messageOf } from '../errors.js';
import { compileSchema, type CompiledSchema } from './schema-validator.js';
import { advertised, fitOutputSchemas, listedHints, toolsListBudget } from './listed-schema.js';
import { listingKey, precompiledListing } from './precompiled-schemas.js';

let recordingListings: Map<string, ToolListing[]> | undefined;

/** Build time: collect every tools/list answer computed from now on (core/cli/build-validators.mjs). */
export function recordListings(): Map<string, ToolListing[]> {
  return (recordingListings ??= new Map());
}

export interface RegisteredTool {
  definition: AnyToolDefinition;
  packId: string;
  exposed: boolean;
  /** Compiled when the tool registers (ahead of time for the built-in packs: schema-validator.ts). */
  readonly input: CompiledSchema<Record<string, unknown>>;
  readonly output: CompiledSchema<Record<string, unknown>>;
}

function compileToolSchema(definition: AnyToolDefinition, packId: string, which: 'input' | 'output'): CompiledSchema<Record<string, unknown>> {
  try {
    return which === 'input'
      ? compileSchema(plain(definition.input), { noun: 'parameter' })
      : compileSchema(plain(definition.output), { defaults: false, noun: 'result field' });
  } catch (error) {
    throw new KernelError(
      KernelErrorCodes.TOOL_SCHEMA_INVALID,
      `Tool "${definition.name}" of pack "${packId}": its ${which} schema is not a valid JSON Schema: ${messageOf(error)}`,
      { pack: packId, tool: definition.name, schema: which },
      { cause: error },
    );
  }
}

function registeredTool(definition: AnyToolDefinition, packId: string, exposed: boolean): RegisteredTool {
  return {
    definition,
    packId,
    exposed,
    input: compileToolSchema(definition, packId, 'input'),
    output: compileToolSchema(definition, packId, 'output'),
  };
}

export interface ToolListing {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

/** JSON round trip drops TypeBox's non-enumerable markers and anything not JSON. */
const plain = (schema: unknown) => JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;

function checkDefinition(tool: AnyToolDefinition, packId: string): void {
  const fail = (what: string) => {
    throw new KernelError(KernelErrorCodes.TOOL_INVALID, `Tool "${String(tool?.name)}" of pack "${packId}": ${what}`, { pack: packId, tool: tool?.name });
  };
  if (!tool || tool.$$type !== '@toolpack/tool') fail('is not a defineTool(...) result');
  if (typeof tool.handler !== 'function') fail('has no handler');
  if (tool.confirm !== undefined && typeof tool.confirm !== 'function') fail('confirm must be a function of the input returning a confirmation request or undefined');
  if (typeof tool.description !== 'string' || tool.description.trim().length < 10) fail(`needs a description of at least 10 characters (not counting surrounding spaces) telling a model when to use it; got ${JSON.stringify(tool.description)}`);
  if ((tool.input as { type?: unknown })?.type !== 'object') fail('input schema must be an object schema');
  if ((tool.output as { type?: unknown })?.type !== 'object') fail('output schema must be an object schema');
}

export class ToolRegistry {
  private readonly tools = new Map<string, RegisteredTool>();
  private readonly listings = new Map<string, ToolListing[]>();

  add(tool: AnyToolDefinition, packId: string, exposed: boolean): void {
    checkDefinition(tool, packId);
    const existing = this.tools.get(tool.name);
    if (existing) {
      throw new KernelError(
        KernelErrorCodes.TOOL_DUPLICATE,
        `Tool "${tool.name}" is defined by both pack "${existing.packId}" and pack "${packId}"; disable one of them or rename the tool`,
        { tool: tool.name, packs: [existing.packId, packId] },
      );
    }
    this.tools.set(tool.name, registeredTool(tool, packId, exposed));
    this.listings.clear();
  }

  /** Drop every tool of a pack that failed after some were added (it is skipped). */
  removePack(packId: string): void {
    for (const [name, tool] of this.tools) if (tool.packId === packId) this.tools.delete(name);
    this.listings.clear();
  }

  get(name: string): RegisteredTool | undefined {
    const tool = this.tools.get(name);
    return tool?.exposed ? tool : undefined;
  }

  exposed(): RegisteredTool[] {
    return [...this.tools.values()].filter((t) => t.exposed);
  }

  /** Every registered tool's name, hidden ones too (what config filters may name). */
  allNames(): string[] {
    return [...this.tools.keys()];
  }

  namesOfPack(packId: string): string[] {
    return [...this.tools.values()].filter((t) => t.packId === packId).map((t) => t.definition.name);
  }

  exposedByPack(packId: string): string[] {
    return this.exposed()
      .filter((t) => t.packId === packId)
      .map((t) => t.definition.name);
  }

  /**
   * The tools/list answer for the exposed tools in `served` (all when absent), in registry
   * order; built once per set, since the registry does not change after start-up.
   */
  listing(served?: ReadonlySet<string>): ToolListing[] {
    const tools = this.exposed().filter((t) => !served || served.has(t.definition.name));
    const key = tools.map((t) => t.definition.name).join(',');
    let listing = this.listings.get(key);
    if (!listing) this.listings.set(key, (listing = this.buildListing(tools)));
    return listing;
  }

  private buildListing(exposed: RegisteredTool[]): ToolListing[] {
    const tools = exposed.map(({ definition: d }) => ({
      name: d.name,
      ...(d.title ? { title: d.title } : {}),
      description: d.description,
      inputSchema: plain(d.input),
      outputSchema: {} as Record<string, unknown>,
      ...(d.annotations ? { annotations: listedHints({ ...d.annotations }) } : {}),
    }));
    const budget = toolsListBudget(tools.length);
    // Fitting the result schemas to the budget is the costliest step of start-up; the build
    // did it for the built-in configurations, keyed by everything the answer depends on
    // (a build always rewrites these, so a change to the trimming itself comes with new ones).
    const outputsJson = exposed.map(({ definition: d }) => JSON.stringify(d.output));
    const key = listingKey([budget, JSON.stringify(tools), ...outputsJson].join('\n'));
    const ahead = precompiledListing<ToolListing[]>(key);
    if (ahead) return ahead;
    // Everything but the result schemas ({} is 2 bytes each), then those trimmed to fit the budget.
    const fixedBytes = Buffer.byteLength(JSON.stringify({ tools })) - 2 * tools.length;
    const outputs = fitOutputSchemas(
      outputsJson.map((json) => advertised(JSON.parse(json) as Record<string, unknown>)),
      fixedBytes,
      budget,
    );
    tools.forEach((tool, i) => (tool.outputSchema = outputs[i]!));
    recordingListings?.set(key, tools);
    return tools;
  }
}
