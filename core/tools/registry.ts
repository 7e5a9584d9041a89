/**
 * The merged tool list. Every pack's tools go in (hidden ones too, so a
 * duplicate name is caught however the config filters); each tool's schemas
 * are compiled once here, as it registers, so a bad schema fails start-up.
 */
import type { AnyToolDefinition } from '../../sdk/tool.js';
import { KernelError, KernelErrorCodes, messageOf } from '../errors.js';
import { compileSchema, type CompiledSchema } from './schema-validator.js';
import { ERROR_ENVELOPE_SCHEMA } from './error-envelope.js';
import { fitOutputSchemas, toolsListBudget } from './listed-schema.js';
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

const withoutTitle = ({ title: _title, ...hints }: Record<string, unknown>) => hints;

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
  private cachedListing: ToolListing[] | undefined;

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
    this.cachedListing = undefined;
  }

  /** Drop every tool of a pack that failed after some were added (it is skipped). */
  removePack(packId: string): void {
    for (const [name, tool] of this.tools) if (tool.packId === packId) this.tools.delete(name);
    this.cachedListing = undefined;
  }

  get(name: string): RegisteredTool | undefined {
    const tool = this.tools.get(name);
    return tool?.exposed ? tool : undefined;
  }

  exposed(): RegisteredTool[] {
    return [...this.tools.values()].filter((t) => t.exposed);
  }

  exposedByPack(packId: string): string[] {
    return this.exposed()
      .filter((t) => t.packId === packId)
      .map((t) => t.definition.name);
  }

  /** The tools/list answer; built once, since the registry does not change after start-up. */
  listing(): ToolListing[] {
    return (this.cachedListing ??= this.buildListing());
  }

  private buildListing(): ToolListing[] {
    const exposed = this.exposed();
    const tools = exposed.map(({ definition: d }) => ({
      name: d.name,
      ...(d.title ? { title: d.title } : {}),
      description: d.description,
      inputSchema: plain(d.input),
      outputSchema: {} as Record<string, unknown>,
      // The title is said once, at the top level (MCP 2025-06-18); annotations keep only the hints.
      ...(d.annotations ? { annotations: d.title ? withoutTitle({ ...d.annotations }) : { ...d.annotations } } : {}),
    }));
    const budget = toolsListBudget(tools.length);
    // Fitting the result schemas to the budget is the costliest step of start-up; the build
    // did it for the built-in configurations, keyed by everything the answer depends on
    // (a build always rewrites these, so a change to the trimming itself comes with new ones).
    const outputsJson = exposed.map(({ definition: d }) => JSON.stringify(d.output));
    const key = listingKey([budget, JSON.stringify(ERROR_ENVELOPE_SCHEMA), JSON.stringify(tools), ...outputsJson].join('\n'));
    const ahead = precompiledListing<ToolListing[]>(key);
    if (ahead) return ahead;
    // A failed call carries the error envelope as structured content too, so the
    // advertised schema admits either shape (clients validate what they receive).
    const wrap = (result: Record<string, unknown>) => ({ type: 'object', anyOf: [result, ERROR_ENVELOPE_SCHEMA] });
    for (const tool of tools) tool.outputSchema = wrap({});
    // Everything but the result schemas ({} is 2 bytes each), then those trimmed to fit the budget.
    const fixedBytes = Buffer.byteLength(JSON.stringify({ tools })) - 2 * tools.length;
    const outputs = fitOutputSchemas(
      outputsJson.map((json) => JSON.parse(json) as Record<string, unknown>),
      fixedBytes,
      budget,
    );
    tools.forEach((tool, i) => (tool.outputSchema = wrap(outputs[i]!)));
    recordingListings?.set(key, tools);
    return tools;
  }
}
