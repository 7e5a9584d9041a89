/**
 * Which candidate questions a call returns: those serving the analysis type,
 * within the research scope, not already covered by what the caller knows,
 * ranked by priority (the context's subjects first among equals), at most max.
 */
import { PRIORITY_RANK, SOURCE_KINDS, type AnalysisType, type Candidate, type ResearchScope, type SourceKind } from './types.js';

/** Narrow research: the gaps that are certain (no ADR, ADR not followed, security findings) and what the caller asked about, high priority only. */
const NARROW_KINDS: ReadonlySet<SourceKind> = new Set(['no-adr', 'adr-gap', 'adr-conflict', 'security-finding', 'context']);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `subject` named in `text` as a whole word, case-insensitive ("Kafka" in "we use kafka", not "pg" in "pgbouncer"). */
export function names(text: string, subject: string): boolean {
  if (!subject.trim() || !text) return false;
  return new RegExp(`(?<![\\w@/-])${escape(subject.trim())}(?![\\w-])`, 'i').test(text);
}

export interface Selection {
  selected: Array<{ candidate: Candidate; focus: boolean }>;
  /** After type, scope and knowledge, before max. */
  total: number;
  known: Array<{ candidate: Candidate; matched: string }>;
}

export function selectQuestions(candidates: readonly Candidate[], options: { type: AnalysisType; scope: ResearchScope; max: number; knowledge: string; focus: string }): Selection {
  const serving = candidates.filter((c) => options.type === 'general' || c.types.includes(options.type));
  const scoped = serving.filter((c) =>
    options.scope === 'narrow' ? NARROW_KINDS.has(c.sourceKind) && c.priority === 'high' : options.scope === 'medium' ? c.priority !== 'low' : true,
  );
  const known: Selection['known'] = [];
  const open: Candidate[] = [];
  for (const c of scoped) {
    const matched = c.subjects.find((s) => names(options.knowledge, s));
    if (matched) known.push({ candidate: c, matched });
    else open.push(c);
  }
  // A question drawn from the context is what the caller asked about.
  const focused = (c: Candidate) => c.sourceKind === 'context' || c.subjects.some((s) => names(options.focus, s));
  const ranked = open
    .map((candidate) => ({ candidate, focus: focused(candidate) }))
    .sort(
      (a, b) =>
        PRIORITY_RANK[a.candidate.priority] - PRIORITY_RANK[b.candidate.priority] ||
        Number(b.focus) - Number(a.focus) ||
        SOURCE_KINDS.indexOf(a.candidate.sourceKind) - SOURCE_KINDS.indexOf(b.candidate.sourceKind),
    );
  return { selected: ranked.slice(0, options.max), total: ranked.length, known };
}
