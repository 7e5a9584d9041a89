/**
 * Questions across calls: a question asked before keeps its id; an open one
 * whose gap is gone is marked answered (with the ADR that answered it, when one
 * can be named); an answered one whose gap is back is reopened.
 */
import type { Catalog } from '../../adr/api.js';
import type { QuestionStore, StoredQuestion } from './question-store.js';
import { names } from './select.js';
import type { Candidate, SourceKind } from './types.js';

export interface Tracked {
  asked: Array<{ candidate: Candidate; id: string; isNew: boolean; askedAt: string }>;
  /** Open questions from earlier calls not in this list whose gap still exists (or was not looked for on this call). */
  stillOpen: StoredQuestion[];
  answeredSince: StoredQuestion[];
}

/** The record that closed a gap: the ADR now naming the technology, or the ADR the question was about. */
function answerPath(question: StoredQuestion, catalog: Catalog, adrPath: (path: string) => string): string | null {
  const [kind, rest = ''] = question.source_ref.split(/:(.*)/s);
  if (kind === 'no-adr') {
    const adr = catalog.adrs.find((a) => a.status !== 'rejected' && [a.title, a.context, a.decision].some((text) => text && names(text, rest)));
    return adr ? adrPath(adr.path) : null;
  }
  if (kind === 'proposed') return rest;
  if (kind === 'adr-gap' || kind === 'adr-conflict') return rest.split('#')[0] ?? null;
  return null;
}

export async function trackQuestions(input: {
  store: QuestionStore;
  project: string;
  selected: Candidate[];
  /** Every gap found on this call, whatever was selected. */
  all: Candidate[];
  evaluated: ReadonlySet<SourceKind>;
  catalog: Catalog;
  adrPath: (path: string) => string;
  now: Date;
}): Promise<Tracked> {
  const at = input.now.toISOString();
  const stored = await input.store.list(input.project);
  const byRef = new Map(stored.map((q) => [q.source_ref, q]));
  const present = new Set(input.all.map((c) => c.sourceRef));

  const insert: StoredQuestion[] = [];
  const reopen: string[] = [];
  const asked = input.selected.map((candidate) => {
    const previous = byRef.get(candidate.sourceRef);
    if (previous) {
      if (previous.status === 'answered') reopen.push(previous.id);
      return { candidate, id: previous.id, isNew: false, askedAt: previous.asked_at };
    }
    const row: StoredQuestion = {
      project: input.project,
      id: input.store.newId(),
      question: candidate.question,
      source_kind: candidate.sourceKind,
      source_ref: candidate.sourceRef,
      status: 'open',
      asked_at: at,
      answered_at: null,
      answer_path: null,
    };
    insert.push(row);
    return { candidate, id: row.id, isNew: true, askedAt: at };
  });

  const askedRefs = new Set(input.selected.map((c) => c.sourceRef));
  const answeredSince: StoredQuestion[] = [];
  const stillOpen: StoredQuestion[] = [];
  for (const q of stored) {
    if (q.status !== 'open' || askedRefs.has(q.source_ref)) continue;
    if (input.evaluated.has(q.source_kind as SourceKind) && !present.has(q.source_ref)) {
      answeredSince.push({ ...q, status: 'answered', answered_at: at, answer_path: answerPath(q, input.catalog, input.adrPath) });
    } else stillOpen.push(q);
  }
  await input.store.commit(input.project, {
    insert,
    reopen,
    answered: answeredSince.map((q) => ({ id: q.id, at, path: q.answer_path })),
  });
  return { asked, stillOpen, answeredSince };
}
