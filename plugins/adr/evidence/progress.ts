/**
 * compare_adr_progress' logic: for each accepted ADR, the technologies its
 * decision chooses checked against the scan (implemented, gap, conflict), its
 * tasks' progress, the mismatches between records and code, and an alignment
 * score computed from those counts.
 */
import type { Catalog, ParsedAdr } from '../catalog/types.js';
import type { Task, TaskStatus } from '../todo/types.js';
import type { EvidenceIndex } from './scan-evidence.js';
import { MAX_EVIDENCE } from './scan-evidence.js';
import type { AdrRef } from './suggestions.js';
import { alternativesOf, TECHNOLOGIES } from './table.js';
import { ownEvidence } from './project-evidence.js';
import { adrText, mentionedTechnologies, readDecision, type DecisionReading, type DecisionSource } from './text.js';
import { tasksForAdr, type TodoDocument } from './todo-markdown.js';
import { AREA_INFO, type Technology } from './types.js';
import type { AdrTaskCounts } from '../api.js';

/** unverifiable: an architecture style the scan shows no sign of; folder names cannot show it is absent, so it is not a gap. */
export type DecisionStatus = 'implemented' | 'gap' | 'conflict' | 'skipped' | 'unverifiable';
export type AdrVerdict = 'implemented' | 'partial' | 'gap' | 'conflict' | 'unverifiable';
export type MismatchKind = 'completed-tasks-without-evidence' | 'retired-technology-present' | 'contradicts-accepted-adr';

export interface DecisionCheck {
  technology: string;
  area: string;
  status: DecisionStatus;
  /** strong: a dependency (or its family), a config file, a call in product code or a folder the decision names; weak: only source file names (counted when strictMode is off). */
  evidenceKind: 'strong' | 'weak' | 'none';
  evidence: string[];
  /** For a conflict: the competing technologies found instead. */
  competitors: Array<{ technology: string; evidence: string[] }>;
  /** For a decision supporting several targets ("adapters for Jekyll, Hugo and MkDocs"): each target and its evidence. */
  targets?: Array<{ technology: string; evidence: string[] }>;
}

/** One ADR's tasks: the api's counts (AdrTaskCounts) and where they came from. */
export interface TaskProgress extends AdrTaskCounts {
  source: 'store' | 'todo-file' | 'none';
}

export interface AdrProgress extends AdrRef {
  verdict: AdrVerdict;
  decisionSource: DecisionSource;
  decisions: DecisionCheck[];
  decidedAgainst: string[];
  tasks: TaskProgress;
  note: string;
}

export interface Mismatch {
  kind: MismatchKind;
  adr: AdrRef;
  technology: string | null;
  message: string;
  evidence: string[];
}

export interface ProgressInput {
  catalog: Catalog;
  refOf: (adr: ParsedAdr) => AdrRef;
  evidence: EvidenceIndex;
  tasks: Task[];
  todo: TodoDocument | null;
  strict: boolean;
  environmentCheck: boolean;
  /** The catalogue's decisions as read already (run-progress.ts reads them to look for calls first). */
  readings?: ReadonlyMap<ParsedAdr, DecisionReading>;
}

const OWN_AREA = { dependency: 'project dependency', 'tool config': 'tool', folder: 'project folder' } as const;

const ENVIRONMENT_AREAS = new Set(['deployment', 'ci']);
/** Points taken off the score per technology in the code that an ADR retired or decided against. */
export const CONTRADICTION_PENALTY = 5;
const WEIGHTS = { implementation: 0.7, tasks: 0.3 };

const normalisePath = (path: string) => path.replace(/\\/g, '/').replace(/^\.?\/+/, '');

function progressOf(statuses: TaskStatus[], source: TaskProgress['source'], untouchedGenerated = 0): TaskProgress {
  const count = (status: TaskStatus) => statuses.filter((s) => s === status).length;
  const cancelled = count('cancelled');
  const active = statuses.length - cancelled - untouchedGenerated;
  const completed = count('completed');
  return {
    source, total: statuses.length, completed, inProgress: count('in_progress'), pending: count('pending'), blocked: count('blocked'), cancelled, untouchedGenerated,
    completionRate: active > 0 ? Math.round((completed / active) * 1000) / 1000 : null,
  };
}

/** A task generate_adr_todo planned and nobody has started, finished or edited: it says nothing about whether the code carries the ADR out. */
const untouchedGenerated = (task: Task) => task.origin === 'generated' && task.status === 'pending' && task.updatedAt === task.createdAt;

/** A project's stored tasks counted as an ADR's are (the adr.progress service's taskCounts). */
export function countTasks(tasks: readonly Task[]): Omit<TaskProgress, 'source'> {
  const { source: _source, ...counts } = progressOf(tasks.map((task) => task.status), 'store', tasks.filter(untouchedGenerated).length);
  return counts;
}

/** Stored tasks linked to the ADR's path; failing those, the TODO.md checkboxes under a heading naming it. */
function taskProgress(adr: ParsedAdr, ref: AdrRef, tasks: Task[], todo: TodoDocument | null): TaskProgress {
  const file = ref.path.slice(ref.path.lastIndexOf('/') + 1);
  const linked = tasks.filter((task) => task.linkedAdr && (normalisePath(task.linkedAdr) === ref.path || normalisePath(task.linkedAdr) === file));
  if (linked.length > 0) return progressOf(linked.map((task) => task.status), 'store', linked.filter(untouchedGenerated).length);
  const boxes = todo ? tasksForAdr(todo, adr) : [];
  if (boxes.length > 0) return progressOf(boxes.map((box) => box.status), 'todo-file');
  return progressOf([], 'none');
}

function checkDecision(tech: Technology, input: ProgressInput): DecisionCheck {
  const area = AREA_INFO[tech.area].label;
  if (!input.environmentCheck && ENVIRONMENT_AREAS.has(tech.area)) {
    return { technology: tech.name, area, status: 'skipped', evidenceKind: 'none', evidence: [], competitors: [] };
  }
  const { strong, weak } = input.evidence.get(tech);
  if (tech.area === 'architecture') {
    // Folder names can show a style, never its absence: no signal is "not verifiable", not a gap.
    const found = input.evidence.counted(tech, input.strict);
    return { technology: tech.name, area, status: found.length ? 'implemented' : 'unverifiable', evidenceKind: found.length ? (strong.length ? 'strong' : 'weak') : 'none', evidence: found.slice(0, MAX_EVIDENCE), competitors: [] };
  }
  if (strong.length > 0) return { technology: tech.name, area, status: 'implemented', evidenceKind: 'strong', evidence: strong.slice(0, MAX_EVIDENCE), competitors: [] };
  if (!input.strict && weak.length > 0) return { technology: tech.name, area, status: 'implemented', evidenceKind: 'weak', evidence: weak.slice(0, MAX_EVIDENCE), competitors: [] };
  const competitors = alternativesOf(tech)
    .map((other) => ({ technology: other.name, evidence: input.evidence.counted(other, input.strict).slice(0, MAX_EVIDENCE) }))
    .filter((other) => other.evidence.length > 0);
  return { technology: tech.name, area, status: competitors.length ? 'conflict' : 'gap', evidenceKind: 'none', evidence: [], competitors };
}

/**
 * One check for a decision that supports several competing targets: evidence of
 * any target carries it out, and targets present beside each other never
 * conflict; only a competitor outside the set, with none of the set, does.
 */
function checkSupported(set: Technology[], input: ProgressInput): DecisionCheck {
  const checks = set.map((tech) => checkDecision(tech, input));
  const name = set.map((tech) => tech.name).join(' / ');
  const area = checks[0]!.area;
  if (checks.every((c) => c.status === 'skipped')) return { technology: name, area, status: 'skipped', evidenceKind: 'none', evidence: [], competitors: [] };
  const targets = checks.map((c) => ({ technology: c.technology, evidence: c.evidence }));
  const implemented = checks.filter((c) => c.status === 'implemented');
  if (implemented.length > 0) {
    const evidenceKind = implemented.some((c) => c.evidenceKind === 'strong') ? 'strong' : 'weak';
    return { technology: name, area, status: 'implemented', evidenceKind, evidence: implemented.flatMap((c) => c.evidence).slice(0, MAX_EVIDENCE), competitors: [], targets };
  }
  const names = new Set(set.map((tech) => tech.name));
  const competitors = [...new Map(checks.flatMap((c) => c.competitors).filter((c) => !names.has(c.technology)).map((c) => [c.technology, c])).values()];
  return { technology: name, area, status: competitors.length ? 'conflict' : 'gap', evidenceKind: 'none', evidence: [], competitors, targets };
}

function verdictOf(decisions: DecisionCheck[]): AdrVerdict {
  const checked = decisions.filter((d) => d.status !== 'skipped' && d.status !== 'unverifiable');
  if (checked.length === 0) return 'unverifiable';
  if (checked.some((d) => d.status === 'conflict')) return 'conflict';
  const implemented = checked.filter((d) => d.status === 'implemented').length;
  return implemented === checked.length ? 'implemented' : implemented === 0 ? 'gap' : 'partial';
}

function noteOf(verdict: AdrVerdict, decisions: DecisionCheck[]): string {
  // A multi-target decision is named by the targets that have evidence ("Jekyll, Hugo (supported targets: Jekyll / Hugo / MkDocs)").
  const nameOf = (d: DecisionCheck) => {
    const found = d.targets?.filter((t) => t.evidence.length > 0).map((t) => t.technology) ?? [];
    return found.length ? `${found.join(', ')} (supported targets: ${d.technology})` : d.technology;
  };
  const names = (status: DecisionStatus) => decisions.filter((d) => d.status === status).map(nameOf).join(', ');
  switch (verdict) {
    case 'implemented':
      return `Evidence found for ${names('implemented')}.`;
    case 'partial':
      return `Evidence found for ${names('implemented')}; none for ${names('gap')}.`;
    case 'gap':
      return `No evidence in the code for ${names('gap')}.`;
    case 'conflict': {
      const conflicts = decisions.filter((d) => d.status === 'conflict');
      return conflicts.map((d) => `${d.technology} chosen, but the code uses ${d.competitors.map((c) => c.technology).join(', ')} instead`).join('; ') + '.';
    }
    default:
      if (decisions.some((d) => d.status === 'unverifiable')) {
        return `${names('unverifiable')}: an architecture style the project's folders and services show no sign of; not verifiable from code, so not counted.`;
      }
      return decisions.length
        ? 'Its technologies are deployment or CI decisions and the environment check is off.'
        : 'The decision names no technology this check can look for in the code; not counted.';
  }
}

export function compareProgress(input: ProgressInput) {
  const accepted = input.catalog.adrs.filter((adr) => adr.status === 'accepted');
  const readings = new Map(input.catalog.adrs.map((adr) => [adr, input.readings?.get(adr) ?? readDecision(adr)]));
  const chosenByAccepted = new Set(accepted.flatMap((adr) => readings.get(adr)!.chosen.map((t) => t.id)));
  const mismatches: Mismatch[] = [];
  const seen = new Set<string>();
  // Conflicts already lower the implementation share; retired or turned-down technologies in use cost points.
  let contradictions = 0;
  const addMismatch = (m: Mismatch, penalised = false) => {
    const key = `${m.kind}:${m.adr.path}:${m.technology}`;
    if (seen.has(key)) return;
    seen.add(key);
    mismatches.push(m);
    if (penalised) contradictions++;
  };

  const adrs: AdrProgress[] = accepted.map((adr) => {
    const ref = input.refOf(adr);
    const reading = readings.get(adr)!;
    const inSet = new Set(reading.supported.flat());
    const decisions = [
      ...reading.chosen.filter((tech) => !inSet.has(tech)).map((tech) => checkDecision(tech, input)),
      ...reading.supported.map((set) => checkSupported(set, input)),
    ];
    // A package, tool or module the knowledge table does not know ("we adopt the VError package", "the 08-wasm module"): the project's manifests, tool files and folders show it.
    if (reading.chosen.length === 0) {
      const adrFolder = ref.path.includes('/') ? ref.path.slice(0, ref.path.lastIndexOf('/')) : null;
      for (const own of ownEvidence(input.evidence, adr, adrFolder)) {
        decisions.push({ technology: own.name, area: OWN_AREA[own.kind], status: 'implemented', evidenceKind: 'strong', evidence: own.evidence, competitors: [] });
      }
    }
    const verdict = verdictOf(decisions);
    const tasks = taskProgress(adr, ref, input.tasks, input.todo);
    const label = `ADR ${ref.number ?? '?'} "${ref.title}"`;

    const missing = decisions.filter((d) => d.status === 'gap' || d.status === 'conflict');
    const allDone = tasks.completionRate === 1;
    if (tasks.completed > 0 && missing.length > 0 && (verdict !== 'partial' || allDone)) {
      addMismatch({
        kind: 'completed-tasks-without-evidence', adr: ref, technology: missing.map((d) => d.technology).join(', '), evidence: [],
        message: `${tasks.completed} of ${tasks.total} tasks of ${label} are completed, but the code shows no evidence of ${missing.map((d) => d.technology).join(', ')}.`,
      });
    }
    for (const d of decisions.filter((d) => d.status === 'conflict')) {
      for (const competitor of d.competitors) {
        addMismatch({
          kind: 'contradicts-accepted-adr', adr: ref, technology: competitor.technology, evidence: competitor.evidence,
          message: `${label} chooses ${d.technology}, but the code uses ${competitor.technology} (${competitor.evidence[0]}) and shows no ${d.technology}.`,
        });
      }
    }
    for (const tech of reading.excluded) {
      const evidence = input.evidence.counted(tech, input.strict);
      if (evidence.length === 0 || chosenByAccepted.has(tech.id)) continue;
      addMismatch({
        kind: 'contradicts-accepted-adr', adr: ref, technology: tech.name, evidence: evidence.slice(0, MAX_EVIDENCE),
        message: `${label} decided against ${tech.name}, but it is in the code (${evidence[0]}).`,
      }, true);
    }
    return {
      ...ref, verdict, decisionSource: reading.source, decisions, decidedAgainst: reading.excluded.map((t) => t.name), tasks, note: noteOf(verdict, decisions),
    };
  });

  // Technologies of superseded, deprecated or rejected decisions that the code still (or nevertheless) uses.
  for (const adr of input.catalog.adrs.filter((a) => a.status === 'superseded' || a.status === 'deprecated' || a.status === 'rejected')) {
    const ref = input.refOf(adr);
    for (const tech of readings.get(adr)!.chosen) {
      if (chosenByAccepted.has(tech.id)) continue;
      if (!input.environmentCheck && ENVIRONMENT_AREAS.has(tech.area)) continue;
      const evidence = input.evidence.counted(tech, input.strict);
      if (evidence.length === 0) continue;
      addMismatch({
        kind: 'retired-technology-present', adr: ref, technology: tech.name, evidence: evidence.slice(0, MAX_EVIDENCE),
        message: `ADR ${ref.number ?? '?'} "${ref.title}" is ${adr.status}, but ${tech.name} is still in the code (${evidence[0]}) and no accepted ADR chooses it.`,
      }, true);
    }
  }

  return { adrs, mismatches, scoring: score(adrs, contradictions), environment: input.environmentCheck ? environment(input, accepted, adrs) : null };
}

function score(adrs: AdrProgress[], contradictions: number) {
  const decisions = adrs.flatMap((a) => a.decisions).filter((d) => d.status !== 'skipped' && d.status !== 'unverifiable');
  const implemented = decisions.filter((d) => d.status === 'implemented').length;
  const gaps = decisions.filter((d) => d.status === 'gap').length;
  const conflicts = decisions.filter((d) => d.status === 'conflict').length;
  const checkable = decisions.length;
  const completedTasks = adrs.reduce((sum, a) => sum + a.tasks.completed, 0);
  // Untouched generated tasks are the plan, not progress: a finished project keeps its score after generate_adr_todo runs.
  const countedTasks = adrs.reduce((sum, a) => sum + a.tasks.total - a.tasks.cancelled - a.tasks.untouchedGenerated, 0);
  const counts = { implementedDecisions: implemented, gapDecisions: gaps, conflictDecisions: conflicts, checkableDecisions: checkable, completedTasks, countedTasks, contradictions };
  // Tasks linked but not counted are generate_adr_todo's untouched plan: say so rather than "no tasks are linked".
  const linkedTasks = adrs.reduce((sum, a) => sum + a.tasks.total - a.tasks.cancelled, 0);
  const noTasks = linkedTasks > 0 ? `the ${linkedTasks} tasks linked to accepted ADRs are generated and untouched, so not counted` : 'no tasks are linked to accepted ADRs';

  if (checkable === 0 && countedTasks === 0) {
    return { alignmentScore: null, formula: `No accepted ADR names a technology to check and ${noTasks}: nothing to measure.`, ...counts };
  }
  const parts: string[] = [];
  let base: number;
  if (checkable > 0 && countedTasks > 0) {
    base = WEIGHTS.implementation * (implemented / checkable) + WEIGHTS.tasks * (completedTasks / countedTasks);
    parts.push(`${WEIGHTS.implementation} × ${implemented}/${checkable} decisions implemented`, `${WEIGHTS.tasks} × ${completedTasks}/${countedTasks} tasks completed`);
  } else if (checkable > 0) {
    base = implemented / checkable;
    parts.push(`${implemented}/${checkable} decisions implemented (${linkedTasks > 0 ? `${linkedTasks} linked tasks generated and untouched, not counted` : 'no tasks linked'})`);
  } else {
    base = completedTasks / countedTasks;
    parts.push(`${completedTasks}/${countedTasks} tasks completed (no checkable decisions)`);
  }
  const alignmentScore = Math.max(0, Math.min(100, Math.round(100 * base) - CONTRADICTION_PENALTY * contradictions));
  const formula = `round(100 × (${parts.join(' + ')})) − ${CONTRADICTION_PENALTY} × ${contradictions} contradictions = ${alignmentScore}`;
  return { alignmentScore, formula, ...counts };
}

/** Infrastructure and CI in the scan, how accepted ADRs' deployment decisions fare, and what no accepted ADR mentions. */
function environment(input: ProgressInput, accepted: ParsedAdr[], adrs: AdrProgress[]) {
  const { infrastructure, ci } = input.evidence.scan;
  const named = new Set(accepted.flatMap((adr) => mentionedTechnologies(adrText(adr)).map((t) => t.id)));
  const decisions = adrs.flatMap((a) => a.decisions).filter((d) => d.area === AREA_INFO.deployment.label || d.area === AREA_INFO.ci.label);
  const count = (status: DecisionStatus) => decisions.filter((d) => d.status === status).length;
  return {
    infrastructure: {
      dockerfiles: infrastructure.dockerfiles.length,
      composeFiles: infrastructure.compose.length,
      kubernetesResources: infrastructure.kubernetes.length,
      helmCharts: infrastructure.helm.length,
      terraformFiles: infrastructure.terraform.files.length,
      terraformProviders: infrastructure.terraform.providers,
      serverless: [...new Set(infrastructure.serverless.map((s) => s.platform))],
    },
    ci: [...new Set(ci.map((c) => c.provider))],
    decisions: { implemented: count('implemented'), gap: count('gap'), conflict: count('conflict') },
    undocumented: TECHNOLOGIES.filter((tech) => ENVIRONMENT_AREAS.has(tech.area) && tech.suggest !== false && !named.has(tech.id))
      .map((tech) => ({ technology: tech.name, evidence: input.evidence.get(tech).strong.slice(0, MAX_EVIDENCE) }))
      .filter((item) => item.evidence.length > 0),
  };
}
