/**
 * Checking rules and rule sets against the schema, with errors a person can act
 * on: the rule by index and id, the field, and what was expected. A rule's
 * source and check are checked against the schema of their own kind, so a
 * wrong `forbid-import` says which of its fields is wrong rather than listing
 * every kind it is not. Regexes are compiled here too (RE2): a rule set that
 * validates is one validate_rules can run.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { parse as parseYaml } from 'yaml';
import { ValidationError } from '../../../sdk/index.js';
import { compilePattern } from '../check/pattern.js';
import { CHECK_SCHEMAS, RuleBase, RULE_SET_SCHEMA_ID, SOURCE_SCHEMAS, type RuleSetValue, type RuleValue } from './schema.js';

// Compiled at the first check, not at import: importing the pack is part of server start-up.
let compiled: { base: ValidateFunction; checks: Map<string, ValidateFunction>; sources: Map<string, ValidateFunction> } | undefined;
function validators() {
  if (compiled) return compiled;
  const ajv = new Ajv({ allErrors: true, strict: false });
  return (compiled = {
    base: ajv.compile(RuleBase),
    checks: new Map(Object.entries(CHECK_SCHEMAS).map(([kind, schema]) => [kind, ajv.compile(schema)])),
    sources: new Map(Object.entries(SOURCE_SCHEMAS).map(([kind, schema]) => [kind, ajv.compile(schema)])),
  });
}

function describe(errors: readonly ErrorObject[] | null | undefined, prefix: string): string[] {
  return (errors ?? []).map((error) => {
    const field = `${prefix}${error.instancePath.replace(/^\//, '').replace(/\//g, '.')}`.replace(/\.$/, '') || '(rule)';
    if (error.keyword === 'additionalProperties') return `${field}: unknown field "${(error.params as { additionalProperty: string }).additionalProperty}"`;
    if (error.keyword === 'enum') return `${field}: expected one of ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
    if (error.keyword === 'required') return `${field === '(rule)' ? '' : `${field}: `}missing field "${(error.params as { missingProperty: string }).missingProperty}"`;
    return `${field}: ${error.message ?? 'invalid'}`;
  });
}

/** What is wrong with one rule (empty when nothing). */
export function ruleProblems(rule: unknown): string[] {
  if (typeof rule !== 'object' || rule === null || Array.isArray(rule)) return ['expected an object'];
  const { base, checks, sources } = validators();
  const problems: string[] = [];
  // The base schema cannot say anything useful about the kind-specific fields: check those apart.
  if (!base(rule)) problems.push(...describe(base.errors, '').filter((p) => !/^(source|check)\b.*unknown field/.test(p)));
  const value = rule as Partial<RuleValue> & Record<string, unknown>;
  const source = value.source as { kind?: unknown } | undefined;
  const sourceCheck = typeof source?.kind === 'string' ? sources.get(source.kind) : undefined;
  if (sourceCheck && !sourceCheck(source)) problems.push(...describe(sourceCheck.errors, 'source.'));
  const check = value.check as { kind?: unknown } | null | undefined;
  const checkCheck = check && typeof check.kind === 'string' ? checks.get(check.kind) : undefined;
  if (checkCheck && !checkCheck(check)) problems.push(...describe(checkCheck.errors, 'check.'));
  else if (checkCheck && check!.kind === 'forbid-pattern') {
    const pattern = check as { regex: string; ignoreCase?: boolean };
    try {
      compilePattern(pattern.regex, pattern.ignoreCase ?? false);
    } catch (error) {
      problems.push(`check.regex: ${(error as Error).message}`);
    }
  }
  if (check === null && !value.uncheckedReason) problems.push('uncheckedReason: required when check is null (say why the rule cannot be checked)');
  return [...new Set(problems)];
}

/** Throws a ValidationError naming the first invalid rules (index and id) and the duplicate ids. */
export function assertRules(rules: readonly unknown[], param: string, where = ''): asserts rules is RuleValue[] {
  const messages: string[] = [];
  const seen = new Map<string, number>();
  rules.forEach((rule, index) => {
    const id = typeof (rule as { id?: unknown })?.id === 'string' ? (rule as { id: string }).id : null;
    const name = `rule ${index}${id ? ` (id "${id}")` : ''}`;
    const problems = ruleProblems(rule);
    if (problems.length > 0) messages.push(`${name}: ${problems.join('; ')}`);
    if (id !== null) {
      if (seen.has(id)) messages.push(`${name}: duplicate id, rule ${seen.get(id)} has it too`);
      else seen.set(id, index);
    }
  });
  if (messages.length > 0) {
    const shown = messages.slice(0, 10).join(' | ');
    throw new ValidationError(`parameter "${param}"${where}: ${messages.length} invalid rule(s): ${shown}${messages.length > 10 ? ' | ...' : ''}`, { parameter: param, problems: messages.slice(0, 50) });
  }
}

/** A rule set file's text (JSON or YAML) parsed and checked; errors name `param`, the file and the rule. */
export function parseRuleSet(text: string, file: string, param: string): RuleSetValue {
  let data: unknown;
  try {
    data = /\.ya?ml$/i.test(file) ? parseYaml(text) : JSON.parse(text);
  } catch (error) {
    throw new ValidationError(`parameter "${param}": "${file}" is not valid ${/\.ya?ml$/i.test(file) ? 'YAML' : 'JSON'} (${(error as Error).message.split('\n')[0]})`, { parameter: param });
  }
  const where = ` ("${file}")`;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new ValidationError(`parameter "${param}"${where}: expected a rule set object with "name", "version": 1 and "rules"`, { parameter: param });
  const set = data as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof set.name !== 'string' || !set.name) problems.push('"name": expected a non-empty string');
  if (set.version !== 1) problems.push('"version": expected 1');
  if (!Array.isArray(set.rules)) problems.push('"rules": expected an array');
  const known = new Set(['$schema', 'name', 'description', 'version', 'generatedAt', 'rules']);
  for (const key of Object.keys(set)) if (!known.has(key)) problems.push(`unknown field "${key}"`);
  if (set.$schema !== undefined && set.$schema !== RULE_SET_SCHEMA_ID) problems.push(`"$schema": expected "${RULE_SET_SCHEMA_ID}"`);
  if (problems.length > 0) throw new ValidationError(`parameter "${param}"${where}: not a rule set: ${problems.join('; ')}`, { parameter: param });
  assertRules(set.rules as unknown[], param, where);
  return set as unknown as RuleSetValue;
}
