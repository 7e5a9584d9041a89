/**
 * What analyze_project_ecosystem does with conversationContext: the
 * recommendations serving its focus areas and goals come first, marked with the
 * phrases they serve; the constraints are recorded, not checked. The analysis
 * (and its in-memory memo) never depends on it.
 */
import { conversationFocus, conversationUse, focusFirst, type ConversationUseValue } from '../conversation.js';
import type { EcosystemReport } from './report.js';

export type { ConversationUseValue };

/** Reorders `report.recommendations` (of a copy of the memoized report) and returns what was done, or undefined without a context. */
export function applyConversation(report: EcosystemReport, context: unknown): ConversationUseValue | undefined {
  if (context === undefined) return undefined;
  const focus = conversationFocus(context);
  const ordered = focusFirst(report.recommendations, focus, (item) => `${item.category} ${item.id.replace(/-/g, ' ')} ${item.message}`);
  report.recommendations = ordered.map(({ item, serves }) => (serves.length ? { ...item, serves } : item));
  return conversationUse(focus, ordered, (item) => item.id, 'recommendation');
}
