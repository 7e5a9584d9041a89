/** Parameter and result pieces the rules tools share. */
import { StringEnum, Type } from '../../../sdk/index.js';
import { RULE_TYPES } from '../model/schema.js';

export const RULE_TYPE_PARAMS = [...RULE_TYPES, 'all'] as const;

export const RuleTypes = (description: string) => Type.Optional(Type.Array(StringEnum(RULE_TYPE_PARAMS), { description }));

export const Counts = Type.Record(Type.String(), Type.Integer());

/** `n` of a key, for counting by rule type or id. */
export function tally<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
