/**
 * Which packs load and which expose tools, before any pack code runs: the
 * config's plugin list (every built-in pack when absent), built-in
 * dependencies added automatically, modules matched to their targets,
 * manifests checked, the preset and enable flags applied, and the load order.
 */
import { isModuleManifest, isPluginManifest, type ModuleManifest, type PluginManifest } from '../../sdk/plugin.js';
import type { LoadedConfig } from '../config/load.js';
import { BUILTIN_PRESETS, type PresetDefinition } from '../config/presets.js';
import type { ToolFilterValue } from '../config/schema.js';
import { KernelError, KernelErrorCodes } from '../errors.js';
import { builtinPack, builtPacks } from '../plugins/catalog.js';
import { checkModuleManifest, checkPluginManifest, moduleLabel } from '../plugins/manifest-check.js';
import { orderByDependencies } from '../plugins/order.js';
import { resolveEntry, type PackSource } from '../plugins/resolve.js';
import { KERNEL_VERSION } from '../version.js';

export interface PlannedPack {
  manifest: PluginManifest;
  source: PackSource;
  spec: string;
  options: Record<string, unknown> | undefined;
  modules: ModuleManifest[];
  /** false: loaded only because another pack depends on it; its tools stay hidden. */
  exposed: boolean;
}

export interface PackPlan {
  /** In dependency order. */
  packs: PlannedPack[];
  /** Packs the config disabled that nothing needs: listed by doctor (with their modules), not loaded. */
  disabled: Array<{ id: string; version: string; modules: Array<{ id: string; version?: string; state: 'disabled' }> }>;
  preset: { name: string; definition: PresetDefinition } | null;
  /** Packs a built-in preset names that this version does not ship. */
  presetPacksMissing: string[];
  toolFilter: ToolFilterValue | undefined;
}

function pickPreset(loaded: LoadedConfig, requested: string | undefined): PackPlan['preset'] {
  const name = requested ?? loaded.config.preset;
  if (!name) return null;
  const definition = loaded.config.presets?.[name] ?? BUILTIN_PRESETS[name];
  if (!definition) {
    const known = [...new Set([...Object.keys(BUILTIN_PRESETS), ...Object.keys(loaded.config.presets ?? {})])];
    throw new KernelError(KernelErrorCodes.PRESET_UNKNOWN, `Unknown preset "${name}"${loaded.file ? ` (config ${loaded.file})` : ''}; known presets: ${known.join(', ')}`, {
      preset: name,
      known,
    });
  }
  return { name, definition };
}

/** `inline`: manifests passed in code (embedding, tests), loaded after the config's entries. */
export async function planPacks(loaded: LoadedConfig, requestedPreset?: string, inline: Array<PluginManifest | ModuleManifest> = []): Promise<PackPlan> {
  const origin = loaded.file ?? 'the default configuration';
  const entries = loaded.config.plugins ?? builtPacks().map((p) => p.id);
  const byId = new Map<string, PlannedPack>();
  const modules: Array<{ module: ModuleManifest; spec: string }> = [];

  const addPlugin = (manifest: PluginManifest, source: PackSource, spec: string, options: Record<string, unknown> | undefined) => {
    checkPluginManifest(manifest, source === 'builtin' ? `built-in "${spec}"` : source === 'inline' ? `inline pack "${spec}"` : `"${spec}" in ${origin}`);
    const existing = byId.get(manifest.id);
    if (existing) {
      throw new KernelError(
        KernelErrorCodes.PLUGIN_DUPLICATE_ID,
        `Two packs have the id "${manifest.id}": "${existing.spec}" and "${spec}" (${origin})`,
        { pack: manifest.id, specs: [existing.spec, spec] },
      );
    }
    byId.set(manifest.id, { manifest, source, spec, options, modules: [], exposed: true });
  };

  // A built-in pack the chosen preset leaves out is not imported unless something needs it
  // (a dependency, a module extending it): a preset's start-up evaluates only its packs' code.
  const preset = pickPreset(loaded, requestedPreset);
  const presetPacks = preset?.definition.packs;
  const deferred = new Set<string>();
  for (const entry of entries) {
    if (typeof entry === 'string' && presetPacks && !presetPacks.includes(entry) && builtinPack(entry)) {
      deferred.add(entry);
      continue;
    }
    const resolved = await resolveEntry(entry, loaded);
    if (resolved.options && resolved.plugins.length !== 1) {
      throw new KernelError(KernelErrorCodes.PLUGIN_OPTIONS_INVALID, `Options given for "${resolved.spec}" in ${origin}, which is not exactly one pack`, { spec: resolved.spec });
    }
    for (const plugin of resolved.plugins) addPlugin(plugin, resolved.source, resolved.spec, resolved.options);
    for (const module of resolved.modules) {
      checkModuleManifest(module, `"${resolved.spec}" in ${origin}`);
      modules.push({ module, spec: resolved.spec });
    }
  }

  for (const manifest of inline) {
    if (isPluginManifest(manifest)) addPlugin(manifest, 'inline', manifest.id, undefined);
    else if (isModuleManifest(manifest)) {
      checkModuleManifest(manifest, 'inline module');
      modules.push({ module: manifest, spec: `${manifest.pluginId}.${manifest.moduleId}` });
    } else {
      throw new KernelError(KernelErrorCodes.PLUGIN_INVALID_MANIFEST, 'An inline pack is not a definePlugin(...) or defineModule(...) result', {});
    }
  }

  for (const id of deferred) {
    const other = byId.get(id);
    if (other) {
      throw new KernelError(KernelErrorCodes.PLUGIN_DUPLICATE_ID, `Two packs have the id "${id}": "${id}" and "${other.spec}" (${origin})`, { pack: id, specs: [id, other.spec] });
    }
    if (!modules.some(({ module }) => module.pluginId === id)) continue;
    const resolved = await resolveEntry(id, loaded);
    for (const plugin of resolved.plugins) addPlugin(plugin, 'builtin', id, undefined);
  }

  // Pull in built-in dependencies (of packs and of modules) the config did not list; anything else missing is an error.
  const implicit = new Set<string>();
  for (let changed = true; changed; ) {
    changed = false;
    const dependents = [
      ...[...byId.values()].map((pack) => ({ label: `Pack "${pack.manifest.id}"`, dependsOn: pack.manifest.dependsOn, details: { pack: pack.manifest.id } })),
      ...modules.map(({ module }) => ({ label: moduleLabel(module), dependsOn: module.dependsOn, details: { module: module.moduleId, pack: module.pluginId } })),
    ];
    for (const { label, dependsOn, details } of dependents) {
      for (const dep of dependsOn ?? []) {
        if (byId.has(dep)) continue;
        if (!builtinPack(dep)) {
          throw new KernelError(KernelErrorCodes.PLUGIN_UNKNOWN_DEPENDENCY, `${label} depends on "${dep}", which is neither listed in ${origin} nor a built-in pack`, {
            ...details,
            dependency: dep,
          });
        }
        const resolved = await resolveEntry(dep, loaded);
        for (const plugin of resolved.plugins) addPlugin(plugin, 'builtin', dep, undefined);
        implicit.add(dep);
        changed = true;
      }
    }
  }

  for (const { module, spec } of modules) {
    const target = byId.get(module.pluginId);
    if (!target) {
      throw new KernelError(
        KernelErrorCodes.MODULE_TARGET_MISSING,
        `Module "${module.moduleId}" ("${spec}" in ${origin}) extends pack "${module.pluginId}", which is not loaded`,
        { module: module.moduleId, pack: module.pluginId },
      );
    }
    const twin = target.modules.find((m) => m.moduleId === module.moduleId);
    if (twin) {
      throw new KernelError(KernelErrorCodes.PLUGIN_DUPLICATE_ID, `Two modules of pack "${module.pluginId}" have the id "${module.moduleId}" ("${spec}" in ${origin})`, {
        module: module.moduleId,
        pack: module.pluginId,
      });
    }
    target.modules.push(module);
  }
  // A pack starts after what its modules need: their dependencies order and load as the pack's own.
  const depsOf = (pack: PlannedPack, key: 'dependsOn' | 'optionalDependsOn') => [
    ...new Set([...(pack.manifest[key] ?? []), ...pack.modules.flatMap((m) => m[key] ?? [])]),
  ];

  if (preset && presetPacks && loaded.config.presets?.[preset.name]) {
    for (const id of presetPacks) {
      if (!byId.has(id)) {
        throw new KernelError(KernelErrorCodes.CONFIG_INVALID, `Invalid configuration in ${origin}: preset "${preset.name}" names pack "${id}", which is not loaded`, {
          preset: preset.name,
          pack: id,
        });
      }
    }
  }
  for (const id of Object.keys(loaded.config.packs ?? {})) {
    if (!byId.has(id) && !deferred.has(id)) {
      throw new KernelError(KernelErrorCodes.CONFIG_INVALID, `Invalid configuration in ${origin}: key "packs.${id}" names a pack that is not loaded (loaded: ${[...byId.keys()].join(', ')})`, {
        key: `packs.${id}`,
      });
    }
  }

  const wanted = new Set(
    [...byId.keys()].filter(
      (id) => !implicit.has(id) && (!presetPacks || presetPacks.includes(id)) && loaded.config.packs?.[id]?.enabled !== false,
    ),
  );
  // Packs the wanted ones need load too, with their tools hidden.
  const needed = new Set<string>();
  const need = (id: string) => {
    if (needed.has(id)) return;
    needed.add(id);
    const pack = byId.get(id);
    for (const dep of pack ? depsOf(pack, 'dependsOn') : []) need(dep);
  };
  wanted.forEach(need);

  // Optional dependencies that are loaded init first; they are never pulled in (above) nor needed (below).
  const order = orderByDependencies(
    [...byId.values()].map((p) => ({ id: p.manifest.id, dependsOn: depsOf(p, 'dependsOn'), optionalDependsOn: depsOf(p, 'optionalDependsOn') })),
  );
  const packs: PlannedPack[] = [];
  const disabled: PackPlan['disabled'] = [];
  for (const id of order) {
    const pack = byId.get(id)!;
    if (!needed.has(id)) {
      disabled.push({ id, version: pack.manifest.version, modules: pack.modules.map((m) => ({ id: m.moduleId, version: m.version, state: 'disabled' as const })) });
      continue;
    }
    pack.exposed = wanted.has(id);
    packs.push(pack);
  }
  // Left out by the preset and not imported: built-in packs carry the package's version.
  for (const id of deferred) if (!byId.has(id)) disabled.push({ id, version: KERNEL_VERSION, modules: [] });
  const presetPacksMissing = (presetPacks ?? []).filter((id) => !byId.has(id));
  return { packs, disabled, preset, presetPacksMissing, toolFilter: loaded.config.tools };
}
