/**
 * Built-in presets: short tool lists for one job each, because a long list
 * makes models pick the wrong tool. A preset names the packs whose tools are
 * exposed; their dependencies still load, with their tools hidden.
 */
export interface PresetDefinition {
  description?: string;
  packs?: string[];
  tools?: { include?: string[]; exclude?: string[] };
}

export const BUILTIN_PRESETS: Record<string, PresetDefinition> = {
  adr: {
    description: 'Architecture decisions: project analysis, ADRs, scoring, workflow, research, rules, deployment, files and system.',
    packs: ['project', 'adr', 'scoring', 'workflow', 'research', 'rules', 'deployment', 'files', 'system'],
  },
  security: {
    description: 'Content security: detection, masking and validation, with files and system.',
    packs: ['security', 'files', 'system'],
  },
  docs: {
    description: 'Documentation sites: repository analysis, SSGs, Diataxis content, README, freshness and memory.',
    packs: ['project', 'ssg', 'docs', 'readme', 'freshness', 'memory'],
  },
  all: { description: 'Every loaded pack.' },
};
