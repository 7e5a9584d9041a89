/**
 * The adapters the ssg pack serves: the built-in ones first, then those
 * contributed to the `ssg.adapters` extension point, in the order they came.
 * One id, one adapter: a second adapter with a taken id is refused, naming both.
 * Contributed adapters are checked against SsgAdapterSchema by the kernel first
 * (the extension point declares it); this keeps the checks the map itself needs.
 */
import { ContributionConflictError, ValidationError, type SsgAdapter, type SsgAdapterRegistry } from '../../sdk/index.js';
import type { SsgAdapters } from './api.js';

const ID = /^[a-z][a-z0-9-]*$/;

export interface SsgRegistry extends SsgAdapterRegistry, SsgAdapters {
  /** The ids in order: the `ssg` parameter's enum. */
  ids(): string[];
}

export function createSsgRegistry(builtIn: readonly SsgAdapter[]): SsgRegistry {
  const adapters = new Map<string, SsgAdapter>();
  /** Returns how to take the adapter back (the kernel does when its module is skipped). */
  const add = (adapter: SsgAdapter): (() => void) => {
    if (!adapter || typeof adapter.id !== 'string' || !ID.test(adapter.id)) {
      throw new ValidationError(`SSG adapter id ${JSON.stringify(adapter?.id)} is invalid: use lower-case letters, digits and dashes, e.g. "vitepress"`);
    }
    const taken = adapters.get(adapter.id);
    if (taken) {
      throw new ContributionConflictError(`SSG adapter "${adapter.id}" (${adapter.name}) refused: adapter "${taken.id}" (${taken.name}) is already registered with that id`);
    }
    adapters.set(adapter.id, adapter);
    return () => void (adapters.get(adapter.id) === adapter && adapters.delete(adapter.id));
  };
  for (const adapter of builtIn) add(adapter);
  return {
    add,
    list: () => [...adapters.values()],
    get: (id) => adapters.get(id),
    ids: () => [...adapters.keys()],
  };
}
