/**
 * What the adr pack announces for packs that learn from it (memory, when
 * loaded): each ADR written, and the decisions suggest_adrs found unrecorded.
 * Bounded. Awaited by the tools so the next call finds the record; with no
 * subscriber it resolves at once, and a failing subscriber never fails a tool.
 */
import type { Events } from '../../sdk/index.js';
import { adrsSuggestedTopic, adrsWrittenTopic, type AdrsWrittenEvent } from './events.js';
import type { WrittenAdr } from './templates/write-adrs.js';

const MAX_SUGGESTIONS = 10;

export async function rememberAdrs(events: Events, tool: AdrsWrittenEvent['tool'], project: string, written: readonly WrittenAdr[], status: string): Promise<void> {
  if (written.length === 0) return;
  await events.publish(adrsWrittenTopic, { tool, project: project || '.', adrs: written.map((adr) => ({ number: adr.number, title: adr.title, status, path: adr.path })) });
}

export async function rememberSuggestions(events: Events, project: string, suggestions: ReadonlyArray<{ title: string; technology: string; priority: string }>): Promise<void> {
  if (suggestions.length === 0) return;
  const first = suggestions.slice(0, MAX_SUGGESTIONS).map(({ title, technology, priority }) => ({ title, technology, priority }));
  await events.publish(adrsSuggestedTopic, { tool: 'suggest_adrs', project: project || '.', suggestions: first });
}
