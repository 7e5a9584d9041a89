/** The text incorporate_research adds: a Research section for an existing ADR, or a whole new proposed ADR in the folder's format (Nygard's, or MADR's). */
import { dirname, relative, sep } from 'node:path';
import type { Research } from './read-research.js';

/** A Markdown link target from the ADR's folder to the research file. */
export const linkFrom = (adrFile: string, researchFile: string) => relative(dirname(adrFile), researchFile).split(sep).join('/');

const bullets = (items: string[]) => items.map((item) => `- ${item}`).join('\n');

/** The "## Research" section appended to an ADR. */
export function researchSection(research: Research, link: string, date: string): string {
  const parts = [`## Research`, `From [${research.title}](${link}) (${date}).`];
  if (research.findings.length) parts.push('Findings:', bullets(research.findings));
  if (research.recommendations.length) parts.push('Recommendations:', bullets(research.recommendations));
  return `${parts.join('\n\n')}\n`;
}

/** The ADR with the section after its last byte: everything before stays as it was. */
export function appendSection(adrText: string, section: string): string {
  const separator = adrText.length === 0 ? '' : adrText.endsWith('\n\n') ? '' : adrText.endsWith('\n') ? '\n' : '\n\n';
  return `${adrText}${separator}${section}`;
}

/**
 * A new proposed ADR: as adr-tools writes them ("# N. Title", Date, Status, Context, Decision,
 * Consequences), or, in a folder of MADR records, as MADR does (status and date in front
 * matter, Context and Problem Statement, Decision Outcome, Consequences).
 */
export function newAdr(number: number, research: Research, link: string, date: string, format: 'nygard' | 'madr' = 'nygard'): string {
  const context = [`This record follows the research in [${research.title}](${link}).`];
  if (research.findings.length) context.push('Its findings:', bullets(research.findings));
  const decision = research.recommendations.length
    ? ['The research recommends (to be confirmed before this record is accepted):', bullets(research.recommendations)]
    : ['No decision yet: the research makes no recommendation.'];
  if (format === 'madr') {
    return [
      `---\nstatus: proposed\ndate: ${date}\n---\n# ${research.title}`,
      '## Context and Problem Statement',
      ...context,
      '## Decision Outcome',
      ...decision,
      '### Consequences',
      `Not assessed yet: weigh the findings in [${research.title}](${link}) before accepting this record.`,
    ].join('\n\n') + '\n';
  }
  return [
    `# ${number}. ${research.title}`,
    `Date: ${date}`,
    '## Status',
    'Proposed',
    '## Context',
    ...context,
    '## Decision',
    ...decision,
    '## Consequences',
    `Not assessed yet: weigh the findings in [${research.title}](${link}) before accepting this record.`,
  ].join('\n\n') + '\n';
}
