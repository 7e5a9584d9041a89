/**
 * Y-statements (Zdun et al.): "In the context of …, facing …, we decided for … and neglected …,
 * to achieve …, accepting …". The statement stays one sentence the catalogue can read back;
 * what does not fit in it (the full context, the options) follows under its own headings,
 * none of them "Context" or "Decision", so the file still reads as a Y-statement.
 */
import { consequenceBullets, optionDetails } from './blocks.js';
import { classifyConsequence, lowerFirst, withoutFinalStop } from './consequences.js';
import { capitalise } from './nygard.js';
import type { AdrDraft } from './types.js';

/** "We will use X" → "use X", so the statement reads "we decided to use X". */
const LEAD_IN = /^(?:we|the team)\s+(?:will|shall|'ll|are going to|have decided to|decided to|decide to|should|must)\s+/i;

/** An open decision ("To be decided: …") must not read as if something was chosen. */
const OPEN = /^to be decided:\s*/i;

export function renderYStatement(draft: AdrDraft): string {
  const header = [`Status: ${capitalise(draft.status)}`, `Date: ${draft.date}`];
  if (draft.deciders.length > 0) header.push(`Deciders: ${draft.deciders.join(', ')}`);
  if (draft.tags.length > 0) header.push(`Tags: ${draft.tags.join(', ')}`);

  const contextSentence = draft.contextSummary ?? firstSentence(draft.context);
  const decisionSentence = firstSentence(draft.decision);
  const consequences = draft.consequences.map(classifyConsequence);
  const goods = consequences.filter((c) => c.polarity === 'good').map((c) => c.text);
  const others = consequences.filter((c) => c.polarity === 'bad').map((c) => c.text);
  const neutrals = consequences.filter((c) => c.polarity === 'neutral').map((c) => c.text);
  const neglected = draft.neglected ?? draft.options.map((o) => o.name).filter((name) => !draft.chosen.includes(name));

  const lead = LEAD_IN.exec(decisionSentence);
  const open = OPEN.exec(decisionSentence);
  const decided = open
    ? `we decided for nothing yet (to be decided: ${lowerFirst(flat(decisionSentence.slice(open[0].length)))})`
    : lead
      ? `we decided to ${flat(decisionSentence.slice(lead[0].length))}`
      : `we decided for ${flat(decisionSentence)}`;
  const statement = [
    `In the context of ${lowerFirst(flat(contextSentence))},`,
    `facing ${draft.drivers.length > 0 ? draft.drivers.map((d) => flat(d)).join('; ') : flat(draft.facing ?? `the question "${draft.title}"`)},`,
    neglected.length > 0 ? `${decided}\nand neglected ${neglected.join(', ')},` : `${decided},`,
    `to achieve ${lowerFirst(flat(goods.length > 0 ? goods.join('; ') : draft.rationale ?? 'what the context above asks for'))},`,
    `accepting ${oneClause(others.length > 0 ? others : neutrals.length > 0 ? neutrals : ['that no downside was named when this was recorded'])}.`,
  ].join('\n');

  const parts = [draft.number === null ? `# ${draft.title}` : `# ${draft.number}. ${draft.title}`, header.join('\n\n'), statement];
  if (flat(draft.context) !== flat(contextSentence)) parts.push(`## Background\n\n${draft.context.trim()}`);
  if (flat(draft.decision) !== flat(decisionSentence)) parts.push(`## Decision Details\n\n${draft.decision.trim()}`);
  if (draft.options.length > 0) {
    parts.push(`## Considered Options\n\n${draft.options.map((o) => `* ${o.name}`).join('\n')}`);
    for (const option of draft.options) {
      const details = optionDetails(option, 'because');
      if (details) parts.push(`### ${option.name}\n\n${details}`);
    }
  }
  if (draft.consequences.length > 0) parts.push(`## Consequences\n\n${consequenceBullets(draft.consequences).join('\n')}`);
  for (const extra of draft.extraSections ?? []) parts.push(`## ${extra.heading}\n\n${extra.body.trim()}`);
  return `${parts.join('\n\n')}\n`;
}

/** One line, no final stop: the statement is a single sentence. */
function flat(text: string): string {
  return withoutFinalStop(text.replace(/\s+/g, ' '));
}

/** The accepting clause ends the sentence, so inner full stops become semicolons. */
function oneClause(items: string[]): string {
  return items.map((item) => lowerFirst(flat(item).replace(/\.\s+/g, '; '))).join('; ');
}

/** The first sentence of a text (up to ". " before a capital), or the whole text. */
export function firstSentence(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  const match = /^(.+?[.!?])\s+(?=[A-Z0-9"'(])/.exec(trimmed);
  return match ? match[1]! : trimmed;
}
