/**
 * One vocabulary across tools whose advertised enums are fixed apart by the tool surface spec
 * (project_type of evaluate_readme_health vs readme_best_practices): a string enum may also
 * accept a neighbour tool's values, which the handler maps itself. The alternatives are kept
 * on a symbol, so tools/list still advertises exactly the spec's enum (and no bytes more);
 * the kernel lets them through validation (core/tools/enum-alternatives.ts).
 */
import type { Static, TSchema, TUnsafe } from 'typebox';

export const ALSO_ACCEPTS = Symbol.for('toolpack.enum.alsoAccepts');

/** `schema` (a string enum) that also accepts `values`, passed to the handler unchanged. */
export function alsoAccepts<S extends TSchema, const E extends readonly string[]>(schema: S, values: E): TUnsafe<Static<S> | E[number]> {
  Object.defineProperty(schema, ALSO_ACCEPTS, { value: [...values], enumerable: false });
  return schema as unknown as TUnsafe<Static<S> | E[number]>;
}

/** The values a top-level parameter accepts besides its advertised enum (empty when none). */
export function alternativesOf(schema: unknown): readonly string[] {
  return ((schema as Record<symbol, unknown> | undefined)?.[ALSO_ACCEPTS] as string[] | undefined) ?? [];
}
