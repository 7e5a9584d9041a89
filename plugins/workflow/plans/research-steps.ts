/**
 * A decision still open ("decide whether to replace the search engine") is researched
 * before it is recorded: the questions it raises, a research file to answer them in,
 * the ADRs that hold the current decision, and only then a record of the outcome.
 */
import { adrPath, adrText, type ProjectContext } from '../project/context.js';
import type { ProjectState } from '../project/state.js';
import type { PlanBuilder } from './steps.js';

/** Words that carry no subject in a goal ("decide whether to replace the ..."). */
const FILLER = new Set(
  'about after also against alternative alternatives because before between choose choosing compare comparing could current decide decides deciding does evaluate evaluating from have into keep like make migrate move moving need options over pick replace replacing should stay switch switching than that their them then there these they this those toward towards whether which while will with worth would our your the and for are can'.split(' '),
);

/** The subjects a goal names: words of four letters or more that are not filler, singular. */
export function goalSubjects(goal: string): string[] {
  const words = goal.toLowerCase().match(/[a-z][a-z0-9.+#-]{3,}/g) ?? [];
  return [...new Set(words.filter((w) => !FILLER.has(w)).map((w) => w.replace(/(?<=[a-z]{3})s$/, '')))];
}

const TYPE_WORDS: Array<[string, RegExp]> = [
  ['security', /\b(auth\w*|secur\w*|secret|encrypt\w*|identity|login|sso)\b/i],
  ['performance', /\b(latency|throughput|performance|fast\w*|slow\w*|scal\w*|cach\w*)\b/i],
  ['architecture', /\b(architect\w*|monolith|microservices?|services?|modules?|layers?|event|api style|graphql|rest)\b/i],
];

export function researchSteps(plan: PlanBuilder, project: ProjectContext, state: ProjectState, goal: string, discover: () => unknown): void {
  const p = plan.projectArgs;
  const subjects = goalSubjects(goal);
  const type = TYPE_WORDS.find(([, re]) => re.test(goal))?.[0] ?? 'technology';
  const topic = goal.trim().replace(/[.?!]+$/, '');
  // ADRs that hold the decision being reconsidered: their text names the goal's subjects.
  const related = project.adr.catalog.adrs.filter((adr) => {
    const text = adrText(adr).toLowerCase();
    return subjects.some((s) => new RegExp(`\\b${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i').test(text));
  });
  const relatedPaths = related.map((adr) => adrPath(project, adr));
  const inUse = state.technologies.filter((tech) => subjects.some((s) => tech.toLowerCase().includes(s)) || related.some((adr) => adrText(adr).includes(tech)));

  plan.add(
    'generate_research_questions',
    { analysisType: type, context: topic, researchScope: 'medium', maxQuestions: 5 },
    `The questions the decision must answer (${subjects.slice(0, 4).join(', ') || 'its subject'}), from what the project uses${inUse.length ? ` (${inUse.slice(0, 3).join(', ')})` : ''}.`,
  );
  plan.add('create_research_template', { title: `Research: ${topic}`, researchType: type }, 'A research file to record the options, the criteria and the findings before anything is decided.');
  if (related.length) {
    plan.add('discover_existing_adrs', { ...p, ...plan.adrArgs }, `The current decision: ${relatedPaths.slice(0, 3).join(', ')} ${related.length === 1 ? 'records' : 'record'} what is in place today.`);
  } else discover();
  plan.add('analyze_project_ecosystem', { projectPath: project.projectPath }, 'What the code depends on today: what a change would touch.', { core: false });
  plan.add(
    'incorporate_research',
    { researchPath: '<the research file>', ...(related[0] ? { targetAdr: relatedPaths[0], integrationMode: 'suggest_changes' } : { integrationMode: 'create_new' }), ...plan.adrArgs },
    related[0] ? `Once answered: what the findings change in ${relatedPaths[0]}.` : 'Once answered: the findings as an ADR draft.',
    { core: false, fillFrom: 'the create_research_template step' },
  );
  plan.add(
    'generate_adr_from_decision',
    { decisionData: { title: '<the decision taken>', context: topic, decision: '<the option chosen>', rationale: '<why, from the findings>' }, ...plan.adrArgs },
    `Last, after the research: the decision recorded${related[0] ? `, superseding ${relatedPaths[0]} if it changes` : ''}.`,
    { core: false, fillFrom: 'the research findings' },
  );
}
