/**
 * create_rule_set: rules checked against the published schema (each invalid one
 * named by index and id with what is wrong), then written as a JSON or YAML
 * rule set validate_rules reads, or returned. An existing file is never replaced.
 */
import { defineTool, FileSystemError, Params, StringEnum, Type, ValidationError, writeWorkspaceText } from '../../../sdk/index.js';
import type { RulesDeps } from '../deps.js';
import { RULE_SET_SCHEMA, RULE_SET_SCHEMA_ID, RuleSet, type RuleSetValue } from '../model/schema.js';
import { assertRules } from '../model/validate.js';
import { ruleSetText } from '../render.js';
import { tally } from './shared.js';

/**
 * The fields of an input rule, for the model writing one: types and the values each takes,
 * but no enum or pattern, so a wrong value reaches assertRules, which names the rule by index
 * and id with everything wrong in it (the kernel would stop at the first schema error).
 */
const RuleInput = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  properties: {
    id: { type: 'string', description: 'Unique; a-z 0-9 . _ -' },
    type: { type: 'string', description: 'naming|structure|dependencies|patterns|security' },
    description: { type: 'string' },
    severity: { type: 'string', description: 'error|warning|info' },
    source: { type: ['object', 'string'], description: '{kind: adr|code|manual, ...}; "manual" or absent: manual' },
    check: {
      type: ['object', 'null'],
      description: 'null, or {kind, ...}: forbid-pattern {glob, regex}, forbid-import {from, to}, (forbid|require)-dependency {packages}, file-naming {glob, pattern}, folder-structure {glob, within}, forbid-file {glob}',
    },
    uncheckedReason: { type: 'string', description: 'Why check is null.' },
    fix: { type: 'string' },
  },
  required: ['id', 'type', 'description', 'severity', 'check'],
});

/** A source given as its kind alone ("manual"), as people write it: the object form the schema has. */
const sourceObject = (rule: unknown) => {
  if (typeof rule !== 'object' || rule === null) return rule;
  const { source } = rule as { source?: unknown };
  if (source === undefined) return { ...rule, source: { kind: 'manual' } };
  return typeof source === 'string' ? { ...rule, source: { kind: source } } : rule;
};

/** A limit of the published rule-set schema, for the input to check the same. */
const limitOf = (schema: object, keyword: 'maxLength' | 'maxItems') => (schema as Record<string, number>)[keyword];

export const createRuleSetTool = (_deps: RulesDeps) =>
  defineTool({
    name: 'create_rule_set',
    title: 'Create a rule set',
    description:
      'Write an architecture rule set file (json or yaml) for validate_rules, each rule checked against the published schema (in the result). ' +
      'Use it to save rules; generate_rules output can be passed as is.',
    input: Params({
      // The rule set's own limits (its published schema): input past them is refused naming the parameter, not found out by the output check.
      name: Type.String({ minLength: 1, maxLength: limitOf(RuleSet.properties.name, 'maxLength'), description: 'Name of the rule set.' }),
      description: Type.Optional(Type.String({ maxLength: limitOf(RuleSet.properties.description, 'maxLength'), description: 'What the rule set is for.' })),
      rules: Type.Array(RuleInput, { maxItems: limitOf(RuleSet.properties.rules, 'maxItems'), description: 'The rules.' }),
      outputPath: Type.Optional(Type.String({ description: 'File to write, relative to the workspace root (.json, .yaml); absent: only returned.' })),
      format: Type.Optional(StringEnum(['json', 'yaml'] as const, { default: 'json', description: 'Serialisation of the rule set.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      format: Type.String(),
      written: Type.Union([Type.String(), Type.Null()], { description: 'Workspace-relative path written, null when only returned.' }),
      content: Type.String({ description: 'The rule set as written (json or yaml).' }),
      ruleSet: RuleSet,
      $schema: Type.String({ description: 'Id of the rule set schema.' }),
      schema: Type.Record(Type.String(), Type.Unknown(), { description: 'The published JSON schema (draft-07) a rule set follows.' }),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    async handler(input, context) {
      const format = input.format ?? 'json';
      // A rule written by hand may leave its source out, or give only its kind: "manual".
      const rules = input.rules.map(sourceObject);
      assertRules(rules, 'rules');
      const ruleSet: RuleSetValue = {
        $schema: RULE_SET_SCHEMA_ID,
        name: input.name,
        ...(input.description ? { description: input.description } : {}),
        version: 1,
        rules,
      };
      const content = ruleSetText(ruleSet, format);
      let written: string | null = null;
      if (input.outputPath !== undefined) {
        const yaml = /\.ya?ml$/i.test(input.outputPath);
        const json = /\.json$/i.test(input.outputPath);
        if ((format === 'yaml' && !yaml) || (format === 'json' && !json)) {
          throw new ValidationError(`parameter "outputPath": "${input.outputPath}" must end in ${format === 'yaml' ? '.yaml or .yml' : '.json'} for format ${format} (validate_rules reads a rule set by its extension)`, { parameter: 'outputPath' });
        }
        const target = await context.workspace.resolve(input.outputPath, 'outputPath');
        const created = await writeWorkspaceText(context.workspace, target, content, { replace: false, param: 'outputPath' });
        if (!created) throw new FileSystemError(`parameter "outputPath": "${input.outputPath}" already exists; it is not replaced (choose another path or remove it first)`, { parameter: 'outputPath', path: input.outputPath });
        written = context.workspace.relative(target);
      }
      const byType = Object.entries(tally(rules, (rule) => rule.type)).map(([type, n]) => `${n} ${type}`).join(', ');
      const checkable = rules.filter((rule) => rule.check).length;
      const summary = `Rule set "${input.name}": ${rules.length} valid rule(s)${rules.length ? ` (${byType})` : ''}, ${checkable} with an automatic check; ${written ? `written to ${written} (${format})` : `returned as ${format}, not written`}.`;
      return { summary, format, written, content, ruleSet, $schema: RULE_SET_SCHEMA_ID, schema: RULE_SET_SCHEMA };
    },
  });
