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
