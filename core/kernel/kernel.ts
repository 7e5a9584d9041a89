/**
 * The kernel: from a loaded config to a running tool registry. Plans the packs
 * (pack-plan.ts), registers them, runs each pack's modules and then its init
 * in dependency order under a timeout and the pack's failure policy, merges
 * the tools, and disposes everything in reverse order, once.
 */
import { resolve } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { DepsSpec } from '../../sdk/refs.js';
import type { InitSpec, ResultMiddleware } from '../../sdk/plugin.js';
import { coreServices, type KernelInfo, type Logger, type ModuleInfo, type PackInfo, type Store, type Workspace } from '../../sdk/services.js';
import { KernelError, KernelErrorCodes, messageOf } from '../errors.js';
import { createAi } from '../services/ai.js';
import { createCache } from '../services/cache.js';
import { createConfirm } from '../services/confirm.js';
import { createEventBus, type EventBus } from '../services/events.js';
import { createGit } from '../services/git.js';
import { createHttp } from '../services/http.js';
import { addLogFilter, createRootLogger, removeLogFilter, resolveLogLevel } from '../services/logger.js';
import { ResourceKinds } from '../services/resource-kinds.js';
import { withResultKind } from '../tools/result-limit.js';
import { createResources } from '../services/resources.js';
import { createStore, type KernelStore } from '../services/store.js';
import { createWorkspace } from '../services/workspace.js';
import { invokeTool, type CallEnvironment, type ToolRuntime } from '../tools/invoke.js';
import { passesFilter } from '../tools/name-filter.js';
import { ToolRegistry } from '../tools/registry.js';
import type { Toolsets } from '../tools/toolsets.js';
import { selectTools } from './tool-selection.js';
import { KERNEL_VERSION } from '../version.js';
import { moduleLabel } from '../plugins/manifest-check.js';
import { ContributionLedger } from './extension-contributions.js';
import { initModule, refuseFailedDependency, type ModuleInit } from './module-init.js';
import { checkPackMigrations } from './pack-migrations.js';
import { planPacks, type PlannedPack } from './pack-plan.js';
import { validatePackOptions } from './pack-options.js';
import { declaredDepsOf, ServiceContainer, type Requester } from './service-container.js';
import { ServiceOverrides } from './service-overrides.js';
import type { KernelOptions } from './kernel-options.js';
import { configuredStoreUrl, sqliteStorePath } from './store-location.js';

export const DEFAULT_INIT_TIMEOUT_MS = 30_000;

export type { KernelOptions } from './kernel-options.js';

interface PackInits {
  pack?: InitSpec<DepsSpec>;
  modules: ModuleInit[];
  factories: Array<{ deps: DepsSpec; requester: Requester }>;
}

interface PackRuntime {
  planned: PlannedPack;
  info: PackInfo;
  dispose?: () => void | Promise<void>;
}

function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export class Kernel {
  readonly registry = new ToolRegistry();
  readonly logger: Logger;
  readonly configFile: string | null;
  private readonly container = new ServiceContainer();
  /** Checks what modules contribute to extension points, and takes a skipped module's contributions back. */
  private readonly contributions = new ContributionLedger();
  private readonly middleware: ResultMiddleware[] = [];
  /** The 'mask' stage: after every ordinary middleware, so nothing added later escapes it. */
  private readonly maskMiddleware: ResultMiddleware[] = [];
  /** Kinds of stored result the packs registered: resources/templates/list, and what resources.put accepts. */
  readonly resourceKinds = withResultKind(new ResourceKinds());
  private readonly packs: PackRuntime[] = [];
  private events!: EventBus;
  /** What each pack registered outside the container (middleware, log filters), to take back if it is skipped. */
  private readonly registered = new Map<string, Array<() => void>>();
  private disabled: PackInfo[] = [];
  /** What sessions serve from the start and may enable (core/tools/toolsets.ts). */
  toolsets!: Toolsets;
  /** Start-up notes that are not failures; doctor prints them. */
  warnings: string[] = [];
  private runtime!: ToolRuntime;
  private store!: KernelStore;
  private closeStore: () => Promise<void> = async () => {};
  private stopped: Promise<void> | undefined;

  private constructor(private readonly options: KernelOptions) {
    this.configFile = options.loaded.file;
    this.logger = options.logger ?? createRootLogger(resolveLogLevel(options.loaded.config.logLevel));
  }

  static async start(options: KernelOptions): Promise<Kernel> {
    const kernel = new Kernel(options);
    try {
      await kernel.boot();
    } catch (error) {
      await kernel.stop();
      throw error;
    }
    return kernel;
  }

  private registerCoreServices(): void {
    const { config } = this.options.loaded;
    const configDir = this.options.loaded.dir;
    const root = config.workspace?.root ? resolve(configDir, config.workspace.root) : this.options.cwd;
    const overrides = new ServiceOverrides(this.options.services);
    const storeIn = (wsRoot: string) => this.options.storePath ?? sqliteStorePath(config, wsRoot);
    // The store's files and the config are refused to every tool path (workspace.ts).
    const workspace = overrides.use(coreServices.workspace, () =>
      createWorkspace(root, (config.workspace?.allowedRoots ?? []).map((dir) => resolve(configDir, dir)), {
        storePath: storeIn,
        configFile: this.configFile,
        // What a tool writes into the workspace is masked as what the store keeps is (item: no secret copied file to file).
        maskForWrite: (text) => this.store.filterForWrite(text),
      }),
    );
    const storePath = storeIn(workspace.root);
    // A PostgreSQL URL: the option (tests), the environment (a team's deployment keeps the password out of files), the config.
    const storeUrl = this.options.storeUrl ?? configuredStoreUrl(config);
    const store = (this.store = createStore({
      path: storePath,
      url: this.options.storePath ? this.options.storeUrl : storeUrl,
      connectTimeoutMs: config.store?.connectTimeoutMs,
      statementTimeoutMs: config.store?.statementTimeoutMs,
      root: workspace.root,
    }));
    this.closeStore = () => store.close();
    const resources = overrides.use(coreServices.resources, () => createResources(store, this.resourceKinds));
    const ai = overrides.use(coreServices.ai, createAi);
    const confirm = overrides.use(coreServices.confirm, () => createConfirm(store));
    const kernelInfo: KernelInfo = { kernelVersion: KERNEL_VERSION, configFile: this.configFile, packs: () => this.packInfo() };

    const c = this.container;
    c.registerCore(coreServices.workspace, workspace);
    c.registerPackScoped(coreServices.store, (packId) => store.forPack(packId));
    c.registerCore(coreServices.cache, overrides.use(coreServices.cache, () => createCache(store)));
    c.registerCore(coreServices.resources, resources);
    this.events = createEventBus((packId) => this.loggerFor(packId));
    c.registerPackScoped(coreServices.events, (packId) => overrides.use(coreServices.events, () => this.events.forPack(packId)));
    c.registerCore(coreServices.git, overrides.use(coreServices.git, () => createGit(workspace)));
    c.registerCore(coreServices.ai, ai);
    c.registerCore(coreServices.confirm, confirm);
    // The one HTTP client for URLs named by content, under the config's network policy.
    c.registerCore(coreServices.http, overrides.use(coreServices.http, () => createHttp(config.network)));
    c.registerCore(coreServices.kernel, kernelInfo);
    c.registerPackScoped(coreServices.logger, (packId) => this.loggerFor(packId));
    c.registerPackScoped(coreServices.config, (packId) => this.packs.find((p) => p.planned.manifest.id === packId)?.planned.options ?? {});

    this.runtime = {
      registry: this.registry,
      middleware: this.middleware,
      maskMiddleware: this.maskMiddleware,
      loggerFor: (packId) => this.loggerFor(packId),
      workspace,
      ai,
      confirm,
      resources,
      // HTTP serves a team, and nobody there can be asked in time: project code is refused unless configured.
      projectCodePolicy: config.execution?.projectCode ?? (this.options.transport === 'http' ? 'deny' : 'ask'),
    };
  }

  private loggerFor(packId: string): Logger {
    return this.logger.child({ pack: packId });
  }

  private async boot(): Promise<void> {
    this.registerCoreServices();
    const plan = await planPacks(this.options.loaded, this.options.preset, this.options.plugins);
    this.disabled = plan.disabled.map((d) => ({ ...d, state: 'disabled', tools: [] }));
    this.warnings = plan.presetPacksMissing.length
      ? [`preset "${plan.preset!.name}" names packs not loaded in this version: ${plan.presetPacksMissing.join(', ')}`]
      : [];
    for (const warning of this.warnings) this.logger.warn(warning);
    const origin = this.configFile ?? 'the default configuration';

    // Options are validated (defaults applied) before any pack code runs.
    for (const planned of plan.packs) {
      planned.options = validatePackOptions(planned.manifest, planned.options, origin);
      const modules = planned.modules.map((m): ModuleInfo => ({ id: m.moduleId, ...(m.version ? { version: m.version } : {}), state: 'loaded' }));
      this.packs.push({ planned, info: { id: planned.manifest.id, version: planned.manifest.version, state: planned.exposed ? 'loaded' : 'dependency', tools: [], modules } });
    }

    const inits = new Map<string, PackInits>();
    for (const { planned } of this.packs) {
      const id = planned.manifest.id;
      const entry: PackInits = { modules: [], factories: [] };
      inits.set(id, entry);
      const undo: Array<() => void> = [];
      this.registered.set(id, undo);
      const declared = declaredDepsOf(planned.manifest);
      const migrationIds = new Set<string>();
      planned.manifest.register({
        options: coreServices.config,
        registerExtensionPoint: (point, impl) => {
          this.container.registerExtensionPoint(point.id, id, impl);
          this.contributions.registerPoint(point.id, point.schema);
        },
        provideService: ({ service, deps, factory }) => {
          const requester = { pack: id, declared, label: `Service "${service.id}" of pack "${id}"` };
          entry.factories.push({ deps, requester });
          this.container.provide(service, id, async (pack) => factory(await this.container.resolve(deps, requester), { pack }));
        },
        registerResultMiddleware: (mw, options) => {
          const stage = options?.stage ?? 'transform';
          if (stage !== 'transform' && stage !== 'mask') {
            throw new KernelError(KernelErrorCodes.PLUGIN_INVALID_MANIFEST, `Pack "${id}" registered result middleware with stage "${String(stage)}"; expected "transform" or "mask"`, { pack: id });
          }
          const chain = stage === 'mask' ? this.maskMiddleware : this.middleware;
          chain.push(mw);
          undo.push(() => {
            const at = chain.indexOf(mw);
            if (at !== -1) chain.splice(at, 1);
          });
        },
        registerMigrations: (migrations) => {
          checkPackMigrations(id, migrations, migrationIds);
          this.store.migrate(id, migrations);
        },
        registerResourceKind: (definition) => void undo.push(this.resourceKinds.register(definition, id)),
        registerLogFilter: (filter) => {
          addLogFilter(this.logger, filter);
          undo.push(() => void removeLogFilter(this.logger, filter));
        },
        registerInit: (spec) => {
          if (entry.pack) throw new KernelError(KernelErrorCodes.PLUGIN_INVALID_MANIFEST, `Pack "${id}" registered more than one init`, { pack: id });
          entry.pack = spec as InitSpec<DepsSpec>;
        },
      });
      for (const [at, module] of planned.modules.entries()) {
        const contributor = { label: moduleLabel(module), module: module.moduleId, pack: id };
        const info = this.packs.find((p) => p.planned === planned)!.info.modules![at];
        module.register({ registerInit: (spec) => entry.modules.push({ id: module.moduleId, spec: spec as InitSpec<DepsSpec>, contributor, manifest: module, info }) });
      }
    }
    this.addExtensionContributions(inits);

    const failed = new Set<string>();
    for (const pack of this.packs) {
      const { manifest } = pack.planned;
      const settings = this.options.loaded.config.packs?.[manifest.id];
      const started = performance.now();
      try {
        refuseFailedDependency(manifest.dependsOn, failed);
        await withTimeout(this.initPack(pack, inits.get(manifest.id)!, failed), settings?.initTimeoutMs ?? DEFAULT_INIT_TIMEOUT_MS, () =>
          new KernelError(KernelErrorCodes.PLUGIN_INIT_TIMEOUT, `Pack "${manifest.id}" did not finish its init within ${settings?.initTimeoutMs ?? DEFAULT_INIT_TIMEOUT_MS} ms`, { pack: manifest.id }),
        );
      } catch (error) {
        failed.add(manifest.id);
        pack.info.state = 'failed';
        pack.info.error = messageOf(error);
        for (const module of pack.info.modules ?? []) {
          if (module.state === 'failed') continue;
          module.state = 'failed';
          module.error = `its pack "${manifest.id}" failed to start`;
        }
        if ((settings?.onFailure ?? 'abort') === 'abort' || (error instanceof KernelError && error.code === KernelErrorCodes.TOOL_DUPLICATE)) {
          if (error instanceof KernelError) throw error;
          throw new KernelError(KernelErrorCodes.PLUGIN_INIT_FAILED, `Pack "${manifest.id}" failed to start: ${messageOf(error)}`, { pack: manifest.id }, { cause: error });
        }
        this.withdraw(manifest.id);
        this.logger.warn({ pack: manifest.id, err: messageOf(error) }, 'pack failed to start and was skipped (onFailure: skip)');
      } finally {
        pack.info.startupMs = Math.round((performance.now() - started) * 10) / 10;
      }
    }
    for (const pack of this.packs) pack.info.tools = this.registry.exposedByPack(pack.planned.manifest.id);
    this.toolsets = selectTools({
      loaded: this.options.loaded,
      registry: this.registry,
      packs: this.packs.map((p) => ({ id: p.planned.manifest.id, description: p.planned.manifest.description ?? p.planned.manifest.id })),
      preset: this.options.preset ?? this.options.loaded.config.preset,
    });
    this.logger.debug({ packs: this.packInfo().map((p) => `${p.id}:${p.state}`) }, 'kernel started');
  }

  /** Each contribution runs as a module of the pack owning the extension point, after that pack's own modules. */
  private addExtensionContributions(inits: Map<string, PackInits>): void {
    for (const [index, [point, contribute]] of (this.options.extensions ?? []).entries()) {
      const owner = this.container.ownerOf(point.id);
      const entry = owner ? inits.get(owner) : undefined;
      if (!entry) {
        throw new KernelError(KernelErrorCodes.SERVICE_UNKNOWN, `Extension contribution ${index + 1}: no loaded pack registers extension point "${point.id}"`, { ref: point.id });
      }
      const moduleId = `extension-contribution-${index + 1}`;
      const contributor = { label: `Extension contribution ${index + 1} (extends ${owner})`, module: moduleId, pack: owner! };
      entry.modules.push({ id: moduleId, contributor, spec: { deps: { point }, init: ({ point: impl }) => contribute(impl) } });
    }
  }

  /**
   * A pack that failed under onFailure: skip leaves nothing behind: its tools, services and
   * extension points, middleware, log filters and event subscriptions are taken back,
   * so packs that list it as an optional dependency see it as absent.
   */
  private withdraw(packId: string): void {
    this.registry.removePack(packId);
    this.container.withdraw(packId);
    for (const undo of (this.registered.get(packId) ?? []).reverse()) undo();
    this.registered.delete(packId);
    this.events.withdraw(packId);
  }

  private async initPack(pack: PackRuntime, inits: PackInits, failed: ReadonlySet<string>): Promise<void> {
    const { manifest, exposed } = pack.planned;
    const id = manifest.id;
    const declared = declaredDepsOf(manifest);
    // The pack's service factories run at first use; check their deps now, so a bad one fails this pack's start.
    for (const factory of inits.factories) this.container.check(factory.deps, factory.requester);
    const skip = this.options.loaded.config.packs?.[id]?.onFailure === 'skip';
    const run = { packId: id, packDeclared: declared, failed, container: this.container, contributions: this.contributions, skip, logger: this.logger };
    for (const module of inits.modules) await initModule(module, run);
    if (!inits.pack) return;
    const result = (await inits.pack.init(await this.container.resolve(inits.pack.deps, { pack: id, declared, label: `Pack "${id}"` }))) ?? {};
    // An init that finished after its timeout belongs to a pack already failed (and skipped): register nothing.
    if (pack.info.state === 'failed') {
      await result.dispose?.();
      return;
    }
    pack.dispose = result.dispose;
    const config = this.options.loaded.config;
    const preset = this.options.preset ?? config.preset;
    const presetFilter = preset ? (config.presets?.[preset]?.tools ?? undefined) : undefined;
    for (const tool of result.tools ?? []) {
      const visible =
        exposed &&
        passesFilter(tool.name, config.packs?.[id]?.tools) &&
        passesFilter(tool.name, config.tools) &&
        passesFilter(tool.name, presetFilter);
      this.registry.add(tool, id, visible);
    }
  }

  packInfo(): PackInfo[] {
    return [...this.packs.map((p) => ({ ...p.info })), ...this.disabled];
  }

  /** Run a tool; throws UnknownToolError for a name that is not exposed. */
  call(name: string, args: unknown, env?: CallEnvironment): Promise<CallToolResult> {
    return invokeTool(this.runtime, name, args, env);
  }

  get config() {
    return this.options.loaded.config;
  }

  get resources() {
    return this.runtime.resources;
  }

  /** The store as the pack `packId` sees it (its own tables): for tests and the doctor command. */
  packStore(packId: string): Store {
    return this.store.forPack(packId);
  }

  /** Which store this kernel uses and whether it answers. */
  async storeStatus(): Promise<{ dialect: string; location: string; answers: boolean; error?: string }> {
    const base = { dialect: this.store.dialect, location: this.store.location };
    try {
      await this.store.ping();
      return { ...base, answers: true };
    } catch (error) {
      return { ...base, answers: false, error: messageOf(error) };
    }
  }

  get workspaceRoot(): string {
    return this.runtime.workspace.root;
  }

  /** The workspace tools use (a session's client roots narrow it: core/server/client-roots.ts). */
  get workspace(): Workspace {
    return this.runtime.workspace;
  }

  /** Dispose packs in reverse order, once, however often it is called. */
  stop(): Promise<void> {
    this.stopped ??= (async () => {
      for (const pack of [...this.packs].reverse()) {
        if (!pack.dispose) continue;
        try {
          await pack.dispose();
        } catch (error) {
          this.logger.warn({ pack: pack.planned.manifest.id, err: messageOf(error) }, 'pack dispose failed');
        }
      }
      this.container.dispose();
      this.events?.clear();
      await this.closeStore();
    })();
    return this.stopped;
  }
}
