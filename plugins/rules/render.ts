/**
 * Rule sets as text: YAML or JSON (the machine-readable form, valid against the
 * published schema) and Markdown (rules grouped by type, each with its source
 * and check, for people).
 */
import { stringify as toYaml } from 'yaml';
import type { RuleCheck, RuleSetValue, RuleValue } from './model/schema.js';
import { RULE_TYPES } from './model/schema.js';

export function ruleSetText(set: RuleSetValue, format: 'json' | 'yaml'): string {
  return format === 'yaml' ? toYaml(set, { lineWidth: 0 }) : `${JSON.stringify(set, null, 2)}\n`;
}

export function ruleSetMarkdown(set: RuleSetValue): string {
  const out = [`# ${set.name}`, ''];
  if (set.description) out.push(set.description, '');
  if (set.rules.length === 0) out.push('No rules: nothing in the ADRs or the code supports one for the selected types.', '');
  for (const type of RULE_TYPES) {
    const rules = set.rules.filter((rule) => rule.type === type);
    if (rules.length === 0) continue;
    out.push(`## ${type.charAt(0).toUpperCase()}${type.slice(1)} (${rules.length})`, '');
    for (const rule of rules) {
      out.push(`- **${rule.id}** (${rule.severity}): ${rule.description}`);
      out.push(`  - Source: ${sourceText(rule)}`);
      out.push(`  - Check: ${rule.check ? checkText(rule.check) : `none (${rule.uncheckedReason ?? 'not checkable'})`}`);
      if (rule.fix) out.push(`  - Fix: ${rule.fix}`);
    }
    out.push('');
  }
  return out.join('\n');
}

function sourceText(rule: RuleValue): string {
  const source = rule.source;
  if (source.kind === 'adr') return `ADR ${source.number ?? ''} "${source.title}" (${source.path}${source.status ? `, ${source.status}` : ''})`.replace('ADR  ', 'ADR ');
  if (source.kind === 'code') return `observed in the code: ${source.evidence.join('; ')}`;
  return `written by hand${source.note ? `: ${source.note}` : ''}`;
}

export function checkText(check: RuleCheck): string {
  switch (check.kind) {
    case 'forbid-dependency':
      return `no dependency on or import of ${check.packages.map((p) => `\`${p}\``).join(', ')}`;
    case 'require-dependency':
      return `one of ${check.packages.map((p) => `\`${p}\``).join(', ')} declared`;
    case 'forbid-import':
      return `files in \`${check.from}\` do not import \`${check.to}\``;
    case 'file-naming':
      return `names of \`${check.glob}\` in ${check.pattern}`;
    case 'folder-structure':
      return `\`${check.glob}\` under ${check.within.map((d) => `\`${d}/\``).join(', ')}`;
    case 'forbid-pattern':
      return `no line of \`${check.glob}\` matches \`${check.regex}\``;
    case 'forbid-file':
      return `no file matches \`${check.glob}\``;
  }
}
