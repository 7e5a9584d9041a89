/** A concrete edit update_existing_documentation proposes (and applies when the strategy allows). */
export type ProposalKind = 'renamed' | 'stale' | 'gap';

export interface Proposal {
  kind: ProposalKind;
  /** Workspace-relative page path. */
  file: string;
  /** 1-based: the first line of oldText; for an addition (empty oldText) the line newText goes after. */
  line: number;
  /** The heading the edit is under, null before the first heading. */
  section: string | null;
  oldText: string;
  newText: string;
  /** Where the facts behind the edit are stated in the project (file:line). */
  evidence: string[];
  reason: string;
  /** The name the edit is about: `--dry-run`, `archiveTask`. */
  subject: string;
  applied: boolean;
  /** Why an edit allowed by the strategy was not applied. */
  notApplied?: string;
}

export const isAccuracy = (p: Proposal) => p.kind !== 'gap';
