/**
 * generate_rules: architecture rules for a project from its ADRs (chosen and
 * rejected technologies, stated layer boundaries) and from the conventions its
 * code follows, each with its source and an automatic check where one exists.
 * The json and yaml forms are rule sets validate_rules and create_rule_set accept.
 */
import { defineTool, Params, StringEnum, Type } from '../../../sdk/index.js';
import { ConversationContext, ConversationUse, conversationFocus, conversationUse, focusFirst, ProjectPath } from '../../project/api.js';
import type { RulesDeps } from '../deps.js';
import { generateRuleSet } from '../generate.js';
import { RULE_SET_SCHEMA_ID, RuleSet, type RuleSetValue } from '../model/schema.js';
import { ruleSetMarkdown, ruleSetText } from '../render.js';
import { Counts, RuleTypes, tally } from './shared.js';

export const generateRulesTool = (deps: RulesDeps) =>
  defineTool({
    name: 'generate_rules',
    title: 'Generate architecture rules',
    description:
      'Derive architecture rules from a project\'s ADR decisions and the conventions its code follows, each with its source and an automatic check. ' +
      'Use it to start a rule set (json/yaml output feeds create_rule_set); to check code against rules, use validate_rules. Read-only.',
    input: Params({
      source: Type.Optional(StringEnum(['adrs', 'code', 'both'] as const, { default: 'both', description: 'Derive rules from the ADRs, the code\'s conventions, or both.' })),
      adrDirectory: Type.Optional(Type.String({ default: 'docs/adrs', description: 'Folder of the ADRs, relative to the project; falls back to the usual ADR folders.' })),
      projectPath: ProjectPath(),
      ruleTypes: RuleTypes('Kinds of rules to generate; absent: all.'),
      outputFormat: Type.Optional(StringEnum(['markdown', 'json', 'yaml'] as const, { default: 'markdown', description: 'markdown: readable list; json or yaml: a valid rule set.' })),
      conversationContext: ConversationContext('focusAreas and userGoals put the rules serving them first; which rules are made does not depend on it.'),
    }),
    output: Type.Object({
      summary: Type.String(),
      outputFormat: Type.String(),
      content: Type.String({ description: 'The rules in the requested format.' }),
      ruleSet: RuleSet,
      schema: Type.String({ description: 'Id of the published JSON schema the rule set follows (create_rule_set returns the schema itself).' }),
      counts: Type.Object({ total: Type.Integer(), byType: Counts, fromAdrs: Type.Integer(), fromCode: Type.Integer(), checkable: Type.Integer() }),
      adrs: Type.Object({ directory: Type.String(), found: Type.Boolean(), total: Type.Integer(), used: Type.Integer({ description: 'ADRs at least one rule comes from.' }) }),
      truncated: Type.Boolean({ description: 'The project has more source files than the import graph reads.' }),
      conversation: Type.Optional(ConversationUse('Ids of the rules serving the phrase.')),
    }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    async handler(input, context) {
      const source = input.source ?? 'both';
      const format = input.outputFormat ?? 'markdown';
      const generated = await generateRuleSet(deps, context.workspace, { source, adrDirectory: input.adrDirectory, projectPath: input.projectPath, ruleTypes: input.ruleTypes }, context.signal);
      let ruleSet: RuleSetValue = generated.ruleSet;
      let conversation;
      if (input.conversationContext) {
        const focus = conversationFocus(input.conversationContext);
        const ordered = focusFirst(ruleSet.rules, focus, (rule) => `${rule.type} ${rule.description}`);
        ruleSet = { ...ruleSet, rules: ordered.map((entry) => entry.item) };
        conversation = conversationUse(focus, ordered, (rule) => rule.id, 'rule');
      }
      const rules = ruleSet.rules;
      const fromAdrs = rules.filter((rule) => rule.source.kind === 'adr').length;
      const counts = { total: rules.length, byType: tally(rules, (rule) => rule.type), fromAdrs, fromCode: rules.length - fromAdrs, checkable: rules.filter((rule) => rule.check).length };
      const adrNote = source === 'code' ? '' : generated.adrs.found ? ` ${generated.adrs.used} of ${generated.adrs.total} ADR(s) in ${generated.adrs.directory} gave rules.` : ` No ADR folder found at ${generated.adrs.directory}.`;
      const byType = Object.entries(counts.byType).map(([type, n]) => `${n} ${type}`).join(', ');
      const summary = `${counts.total} rule(s)${counts.total ? ` (${byType})` : ''}: ${fromAdrs} from ADRs, ${counts.fromCode} from the code; ${counts.checkable} with an automatic check.${adrNote}`;
      return {
        summary,
        outputFormat: format,
        content: format === 'markdown' ? ruleSetMarkdown(ruleSet) : ruleSetText(ruleSet, format),
        ruleSet,
        schema: RULE_SET_SCHEMA_ID,
        counts,
        adrs: generated.adrs,
        truncated: generated.view.truncated,
        ...(conversation ? { conversation } : {}),
      };
    },
  });
