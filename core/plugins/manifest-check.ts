/**
 * Checks made on a manifest before any of the pack's code runs (the avvio
 * model): the id's shape, a valid version, well-formed dependency lists, and a
 * kernel range this kernel satisfies.
 */
import semver from 'semver';
import type { ModuleManifest, PluginManifest } from '../../sdk/plugin.js';
import { KernelError, KernelErrorCodes } from '../errors.js';
import { KERNEL_VERSION } from '../version.js';

export const PACK_ID = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

export function checkPluginManifest(manifest: PluginManifest, origin: string): void {
  const fail = (what: string) => {
    throw new KernelError(KernelErrorCodes.PLUGIN_INVALID_MANIFEST, `Pack "${String(manifest.id)}" (${origin}): ${what}`, { pack: manifest.id, origin });
  };
  if (typeof manifest.id !== 'string' || !PACK_ID.test(manifest.id)) fail('id must be lower-case letters, digits and "-" (e.g. "my-pack")');
  if (typeof manifest.version !== 'string' || !semver.valid(manifest.version)) fail(`version "${String(manifest.version)}" is not a semantic version`);
  if (typeof manifest.register !== 'function') fail('register must be a function');
  for (const key of ['dependsOn', 'optionalDependsOn'] as const) {
    const list = manifest[key];
    if (list !== undefined && (!Array.isArray(list) || list.some((d) => typeof d !== 'string'))) fail(`${key} must be an array of pack ids`);
    if (list?.includes(manifest.id)) fail(`${key} lists the pack itself`);
  }
  // Optional dependencies are not required: the plan never pulls them in nor fails when they are absent.
  const both = (manifest.optionalDependsOn ?? []).filter((d) => manifest.dependsOn?.includes(d));
  if (both.length) fail(`"${both.join('", "')}" is listed in both dependsOn and optionalDependsOn; keep it in one`);
  if (typeof manifest.kernel !== 'string' || !semver.validRange(manifest.kernel)) fail(`kernel "${String(manifest.kernel)}" is not a semver range`);
  if (!semver.satisfies(KERNEL_VERSION, manifest.kernel, { includePrerelease: true })) {
    throw new KernelError(
      KernelErrorCodes.PLUGIN_KERNEL_MISMATCH,
      `Pack "${manifest.id}" (${origin}) needs kernel ${manifest.kernel}, but this is Toolpack kernel ${KERNEL_VERSION}`,
      { pack: manifest.id, wanted: manifest.kernel, kernel: KERNEL_VERSION },
    );
  }
}

export function checkModuleManifest(module: ModuleManifest, origin: string): void {
  if (typeof module.pluginId !== 'string' || !PACK_ID.test(module.pluginId) || typeof module.moduleId !== 'string' || !module.moduleId) {
    throw new KernelError(KernelErrorCodes.PLUGIN_INVALID_MANIFEST, `Module (${origin}) needs a pluginId naming the pack it extends and a moduleId`, { origin });
  }
  if (typeof module.register !== 'function') {
    throw new KernelError(KernelErrorCodes.PLUGIN_INVALID_MANIFEST, `Module "${module.pluginId}.${module.moduleId}" (${origin}): register must be a function`, { origin });
  }
}
