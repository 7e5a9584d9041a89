/**
 * The "standard" template: Michael Nygard's ADR (title, status, context, decision,
 * consequences) with the number in the title as adr-tools writes it. The date line is
 * bold ("**Date:**") so the catalogue tells it from adr-tools' own output, except in a
 * folder of adr-tools records, where the new record takes their plain "Date:" line.
 */
import { optionDetails, paragraphs } from './blocks.js';
import type { AdrDraft } from './types.js';

export function renderNygard(draft: AdrDraft, options: { plainDate?: boolean } = {}): string {
  const header = [options.plainDate ? `Date: ${draft.date}` : `**Date:** ${draft.date}`];
  if (draft.deciders.length > 0) header.push(`**Deciders:** ${draft.deciders.join(', ')}`);
  if (draft.tags.length > 0) header.push(`**Tags:** ${draft.tags.join(', ')}`);

  // Nygard puts the forces at play in the context.
  const forces = draft.drivers.length > 0 ? `\n\nForces at play:\n\n${draft.drivers.map((d) => `* ${d}`).join('\n')}` : '';
  const parts = [
    draft.number === null ? `# ${draft.title}` : `# ${draft.number}. ${draft.title}`,
    header.join('\n\n'),
    `## Status\n\n${capitalise(draft.status)}`,
    `## Context\n\n${draft.context.trim()}${forces}`,
  ];
  if (draft.options.length > 0) {
    parts.push(`## Options Considered\n\n${draft.options.map((o) => `* ${o.name}`).join('\n')}`);
    for (const option of draft.options) {
      const details = optionDetails(option, 'colon');
      if (details) parts.push(`### ${option.name}\n\n${details}`);
    }
  }
  parts.push(`## Decision\n\n${draft.decision.trim()}`);
  if (draft.rationale) parts.push(`## Rationale\n\n${draft.rationale.trim()}`);
  parts.push(`## Consequences\n\n${paragraphs(draft.consequences.map((c) => `* ${c.trim()}`), 'No consequences were recorded with this decision.')}`);
  for (const extra of draft.extraSections ?? []) parts.push(`## ${extra.heading}\n\n${extra.body.trim()}`);
  return `${parts.join('\n\n')}\n`;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
