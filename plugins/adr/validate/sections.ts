/**
 * Required sections per format, present and non-empty: Nygard and adr-tools (Context, Decision,
 * Consequences; the status has rules of its own), MADR (context and problem statement,
 * considered options, decision outcome), Y-statement (its six parts).
 */
import { SECTION_NAMES } from '../catalog/parse-adr.js';
import type { AdrFormat, ParsedAdr } from '../catalog/types.js';
import { finding, type ValidationContext } from './context.js';
import type { Finding } from './rules.js';

interface Required {
  /** As a finding names it (the heading a template writes). */
  label: string;
  names: readonly string[];
}

const NYGARD: Required[] = [
  { label: 'Context', names: SECTION_NAMES.context },
  { label: 'Decision', names: SECTION_NAMES.decision },
  { label: 'Consequences', names: SECTION_NAMES.consequences },
];

const REQUIRED: Record<Exclude<AdrFormat, 'y-statement'>, Required[]> = {
  nygard: NYGARD,
  'adr-tools': NYGARD,
  madr: [
    { label: 'Context and Problem Statement', names: SECTION_NAMES.context },
    { label: 'Considered Options', names: SECTION_NAMES.options },
    { label: 'Decision Outcome', names: SECTION_NAMES.decision },
  ],
};

const Y_PARTS = ['context', 'facing', 'decision', 'neglected', 'achieve', 'accepting'] as const;
const Y_WORDS: Record<(typeof Y_PARTS)[number], string> = {
  context: 'in the context of',
  facing: 'facing',
  decision: 'we decided for',
  neglected: 'and neglected',
  achieve: 'to achieve',
  accepting: 'accepting',
};

export function sectionFindings(ctx: ValidationContext): Finding[] {
  return ctx.catalog.adrs.flatMap((adr) => (adr.format === 'y-statement' ? yStatementFindings(ctx, adr) : requiredSections(ctx, adr, REQUIRED[adr.format])));
}

function requiredSections(ctx: ValidationContext, adr: ParsedAdr, required: Required[]): Finding[] {
  const outline = adr.outline;
  if (!outline) return [];
  const sections = outline.sections;
  // A record that begins a Y-statement but leaves parts out reads as Nygard without sections: say which parts are missing.
  const hasParts = required.some((part) => sections.some((s) => part.names.includes(s.name)));
  if (!hasParts && outline.yStatementMissing.length > 0) {
    return [finding(ctx, 'missing-section', adr.path, outline.title, `${ctx.file(adr.path)} starts a Y-statement but has no ${outline.yStatementMissing.map((w) => `"${w}"`).join(', ')} part`, {
      fix: 'Complete the statement: "In the context of …, facing …, we decided for … and neglected …, to achieve …, accepting …".',
    })];
  }
  const out: Finding[] = [];
  for (const part of required) {
    const present = sections.filter((s) => part.names.includes(s.name));
    if (present.length === 0) {
      out.push(finding(ctx, 'missing-section', adr.path, outline.title, `${ctx.file(adr.path)} (${adr.format}) has no "${part.label}" section`, {
        fix: `Add a "## ${part.label}" section with its text.`,
      }));
    } else if (present.every((s) => s.empty)) {
      out.push(finding(ctx, 'empty-section', adr.path, present[0]!.line, `${ctx.file(adr.path)}: the "${part.label}" section is empty`, {
        fix: `Write the ${part.label.toLowerCase()} under its heading.`,
      }));
    }
  }
  return out;
}

function yStatementFindings(ctx: ValidationContext, adr: ParsedAdr): Finding[] {
  const statement = adr.yStatement;
  if (!statement) return [];
  return Y_PARTS.filter((part) => !statement[part]?.trim()).map((part) =>
    finding(ctx, part === 'neglected' ? 'empty-section' : 'missing-section', adr.path, adr.outline?.title, `${ctx.file(adr.path)}: the Y-statement has no "${Y_WORDS[part]}" part`, {
      fix: `Add "${Y_WORDS[part]} …" to the statement.`,
    }),
  );
}
