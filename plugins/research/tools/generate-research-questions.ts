/**
 * generate_research_questions: research questions from the project's real gaps,
 * each with why it matters (the evidence) and how to answer it here; tracked in
 * the store, so a question keeps its id and is marked answered once its gap goes.
 */
import { Params, StringEnum, Type, ValidationError, defineTool } from '../../../sdk/index.js';
import { ConversationContext, conversationFocus } from '../../project/api.js';
import type { ResearchDeps } from '../deps.js';
import { createQuestionStore } from '../questions/question-store.js';
import { selectQuestions } from '../questions/select.js';
import { gatherCandidates } from '../questions/sources.js';
import { trackQuestions } from '../questions/track.js';
import { ANALYSIS_TYPES, RESEARCH_SCOPES, SOURCE_KINDS } from '../questions/types.js';

/** Entries listed in stillOpen, answeredSince and leftOutAsKnown. */
const MAX_LISTED = 50;

const Earlier = Type.Object({ id: Type.String(), question: Type.String(), sourceKind: Type.String(), sourceRef: Type.String(), askedAt: Type.String() });

export const generateResearchQuestionsTool = (deps: ResearchDeps) => {
  const store = createQuestionStore(deps.store);
  return defineTool({
    name: 'generate_research_questions',
    title: 'Generate research questions',
    description:
      "Research questions from the project's real gaps (decisions without an ADR, ADRs the code does not follow, undecided proposals, competing dependencies), each with evidence and steps to answer it. " +
      'Use it to decide what to research; questions are remembered across calls.',
    input: Params({
      analysisType: StringEnum(ANALYSIS_TYPES, {
        description: 'Which gaps count; general: all.',
      }),
      context: Type.Optional(Type.String({ description: 'What the research is for; questions on what it names come first.' })),
      existingKnowledge: Type.Optional(Type.String({ description: 'What is already known; questions on what it names are left out.' })),
      researchScope: Type.Optional(StringEnum(RESEARCH_SCOPES, { default: 'medium', description: 'narrow: certain high-priority gaps; medium: high and medium priority; broad: all.' })),
      maxQuestions: Type.Optional(Type.Number({ default: 5, description: 'Most questions to return (whole number), highest priority first.' })),
      conversationContext: ConversationContext('Questions on what its focus areas and goals name come first.'),
    }),
    output: Type.Object({
      summary: Type.String(),
      analysisType: StringEnum(ANALYSIS_TYPES),
      researchScope: StringEnum(RESEARCH_SCOPES),
      adrDirectory: Type.Object({ path: Type.String(), exists: Type.Boolean() }),
      questions: Type.Array(
        Type.Object({
          id: Type.String({ description: 'Stable across calls for the same gap.' }),
          status: StringEnum(['new', 'open'] as const, { description: 'new: first asked now; open: asked before and still unanswered.' }),
          question: Type.String(),
          sourceKind: StringEnum(SOURCE_KINDS),
          sourceRef: Type.String({ description: 'The gap asked about (stable key).' }),
          priority: StringEnum(['high', 'medium', 'low'] as const),
          whyItMatters: Type.String(),
          evidence: Type.Array(Type.String(), { description: 'Files and ADRs (workspace-relative) that show the gap.' }),
          howToAnswer: Type.Array(Type.String()),
          focus: Type.Boolean({ description: 'context or conversationContext named its subject.' }),
          askedAt: Type.String(),
        }),
      ),
      newQuestions: Type.Integer(),
      totalFound: Type.Integer({ description: 'Questions for this analysis type and scope, before maxQuestions.' }),
      truncated: Type.Boolean(),
      stillOpen: Type.Array(Earlier, { description: 'Questions asked earlier, not in this list, still unanswered.' }),
      answeredSince: Type.Array(
        Type.Object({ id: Type.String(), question: Type.String(), sourceRef: Type.String(), answeredAt: Type.String(), answerPath: Type.Union([Type.String(), Type.Null()], { description: 'The ADR that closed the gap, when known.' }) }),
        { description: 'Questions whose gap has gone since they were asked, marked answered by this call.' },
      ),
      leftOutAsKnown: Type.Array(Type.Object({ question: Type.String(), sourceRef: Type.String(), matched: Type.String({ description: 'What existingKnowledge names.' }) })),
      sources: Type.Array(Type.Object({ kind: StringEnum(SOURCE_KINDS), checked: Type.Boolean(), gaps: Type.Integer() }), { description: 'Every gap found per source, before filtering.' }),
      notes: Type.Array(Type.String()),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async handler(input, context) {
      const max = input.maxQuestions ?? 5;
      if (!Number.isInteger(max) || max < 1) {
        throw new ValidationError(`parameter "maxQuestions": expected a positive whole number (got ${max})`, { parameter: 'maxQuestions', value: max });
      }
      const type = input.analysisType;
      const scope = input.researchScope ?? 'medium';
      const now = new Date();
      const root = await deps.scanner.resolveRoot(undefined, context.workspace);
      const gathered = await gatherCandidates(deps, root, {
        workspace: context.workspace,
        security: type === 'security' || type === 'general',
        now,
        signal: context.signal,
        context: input.context,
      });
      const focus = [input.context ?? '', ...conversationFocus(input.conversationContext).phrases].join('\n');
      const selection = selectQuestions(gathered.candidates, { type, scope, max, knowledge: input.existingKnowledge ?? '', focus });
      const tracked = await trackQuestions({
        store,
        project: root,
        selected: selection.selected.map((s) => s.candidate),
        all: gathered.candidates,
        evaluated: gathered.evaluated,
        catalog: gathered.catalog,
        adrPath: gathered.adrPath,
        now,
      });
      const questions = tracked.asked.map(({ candidate: c, id, isNew, askedAt }, i) => ({
        id,
        status: isNew ? ('new' as const) : ('open' as const),
        question: c.question,
        sourceKind: c.sourceKind,
        sourceRef: c.sourceRef,
        priority: c.priority,
        whyItMatters: c.whyItMatters,
        evidence: c.evidence.slice(0, 10),
        howToAnswer: c.howToAnswer,
        focus: selection.selected[i]!.focus,
        askedAt,
      }));
      const newCount = questions.filter((q) => q.status === 'new').length;
      const notes = [...gathered.notes];
      if (questions.length < max) notes.push(fewerReason(questions.length, max, selection, gathered.candidates.length, gathered.contextSubjects));
      if (!gathered.adrDirectory.exists) notes.push(`No ADR folder found (looked for ${gathered.adrDirectory.path}): every decision in the code counts as unrecorded.`);
      const summary =
        (questions.length === 0
          ? `No ${type === 'general' ? '' : `${type} `}research questions in the ${scope} scope: ${gathered.candidates.length} gap(s) found in the project, none matching${selection.known.length ? ` (${selection.known.length} left out as already known)` : ''}.`
          : `${questions.length} ${type === 'general' ? '' : `${type} `}research question(s) of ${selection.total} (${newCount} new, ${questions.length - newCount} asked before)`) +
        (tracked.answeredSince.length ? `; ${tracked.answeredSince.length} earlier question(s) now answered` : '') +
        (selection.known.length && questions.length ? `; ${selection.known.length} left out as covered by existingKnowledge` : '') +
        (questions.length ? '.' : '') +
        (questions.length && questions.length < max ? ` Fewer than ${max}: ${fewerReason(questions.length, max, selection, gathered.candidates.length, gathered.contextSubjects)}` : '');
      return {
        summary,
        analysisType: type,
        researchScope: scope,
        adrDirectory: gathered.adrDirectory,
        questions,
        newQuestions: newCount,
        totalFound: selection.total,
        truncated: selection.total > questions.length,
        stillOpen: tracked.stillOpen.slice(0, MAX_LISTED).map((q) => ({ id: q.id, question: q.question, sourceKind: q.source_kind, sourceRef: q.source_ref, askedAt: q.asked_at })),
        answeredSince: tracked.answeredSince.slice(0, MAX_LISTED).map((q) => ({ id: q.id, question: q.question, sourceRef: q.source_ref, answeredAt: q.answered_at!, answerPath: q.answer_path })),
        leftOutAsKnown: selection.known.slice(0, MAX_LISTED).map(({ candidate, matched }) => ({ question: candidate.question, sourceRef: candidate.sourceRef, matched })),
        sources: SOURCE_KINDS.map((kind) => ({ kind, checked: gathered.evaluated.has(kind), gaps: gathered.candidates.filter((c) => c.sourceKind === kind).length })),
        notes,
      };
    },
  });
};

/** Why a call returned fewer questions than maxQuestions: what was found, and what filtered the rest out. */
function fewerReason(count: number, max: number, selection: { total: number; known: unknown[] }, found: number, subjects: string[]): string {
  const filtered = found - selection.total - selection.known.length;
  return (
    `${count} of the ${max} asked for: ${found} candidate question(s) from the project's gaps${subjects.length ? ` and the context, which names ${subjects.join(', ')}` : ' (the context names no technology or product)'}` +
    (filtered > 0 ? `; ${filtered} left out by analysisType and researchScope (a broader scope or analysisType general may give more)` : '') +
    (selection.known.length ? `; ${selection.known.length} covered by existingKnowledge` : '') +
    '. No question is repeated to fill the count.'
  );
}
