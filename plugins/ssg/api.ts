/**
 * The ssg pack's public surface (`toolpack/packs/ssg`): the extension point a
 * third-party generator adapter is contributed to, and the registry service
 * other packs (docs, deployment) read adapters from. The adapter contract
 * itself is in the SDK (sdk/ssg.ts).
 */
import { createExtensionPoint, createServiceRef, SsgAdapterSchema, type SsgAdapter, type SsgAdapterRegistry } from '../../sdk/index.js';

export * from './events.js';
export type { SsgAdapter, SsgAdapterRegistry, SiteFile, SitePage, WorkflowStep, SsgCommand, DiataxisSection, SsgTraits } from '../../sdk/index.js';

/**
 * `ssg.adapters`: contribute an adapter with `adapters.add(adapter)` from a module of pluginId 'ssg'.
 * Each adapter is checked against SsgAdapterSchema at start-up (TP_CONTRIBUTION_INVALID names the field).
 */
export const ssgAdaptersExtensionPoint = createExtensionPoint<SsgAdapterRegistry>({ id: 'ssg.adapters', schema: SsgAdapterSchema });

/** The adapters the pack serves, built-in and contributed. */
export interface SsgAdapters {
  list(): SsgAdapter[];
  get(id: string): SsgAdapter | undefined;
}

export const ssgAdaptersRef = createServiceRef<SsgAdapters>({ id: 'ssg.adapters.registry' });
