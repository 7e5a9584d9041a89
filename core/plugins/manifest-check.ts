/**
 * Checks made on a manifest before any of the pack's code runs (the avvio
 * model): the id's shape, a valid version, well-formed dependency lists, and a
 * kernel range this kernel satisfies. Modules get the same checks.
 */
import semver from 'semver';
import type { ModuleManifest, PluginManifest } from '../../sdk/plugin.js';
import { KernelError, KernelErrorCodes } from '../errors.js';
import { KERNEL_VERSION } from '../version.js';

export const PACK_ID = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/** The checks packs and modules share: version, dependency lists, kernel range. */
function checkMetadata(
  subject: { id: string; version?: unknown; kernel?: unknown; dependsOn?: unknown; optionalDependsOn?: unknown; self: string[] },
  label: string,
  required: boolean,
  details: Record<string, unknown>,
): void {
  const fail = (what: string) => {
    throw new KernelError(KernelErrorCodes.PLUGIN_INVALID_MANIFEST, `${label}: ${what}`, details);
  };
  if ((required || subject.version !== undefined) && (typeof subject.version !== 'string' || !semver.valid(subject.version))) {
    fail(`version "${String(subject.version)}" is not a semantic version`);
  }
  const lists: Record<string, string[] | undefined> = {};
  for (const key of ['dependsOn', 'optionalDependsOn'] as const) {
    const list = subject[key];
    if (list !== undefined && (!Array.isArray(list) || list.some((d) => typeof d !== 'string'))) fail(`${key} must be an array of pack ids`);
    const ids = list as string[] | undefined;
    const self = ids?.find((d) => subject.self.includes(d));
    if (self) fail(`${key} lists ${self === subject.id ? 'the pack itself' : `"${self}", the pack it extends`}`);
    lists[key] = ids;
  }
  // Optional dependencies are not required: the plan never pulls them in nor fails when they are absent.
  const both = (lists.optionalDependsOn ?? []).filter((d) => lists.dependsOn?.includes(d));
  if (both.length) fail(`"${both.join('", "')}" is listed in both dependsOn and optionalDependsOn; keep it in one`);
  if (!required && subject.kernel === undefined) return;
  if (typeof subject.kernel !== 'string' || !semver.validRange(subject.kernel)) fail(`kernel "${String(subject.kernel)}" is not a semver range`);
  if (!semver.satisfies(KERNEL_VERSION, subject.kernel as string, { includePrerelease: true })) {
    throw new KernelError(KernelErrorCodes.PLUGIN_KERNEL_MISMATCH, `${label} needs kernel ${String(subject.kernel)}, but this is Toolpack kernel ${KERNEL_VERSION}`, {
      ...details,
      wanted: subject.kernel,
      kernel: KERNEL_VERSION,
    });
  }
}

export function checkPluginManifest(manifest: PluginManifest, origin: string): void {
  const label = `Pack "${String(manifest.id)}" (${origin})`;
  const fail = (what: string) => {
    throw new KernelError(KernelErrorCodes.PLUGIN_INVALID_MANIFEST, `${label}: ${what}`, { pack: manifest.id, origin });
  };
  if (typeof manifest.id !== 'string' || !PACK_ID.test(manifest.id)) fail('id must be lower-case letters, digits and "-" (e.g. "my-pack")');
  if (typeof manifest.register !== 'function') fail('register must be a function');
  checkMetadata({ ...manifest, self: [manifest.id] }, label, true, { pack: manifest.id, origin });
}

/** How errors name a module: `Module "vitepress" (extends ssg)`. */
export const moduleLabel = (module: Pick<ModuleManifest, 'moduleId' | 'pluginId'>) => `Module "${module.moduleId}" (extends ${module.pluginId})`;

/** A module's metadata is checked as a pack's is; version and kernel may be left out (see ModuleManifest). */
export function checkModuleManifest(module: ModuleManifest, origin: string): void {
  if (typeof module.pluginId !== 'string' || !PACK_ID.test(module.pluginId) || typeof module.moduleId !== 'string' || !PACK_ID.test(module.moduleId)) {
    throw new KernelError(
      KernelErrorCodes.PLUGIN_INVALID_MANIFEST,
      `Module "${String(module.moduleId)}" (${origin}) needs a pluginId naming the pack it extends and a moduleId of lower-case letters, digits and "-" (e.g. "vitepress")`,
      { origin, module: module.moduleId },
    );
  }
  const label = `${moduleLabel(module)} (${origin})`;
  const details = { module: module.moduleId, pack: module.pluginId, origin };
  if (typeof module.register !== 'function') throw new KernelError(KernelErrorCodes.PLUGIN_INVALID_MANIFEST, `${label}: register must be a function`, details);
  checkMetadata({ ...module, id: module.moduleId, self: [module.pluginId] }, label, false, details);
}
