/**
 * Schema helpers on top of TypeBox. MCP clients expect `{ type: 'string', enum: [...] }`
 * for enumerations, which TypeBox 1.x's Type.Enum does not emit, hence StringEnum.
 */
import { Type, type TSchema, type TUnsafe } from 'typebox';

export { Type };
export type { Static, TSchema, TObject } from 'typebox';

export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: { description?: string; default?: T[number]; title?: string } = {},
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** An object schema that rejects unknown properties: tool inputs name every parameter. */
export function Params<P extends Record<string, TSchema>>(properties: P, options: { description?: string } = {}) {
  return Type.Object(properties, { additionalProperties: false, ...options });
}
