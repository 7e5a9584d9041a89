/**
 * A module's init, run as part of the pack it extends: with the pack's dependencies and its
 * own, its extension-point contributions checked as they are added (extension-contributions.ts).
 * When it fails the pack fails too, unless the pack's onFailure is 'skip': then what the module
 * contributed is taken back and the pack starts without it (doctor and the log say why).
 */
import type { DepsSpec } from '../../sdk/refs.js';
import type { InitSpec, ModuleManifest } from '../../sdk/plugin.js';
import type { Logger, ModuleInfo } from '../../sdk/services.js';
import { KernelError, KernelErrorCodes, messageOf } from '../errors.js';
import type { ContributionLedger, Contributor } from './extension-contributions.js';
import { declaredDepsOf, type DeclaredDeps, type ServiceContainer } from './service-container.js';

export interface ModuleInit {
  id: string;
  spec: InitSpec<DepsSpec>;
  contributor: Contributor;
  /** `manifest`/`info`: absent for the `extensions` option's contributions, which run as modules too. */
  manifest?: ModuleManifest;
  info?: ModuleInfo;
}

export interface ModuleRun {
  packId: string;
  packDeclared: DeclaredDeps;
  /** Packs that failed to start so far. */
  failed: ReadonlySet<string>;
  container: ServiceContainer;
  contributions: ContributionLedger;
  /** The pack's onFailure is 'skip'. */
  skip: boolean;
  logger: Logger;
}

/** Throws when one of `dependsOn` already failed to start: a pack or module needing it cannot start either. */
export function refuseFailedDependency(dependsOn: readonly string[] | undefined, failed: ReadonlySet<string>): void {
  const broken = (dependsOn ?? []).find((d) => failed.has(d));
  if (broken) throw new Error(`its dependency "${broken}" failed to start`);
}

export async function initModule(module: ModuleInit, run: ModuleRun): Promise<void> {
  const { packId } = run;
  const own = module.manifest ? declaredDepsOf({ id: packId, dependsOn: module.manifest.dependsOn, optionalDependsOn: module.manifest.optionalDependsOn }) : new Map();
  const declared = new Map(run.packDeclared);
  for (const [dep, how] of own) if (declared.get(dep) !== 'required') declared.set(dep, how);
  const undo: Array<() => void> = [];
  try {
    refuseFailedDependency(module.manifest?.dependsOn, run.failed);
    const resolved = await run.container.resolve(module.spec.deps, { pack: packId, declared, label: module.contributor.label });
    await module.spec.init(await run.contributions.wrap(module.spec.deps, resolved, module.contributor, undo));
  } catch (error) {
    for (const takeBack of undo.reverse()) takeBack();
    const failure =
      error instanceof KernelError
        ? error
        : new KernelError(KernelErrorCodes.PLUGIN_INIT_FAILED, `${module.contributor.label} failed to start: ${messageOf(error)}`, { pack: packId, module: module.id }, { cause: error });
    if (module.info) {
      module.info.state = 'failed';
      module.info.error = failure.message;
    }
    if (!run.skip) throw failure;
    run.logger.warn({ pack: packId, module: module.id, code: failure.code, err: failure.message }, 'module failed to start and was skipped (onFailure: skip)');
  }
}
