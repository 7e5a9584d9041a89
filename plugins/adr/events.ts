/** The adr pack's event topics, part of its public surface (re-exported by its api.ts). */
import { createEventTopic } from '../../sdk/index.js';

/** generate_adr_todo turned a project's accepted ADRs into TODO tasks. */
export interface AdrTodoGeneratedEvent {
  /** The project's absolute path. */
  project: string;
  created: number;
  kept: number;
  stale: number;
}

export const adrTodoGeneratedTopic = createEventTopic<AdrTodoGeneratedEvent>({
  id: 'adr.todo.generated',
  description: 'generate_adr_todo created or refreshed the TODO tasks of a project.',
});

/** An ADR tool wrote decision records (the memory pack, when loaded, records each). */
export interface AdrsWrittenEvent {
  tool: 'generate_adrs_from_prd' | 'generate_adr_from_decision';
  /** The project, workspace-relative ('.' for the root). */
  project: string;
  /** number: null for a date-named or slug-named record. */
  adrs: Array<{ number: number | null; title: string; status: string; path: string }>;
}

/** suggest_adrs found decisions with no ADR yet: the first ones, in its order. */
export interface AdrsSuggestedEvent {
  tool: 'suggest_adrs';
  /** The project, workspace-relative ('.' for the root). */
  project: string;
  /** At most 10. */
  suggestions: Array<{ title: string; technology: string; priority: string }>;
}

export const adrsWrittenTopic = createEventTopic<AdrsWrittenEvent>({
  id: 'adr.written',
  description: 'generate_adrs_from_prd or generate_adr_from_decision wrote ADR files.',
});

export const adrsSuggestedTopic = createEventTopic<AdrsSuggestedEvent>({
  id: 'adr.suggested',
  description: 'suggest_adrs found decisions the project has not recorded.',
});
