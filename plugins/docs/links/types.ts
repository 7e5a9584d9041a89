/** What the link checks report: one entry per link occurrence, with its page and line. */
import type { LinkKind } from '../markdown/page.js';

export type IssueKind =
  /** A relative or site-absolute link to a file that does not exist. */
  | 'broken-link'
  /** A `#fragment` that matches no heading or HTML id of its target page. */
  | 'broken-anchor'
  /** An image whose file does not exist. */
  | 'missing-image'
  /** `[text][label]` with no `[label]: url` definition. */
  | 'undefined-reference'
  /** A link whose target is outside the workspace (not followed). */
  | 'outside-workspace'
  /** An external URL that answered an error status, redirected too often, or could not be reached. */
  | 'external-broken'
  /** An external URL that refused to be checked (401, 403, 429): probably fine in a browser. */
  | 'external-unverified';

export interface LinkIssue {
  /** Workspace-relative page path. */
  file: string;
  line: number;
  column: number;
  /** The link as written. */
  url: string;
  kind: IssueKind;
  /** How the link was written: inline, image, reference-style, HTML. */
  via: LinkKind;
  severity: 'error' | 'warning';
  message: string;
  /** The corrected link when the fix is obvious (a near-miss anchor or file name). */
  suggestion?: string;
  /** External links: the last HTTP status, when one came back. */
  status?: number;
  /** A reference-style definition used more than once: its line, and every use (this issue stands for all). */
  definitionLine?: number;
  uses?: Array<{ line: number; column: number }>;
}

export const ISSUE_ORDER = (a: LinkIssue, b: LinkIssue) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column);
