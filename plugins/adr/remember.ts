/**
 * What the adr pack tells the memory pack (when loaded): each ADR written, and
 * the decisions suggest_adrs found unrecorded. Bounded; recording never fails a tool.
 */
import type { MemoryRecorder } from '../memory/api.js';
import type { WrittenAdr } from './templates/write-adrs.js';

const MAX_SUGGESTIONS = 10;

export async function rememberAdrs(memory: MemoryRecorder | undefined, tool: string, project: string, written: readonly WrittenAdr[], status: string): Promise<void> {
  if (!memory) return;
  for (const adr of written) await memory.recordAdr({ tool, project: project || '.', number: adr.number, title: adr.title, status, path: adr.path });
}

export async function rememberSuggestions(memory: MemoryRecorder | undefined, project: string, suggestions: ReadonlyArray<{ title: string; technology: string; priority: string }>): Promise<void> {
  if (!memory) return;
  for (const suggestion of suggestions.slice(0, MAX_SUGGESTIONS)) {
    await memory.recordRecommendation({ tool: 'suggest_adrs', project: project || '.', kind: 'adr', value: suggestion.title, summary: `Suggested ADR (${suggestion.priority}): ${suggestion.title}` });
  }
}
