/**
 * A project's rule set: the ADR rules (decisions) first, then the observed
 * conventions, filtered by rule type; a convention an ADR already states (the
 * same check) is kept once, with the ADR as its source.
 */
import { relative, sep } from 'node:path';
import type { Workspace } from '../../sdk/index.js';
import { rulesFromAdrs } from './adr/from-adrs.js';
import { rulesFromCode } from './code/from-code.js';
import type { RulesDeps } from './deps.js';
import { cutText, fitRule } from './model/fit.js';
import { RULE_SET_SCHEMA_ID, RULE_TYPES, type RuleSetValue, type RuleType, type RuleValue } from './model/schema.js';
import { loadProject, type ProjectView } from './project-view.js';

export type RuleTypeParam = RuleType | 'all';

export interface GenerateOptions {
  source: 'adrs' | 'code' | 'both';
  adrDirectory?: string;
  projectPath?: string;
  ruleTypes?: readonly RuleTypeParam[];
}

export interface Generated {
  view: ProjectView;
  ruleSet: RuleSetValue;
  adrs: { directory: string; found: boolean; total: number; used: number };
}

export function selectedTypes(ruleTypes: readonly RuleTypeParam[] | undefined): Set<RuleType> {
  if (!ruleTypes || ruleTypes.length === 0 || ruleTypes.includes('all')) return new Set(RULE_TYPES);
  return new Set(ruleTypes.filter((type): type is RuleType => type !== 'all'));
}

export async function generateRuleSet(deps: RulesDeps, workspace: Workspace, options: GenerateOptions, signal: AbortSignal, view?: ProjectView): Promise<Generated> {
  const project = view ?? (await loadProject(deps, workspace, options.projectPath, signal));
  const types = selectedTypes(options.ruleTypes);
  const rules: RuleValue[] = [];
  let adrs: Generated['adrs'] = { directory: options.adrDirectory ?? 'docs/adrs', found: false, total: 0, used: 0 };
  if (options.source !== 'code') {
    const location = await deps.catalog.locate(project.root, options.adrDirectory, workspace, 'adrDirectory');
    const catalog = await deps.catalog.read(location);
    // ADR paths in rules are project-relative, like every other path in a rule set.
    const folder = relative(project.root, location.dir).split(sep).join('/');
    const fromAdrs = rulesFromAdrs(catalog, folder, project).filter((rule) => types.has(rule.type));
    rules.push(...fromAdrs);
    adrs = { directory: location.relative, found: location.exists, total: catalog.adrs.length, used: new Set(fromAdrs.map((rule) => (rule.source.kind === 'adr' ? rule.source.path : ''))).size };
  }
  if (options.source !== 'adrs') rules.push(...(await rulesFromCode(project, types, signal)));

  const seenChecks = new Set<string>();
  const seenIds = new Set<string>();
  const unique: RuleValue[] = [];
  for (const generated of rules) {
    const { rule, problems } = fitRule(generated);
    if (!rule) {
      deps.logger.warn({ ruleId: generated.id, problems: problems.slice(0, 5) }, 'generated rule left out: it does not fit the rule set schema');
      continue;
    }
    const key = rule.check ? JSON.stringify({ ...rule.check, ignore: undefined }) : null;
    if (key && seenChecks.has(key)) continue;
    if (key) seenChecks.add(key);
    let id = rule.id;
    for (let n = 2; seenIds.has(id); n++) id = `${rule.id}-${n}`;
    seenIds.add(id);
    unique.push({ ...rule, id });
  }
  const name = project.prefix ? project.prefix.split('/').pop()! : workspace.root.split('/').pop() || 'project';
  return {
    view: project,
    adrs,
    ruleSet: {
      $schema: RULE_SET_SCHEMA_ID,
      name: cutText(`${name} architecture rules`, 200),
      description: `Generated from ${options.source === 'both' ? 'the ADRs and the code' : options.source === 'adrs' ? 'the ADRs' : 'the code'} of ${project.prefix || 'the workspace'}.`,
      version: 1,
      generatedAt: new Date().toISOString(),
      rules: unique,
    },
  };
}
