/**
 * What a module receives for an extension point: the owning pack's
 * implementation, behind a proxy that checks every contribution (the first
 * argument of each method call) against the schema the point declares, names
 * the module in every refusal, and remembers how to take each contribution
 * back, so a module skipped under onFailure 'skip' leaves nothing behind.
 * Checked here, when the contribution is added, rather than where a tool
 * first reads it: a bad adapter then fails start-up, not every later call.
 */
import type { TSchema } from 'typebox';
import { isContributionConflict } from '../../sdk/contribution-errors.js';
import type { DepsSpec } from '../../sdk/refs.js';
import { KernelError, KernelErrorCodes, messageOf } from '../errors.js';

type ValueModule = typeof import('typebox/value');
interface SchemaError {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
}

/** Who contributes: `Module "vitepress" (extends ssg)`, with the ids for error details. */
export interface Contributor {
  label: string;
  module: string;
  pack: string;
}

/** `/traits/ecosystem` -> `traits.ecosystem` (array indexes as `[1]`). */
function fieldOf(pointer: string, property?: string): string {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (property !== undefined) parts.push(property);
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

function valueAt(value: unknown, pointer: string): unknown {
  let at = value;
  for (const part of pointer.split('/').slice(1)) at = at === null || typeof at !== 'object' ? undefined : (at as Record<string, unknown>)[part];
  return at;
}

/** One readable line per wrong field: `field "traits.ecosystem" is required`. */
export function describeSchemaErrors(errors: readonly SchemaError[], value: unknown): string[] {
  const lines: string[] = [];
  const byPath = new Map<string, SchemaError[]>();
  for (const error of errors) {
    if (error.keyword === 'required') {
      const missing = (error.params.requiredProperties as string[] | undefined) ?? [];
      for (const name of missing) lines.push(`field "${fieldOf(error.instancePath, name)}" is required`);
      continue;
    }
    byPath.set(error.instancePath, [...(byPath.get(error.instancePath) ?? []), error]);
  }
  for (const [path, found] of byPath) {
    const field = fieldOf(path) || '(the contribution itself)';
    // A property present but undefined reads as missing, not as "must be string".
    if (path && valueAt(value, path) === undefined) {
      lines.push(`field "${field}" is required`);
      continue;
    }
    const say = (e: SchemaError) => {
      if (e.keyword === 'enum') return `must be one of ${((e.params.allowedValues as unknown[]) ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
      if (e.keyword === 'type') return `must be ${e.params.type === 'function' ? 'a function' : `of type ${String(e.params.type)}`}`;
      if (e.keyword === 'pattern') return `must match ${String(e.params.pattern)}`;
      return e.message;
    };
    const alternatives = found.filter((e) => e.keyword !== 'anyOf');
    // An enum error repeats what its type error says; keep the more useful one.
    const shown = alternatives.some((e) => e.keyword === 'enum') ? alternatives.filter((e) => e.keyword !== 'type') : alternatives;
    const joiner = found.some((e) => e.keyword === 'anyOf') ? ', or ' : '; ';
    lines.push(`field "${field}" ${[...new Set(shown.map(say))].join(joiner) || 'is invalid'}`);
  }
  return lines;
}

export class ContributionLedger {
  private value: ValueModule | undefined;
  /** `point\0id` -> who added it: a later duplicate names both modules. */
  private readonly byId = new Map<string, string>();
  /** Schemas of the extension points, as their owning packs registered them. */
  private readonly schemas = new Map<string, TSchema | undefined>();

  registerPoint(id: string, schema: TSchema | undefined): void {
    this.schemas.set(id, schema);
  }

  /** Replace each extension point among `resolved` by a checking proxy; `undo` collects how to take contributions back. */
  async wrap<T extends Record<string, unknown>>(deps: DepsSpec, resolved: T, contributor: Contributor, undo: Array<() => void>): Promise<T> {
    const out: Record<string, unknown> = { ...resolved };
    for (const [key, ref] of Object.entries(deps)) {
      if (ref?.kind !== 'extension-point' || resolved[key] === null || typeof resolved[key] !== 'object') continue;
      const schema = this.schemas.get(ref.id);
      // typebox/value loads only when a module contributes to a point with a schema.
      if (schema) this.value ??= await import('typebox/value');
      out[key] = this.proxy(ref.id, schema, resolved[key] as object, contributor, undo);
    }
    return out as T;
  }

  private proxy(pointId: string, schema: TSchema | undefined, impl: object, contributor: Contributor, undo: Array<() => void>): object {
    let count = 0;
    return new Proxy(impl, {
      get: (target, property, receiver) => {
        const member = Reflect.get(target, property, receiver) as unknown;
        if (typeof member !== 'function') return member;
        return (contribution: unknown, ...rest: unknown[]) => {
          count += 1;
          const id = (contribution as { id?: unknown } | null)?.id;
          const name = typeof id === 'string' && id ? `"${id}"` : `#${count}`;
          const where = `${contributor.label}: ${pointId} contribution ${name}`;
          const details = { module: contributor.module, pack: contributor.pack, extensionPoint: pointId, contribution: typeof id === 'string' ? id : count };
          if (schema) {
            const problems = describeSchemaErrors([...this.value!.Value.Errors(schema, contribution)] as SchemaError[], contribution);
            if (problems.length) throw new KernelError(KernelErrorCodes.CONTRIBUTION_INVALID, `${where}: ${problems.join('; ')}`, { ...details, problems });
          }
          const key = typeof id === 'string' ? `${pointId}\0${id}` : undefined;
          const earlier = key ? this.byId.get(key) : undefined;
          if (earlier) {
            throw new KernelError(KernelErrorCodes.CONTRIBUTION_DUPLICATE, `${where} refused: ${earlier} already added one with that id`, { ...details, earlier });
          }
          let result: unknown;
          try {
            result = (member as (...args: unknown[]) => unknown).call(target, contribution, ...rest);
          } catch (error) {
            const code = isContributionConflict(error) ? KernelErrorCodes.CONTRIBUTION_DUPLICATE : KernelErrorCodes.CONTRIBUTION_INVALID;
            throw new KernelError(code, `${where} refused: ${messageOf(error)}`, details, { cause: error });
          }
          if (key) this.byId.set(key, contributor.label);
          undo.push(() => {
            if (key) this.byId.delete(key);
            if (typeof result === 'function') (result as () => void)();
          });
          return typeof result === 'function' ? undefined : result;
        };
      },
    });
  }
}
