/**
 * Dependency injection with tsyringe, by explicit string tokens only (the
 * ref's id): nothing depends on emitted decorator metadata, so packs work the
 * same under tsc, esbuild, jiti and vitest. Root services live in one child
 * container; each pack gets its own child for plugin-scoped services (its
 * logger, its options). Pack-provided services are created at first use and
 * may be async, so the container holds their promises.
 */
import 'reflect-metadata';
import { container as globalContainer, instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import type { DepsSpec, ResolvedDeps, ServiceRef } from '../../sdk/refs.js';
import { KernelError, KernelErrorCodes } from '../errors.js';

export interface ServiceOwner {
  /** 'core' or the pack that provides it. */
  owner: string;
}

export class ServiceContainer {
  private readonly root: DependencyContainer = globalContainer.createChildContainer();
  private readonly owners = new Map<string, string>();
  private readonly packScoped = new Map<string, (packId: string) => unknown>();
  private readonly packContainers = new Map<string, DependencyContainer>();
  /** Extension points: id -> owning pack and the implementation modules receive. */
  private readonly extensionPoints = new Map<string, { owner: string; impl: unknown }>();

  registerCore<T>(ref: ServiceRef<T>, value: T): void {
    this.root.register(ref.id, { useValue: Promise.resolve(value) });
    this.owners.set(ref.id, 'core');
  }

  /** A core service built per pack (logger with the pack's name, the pack's options). */
  registerPackScoped<T>(ref: ServiceRef<T>, build: (packId: string) => T): void {
    this.packScoped.set(ref.id, build);
    this.owners.set(ref.id, 'core');
  }

  provide<T>(ref: ServiceRef<T>, owner: string, create: () => Promise<T>): void {
    const existing = this.owners.get(ref.id);
    if (existing) {
      throw new KernelError(KernelErrorCodes.SERVICE_DUPLICATE, `Service "${ref.id}" is provided by both "${existing}" and "${owner}"`, {
        service: ref.id,
        packs: [existing, owner],
      });
    }
    this.owners.set(ref.id, owner);
    this.root.register(ref.id, { useFactory: instanceCachingFactory(() => create()) });
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

  private containerFor(packId: string): DependencyContainer {
    let child = this.packContainers.get(packId);
    if (!child) {
      child = this.root.createChildContainer();
      for (const [id, build] of this.packScoped) child.register(id, { useValue: Promise.resolve(build(packId)) });
      this.packContainers.set(packId, child);
    }
    return child;
  }

  /**
   * Resolve an init's deps for `requester` (a pack id, or the pack a module
   * extends). Extension points may only be used by the pack that owns them and
   * its modules; other packs' services only by packs that declare the
   * provider as a dependency (checked by the caller, which knows the graph).
   */
  async resolve<D extends DepsSpec>(deps: D, requester: string, label: string): Promise<ResolvedDeps<D>> {
    const entries = await Promise.all(
      Object.entries(deps).map(async ([key, ref]) => {
        if (!ref || typeof ref !== 'object' || typeof ref.id !== 'string') {
          throw new KernelError(KernelErrorCodes.SERVICE_UNKNOWN, `${label}: dependency "${key}" is not a service ref or extension point`, { key });
        }
        if (ref.kind === 'extension-point') {
          const point = this.extensionPoints.get(ref.id);
          if (!point) throw new KernelError(KernelErrorCodes.SERVICE_UNKNOWN, `${label}: unknown extension point "${ref.id}"`, { ref: ref.id });
          if (point.owner !== requester) {
            throw new KernelError(KernelErrorCodes.SERVICE_UNKNOWN, `${label}: extension point "${ref.id}" belongs to pack "${point.owner}"; only its modules can use it`, { ref: ref.id });
          }
          return [key, point.impl] as const;
        }
        const container = this.containerFor(requester);
        if (!container.isRegistered(ref.id, true)) {
          throw new KernelError(KernelErrorCodes.SERVICE_UNKNOWN, `${label}: no pack provides service "${ref.id}"`, { ref: ref.id });
        }
        return [key, await container.resolve<Promise<unknown>>(ref.id)] as const;
      }),
    );
    return Object.fromEntries(entries) as ResolvedDeps<D>;
  }

  dispose(): void {
    this.packContainers.clear();
    this.root.clearInstances();
  }
}
