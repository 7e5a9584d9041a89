/**
 * Toolsets: how much of the tool list a client's model sees. The whole list goes into the
 * model's context on connect and models choose worse among many tools, so with no config a
 * session starts with the entry points of both services' flows, and the model enables more
 * by name (list_available_toolsets, get_toolset_tools, enable_toolset: the GitHub MCP
 * server's names, core/server/toolset-tools.ts). A toolset is one pack's exposed tools.
 *
 * Served from the start: the config's `toolsets` ("default", "all" or pack names); every
 * exposed tool when the user chose them otherwise (a preset, a `plugins` list, a
 * `tools.include`); else "default". What may be enabled: every exposed tool, so a team
 * forbids a toolset by disabling its pack (packs.<id>.enabled: false) or excluding its tools.
 */
import { KernelError, KernelErrorCodes } from '../errors.js';

export const DEFAULT_TOOLSET = 'default';
export const ALL_TOOLSETS = 'all';

/**
 * The "default" toolset: the tools of the flows the seeds recommend, first steps first.
 * Documentation service (seed 001 section 1, flows 1-7): analysis, recommendation, config,
 * structure, deployment; population; gaps, then validation; freshness. ADR service (seed 000
 * section 4, "Common tool sequences"): new project, existing project, security review,
 * troubleshooting. The rest of each flow is one enable_toolset away (the `adr` toolset holds
 * generate_adr_todo, the second step after a PRD). Together they fit the 40 KB a start may take.
 */
export const DEFAULT_TOOLS: readonly string[] = [
  'analyze_repository',
  'recommend_ssg',
  'generate_config',
  'setup_structure',
  'deploy_pages',
  'populate_diataxis_content',
  'detect_documentation_gaps',
  'validate_content',
  'track_documentation_freshness',
  'analyze_project_ecosystem',
  'discover_existing_adrs',
  'suggest_adrs',
  'generate_adrs_from_prd',
  'compare_adr_progress',
  'smart_score',
  'get_workflow_guidance',
  'analyze_content_security',
  'troubleshoot_guided_workflow',
];

export interface ToolsetInfo {
  name: string;
  description: string;
  /** Exposed tool names, in listing order. */
  tools: string[];
}

export class Toolsets {
  private readonly byName: Map<string, ToolsetInfo>;

  constructor(
    private readonly sets: ToolsetInfo[],
    /** The tools every session starts with. */
    readonly initial: ReadonlySet<string>,
  ) {
    this.byName = new Map(sets.map((set) => [set.name, set]));
  }

  list(): readonly ToolsetInfo[] {
    return this.sets;
  }

  get(name: string): ToolsetInfo | undefined {
    return this.byName.get(name);
  }

  /** Every exposed tool is served from the start: nothing is left to enable. */
  get complete(): boolean {
    return this.sets.every((set) => set.tools.every((tool) => this.initial.has(tool)));
  }
}

export interface ToolsetPlanInput {
  /** Exposed tools with their pack, in listing order. */
  tools: Array<{ name: string; packId: string }>;
  /** Loaded packs (id and description), in load order. */
  packs: Array<{ id: string; description: string }>;
  /** The config's `toolsets`, when given. */
  configured?: readonly string[];
  /** True when the user chose the tools another way (preset, plugins list, tools.include): all are served. */
  chosen: boolean;
  /** Names the config file, for errors. */
  origin: string;
}

export function planToolsets(input: ToolsetPlanInput): Toolsets {
  const sets = input.packs
    .map((pack) => ({ name: pack.id, description: pack.description, tools: input.tools.filter((t) => t.packId === pack.id).map((t) => t.name) }))
    .filter((set) => set.tools.length > 0);
  const all = input.tools.map((t) => t.name);
  const names = input.configured ?? (input.chosen ? [ALL_TOOLSETS] : [DEFAULT_TOOLSET]);
  const initial = new Set<string>();
  for (const [index, name] of names.entries()) {
    if (name === ALL_TOOLSETS) all.forEach((tool) => initial.add(tool));
    else if (name === DEFAULT_TOOLSET) all.filter((tool) => DEFAULT_TOOLS.includes(tool)).forEach((tool) => initial.add(tool));
    else {
      const set = sets.find((s) => s.name === name);
      if (!set) {
        const known = [DEFAULT_TOOLSET, ALL_TOOLSETS, ...sets.map((s) => s.name)];
        throw new KernelError(
          KernelErrorCodes.CONFIG_INVALID,
          `Invalid configuration in ${input.origin}: key "toolsets[${index}]" names "${name}", which is no toolset with exposed tools (toolsets: ${known.join(', ')})`,
          { key: `toolsets[${index}]`, known },
        );
      }
      set.tools.forEach((tool) => initial.add(tool));
    }
  }
  return new Toolsets(sets, initial);
}
