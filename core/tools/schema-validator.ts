/**
 * One ajv instance for every schema the kernel checks (tool inputs and outputs,
 * the config, pack options), and the translation of ajv's errors into messages
 * a person or a model can act on: the parameter's path and what was expected.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

export interface SchemaIssue {
  /** Dotted path of the offending value ("" for the object itself). */
  path: string;
  message: string;
  keyword: string;
  expected?: string;
  received?: string;
}

export interface CheckResult<T> {
  ok: boolean;
  value: T;
  issues: SchemaIssue[];
}

function createAjv(useDefaults: boolean): Ajv {
  const ajv = new Ajv({ allErrors: true, useDefaults, strict: false, coerceTypes: false });
  addFormats(ajv);
  return ajv;
}

const withDefaults = createAjv(true);
const asIs = createAjv(false);

export interface CompiledSchema<T = unknown> {
  /** Validates (mutating `value` to fill defaults when compiled with defaults). */
  check(value: unknown): CheckResult<T>;
}

/** `noun` names what is checked in messages: "parameter" for tool input, "key" for config. */
export function compileSchema<T = unknown>(schema: object, options: { defaults?: boolean; noun?: string } = {}): CompiledSchema<T> {
  const validate: ValidateFunction = (options.defaults === false ? asIs : withDefaults).compile(schema);
  return {
    check(value: unknown) {
      const ok = validate(value) as boolean;
      return { ok, value: value as T, issues: ok ? [] : describeIssues(validate.errors ?? [], value, options.noun) };
    },
  };
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function valueAt(root: unknown, pointer: string): unknown {
  let current = root;
  for (const part of pointer.split('/').slice(1)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return current;
}

function pathOf(pointer: string, child?: string): string {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  return parts.reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function describeOne(error: ErrorObject, root: unknown, noun: string): SchemaIssue {
  const params = error.params as Record<string, any>;
  const received = valueAt(root, error.instancePath);
  switch (error.keyword) {
    case 'required': {
      const path = pathOf(error.instancePath, params.missingProperty);
      return { path, keyword: 'required', message: `missing required ${noun} "${path}"` };
    }
    case 'additionalProperties': {
      const path = pathOf(error.instancePath, params.additionalProperty);
      return { path, keyword: 'additionalProperties', message: `unknown ${noun} "${path}"` };
    }
    case 'type':
      return {
        path: pathOf(error.instancePath),
        keyword: 'type',
        expected: String(params.type),
        received: typeName(received),
        message: `${noun} "${pathOf(error.instancePath)}" must be ${params.type} (got ${typeName(received)})`,
      };
    case 'enum':
      return {
        path: pathOf(error.instancePath),
        keyword: 'enum',
        expected: (params.allowedValues as unknown[]).map(String).join(', '),
        received: short(received),
        message: `${noun} "${pathOf(error.instancePath)}" must be one of: ${(params.allowedValues as unknown[]).join(', ')} (got ${short(received)})`,
      };
    default:
      return {
        path: pathOf(error.instancePath),
        keyword: error.keyword,
        received: short(received),
        message: `${noun} "${pathOf(error.instancePath) || '(root)'}" ${error.message ?? 'is invalid'}`,
      };
  }
}

/**
 * ajv reports every branch of a failed union; keep the most specific issues
 * (deepest path first) and drop the generic "must match a schema in anyOf".
 */
export function describeIssues(errors: ErrorObject[], root: unknown, noun = 'parameter'): SchemaIssue[] {
  const specific = errors.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && e.keyword !== 'if');
  const issues = (specific.length ? specific : errors).map((e) => describeOne(e, root, noun));
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.path}|${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function formatIssues(issues: SchemaIssue[]): string {
  return issues.map((i) => i.message).join('; ');
}
