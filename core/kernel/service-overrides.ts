/**
 * Kernel services replaced from outside (test helpers: a fake git, a scripted
 * ai): packs and tool handlers receive the replacement instead of the kernel's
 * own. The store, the logger and the pack options are not replaced this way:
 * they have their own options (storePath, logger, config).
 */
import type { ExtensionPoint, ServiceRef } from '../../sdk/refs.js';
import { coreServices } from '../../sdk/services.js';
import { KernelError, KernelErrorCodes } from '../errors.js';

export type ServiceOverride = readonly [service: ServiceRef<any>, implementation: unknown];
/**
 * Run with the extension point's implementation before the owning pack's init, after its modules;
 * what it contributes is checked against the point's schema as a module's contributions are.
 */
export type ExtensionContribution = readonly [point: ExtensionPoint<any>, contribute: (impl: any) => void | Promise<void>];

const REPLACEABLE = [coreServices.workspace, coreServices.cache, coreServices.resources, coreServices.git, coreServices.events, coreServices.ai, coreServices.confirm].map((r) => r.id);

export class ServiceOverrides {
  private readonly byId = new Map<string, unknown>();

  constructor(overrides: readonly ServiceOverride[] = []) {
    for (const [ref, implementation] of overrides) {
      if (!REPLACEABLE.includes(ref?.id)) {
        throw new KernelError(
          KernelErrorCodes.SERVICE_UNKNOWN,
          `Service "${String(ref?.id)}" cannot be replaced; replaceable kernel services: ${REPLACEABLE.join(', ')} (the store, logger and pack options have their own options: storePath, logger, config)`,
          { ref: ref?.id },
        );
      }
      this.byId.set(ref.id, implementation);
    }
  }

  has(ref: ServiceRef<unknown>): boolean {
    return this.byId.has(ref.id);
  }

  /** The replacement for `ref`, or what `make` builds. */
  use<T>(ref: ServiceRef<T>, make: () => T): T {
    return this.byId.has(ref.id) ? (this.byId.get(ref.id) as T) : make();
  }
}
