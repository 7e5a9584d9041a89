/**
 * What tools/list advertises of each output schema. A client reads the whole
 * list into its model's context on connect, and the packs' result schemas are
 * large (nested reports, each field described), so the list is kept under
 * TOOLS_LIST_BUDGET_BYTES: while it is over, the largest advertised output
 * schema gives up one step of detail, first the descriptions of its nested
 * fields, then its deepest nesting (a field past the kept depth advertises only
 * its type), then the list of required fields, then the top-level types (the field
 * names stay), last the field names. Every step only loosens the schema, so a full result still
 * validates against it; the kernel checks results against the full schema, and
 * input schemas and descriptions are never trimmed (models need them to call).
 */
import { summaryFirst } from './result-limit.js';

/**
 * The tools/list answer stays under this size (UTF-8 bytes of its JSON) whenever output-schema
 * trimming can get it there: 40 KB up to 25 tools (what a session starts with, core/tools/toolsets.ts),
 * less 2 KB kept for the session's toolset tools listed beside them (core/server/toolset-tools.ts),
 * then 1.5 KB a tool more, at most 100 KB (every tool of every built-in pack). Input schemas and
 * descriptions are never trimmed (models need them to call), so they must fit on their own.
 */
export const TOOLS_LIST_BUDGET_BYTES = 38 * 1024;
export const TOOLS_LIST_MAX_BYTES = 100 * 1024;
export const TOOLS_LIST_BYTES_PER_TOOL = 1536;
export const toolsListBudget = (tools: number) =>
  Math.min(TOOLS_LIST_MAX_BYTES, TOOLS_LIST_BUDGET_BYTES + Math.max(0, tools - 25) * TOOLS_LIST_BYTES_PER_TOOL);

/**
 * What a result schema advertises at its root: no `required` and no `additionalProperties`, so
 * a failed call's error envelope (`{ error }`, core/tools/error-envelope.ts), which clients
 * also validate against it, passes as a real result does; one schema instead of a union of two.
 */
export function advertised(schema: Schema): Schema {
  const { required: _required, additionalProperties: _additional, ...rest } = schema;
  // `summary` listed first, as results carry it first (core/tools/result-limit.ts summaryFirst).
  const properties = isSchema(rest.properties) ? summaryFirst(rest.properties) : rest.properties;
  return { ...rest, ...(properties ? { properties } : {}), type: 'object' };
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

type Schema = Record<string, unknown>;

const COMBINERS = ['anyOf', 'oneOf', 'allOf'] as const;

const isSchema = (value: unknown): value is Schema => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Only the type of a schema (and of each branch of a union, as in a nullable field). */
function typeOnly(schema: Schema): Schema {
  for (const key of COMBINERS) {
    const branches = schema[key];
    if (Array.isArray(branches)) return { [key]: branches.map((b) => (isSchema(b) ? typeOnly(b) : b)) };
  }
  if (schema.const !== undefined) return { const: schema.const };
  if (Array.isArray(schema.enum)) return { enum: schema.enum };
  return schema.type !== undefined ? { type: schema.type } : {};
}

/**
 * `schema` with descriptions kept down to field depth `describeDepth` and structure kept
 * down to `depth` (the root's fields are depth 1); deeper fields advertise only their type.
 */
export function trimSchema(schema: Schema, depth: number, describeDepth: number, level = 0): Schema {
  if (level > depth) return typeOnly(schema);
  const trimmed: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'description' && level > describeDepth) continue;
    if (key === 'properties' && isSchema(value)) {
      trimmed[key] = Object.fromEntries(Object.entries(value).map(([name, field]) => [name, isSchema(field) ? trimSchema(field, depth, describeDepth, level + 1) : field]));
    } else if ((key === 'items' || key === 'additionalProperties') && isSchema(value)) {
      trimmed[key] = trimSchema(value, depth, describeDepth, level + 1);
    } else if ((COMBINERS as readonly string[]).includes(key) && Array.isArray(value)) {
      trimmed[key] = value.map((branch) => (isSchema(branch) ? trimSchema(branch, depth, describeDepth, level) : branch));
    } else {
      trimmed[key] = value;
    }
  }
  return trimmed;
}

/** How deep a schema's fields nest (the root's fields are depth 1). */
function depthOf(schema: unknown, level = 0): number {
  if (!isSchema(schema)) return level;
  let deepest = level;
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isSchema(value)) for (const field of Object.values(value)) deepest = Math.max(deepest, depthOf(field, level + 1));
    else if ((key === 'items' || key === 'additionalProperties') && isSchema(value)) deepest = Math.max(deepest, depthOf(value, level + 1));
    else if ((COMBINERS as readonly string[]).includes(key) && Array.isArray(value)) for (const branch of value) deepest = Math.max(deepest, depthOf(branch, level));
  }
  return deepest;
}

/**
 * The steps of detail of one output schema after the schema itself, each less detailed than
 * the one before and computed from it (cheaper than from the whole schema), lazily: most
 * schemas are never trimmed far.
 */
export function* detailSteps(schema: Schema): Generator<Schema> {
  const deepest = depthOf(schema);
  let step = trimSchema(schema, deepest, 1);
  yield step;
  for (let depth = deepest - 1; depth >= 0; depth--) yield (step = trimSchema(step, depth, Math.min(1, depth)));
  // Then the top-level fields and their types, none marked required; last their names alone.
  const { required: _required, ...typed } = step;
  yield typed;
  if (isSchema(typed.properties)) yield { ...typed, properties: Object.fromEntries(Object.keys(typed.properties).map((name) => [name, {}])) };
  // Last, only that the result is an object.
  yield { type: 'object' };
}

/**
 * The output schema to advertise for each tool, trimmed as little as keeps
 * `fixedBytes` (everything else in the answer) plus the schemas under `budget`.
 */
export function fitOutputSchemas(outputs: Schema[], fixedBytes: number, budget = TOOLS_LIST_BUDGET_BYTES): Schema[] {
  const current = outputs.map((schema) => ({ schema, size: bytes(schema), next: undefined as Generator<Schema> | undefined, done: false }));
  let total = fixedBytes + current.reduce((sum, c) => sum + c.size, 0);
  while (total >= budget) {
    // The largest schema that can still give up detail goes one step down.
    let pick: (typeof current)[number] | undefined;
    for (const c of current) if (!c.done && (!pick || c.size > pick.size)) pick = c;
    if (!pick) break;
    pick.next ??= detailSteps(pick.schema);
    let smaller: { schema: Schema; size: number } | undefined;
    for (let step = pick.next.next(); !step.done; step = pick.next.next()) {
      const size = bytes(step.value);
      if (size < pick.size) {
        smaller = { schema: step.value, size };
        break;
      }
    }
    if (!smaller) {
      pick.done = true;
      continue;
    }
    total += smaller.size - pick.size;
    pick.schema = smaller.schema;
    pick.size = smaller.size;
  }
  return current.map((c) => c.schema);
}

/**
 * A tool's annotations as listed: the hints that differ from MCP's defaults (readOnlyHint
 * false, destructiveHint true, idempotentHint false, openWorldHint true), and for a read-only
 * tool not the two hints that only mean something for a tool that writes. The title is said
 * once, at the top level (MCP 2025-06-18). What repeats in every tool costs every client's context.
 */
export function listedHints(annotations: Record<string, unknown>): Record<string, unknown> {
  const { title: _title, ...hints } = annotations;
  const defaults: Record<string, unknown> = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true };
  const readOnly = hints.readOnlyHint === true;
  return Object.fromEntries(
    Object.entries(hints).filter(([key, value]) => defaults[key] !== value && !(readOnly && (key === 'destructiveHint' || key === 'idempotentHint'))),
  );
}
