/**
 * Packs (plugins) and modules. A pack's manifest is plain data the kernel checks
 * before any pack code runs; `register` then declares what the pack offers and
 * the init that produces its tools.
 */
import type { Static, TObject } from 'typebox';
import type { DepsSpec, ExtensionPoint, ResolvedDeps, ServiceRef } from './refs.js';
import type { AnyToolDefinition } from './tool.js';

export interface ToolResult {
  tool: string;
  isError: boolean;
  structuredContent: Record<string, unknown>;
}

/** Sees every tool result before it leaves the server (e.g. output masking). */
export type ResultMiddleware = (result: ToolResult) => ToolResult | Promise<ToolResult>;

export interface ResultMiddlewareOptions {
  /**
   * 'mask' runs after every ordinary ('transform', the default) middleware of every pack,
   * whatever the pack order, so no later middleware can add text the masking did not see.
   */
  stage?: 'transform' | 'mask';
}

/**
 * One schema step of a pack's tables (a Kysely migration with an id), applied by the kernel
 * once per store, in list order, each in its own transaction, recorded by `id` (never by
 * position: append new ones, never edit or reorder applied ones). Several instances starting
 * on one database at once apply it once. Write it with Kysely's schema builder
 * (`db.schema.createTable('notes_items')...`) so it runs on SQLite and PostgreSQL; branch on
 * `dialect` for what differs (full-text indexes: sdk/store-search.ts). Every table and index
 * it names is `<packid>_...` (`-` in the id as `_`): anything else is refused (TP_MIGRATION_INVALID).
 */
export interface Migration {
  /** Unique in the pack, e.g. "2026-11-01-tasks": letters, digits, ".", "_" and "-". */
  id: string;
  /** `sql` is Kysely's raw-SQL template tag (given here so a pack need not load Kysely at start-up). */
  up(db: import('kysely').Kysely<any>, context: { dialect: import('./services.js').StoreDialect; sql: typeof import('kysely').sql }): Promise<void>;
}

/**
 * A kind of stored result a pack's tools put as MCP resources `toolpack://<kind>/<id>`;
 * resources/templates/list lists each registered kind, and `resources.put` refuses others.
 */
export interface ResourceKindDefinition {
  /** Lower-case segments joined by "/"; later segments may be `{name}` placeholders: "analysis", "config/{ssg}". */
  kind: string;
  /** Short title, e.g. "Repository analysis". */
  name: string;
  /** What one resource of this kind holds and which tool's parameter takes its id. */
  description: string;
  /** Default "application/json". */
  mimeType?: string;
  /** Applied by the kernel to all resources of this kind: older ones are deleted, never served. */
  retention?: { maxAgeMs?: number; maxEntries?: number };
}

export interface InitResult {
  tools?: AnyToolDefinition[];
  dispose?: () => void | Promise<void>;
}

export interface InitSpec<D extends DepsSpec> {
  deps: D;
  init(deps: ResolvedDeps<D>): InitResult | void | Promise<InitResult | void>;
}

export interface ServiceFactory<T, D extends DepsSpec> {
  /** A ref with `scope: 'plugin'` gets one instance per requesting pack; `'root'`, one shared. */
  service: ServiceRef<T>;
  /** Resolved for the providing pack: its dependsOn must cover them, as for its init. */
  deps: D;
  /** `pack`: the pack the instance is for (the requester for plugin-scoped services, the provider for root ones). */
  factory(deps: ResolvedDeps<D>, context: { pack: string }): T | Promise<T>;
}

/** The options type a pack's TypeBox schema describes; a pack without a schema gets an empty record. */
export type PackOptions<S extends TObject | undefined> = S extends TObject ? (TObject extends S ? Record<string, unknown> : Static<S>) : Record<string, never>;

export interface PluginRegistrationEnv<O = Record<string, unknown>> {
  /**
   * The pack's own options, validated against its schema with defaults applied, typed
   * from that schema: `deps: { options: env.options }`. (Same service as coreServices.config.)
   */
  readonly options: ServiceRef<O>;
  /** Offer an extension point; modules targeting this pack receive `impl` before the pack's init. */
  registerExtensionPoint<T>(point: ExtensionPoint<T>, impl: T): void;
  /** Offer a service to packs that depend on this one; created at first use. */
  provideService<T, D extends DepsSpec>(factory: ServiceFactory<T, D>): void;
  registerResultMiddleware(middleware: ResultMiddleware, options?: ResultMiddlewareOptions): void;
  /** Declare the pack's tables: applied by the kernel (scope: the pack id) before the store is first used. */
  registerMigrations(migrations: readonly Migration[]): void;
  /** Declare a kind of stored result (see ResourceKindDefinition); one pack per kind. */
  registerResourceKind(definition: ResourceKindDefinition): void;
  /** Pass every string of every log line through `filter` (the security pack masks secrets: error messages quote tool input). */
  registerLogFilter(filter: (text: string) => string): void;
  registerInit<D extends DepsSpec>(spec: InitSpec<D>): void;
}

export interface ModuleRegistrationEnv {
  registerInit<D extends DepsSpec>(spec: InitSpec<D>): void;
}

export interface PluginManifest {
  readonly $$type: '@toolpack/plugin';
  id: string;
  version: string;
  /** Semver range of kernel versions this pack works with, e.g. "^0.1.0". */
  kernel: string;
  description?: string;
  dependsOn?: string[];
  /**
   * Packs this one works without: ordered before it when loaded, never pulled in.
   * Their services are deps wrapped in `optional(ref)`, `undefined` when absent.
   */
  optionalDependsOn?: string[];
  /** TypeBox schema of the pack's options (validated, defaults applied). */
  options?: TObject;
  register(env: PluginRegistrationEnv): void;
}

/**
 * A module extends one pack (its extension points) and runs as part of it, before the pack's
 * init. Its metadata is checked like a pack's, before any of its code runs.
 */
export interface ModuleManifest {
  readonly $$type: '@toolpack/module';
  /** The pack this module extends. */
  pluginId: string;
  /** Unique among the pack's modules: lower-case letters, digits and "-" (e.g. "vitepress"). */
  moduleId: string;
  /** Semantic version of the module, listed by doctor. Optional: doctor shows none. */
  version?: string;
  /** Semver range of kernel versions the module works with. Default: whatever the pack it extends accepts. */
  kernel?: string;
  description?: string;
  /**
   * Packs the module needs besides the one it extends (e.g. "security" for its scanner): loaded
   * (a built-in one is pulled in) and started before the extended pack; their services are deps of the module's init.
   */
  dependsOn?: string[];
  /** Packs the module works without: started first when loaded; their services are deps wrapped in `optional(ref)`. */
  optionalDependsOn?: string[];
  register(env: ModuleRegistrationEnv): void;
}

/** What definePlugin takes: `register` sees the options typed from the `options` schema. */
export type PluginDefinition<S extends TObject | undefined> = Omit<PluginManifest, '$$type' | 'options' | 'register'> & {
  options?: S;
  register(env: PluginRegistrationEnv<PackOptions<S>>): void;
};

export function definePlugin<S extends TObject | undefined = undefined>(manifest: PluginDefinition<S>): PluginManifest {
  return { $$type: '@toolpack/plugin', ...(manifest as Omit<PluginManifest, '$$type'>) };
}

export function defineModule(manifest: Omit<ModuleManifest, '$$type'>): ModuleManifest {
  return { $$type: '@toolpack/module', ...manifest };
}

export function isPluginManifest(value: unknown): value is PluginManifest {
  return typeof value === 'object' && value !== null && (value as { $$type?: unknown }).$$type === '@toolpack/plugin';
}

export function isModuleManifest(value: unknown): value is ModuleManifest {
  return typeof value === 'object' && value !== null && (value as { $$type?: unknown }).$$type === '@toolpack/module';
}
