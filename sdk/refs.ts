/**
 * Service references and extension points: typed tokens that packs use to
 * ask the kernel for a dependency. Identity is the string id, never object
 * identity, so two copies of the SDK (a pack bundling its own) still agree.
 */
import type { TSchema } from 'typebox';

export interface ServiceRef<T> {
  readonly kind: 'service';
  readonly id: string;
  /** 'plugin' services get a fresh instance per pack (logger, config); 'root' ones are shared. */
  readonly scope: 'root' | 'plugin';
  /** Phantom field that carries the type; never set at run time. */
  readonly $type?: T;
}

/**
 * An extension point: an object (`T`) whose methods each take one contribution as their
 * first argument (`adapters.add(adapter)`, `rules.addRule(rule)`). With a `schema`, the kernel
 * checks every contribution a module makes against it before the method sees it, and fails
 * start-up (TP_CONTRIBUTION_INVALID) naming the module and the field. A method may return a
 * function that takes its contribution back: the kernel calls it when the contributing
 * module fails and is skipped (onFailure: 'skip'), so nothing of a skipped module remains.
 * A contribution's string `id`, when it has one, is unique per point: a second module adding
 * the same id fails with TP_CONTRIBUTION_DUPLICATE naming both modules.
 */
export interface ExtensionPoint<T> {
  readonly kind: 'extension-point';
  readonly id: string;
  /** Schema of one contribution (TypeBox; functions as Type.Function, checked as functions). */
  readonly schema?: TSchema;
  readonly $type?: T;
}

/**
 * A service the pack works without: resolved to `undefined` when no loaded pack
 * provides it (its provider is absent, disabled, or failed and was skipped).
 * The provider must still be declared, in `optionalDependsOn` (or `dependsOn`).
 */
export interface OptionalServiceRef<T> extends ServiceRef<T> {
  readonly optional: true;
}

export type DependencyRef = ServiceRef<unknown> | ExtensionPoint<unknown>;
export type DepsSpec = Record<string, ServiceRef<any> | ExtensionPoint<any>>;

/** The object an init receives: each key of its deps spec, resolved to the service's type (`| undefined` for optional ones). */
export type ResolvedDeps<D extends DepsSpec> = {
  [K in keyof D]: D[K] extends OptionalServiceRef<infer T>
    ? T | undefined
    : D[K] extends ServiceRef<infer T>
      ? T
      : D[K] extends ExtensionPoint<infer T>
        ? T
        : never;
};

const ID_PATTERN = /^[a-z][a-z0-9]*(?:[.-][a-z0-9]+)*$/;

function checkId(what: string, id: string): void {
  if (typeof id !== 'string' || !ID_PATTERN.test(id)) {
    throw new TypeError(`${what} id "${String(id)}" must be lower-case words joined by "." or "-" (e.g. "adr.catalog")`);
  }
}

export function createServiceRef<T>(options: { id: string; scope?: 'root' | 'plugin' }): ServiceRef<T> {
  checkId('Service', options.id);
  return Object.freeze({ kind: 'service', id: options.id, scope: options.scope ?? 'root' });
}

export function createExtensionPoint<T>(options: { id: string; schema?: TSchema }): ExtensionPoint<T> {
  checkId('Extension point', options.id);
  if (options.schema !== undefined && (typeof options.schema !== 'object' || options.schema === null)) {
    throw new TypeError(`Extension point "${options.id}": schema must be a TypeBox schema of one contribution`);
  }
  return Object.freeze({ kind: 'extension-point', id: options.id, ...(options.schema ? { schema: options.schema } : {}) });
}

/** Mark a dependency as optional: `deps: { memory: optional(memoryRef) }` gives `memory: MemoryService | undefined`. */
export function optional<T>(ref: ServiceRef<T>): OptionalServiceRef<T> {
  if (!ref || ref.kind !== 'service') throw new TypeError('optional(...) takes a service ref (extension points belong to their pack and are never optional)');
  return Object.freeze({ ...ref, optional: true as const });
}

export function isOptionalRef(ref: DependencyRef): ref is OptionalServiceRef<unknown> {
  return ref.kind === 'service' && (ref as { optional?: unknown }).optional === true;
}
