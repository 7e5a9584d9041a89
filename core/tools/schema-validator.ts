/**
 * One ajv configuration for every schema the kernel checks (tool inputs and outputs,
 * the config, pack options), and the translation of ajv's errors into messages
 * a person or a model can act on: the parameter's path and what was expected.
 *
 * A schema is compiled when it is given (a tool's when the tool registers), so an
 * invalid one fails start-up, not a call. The build compiles the built-in ones ahead
 * of time (precompiled-schemas.ts); ajv itself loads only for a schema it did not see.
 */
import { createRequire } from 'node:module';
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { precompiledValidator, schemaKey } from './precompiled-schemas.js';

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

/** The options every validator is built with, here and by the build (core/cli/build-validators.mjs). */
export const AJV_OPTIONS = { allErrors: true, strict: false, coerceTypes: false } as const;

// Loaded on demand and unbundled: most start-ups never need the compiler (about 200 KB of code).
const load = createRequire(import.meta.url);
const compilers: { withDefaults?: Ajv; asIs?: Ajv } = {};

function createAjv(useDefaults: boolean): Ajv {
  const { Ajv: AjvClass } = load('ajv') as typeof import('ajv');
  const formats = load('ajv-formats') as { default?: (ajv: Ajv) => Ajv } & ((ajv: Ajv) => Ajv);
  const ajv = new AjvClass({ ...AJV_OPTIONS, useDefaults });
  (formats.default ?? formats)(ajv);
  return ajv;
}

const compiler = (defaults: boolean): Ajv =>
  defaults ? (compilers.withDefaults ??= createAjv(true)) : (compilers.asIs ??= createAjv(false));

// Compiled once per process, whoever asks (kernels started again in one process, e.g. tests).
const compiled = new Map<string, () => ValidateFunction>();
let recording: Map<string, { schema: object; defaults: boolean }> | undefined;

/** Build time: collect every schema compiled from now on, for ahead-of-time compilation. */
export function recordCompiledSchemas(): Map<string, { schema: object; defaults: boolean }> {
  return (recording ??= new Map());
}

export interface CompiledSchema<T = unknown> {
  /** Validates (mutating `value` to fill defaults when compiled with defaults). */
  check(value: unknown): CheckResult<T>;
}

/**
 * `noun` names what is checked in messages: "parameter" for tool input, "key" for config.
 * Throws ajv's error for an invalid schema; callers say whose schema it is.
 */
export function compileSchema<T = unknown>(schema: object, options: { defaults?: boolean; noun?: string } = {}): CompiledSchema<T> {
  const defaults = options.defaults !== false;
  const json = JSON.stringify(schema);
  const key = schemaKey(json, defaults);
  recording?.set(key, { schema: JSON.parse(json) as object, defaults });
  let get = compiled.get(key);
  if (!get) {
    const ahead = precompiledValidator(key);
    if (ahead) {
      let fn: ValidateFunction | undefined;
      get = () => (fn ??= ahead());
    } else {
      const fn = compiler(defaults).compile(schema);
      get = () => fn;
    }
    compiled.set(key, get);
  }
  const validator = get;
  return {
    check(value: unknown) {
      const validate = validator();
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
