/**
 * Built-in presets: short tool lists for one job each, because a long list
 * makes models pick the wrong tool. A preset names the packs whose tools are
 * exposed; their dependencies still load, with their tools hidden. Which packs
 * belong to a preset is said by each pack's entry in the catalogue
 * (core/plugins/catalog.ts); only the descriptions live here.
 */
import { packsInPreset, type BuiltinPresetName } from '../plugins/catalog.js';

export interface PresetDefinition {
  description?: string;
  packs?: string[];
  tools?: { include?: string[]; exclude?: string[] };
}

const DESCRIPTIONS: Record<BuiltinPresetName, string> = {
  adr: 'Architecture decisions: project analysis, ADRs, scoring, workflow, research, rules, deployment, files and system.',
  security: 'Content security: detection, masking and validation, with files and system.',
  docs: 'Documentation sites: repository analysis, SSGs, Diataxis content, README, freshness and memory.',
};

export const BUILTIN_PRESETS: Record<string, PresetDefinition> = {
  ...Object.fromEntries(
    (Object.keys(DESCRIPTIONS) as BuiltinPresetName[]).map((name) => [name, { description: DESCRIPTIONS[name], packs: packsInPreset(name) }]),
  ),
  all: { description: 'Every loaded pack.' },
};
