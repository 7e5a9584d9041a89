/**
 * Validation that lets a parameter's declared alternatives through (sdk/enum-alternatives.ts):
 * each such value stands in as the enum's first value while the schema is checked, and is put
 * back for the handler, which maps it. Everything else about the value is still checked.
 */
import { alternativesOf } from '../../sdk/enum-alternatives.js';
import type { CheckResult, CompiledSchema } from './schema-validator.js';

interface EnumProperty {
  enum?: unknown[];
}

export function checkWithAlternatives<T>(compiled: CompiledSchema<T>, schema: { properties?: Record<string, EnumProperty> }, input: unknown): CheckResult<T> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return compiled.check(input);
  const args = input as Record<string, unknown>;
  const swapped: Array<[string, unknown]> = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const value = args[name];
    if (typeof value !== 'string' || !Array.isArray(property.enum) || property.enum.includes(value)) continue;
    if (!alternativesOf(property).includes(value)) continue;
    swapped.push([name, value]);
    args[name] = property.enum[0];
  }
  const checked = compiled.check(args);
  for (const [name, value] of swapped) args[name] = value;
  return checked;
}
