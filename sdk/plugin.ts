/**
 * Packs (plugins) and modules. A pack's manifest is plain data the kernel checks
 * before any pack code runs; `register` then declares what the pack offers and
 * the init that produces its tools.
 */
import type { TObject } from 'typebox';
import type { DepsSpec, ExtensionPoint, ResolvedDeps, ServiceRef } from './refs.js';
import type { AnyToolDefinition } from './tool.js';

export interface ToolResult {
  tool: string;
  isError: boolean;
  structuredContent: Record<string, unknown>;
}

/** Sees every tool result before it leaves the server (e.g. output masking). */
export type ResultMiddleware = (result: ToolResult) => ToolResult | Promise<ToolResult>;

export interface InitResult {
  tools?: AnyToolDefinition[];
  dispose?: () => void | Promise<void>;
}

export interface InitSpec<D extends DepsSpec> {
  deps: D;
  init(deps: ResolvedDeps<D>): InitResult | void | Promise<InitResult | void>;
}

export interface ServiceFactory<T, D extends DepsSpec> {
  service: ServiceRef<T>;
  deps: D;
  factory(deps: ResolvedDeps<D>): T | Promise<T>;
}

export interface PluginRegistrationEnv {
  /** Offer an extension point; modules targeting this pack receive `impl` before the pack's init. */
  registerExtensionPoint<T>(point: ExtensionPoint<T>, impl: T): void;
  /** Offer a service to packs that depend on this one; created at first use. */
  provideService<T, D extends DepsSpec>(factory: ServiceFactory<T, D>): void;
  registerResultMiddleware(middleware: ResultMiddleware): void;
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
  /** TypeBox schema of the pack's options (validated, defaults applied). */
  options?: TObject;
  register(env: PluginRegistrationEnv): void;
}

export interface ModuleManifest {
  readonly $$type: '@toolpack/module';
  /** The pack this module extends. */
  pluginId: string;
  moduleId: string;
  register(env: ModuleRegistrationEnv): void;
}

export function definePlugin(manifest: Omit<PluginManifest, '$$type'>): PluginManifest {
  return { $$type: '@toolpack/plugin', ...manifest };
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
