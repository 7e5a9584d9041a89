/**
 * The docs pack's event topic, part of its public surface (re-exported by its
 * api.ts): documentation work done, for packs that learn from it (memory, when
 * loaded). Published whether or not anyone listens.
 */
import { createEventTopic } from '../../sdk/index.js';

/** A docs tool populated, updated, validated or link-checked a project's documentation. */
export interface DocumentationWorkEvent {
  tool: 'populate_diataxis_content' | 'update_existing_documentation' | 'validate_content' | 'check_documentation_links';
  /** The project or site, workspace-relative ('.' for the root). */
  project: string;
  action: 'populated' | 'updated' | 'validated' | 'links-checked';
  summary: string;
  /** Files concerned, workspace-relative. */
  files: string[];
}

export const documentationWorkTopic = createEventTopic<DocumentationWorkEvent>({
  id: 'docs.work.done',
  description: 'A docs tool populated, updated, validated or link-checked documentation.',
});
