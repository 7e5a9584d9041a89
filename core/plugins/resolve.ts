/**
 * Turning the config's `plugins` entries into manifests: a built-in name, a
 * path relative to the config file, or a package name resolved from the
 * config's folder. A module may export one manifest (default export) or an
 * array of plugin and module manifests.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { isModuleManifest, isPluginManifest, type ModuleManifest, type PluginManifest } from '../../sdk/plugin.js';
import type { LoadedConfig } from '../config/load.js';
import type { PluginEntryValue } from '../config/schema.js';
import { KernelError, KernelErrorCodes, messageOf } from '../errors.js';
import { builtinPack, builtPacks, isPlannedPack } from './catalog.js';
import { moduleLoaderFor } from './module-loader.js';

export type PackSource = 'builtin' | 'path' | 'package' | 'inline';

export interface ResolvedEntry {
  spec: string;
  source: PackSource;
  options: Record<string, unknown> | undefined;
  plugins: PluginManifest[];
  modules: ModuleManifest[];
}

const isPathSpec = (spec: string) => spec.startsWith('.') || isAbsolute(spec);

function collect(exported: unknown, spec: string, origin: string): Pick<ResolvedEntry, 'plugins' | 'modules'> {
  const candidates = Array.isArray(exported)
    ? exported
    : [exported, ...Object.values((exported as Record<string, unknown>) ?? {})];
  const plugins = [...new Set(candidates.filter(isPluginManifest))];
  const modules = [...new Set(candidates.filter(isModuleManifest))];
  if (!plugins.length && !modules.length) {
    throw new KernelError(
      KernelErrorCodes.PLUGIN_INVALID_MANIFEST,
      `Pack "${spec}" (from ${origin}) exports no pack: its default export must be definePlugin({...}) or defineModule({...})`,
      { spec, file: origin },
    );
  }
  return { plugins, modules };
}

export async function resolveEntry(entry: PluginEntryValue, loaded: LoadedConfig): Promise<ResolvedEntry> {
  const [spec, options] = typeof entry === 'string' ? [entry, undefined] : entry;
  const origin = loaded.file ?? 'the default configuration';

  const builtin = builtinPack(spec);
  if (builtin) {
    const mod = await builtin.load();
    return { spec, source: 'builtin', options, ...collect(mod.default, spec, origin) };
  }
  if (!isPathSpec(spec) && isPlannedPack(spec)) {
    throw new KernelError(KernelErrorCodes.PLUGIN_NOT_FOUND, `Pack "${spec}" named in ${origin} is a built-in pack that this version of Toolpack does not ship yet`, {
      spec,
      file: loaded.file,
    });
  }

  const loader = await moduleLoaderFor(loaded.dir);
  let target = spec;
  if (isPathSpec(spec)) {
    target = resolve(loaded.dir, spec);
    const exists = ['', '.ts', '.mts', '.js', '.mjs', '/index.ts', '/index.js', '/index.mjs'].some((ext) => existsSync(target + ext));
    if (!exists) {
      throw new KernelError(KernelErrorCodes.PLUGIN_NOT_FOUND, `Pack "${spec}" named in ${origin} not found: no file at ${target}`, { spec, file: loaded.file });
    }
  } else {
    try {
      target = loader.esmResolve(spec);
    } catch {
      throw new KernelError(
        KernelErrorCodes.PLUGIN_NOT_FOUND,
        `Unknown pack "${spec}" named in ${origin}: it is not a built-in pack (${builtPacks().map((p) => p.id).join(', ')}), not a relative path, and no package of that name is installed`,
        { spec, file: loaded.file },
      );
    }
  }
  let exported: unknown;
  try {
    exported = await loader.import(target);
  } catch (error) {
    throw new KernelError(KernelErrorCodes.PLUGIN_LOAD_FAILED, `Pack "${spec}" named in ${origin} failed to load: ${messageOf(error)}`, { spec, file: loaded.file }, { cause: error });
  }
  const source: PackSource = isPathSpec(spec) ? 'path' : 'package';
  const mod = exported as { default?: unknown };
  return { spec, source, options, ...collect(mod.default ?? mod, spec, origin) };
}
