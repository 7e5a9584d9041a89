/**
 * Dependency injection with tsyringe, by explicit string tokens only (the
 * ref's id): nothing depends on emitted decorator metadata, so packs work the
 * same under tsc, esbuild, jiti and vitest. Root services live in one child
 * container; each pack gets its own child for plugin-scoped core services (its
 * logger, its options, its view of events). Pack-provided services are created
 * at first use and may be async, so the container holds their promises; a
 * plugin-scoped one is created once per requesting pack.
 *
 * Every resolution is checked against what the requester declared: a service
 * of another pack needs that pack in dependsOn (or, wrapped in `optional()`,
 * in optionalDependsOn), and an extension point belongs to its pack alone.
 */
import 'reflect-metadata';
import { container as globalContainer, instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import type { PluginManifest } from '../../sdk/plugin.js';
import { isOptionalRef, type DepsSpec, type ResolvedDeps, type ServiceRef } from '../../sdk/refs.js';
import { KernelError, KernelErrorCodes } from '../errors.js';

/** Who a requester may take services from: 'core', itself and its dependencies, each required or optional. */
export type DeclaredDeps = ReadonlyMap<string, 'required' | 'optional'>;

export function declaredDepsOf(manifest: Pick<PluginManifest, 'id' | 'dependsOn' | 'optionalDependsOn'>): DeclaredDeps {
  const declared = new Map<string, 'required' | 'optional'>();
  for (const id of manifest.optionalDependsOn ?? []) declared.set(id, 'optional');
  for (const id of ['core', manifest.id, ...(manifest.dependsOn ?? [])]) declared.set(id, 'required');
  return declared;
}

export interface Requester {
  /** The pack resolving (a module resolves as the pack it extends). */
  pack: string;
  declared: DeclaredDeps;
  /** Names the init or factory in errors: `Pack "adr"`, `Service "x" of pack "y"`. */
  label: string;
}

type Create = (pack: string) => Promise<unknown>;

export class ServiceContainer {
  private readonly root: DependencyContainer = globalContainer.createChildContainer();
  private readonly owners = new Map<string, string>();
  /** Services of packs that failed and were skipped: id -> the pack, for the error message. */
  private readonly withdrawn = new Map<string, string>();
  private readonly packScoped = new Map<string, (packId: string) => unknown>();
  private readonly packContainers = new Map<string, DependencyContainer>();
  /** Pack-provided services with scope 'plugin': one instance per requesting pack. */
  private readonly perPack = new Map<string, { create: Create; instances: Map<string, Promise<unknown>> }>();
  /** Extension points: id -> owning pack and the implementation modules receive. */
  private readonly extensionPoints = new Map<string, { owner: string; impl: unknown }>();

  registerCore<T>(ref: ServiceRef<T>, value: T): void {
    this.root.register(ref.id, { useValue: Promise.resolve(value) });
    this.owners.set(ref.id, 'core');
  }

  /** A core service built per pack (logger with the pack's name, the pack's options, its events). */
  registerPackScoped<T>(ref: ServiceRef<T>, build: (packId: string) => T): void {
    this.packScoped.set(ref.id, build);
    this.owners.set(ref.id, 'core');
  }

  /** `create(pack)`: `pack` is the requester for a plugin-scoped ref, the owner for a root one. */
  provide<T>(ref: ServiceRef<T>, owner: string, create: (pack: string) => Promise<T>): void {
    const existing = this.owners.get(ref.id);
    if (existing) {
      throw new KernelError(KernelErrorCodes.SERVICE_DUPLICATE, `Service "${ref.id}" is provided by both "${existing}" and "${owner}"`, {
        service: ref.id,
        packs: [existing, owner],
      });
    }
    if (ref.scope !== 'root' && ref.scope !== 'plugin') {
      throw new KernelError(KernelErrorCodes.PLUGIN_INVALID_MANIFEST, `Service "${ref.id}" of pack "${owner}" has scope "${String(ref.scope)}"; expected "root" or "plugin"`, {
        service: ref.id,
        pack: owner,
      });
    }
    this.owners.set(ref.id, owner);
    this.withdrawn.delete(ref.id);
    if (ref.scope === 'plugin') this.perPack.set(ref.id, { create, instances: new Map() });
    else this.root.register(ref.id, { useFactory: instanceCachingFactory(() => create(owner)) });
  }

  registerExtensionPoint(id: string, owner: string, impl: unknown): void {
    const existing = this.extensionPoints.get(id);
    if (existing) {
      throw new KernelError(KernelErrorCodes.SERVICE_DUPLICATE, `Extension point "${id}" is registered by both "${existing.owner}" and "${owner}"`, {
        extensionPoint: id,
        packs: [existing.owner, owner],
      });
    }
    this.extensionPoints.set(id, { owner, impl });
  }

  ownerOf(id: string): string | undefined {
    return this.owners.get(id) ?? this.extensionPoints.get(id)?.owner;
  }

  /** Take back everything `owner` offered (it failed and was skipped): its services resolve as absent from now on. */
  withdraw(owner: string): string[] {
    const ids: string[] = [];
    for (const [id, by] of this.owners) {
      if (by !== owner) continue;
      this.owners.delete(id);
      this.perPack.delete(id);
      this.withdrawn.set(id, owner);
      ids.push(id);
    }
    for (const [id, point] of this.extensionPoints) {
      if (point.owner === owner) {
        this.extensionPoints.delete(id);
        ids.push(id);
      }
    }
    return ids;
  }

  /** Check `deps` against what the requester declared, without creating anything. */
  check(deps: DepsSpec, requester: Requester): void {
    for (const [key, ref] of Object.entries(deps)) this.checkOne(key, ref, requester);
  }

  /** Returns false for an optional service nobody provides (resolved to undefined). */
  private checkOne(key: string, ref: DepsSpec[string], { pack, declared, label }: Requester): boolean {
    if (!ref || typeof ref !== 'object' || typeof ref.id !== 'string') {
      throw new KernelError(KernelErrorCodes.SERVICE_UNKNOWN, `${label}: dependency "${key}" is not a service ref or extension point`, { key });
    }
    if (ref.kind === 'extension-point') {
      const point = this.extensionPoints.get(ref.id);
      if (!point) throw new KernelError(KernelErrorCodes.SERVICE_UNKNOWN, `${label}: unknown extension point "${ref.id}"`, { ref: ref.id });
      if (point.owner !== pack) {
        throw new KernelError(
          KernelErrorCodes.EXTENSION_POINT_FOREIGN,
          `${label}: extension point "${ref.id}" belongs to pack "${point.owner}"; only that pack and its modules can use it (write a module with pluginId "${point.owner}")`,
          { ref: ref.id, owner: point.owner, requester: pack },
        );
      }
      return true;
    }
    const optional = isOptionalRef(ref);
    const owner = this.owners.get(ref.id);
    if (!owner) {
      if (optional) return false;
      const failed = this.withdrawn.get(ref.id);
      throw new KernelError(
        KernelErrorCodes.SERVICE_UNKNOWN,
        failed
          ? `${label}: service "${ref.id}" is unavailable: its pack "${failed}" failed to start${declared.get(failed) === 'optional' ? `; wrap it as optional(...) to start without it` : ''}`
          : `${label}: no pack provides service "${ref.id}"${declared.get(ref.id.split('.')[0]!) === 'optional' ? ` (its pack is an optional dependency: wrap the ref as optional(...))` : ''}`,
        { ref: ref.id, ...(failed ? { pack: failed } : {}) },
      );
    }
    const declaredAs = declared.get(owner);
    if (!declaredAs) {
      throw new KernelError(
        KernelErrorCodes.SERVICE_UNDECLARED_DEPENDENCY,
        `${label} uses "${ref.id}" of pack "${owner}" without listing "${owner}" in dependsOn${optional ? ' or optionalDependsOn' : ''}`,
        { ref: ref.id, owner, requester: pack },
      );
    }
    if (declaredAs === 'optional' && !optional) {
      throw new KernelError(
        KernelErrorCodes.SERVICE_UNDECLARED_DEPENDENCY,
        `${label} uses "${ref.id}" of pack "${owner}", an optional dependency, as a required one: wrap it as optional(...) (it is undefined when "${owner}" is absent), or list "${owner}" in dependsOn`,
        { ref: ref.id, owner, requester: pack },
      );
    }
    return true;
  }

  private containerFor(packId: string): DependencyContainer {
    let child = this.packContainers.get(packId);
    if (!child) {
      child = this.root.createChildContainer();
      for (const [id, build] of this.packScoped) child.register(id, { useValue: Promise.resolve(build(packId)) });
      this.packContainers.set(packId, child);
    }
    return child;
  }

  /** Resolve an init's or a factory's deps for the requester, checked as `check` does. */
  async resolve<D extends DepsSpec>(deps: D, requester: Requester): Promise<ResolvedDeps<D>> {
    // Every dep is checked before any service is created.
    const checked = Object.entries(deps).map(([key, ref]) => ({ key, ref, present: this.checkOne(key, ref, requester) }));
    const entries = await Promise.all(
      checked.map(async ({ key, ref, present }) => {
        if (!present) return [key, undefined] as const;
        if (ref.kind === 'extension-point') return [key, this.extensionPoints.get(ref.id)!.impl] as const;
        const perPack = this.perPack.get(ref.id);
        if (perPack) {
          let instance = perPack.instances.get(requester.pack);
          if (!instance) perPack.instances.set(requester.pack, (instance = perPack.create(requester.pack)));
          return [key, await instance] as const;
        }
        return [key, await this.containerFor(requester.pack).resolve<Promise<unknown>>(ref.id)] as const;
      }),
    );
    return Object.fromEntries(entries) as ResolvedDeps<D>;
  }

  dispose(): void {
    this.packContainers.clear();
    this.perPack.clear();
    this.root.clearInstances();
  }
}
