/**
 * validate_adrs: lint the ADR folder (or one record) against the rules in ../validate/rules.ts.
 * Built on the same catalogue and folder lookup as discover_existing_adrs, so the two agree on
 * the folder, the records, their statuses and the problems both report. Read-only.
 */
import { isAbsolute, join, relative, sep } from 'node:path';
import { defineTool, FileSystemError, Params, StringEnum, Type, ValidationError } from '../../../sdk/index.js';
import { ProjectPath } from '../../project/api.js';
import type { AdrToolDeps } from '../deps.js';
import { DEFAULT_ADR_DIRECTORY } from '../service.js';
import type { ValidationContext } from '../validate/context.js';
import { RULE_IDS, RULES, type Finding, type RuleId } from '../validate/rules.js';
import { validateCatalog } from '../validate/validate.js';
import { locateAdrs, projectRelative } from './discover-existing-adrs.js';

/** Findings listed in the result; counts cover all of them. */
export const MAX_FINDINGS = 60;

const FindingSchema = Type.Object({
  file: Type.String(),
  line: Type.Integer(),
  rule: Type.String(),
  severity: StringEnum(['error', 'warning'] as const),
  message: Type.String(),
  fix: Type.String(),
  related: Type.Optional(Type.Array(Type.String())),
});

export const validateAdrsTool = (deps: AdrToolDeps) =>
  defineTool({
    name: 'validate_adrs',
    title: 'Validate ADRs',
    description: 'Lint the ADR folder or one record: required sections, status, dates, links, two-way supersession, numbering and titles, each finding with file, line, rule and fix. Use before merging ADR changes. Read-only.',
    input: Params({
      projectPath: ProjectPath(),
      adrDirectory: Type.Optional(Type.String({ default: DEFAULT_ADR_DIRECTORY, description: 'ADR folder, relative to the project; falls back to .adr-dir or the usual folders.' })),
      adrPath: Type.Optional(Type.String({ description: 'One record to check, relative to the project.' })),
      rules: Type.Optional(Type.Array(Type.String(), { description: 'Only these rule ids.' })),
      warningsAsErrors: Type.Optional(Type.Boolean({ default: false, description: 'Warnings make the result invalid.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      valid: Type.Boolean(),
      directory: Type.String({ description: 'ADR folder used, relative to the project.' }),
      source: Type.String({ description: 'How it was found.' }),
      checked: Type.Integer({ description: 'Records checked.' }),
      errors: Type.Integer(),
      warnings: Type.Integer(),
      byRule: Type.Record(Type.String(), Type.Integer()),
      findings: Type.Array(FindingSchema),
      omitted: Type.Integer({ description: 'Findings left out of the list.' }),
    }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async handler({ projectPath, adrDirectory, adrPath, rules, warningsAsErrors = false }, { workspace }) {
      const selected = selectRules(rules);
      const root = await deps.scanner.resolveRoot(projectPath, workspace);
      const location = await locateAdrs(deps, root, adrDirectory, workspace);
      const catalog = await deps.catalog.read(location);
      const directory = projectRelative(root, location.dir, workspace);
      const ctx: ValidationContext = {
        catalog,
        file: (path) => projectRelative(root, join(location.dir, path), workspace),
        today: new Date().toISOString().slice(0, 10),
      };

      let record: string | undefined;
      if (adrPath !== undefined) record = await recordOf(adrPath, root, location.dir, catalog, workspace);
      let findings = validateCatalog(ctx, selected);
      if (record !== undefined) {
        const file = ctx.file(record);
        // A finding about this record, or one it takes part in (the other side of a supersession, a shared number).
        findings = findings.filter((f) => f.file === file || f.related?.includes(file));
      }

      const byRule: Record<string, number> = {};
      for (const f of findings) byRule[f.rule] = (byRule[f.rule] ?? 0) + 1;
      const errors = findings.filter((f) => f.severity === 'error').length;
      const warnings = findings.length - errors;
      const valid = errors === 0 && !(warningsAsErrors && warnings > 0);
      const checked = record !== undefined ? 1 : catalog.adrs.length;

      const verdict = findings.length === 0 ? 'valid' : `${count(errors, 'error')}, ${count(warnings, 'warning')}${valid ? ' (valid)' : ''}`;
      const what = record !== undefined ? `${ctx.file(record)} checked against the ${count(catalog.adrs.length, 'record')} of ${directory}` : `${count(checked, 'record')} checked in ${directory}`;
      const where = location.source === 'parameter' ? '' : ` (found via ${location.source})`;
      const none = !location.exists ? `No ADR folder found at ${directory} or the usual places: nothing to validate` : null;
      const shown = findings.slice(0, MAX_FINDINGS);
      const more = findings.length > shown.length ? `; listing the first ${shown.length}` : '';
      return {
        summary: none ?? `${what}${where}: ${verdict}${more}.`,
        valid,
        directory,
        source: location.source,
        checked,
        errors,
        warnings,
        byRule,
        findings: shown,
        omitted: findings.length - shown.length,
      };
    },
  });

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function selectRules(rules: string[] | undefined): ReadonlySet<RuleId> | undefined {
  if (rules === undefined) return undefined;
  const unknown = rules.filter((rule) => !(rule in RULES));
  if (unknown.length > 0 || rules.length === 0) {
    const what = unknown.length > 0 ? `has unknown rule id(s) ${unknown.map((r) => `"${r}"`).join(', ')}` : 'is empty';
    throw new ValidationError(`parameter "rules" ${what} (expected some of: ${RULE_IDS.join(', ')})`, { parameter: 'rules' });
  }
  return new Set(rules as RuleId[]);
}

/** The catalogue path (relative to its folder) of the record `adrPath` names; an error naming adrPath otherwise. */
async function recordOf(adrPath: string, root: string, dir: string, catalog: { adrs: Array<{ path: string }>; skipped: string[] }, workspace: { resolve(path: string, param?: string): Promise<string> }): Promise<string> {
  const given = adrPath.trim();
  if (given === '') throw new ValidationError('parameter "adrPath" is empty (expected a record of the ADR folder, relative to the project)', { parameter: 'adrPath' });
  const real = await workspace.resolve(isAbsolute(given) ? given : join(root, given), 'adrPath');
  const outside = (base: string) => {
    const rel = relative(base, real);
    return rel === '' || rel.startsWith('..') || isAbsolute(rel);
  };
  if (outside(root)) throw new FileSystemError(`parameter "adrPath": "${given}" is outside the project (expected a record of the ADR folder, relative to the project)`, { parameter: 'adrPath', path: given });
  const inFolder = outside(dir) ? null : relative(dir, real).split(sep).join('/');
  if (inFolder !== null && catalog.adrs.some((adr) => adr.path === inFolder)) return inFolder;
  const why = inFolder === null ? 'is not in the ADR folder' : catalog.skipped.includes(inFolder) ? 'is not an ADR (an index, README or template)' : 'is not a record of the ADR folder';
  throw new FileSystemError(`parameter "adrPath": "${given}" ${why} (expected a record of the ADR folder, relative to the project)`, { parameter: 'adrPath', path: given });
}
