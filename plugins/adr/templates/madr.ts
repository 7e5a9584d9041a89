/**
 * MADR (4.x, readable by 3.x tools): front matter with status, date and decision-makers,
 * "Context and Problem Statement", "Considered Options", "Decision Outcome" with
 * 'Chosen option: "…", because …' and Good/Bad consequence bullets.
 */
import { stringify } from 'yaml';
import { consequenceBullets, optionDetails, paragraphs } from './blocks.js';
import { lowerFirst, withoutFinalStop } from './consequences.js';
import type { AdrDraft } from './types.js';

export function renderMadr(draft: AdrDraft): string {
  const frontMatter: Record<string, unknown> = { status: draft.status, date: draft.date };
  if (draft.deciders.length > 0) frontMatter['decision-makers'] = draft.deciders;
  if (draft.tags.length > 0) frontMatter.tags = draft.tags;

  const parts = [
    `---\n${Object.entries(frontMatter).map(([key, value]) => `${key}: ${stringify(value, { collectionStyle: 'flow' }).trim()}`).join('\n')}\n---`,
    `# ${draft.title}`,
    `## Context and Problem Statement\n\n${draft.context.trim()}`,
  ];
  if (draft.drivers.length > 0) parts.push(`## Decision Drivers\n\n${draft.drivers.map((d) => `* ${d}`).join('\n')}`);
  const options = draft.options.length > 0 ? draft.options.map((o) => o.name) : draft.chosen;
  if (options.length > 0) parts.push(`## Considered Options\n\n${options.map((name) => `* ${name}`).join('\n')}`);

  const outcome: string[] = [];
  if (draft.chosen.length > 0) {
    const chosen = draft.chosen.map((name) => `"${name}"`).join(' and ');
    const label = draft.chosen.length > 1 ? 'Chosen options' : 'Chosen option';
    outcome.push(draft.rationale ? `${label}: ${chosen}, because ${lowerFirst(withoutFinalStop(draft.rationale))}.` : `${label}: ${chosen}.`);
  }
  outcome.push(draft.decision.trim());
  parts.push(`## Decision Outcome\n\n${outcome.join('\n\n')}`);
  parts.push(`### Consequences\n\n${paragraphs(consequenceBullets(draft.consequences), '* Neutral, because no consequences were recorded with this decision.')}`);

  const detailed = draft.options.map((o) => [o.name, optionDetails(o, 'because')] as const).filter(([, details]) => details !== '');
  if (detailed.length > 0) parts.push(`## Pros and Cons of the Options\n\n${detailed.map(([name, details]) => `### ${name}\n\n${details}`).join('\n\n')}`);
  for (const extra of draft.extraSections ?? []) parts.push(`## ${extra.heading}\n\n${extra.body.trim()}`);
  return `${parts.join('\n\n')}\n`;
}
