/**
 * Service references and extension points: typed tokens that packs use to
 * ask the kernel for a dependency. Identity is the string id, never object
 * identity, so two copies of the SDK (a pack bundling its own) still agree.
 */
export interface ServiceRef<T> {
  readonly kind: 'service';
  readonly id: string;
  /** 'plugin' services get a fresh instance per pack (logger, config); 'root' ones are shared. */
  readonly scope: 'root' | 'plugin';
  /** Phantom field that carries the type; never set at run time. */
  readonly $type?: T;
}

export interface ExtensionPoint<T> {
  readonly kind: 'extension-point';
  readonly id: string;
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

export function createExtensionPoint<T>(options: { id: string }): ExtensionPoint<T> {
  checkId('Extension point', options.id);
  return Object.freeze({ kind: 'extension-point', id: options.id });
}

/** Mark a dependency as optional: `deps: { memory: optional(memoryRef) }` gives `memory: MemoryService | undefined`. */
export function optional<T>(ref: ServiceRef<T>): OptionalServiceRef<T> {
  if (!ref || ref.kind !== 'service') throw new TypeError('optional(...) takes a service ref (extension points belong to their pack and are never optional)');
  return Object.freeze({ ...ref, optional: true as const });
}

export function isOptionalRef(ref: DependencyRef): ref is OptionalServiceRef<unknown> {
  return ref.kind === 'service' && (ref as { optional?: unknown }).optional === true;
}
