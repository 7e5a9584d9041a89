/**
 * The one list of built-in packs. Everything else that names built-in packs is
 * derived from it: which names resolve to a built-in pack (and which are
 * planned but not shipped yet), the built-in presets, the README's Tools table
 * (checked by a test), and the tool lists the tests expect. Adding a pack is one
 * entry here: turn its `status` to 'built' and give its `load`.
 *
 * Order matters: it is the default load order and the order tools are listed
 * in, so a pack comes after every pack it depends on (optionally too).
 */
import type { PluginManifest } from '../../sdk/plugin.js';

/** Built-in presets: short tool lists for one job each (descriptions in core/config/presets.ts). */
export type BuiltinPresetName = 'adr' | 'security' | 'docs';

interface CatalogEntryBase {
  id: string;
  /** The pack's tools, in the order its init registers them (a test checks this against a started kernel). */
  tools: readonly string[];
  /** Built-in presets that expose this pack's tools. */
  presets: readonly BuiltinPresetName[];
}

export interface BuiltPackEntry extends CatalogEntryBase {
  status: 'built';
  /** Imported only when the pack is selected. */
  load(): Promise<{ default: PluginManifest }>;
}

export interface PlannedPackEntry extends CatalogEntryBase {
  status: 'planned';
}

export type CatalogEntry = BuiltPackEntry | PlannedPackEntry;

export const PACK_CATALOG: readonly CatalogEntry[] = [
  // First: project, adr and ssg record into it (optionally), so it loads before them.
  {
    id: 'memory',
    status: 'built',
    load: () => import('../../plugins/memory/index.js'),
    tools: ['memory_recall', 'memory_insights', 'memory_similar', 'memory_export', 'memory_cleanup', 'manage_preferences', 'analyze_deployments'],
    presets: ['docs'],
  },
  {
    id: 'project',
    status: 'built',
    load: () => import('../../plugins/project/index.js'),
    tools: ['analyze_project_ecosystem', 'get_architectural_context', 'analyze_environment', 'analyze_repository'],
    presets: ['adr', 'docs'],
  },
  {
    id: 'adr',
    status: 'built',
    load: () => import('../../plugins/adr/index.js'),
    tools: [
      'discover_existing_adrs',
      'generate_adrs_from_prd',
      'generate_adr_from_decision',
      'suggest_adrs',
      'generate_adr_todo',
      'manage_todo_json',
      'compare_adr_progress',
      'validate_adrs',
      'get_adr_graph',
    ],
    presets: ['adr'],
  },
  {
    id: 'security',
    status: 'built',
    load: () => import('../../plugins/security/index.js'),
    tools: [
      'analyze_content_security',
      'generate_content_masking',
      'apply_basic_content_masking',
      'validate_content_masking',
      'configure_custom_patterns',
      'configure_output_masking',
    ],
    presets: ['security'],
  },
  {
    id: 'scoring',
    status: 'built',
    load: () => import('../../plugins/scoring/index.js'),
    tools: ['smart_score', 'deployment_readiness'],
    presets: ['adr'],
  },
  {
    id: 'workflow',
    status: 'built',
    load: () => import('../../plugins/workflow/index.js'),
    tools: ['troubleshoot_guided_workflow', 'get_workflow_guidance', 'get_development_guidance'],
    presets: ['adr'],
  },
  {
    id: 'research',
    status: 'built',
    load: () => import('../../plugins/research/index.js'),
    tools: ['generate_research_questions', 'create_research_template', 'incorporate_research'],
    presets: ['adr'],
  },
  {
    id: 'rules',
    status: 'built',
    load: () => import('../../plugins/rules/index.js'),
    tools: ['generate_rules', 'validate_rules', 'create_rule_set'],
    presets: ['adr'],
  },
  {
    id: 'deployment',
    status: 'built',
    load: () => import('../../plugins/deployment/index.js'),
    tools: ['smart_git_push', 'generate_deployment_guidance', 'analyze_deployment_progress'],
    presets: ['adr'],
  },
  {
    id: 'files',
    status: 'built',
    load: () => import('../../plugins/files/index.js'),
    tools: ['read_file', 'write_file', 'list_directory'],
    presets: ['adr', 'security'],
  },
  {
    id: 'system',
    status: 'built',
    load: () => import('../../plugins/system/index.js'),
    tools: ['manage_cache', 'check_ai_execution_status', 'request_action_confirmation'],
    presets: ['adr', 'security'],
  },
  {
    id: 'ssg',
    status: 'built',
    load: () => import('../../plugins/ssg/index.js'),
    tools: ['recommend_ssg', 'generate_config', 'setup_structure', 'deploy_pages', 'verify_deployment', 'test_local_deployment'],
    presets: ['docs'],
  },
  {
    id: 'freshness',
    status: 'built',
    load: () => import('../../plugins/freshness/index.js'),
    tools: ['track_documentation_freshness', 'validate_documentation_freshness', 'manage_sitemap'],
    presets: ['docs'],
  },
  {
    id: 'docs',
    status: 'built',
    load: () => import('../../plugins/docs/index.js'),
    tools: [
      'populate_diataxis_content',
      'update_existing_documentation',
      'detect_documentation_gaps',
      'detect_documentation_drift',
      'validate_diataxis_content',
      'validate_content',
      'check_documentation_links',
      'generate_llms_txt',
    ],
    presets: ['docs'],
  },
  {
    id: 'readme',
    status: 'built',
    load: () => import('../../plugins/readme/index.js'),
    tools: ['evaluate_readme_health', 'readme_best_practices', 'generate_readme_template', 'validate_readme_checklist', 'analyze_readme', 'optimize_readme'],
    presets: ['docs'],
  },
];

export const builtPacks = (): BuiltPackEntry[] => PACK_CATALOG.filter((p): p is BuiltPackEntry => p.status === 'built');

/** The built-in pack of that name, when this version ships it. */
export const builtinPack = (id: string): BuiltPackEntry | undefined => builtPacks().find((p) => p.id === id);

/** True for a built-in pack this version does not ship yet. */
export const isPlannedPack = (id: string): boolean => PACK_CATALOG.some((p) => p.id === id && p.status === 'planned');

/** The ids of the built-in packs a preset exposes, in catalogue order (planned ones included). */
export const packsInPreset = (preset: BuiltinPresetName): string[] => PACK_CATALOG.filter((p) => p.presets.includes(preset)).map((p) => p.id);
