/**
 * After the packs registered their tools: the config's tool filters are checked against
 * them (a typo such as `read_fiel` would otherwise hide or keep nothing without a word), and
 * the toolsets sessions start with are planned (core/tools/toolsets.ts).
 */
import type { LoadedConfig } from '../config/load.js';
import type { ToolFilterValue } from '../config/schema.js';
import { KernelError, KernelErrorCodes } from '../errors.js';
import { globToRegExp } from '../tools/name-filter.js';
import type { ToolRegistry } from '../tools/registry.js';
import { planToolsets, type Toolsets } from '../tools/toolsets.js';

export interface SelectionInput {
  loaded: LoadedConfig;
  registry: ToolRegistry;
  /** Loaded packs in load order. */
  packs: Array<{ id: string; description: string }>;
  /** The preset in force (CLI or config), if any. */
  preset: string | undefined;
}

/** The closest name by edit distance, when close enough to be a typo. */
function nearest(name: string, names: readonly string[]): string | undefined {
  const distance = (a: string, b: string) => {
    let row = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
      const next = [i];
      for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      row = next;
    }
    return row[b.length]!;
  };
  let best: { name: string; d: number } | undefined;
  for (const candidate of names) {
    const d = distance(name, candidate);
    if (!best || d < best.d) best = { name: candidate, d };
  }
  return best && best.d <= Math.max(2, Math.floor(name.length / 4)) ? best.name : undefined;
}

function checkFilter(filter: ToolFilterValue | undefined, key: string, names: readonly string[], origin: string): void {
  for (const part of ['include', 'exclude'] as const) {
    for (const [index, glob] of (filter?.[part] ?? []).entries()) {
      const pattern = globToRegExp(glob);
      if (names.some((name) => pattern.test(name))) continue;
      const guess = /[*?]/.test(glob) ? undefined : nearest(glob, names);
      throw new KernelError(
        KernelErrorCodes.CONFIG_INVALID,
        `Invalid configuration in ${origin}: key "${key}.${part}[${index}]" names "${glob}", which matches no tool${guess ? ` (did you mean "${guess}"?)` : ''}`,
        { key: `${key}.${part}[${index}]`, value: glob, ...(guess ? { suggestion: guess } : {}) },
      );
    }
  }
}

export function selectTools(input: SelectionInput): Toolsets {
  const { config, file } = input.loaded;
  const origin = file ?? 'the default configuration';
  const all = input.registry.allNames();
  checkFilter(config.tools, 'tools', all, origin);
  for (const [id, settings] of Object.entries(config.packs ?? {})) checkFilter(settings.tools, `packs.${id}.tools`, input.registry.namesOfPack(id), origin);
  for (const [name, preset] of Object.entries(config.presets ?? {})) checkFilter(preset.tools, `presets.${name}.tools`, all, origin);

  const includes = Boolean(config.tools?.include || Object.values(config.packs ?? {}).some((p) => p.tools?.include));
  return planToolsets({
    tools: input.registry.exposed().map((t) => ({ name: t.definition.name, packId: t.packId })),
    packs: input.packs,
    configured: config.toolsets,
    chosen: input.preset !== undefined || config.plugins !== undefined || includes,
    origin,
  });
}
