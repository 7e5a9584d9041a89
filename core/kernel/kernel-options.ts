/** What a kernel is started with: the loaded config, where it runs, and what tests or embedders replace or add. */
import type { ModuleManifest, PluginManifest } from '../../sdk/plugin.js';
import type { Logger } from '../../sdk/services.js';
import type { LoadedConfig } from '../config/load.js';
import type { ExtensionContribution, ServiceOverride } from './service-overrides.js';

export interface KernelOptions {
  loaded: LoadedConfig;
  /** Workspace root unless the config sets one; the folder `serve` runs in. */
  cwd: string;
  preset?: string;
  logger?: Logger;
  /** How the server is reached: 'http' (serve --http) makes project code denied unless the config says otherwise. */
  transport?: 'stdio' | 'http';
  /** Overrides the config's store path (tests use ':memory:'). */
  storePath?: string;
  /** A PostgreSQL URL overriding the config's and TOOLPACK_STORE_URL (tests). */
  storeUrl?: string;
  /** Packs and modules given in code, loaded after the config's. */
  plugins?: Array<PluginManifest | ModuleManifest>;
  /** Kernel services replaced (tests: a fake git or ai); packs and tool handlers get the replacement. */
  services?: readonly ServiceOverride[];
  /** Contributions to packs' extension points, run before the owning pack's init (tests). */
  extensions?: readonly ExtensionContribution[];
}
