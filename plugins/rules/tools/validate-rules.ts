/**
 * validate_rules: a project (or one file) checked against a rule set — the one
 * at rulesPath (json or yaml, checked against the published schema first), or
 * the rules generate_rules derives from the ADRs and the code. Each violation
 * names the file, the line when there is one, the rule and a fix.
 */
import { stat } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { defineTool, FileSystemError, Params, StringEnum, Type, ValidationError } from '../../../sdk/index.js';
import { ConversationContext, ConversationUse, conversationFocus, conversationUse, focusFirst, ProjectPath } from '../../project/api.js';
import { runRules, type Violation } from '../check/run.js';
import type { RulesDeps } from '../deps.js';
import { generateRuleSet, selectedTypes } from '../generate.js';
import { RULE_TYPES, SEVERITIES } from '../model/schema.js';
import { parseRuleSet } from '../model/validate.js';
import { loadProject } from '../project-view.js';
import { Counts, RuleTypes, tally } from './shared.js';

const LISTED = 100;
const MAX_RULE_SET_BYTES = 2 * 1024 * 1024;

const ViolationSchema = Type.Object({
  file: Type.String({ description: 'Relative to the project.' }),
  line: Type.Union([Type.Integer(), Type.Null()], { description: 'null: the file itself (name, place) or the project (a missing dependency).' }),
  ruleId: Type.String(),
  type: StringEnum(RULE_TYPES),
  severity: StringEnum(SEVERITIES),
  message: Type.String(),
  fix: Type.String(),
});

export const validateRulesTool = (deps: RulesDeps) =>
  defineTool({
    name: 'validate_rules',
    title: 'Validate architecture rules',
    description:
      'Check a project or one file against architecture rules (a rule set file, else the rules generate_rules derives), listing each violation with file, line, rule and fix. ' +
      'Use it to enforce decisions in code; for how far ADRs are implemented, use compare_adr_progress. Read-only.',
    input: Params({
      filePath: Type.Optional(Type.String({ description: 'One file to check, relative to the project; absent: the whole project.' })),
      projectPath: ProjectPath(),
      rulesPath: Type.Optional(Type.String({ description: 'Rule set file (json, yaml), relative to the workspace root; absent: rules are generated.' })),
      ruleTypes: RuleTypes('Only rules of these types; absent: all.'),
      outputFormat: Type.Optional(StringEnum(['detailed', 'summary', 'json'] as const, { default: 'detailed', description: 'detailed: every violation; summary: counts; json: structured result only.' })),
      conversationContext: ConversationContext('focusAreas and userGoals put the violations of rules serving them first; what is checked does not depend on it.'),
    }),
    output: Type.Object({
      summary: Type.String(),
      valid: Type.Boolean({ description: 'No violation of an error-severity rule.' }),
      outputFormat: Type.String(),
      report: Type.Optional(Type.String({ description: 'The readable report (detailed or summary).' })),
      rulesSource: Type.Object({ kind: StringEnum(['file', 'generated'] as const), path: Type.Union([Type.String(), Type.Null()]), name: Type.String(), rules: Type.Integer() }),
      scope: Type.Object({ filePath: Type.Union([Type.String(), Type.Null()]), filesChecked: Type.Integer() }),
      violations: Type.Optional(Type.Array(ViolationSchema, { description: `At most ${LISTED}, errors first (not in summary format).` })),
      violationTotal: Type.Integer(),
      bySeverity: Counts,
      byType: Counts,
      byRule: Type.Array(Type.Object({ ruleId: Type.String(), type: Type.String(), severity: Type.String(), status: Type.String(), violations: Type.Integer(), files: Type.Integer(), note: Type.Optional(Type.String()) })),
      truncated: Type.Boolean({ description: 'More violations than listed.' }),
      conversation: Type.Optional(ConversationUse('Ids of the rules serving the phrase.')),
    }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    async handler(input, context) {
      const format = input.outputFormat ?? 'detailed';
      const { workspace, signal } = context;
      const view = await loadProject(deps, workspace, input.projectPath, signal);

      let only: string | null = null;
      if (input.filePath !== undefined) {
        const absolute = await workspace.resolve(input.filePath, 'filePath');
        const inside = relative(view.root, absolute).split(sep).join('/');
        if (inside === '' || inside.startsWith('../') || inside === '..') throw new ValidationError(`parameter "filePath": "${input.filePath}" is not inside the project (expected a file under ${view.prefix || 'the workspace root'})`, { parameter: 'filePath' });
        const info = await stat(absolute).catch(() => null);
        if (!info) throw new FileSystemError(`parameter "filePath": "${input.filePath}" does not exist (expected a file in the project)`, { parameter: 'filePath' });
        if (!info.isFile()) throw new FileSystemError(`parameter "filePath": "${input.filePath}" is a folder (expected one file; omit filePath to check the project)`, { parameter: 'filePath' });
        only = inside;
      }

      let rulesSource;
      let rules;
      if (input.rulesPath !== undefined) {
        const text = await workspace.readText(input.rulesPath, { param: 'rulesPath', maxBytes: MAX_RULE_SET_BYTES });
        const set = parseRuleSet(text, input.rulesPath, 'rulesPath');
        rules = set.rules;
        rulesSource = { kind: 'file' as const, path: input.rulesPath, name: set.name, rules: set.rules.length };
      } else {
        const generated = await generateRuleSet(deps, workspace, { source: 'both', projectPath: input.projectPath, ruleTypes: input.ruleTypes }, signal, view);
        rules = generated.ruleSet.rules;
        rulesSource = { kind: 'generated' as const, path: null, name: generated.ruleSet.name, rules: rules.length };
      }
      const types = selectedTypes(input.ruleTypes);
      rules = rules.filter((rule) => types.has(rule.type));

      const run = await runRules(rules, view, only, signal);
      const severityRank = (v: Violation) => SEVERITIES.indexOf(v.severity);
      let violations = [...run.violations].sort((a, b) => severityRank(a) - severityRank(b));
      let conversation;
      if (input.conversationContext) {
        const focus = conversationFocus(input.conversationContext);
        const byId = new Map(rules.map((rule) => [rule.id, rule]));
        const ordered = focusFirst(violations, focus, (v) => `${v.type} ${byId.get(v.ruleId)?.description ?? ''}`);
        violations = ordered.map((entry) => entry.item);
        const orderedRules = focusFirst(rules, focus, (rule) => `${rule.type} ${rule.description}`);
        conversation = conversationUse(focus, orderedRules, (rule) => rule.id, 'rule');
      }
      const total = run.outcomes.reduce((sum, outcome) => sum + outcome.violations, 0);
      const bySeverity = tally(violations, (v) => v.severity);
      const byType = tally(violations, (v) => v.type);
      const ruleOf = new Map(rules.map((rule) => [rule.id, rule]));
      const byRule = run.outcomes.map((outcome) => ({ ...outcome, type: ruleOf.get(outcome.ruleId)!.type, severity: ruleOf.get(outcome.ruleId)!.severity }));
      const valid = !violations.some((v) => v.severity === 'error');
      const where = only ? only : view.prefix || 'the project';
      const top = violations[0];
      const summary =
        `${total} violation(s) of ${rules.length} rule(s) in ${where} (${run.filesChecked} file(s) checked; rules ${rulesSource.kind === 'file' ? `from ${rulesSource.path}` : 'generated from the ADRs and the code'})` +
        (top ? `; first: ${top.file}${top.line !== null ? `:${top.line}` : ''} ${top.ruleId}.` : '.');
      const listed = violations.slice(0, LISTED);
      const report = format === 'detailed' ? detailed(summary, listed, total) : format === 'summary' ? summaryReport(summary, byRule, byType) : undefined;
      return {
        summary,
        valid,
        outputFormat: format,
        ...(report !== undefined ? { report } : {}),
        rulesSource,
        scope: { filePath: only, filesChecked: run.filesChecked },
        ...(format === 'summary' ? {} : { violations: listed }),
        violationTotal: total,
        bySeverity,
        byType,
        byRule,
        truncated: total > listed.length,
        ...(conversation ? { conversation } : {}),
      };
    },
  });

function detailed(summary: string, violations: readonly Violation[], total: number): string {
  const lines = [summary, ''];
  for (const v of violations) lines.push(`- ${v.file}${v.line !== null ? `:${v.line}` : ''} [${v.severity}] ${v.ruleId}: ${v.message}`, `  Fix: ${v.fix}`);
  if (total > violations.length) lines.push(`... ${total - violations.length} more (see byRule).`);
  return lines.join('\n');
}

function summaryReport(summary: string, byRule: ReadonlyArray<{ ruleId: string; type: string; status: string; violations: number }>, byType: Record<string, number>): string {
  const lines = [summary, '', 'By type:'];
  for (const [type, n] of Object.entries(byType)) lines.push(`- ${type}: ${n}`);
  lines.push('', 'By rule:');
  for (const rule of byRule) lines.push(`- ${rule.ruleId} (${rule.type}): ${rule.status === 'checked' ? `${rule.violations} violation(s)` : rule.status}`);
  return lines.join('\n');
}
