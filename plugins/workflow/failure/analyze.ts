/**
 * analyze_failure: the failure text matched against the catalogue, each matching
 * cause scored from the evidence (patterns in the text, the failure type given,
 * the project's dependencies, files recently changed, ADRs and TODO tasks
 * involved), ranked, each with the checks that confirm it in this project.
 */
import { basename, join } from 'node:path';
import type { Git } from '../../../sdk/index.js';
import { adrPath, adrText, type ProjectContext } from '../project/context.js';
import { hasRepository, recentCommits, rootCommits, type Commit } from '../project/git.js';
import type { Stack } from '../project/stack.js';
import type { DiagnosticCheck } from '../diagnostics/check.js';
import { lockfileInSync } from '../diagnostics/manifests.js';
import { runtimeVersions } from '../diagnostics/runtime.js';
import { CAUSES, TYPE_WORDS, type Cause, type Check, type CheckInput, type FailureType } from './catalogue.js';
import { failingFrame, namedEnvVars, namedFiles, namedPackages, namedTechnologies } from './details.js';
import { describeScope, failingPackage, type FailingPackage } from './package-scope.js';

export interface FailureInfo {
  failureType?: string;
  failureDetails?: string;
  context?: { reproducible?: boolean; impact?: string };
}

export interface RankedCause {
  rank: number;
  id: string;
  type: FailureType;
  title: string;
  score: number;
  evidence: string[];
  checks: Check[];
}

export interface InvolvedFile {
  path: string;
  line: number | null;
  namedInDetails: boolean;
  recentCommits: Commit[];
}

export interface FailureAnalysis {
  classifiedAs: FailureType;
  causes: RankedCause[];
  files: InvolvedFile[];
  packages: string[];
  envVars: string[];
  technologies: string[];
  unit: string | null;
  /** The file of the failing frame, relative to the project, when it is one of the project's files. */
  unitFile: string | null;
  /** The package the failure is in (monorepo or not), its runner and the command running the failing test alone; null when the output names no test file or Go package. */
  failingPackage: FailingPackage | null;
  relatedAdrs: Array<{ path: string; title: string; status: string | null; mentions: string[] }>;
  relatedTasks: Array<{ file: string; line: number; text: string; done: boolean; mentions: string[] }>;
  gitAvailable: boolean;
  scoring: string;
}

const MAX_CAUSES = 5;
const ENV_EXAMPLES = ['.env.example', '.env.sample', '.env.template', '.env.dist'];
const MAX_FILES = 8;
const SCORING = 'score = weights of the error patterns matched (1 to 4 by how specific) + 2 when failureType names the cause\'s type + 3 when a read-only diagnostic confirms it (stale lockfile, disagreeing runtime versions) + 1 per named package the project declares + 2 per involved file changed by one of the last 5 commits (the first commit of the repository excepted) + 1 when an accepted ADR or a TODO task names what failed (dependency, configuration and deployment causes) + 1 for intermittent causes when the failure is not reproducible.';
const INTERMITTENT = new Set(['test-timeout', 'service-unreachable', 'oom-killed', 'port-in-use']);

export function checkInput(project: ProjectContext, stack: Stack, info: FailureInfo): CheckInput {
  const details = info.failureDetails ?? '';
  const files = namedFiles(details, project).map((f) => f.path);
  return {
    stack,
    files,
    packages: namedPackages(details),
    envVars: namedEnvVars(details),
    dockerfile: project.scan.infrastructure.dockerfiles[0]?.path ?? null,
    envExample: ENV_EXAMPLES.find((f) => project.fileSet.has(f)) ?? null,
    testFile: files.find((f) => /(^|\/)(tests?|__tests__|spec)\/|\.(test|spec)\.[cm]?[jt]sx?$|(^|\/)test_[^/]+\.py$|_test\.(go|py)$/.test(f)) ?? null,
    scope: failingPackage(details, project, stack),
  };
}

export async function analyzeFailure(git: Git, project: ProjectContext, stack: Stack, info: FailureInfo): Promise<FailureAnalysis> {
  const details = info.failureDetails ?? '';
  const type = info.failureType ?? '';
  const text = `${type}\n${details}`;
  const input = checkInput(project, stack, info);
  const named = namedFiles(details, project);
  const technologies = namedTechnologies(details, stack.technologies);
  const own = new Set(project.scan.manifests.map((m) => m.name).filter((n): n is string => !!n));
  input.packages = input.packages.filter((name) => !own.has(name));
  const declared = new Set(project.scan.manifests.filter((m) => !m.folder).flatMap((m) => m.dependencies.map((d) => d.name)));

  // Causes the text or the failure type points at.
  const candidates: Array<{ cause: Cause; score: number; evidence: string[]; files: string[]; matchedText: boolean }> = [];
  for (const cause of CAUSES) {
    const evidence: string[] = [];
    let score = 0;
    for (const { re, weight } of cause.patterns) {
      const m = text.match(re);
      if (m) {
        score += weight;
        evidence.push(`the error text matches "${m[0].slice(0, 60)}"`);
      }
    }
    if (type && TYPE_WORDS[cause.type].test(type)) {
      score += 2;
      evidence.push(`failureType "${type}" names a ${cause.type} failure`);
    }
    if (score === 0) continue;
    const matchedText = evidence.some((e) => e.startsWith('the error text'));
    if (cause.type === 'dependency') {
      for (const name of input.packages.filter((n) => declared.has(n))) {
        score += 1;
        evidence.push(`${name} is a declared dependency of the project${stack.manifest ? ` (${stack.manifest})` : ''}`);
      }
    }
    if (info.context?.reproducible === false && INTERMITTENT.has(cause.id)) {
      score += 1;
      evidence.push('the failure is not reproducible every time, as this cause often is not');
    }
    const implicated = (cause.implicates?.(input) ?? []).filter((f) => project.fileSet.has(f));
    candidates.push({ cause, score, evidence, files: [...new Set([...input.files, ...implicated])], matchedText });
  }
  // A cause the error text does not point at is kept only when none is pointed at.
  if (candidates.some((c) => c.matchedText)) for (let i = candidates.length - 1; i >= 0; i--) if (!candidates[i]!.matchedText) candidates.splice(i, 1);

  // A dependency failure: what the project's own manifests say (a stale lockfile, versions that disagree) is evidence too.
  if (candidates.some((c) => c.cause.type === 'dependency')) {
    const support = (id: string, check: DiagnosticCheck) => {
      const cause = CAUSES.find((c) => c.id === id)!;
      let candidate = candidates.find((c) => c.cause.id === id);
      if (!candidate) {
        candidate = { cause, score: 0, evidence: [], files: [...new Set([...input.files, ...(cause.implicates?.(input) ?? []).filter((f) => project.fileSet.has(f))])], matchedText: false };
        candidates.push(candidate);
      }
      candidate.score += 3;
      candidate.evidence.push(`run_diagnostics: ${check.detail}${check.evidence.length ? ` (${check.evidence.slice(0, 2).join('; ')})` : ''}`);
    };
    const lock = await lockfileInSync(project);
    if (lock.status === 'fail') support('lockfile-drift', lock);
    const runtime = await runtimeVersions(project);
    if (runtime.status === 'fail') support('engine-mismatch', runtime);
  }

  // Files involved, and what git says about them.
  const top = [...candidates].sort((a, b) => b.score - a.score).slice(0, MAX_CAUSES);
  const involvedPaths = [...new Set([...named.map((f) => f.path), ...top.flatMap((c) => c.files)])].slice(0, MAX_FILES);
  const gitAvailable = await hasRepository(git, project.root);
  const latest = gitAvailable ? await recentCommits(git, project.root, '.', 5) : [];
  const roots = gitAvailable ? await rootCommits(git, project.root) : new Set<string>();
  // A file only created by the first commit has not "changed"; later commits that touch it have.
  const latestShas = new Set(latest.map((c) => c.sha).filter((sha) => !roots.has(sha)));
  const files: InvolvedFile[] = [];
  for (const path of involvedPaths) {
    const namedFile = named.find((f) => f.path === path);
    files.push({ path, line: namedFile?.line ?? null, namedInDetails: !!namedFile, recentCommits: gitAvailable ? await recentCommits(git, project.root, path, 5) : [] });
  }
  for (const candidate of candidates) {
    for (const file of files.filter((f) => candidate.files.includes(f.path))) {
      const recent = file.recentCommits.find((c) => latestShas.has(c.sha));
      if (recent) {
        candidate.score += 2;
        candidate.evidence.push(`${file.path} changed in ${recent.sha} "${recent.subject}" (${recent.date.slice(0, 10)}), one of the last 5 commits`);
      }
    }
  }

  // A variable the error names that no example env file declares points at the configuration.
  const undeclared = input.envVars.length ? await undeclaredEnvVars(project, input.envVars) : [];
  for (const candidate of candidates.filter((c) => c.cause.id === 'missing-env' && undeclared.length)) {
    candidate.score += 1;
    candidate.evidence.push(`${undeclared.join(', ')} ${undeclared.length === 1 ? 'is' : 'are'} not declared in any .env example file of the project`);
  }

  // ADRs and TODO tasks naming what failed.
  const terms = [...new Set([...files.map((f) => basename(f.path)), ...input.packages, ...technologies, ...input.envVars])];
  const mentions = (text: string) => terms.filter((term) => new RegExp(`(^|[^\\w-])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w-])`, 'i').test(text));
  const relatedAdrs = project.adr.catalog.adrs
    .map((adr) => ({ path: adrPath(project, adr), title: adr.title, status: adr.status, mentions: mentions(adrText(adr)) }))
    .filter((adr) => adr.mentions.length);
  const relatedTasks = project.todo.tasks
    .map((task) => ({ file: project.todo.path, line: task.line, text: task.text, done: task.done, mentions: mentions(`${task.heading} ${task.text}`) }))
    .filter((task) => task.mentions.length);
  for (const candidate of candidates) {
    const related = [...relatedAdrs.filter((a) => a.status === 'accepted').map((a) => `ADR ${a.path}`), ...relatedTasks.map((t) => `TODO task "${t.text}"`)];
    const relevant = candidate.cause.type === 'dependency' || candidate.cause.type === 'configuration' || candidate.cause.type === 'deployment';
    if (relevant && related.length) {
      candidate.score += 1;
      candidate.evidence.push(`${related[0]} names ${[...new Set([...relatedAdrs.flatMap((a) => a.mentions), ...relatedTasks.flatMap((t) => t.mentions)])].slice(0, 3).join(', ')}`);
    }
  }

  const frame = failingFrame(details);
  const ranked = candidates.sort((a, b) => b.score - a.score || CAUSES.indexOf(a.cause) - CAUSES.indexOf(b.cause)).slice(0, MAX_CAUSES);
  // A test or build failure is about the package it happened in: its folder, name and runner, the file and test.
  const scope = input.scope ?? null;
  const scoped = (c: (typeof ranked)[number]) => !!scope && (c.cause.type === 'test' || c.cause.type === 'build');
  const causes: RankedCause[] = ranked.map((c, i) => ({
    rank: i + 1,
    id: c.cause.id,
    type: c.cause.type,
    title: scoped(c) ? `${c.cause.title}, in ${describeScope(scope!)}${scope!.file ? `: ${scope!.file}${scope!.line ? `:${scope!.line}` : ''}` : ''}${scope!.test ? ` "${scope!.test}"` : ''}` : c.cause.title,
    score: c.score,
    evidence: scoped(c) ? [...c.evidence, `${scope!.from} belongs to ${describeScope(scope!)}${scope!.manifest ? `, declared by ${scope!.manifest}` : ''}`] : c.evidence,
    checks: c.cause.checks({ ...input, files: c.files }),
  }));
  return {
    classifiedAs: causes[0]?.type ?? fallbackType(type),
    causes,
    files,
    packages: input.packages,
    envVars: input.envVars,
    technologies,
    unit: frame?.unit ?? null,
    unitFile: frame?.file ? (namedFiles(frame.file, project)[0]?.path ?? null) : null,
    failingPackage: scope,
    relatedAdrs,
    relatedTasks,
    gitAvailable,
    scoring: SCORING,
  };
}

async function undeclaredEnvVars(project: ProjectContext, names: string[]): Promise<string[]> {
  let declared = '';
  for (const file of ENV_EXAMPLES.filter((f) => project.fileSet.has(f))) {
    declared += `${await project.workspace.readText(join(project.root, file)).catch(() => '')}\n`;
  }
  return names.filter((name) => !new RegExp(`^\\s*(export\\s+)?${name}\\s*=`, 'm').test(declared));
}

function fallbackType(type: string): FailureType {
  for (const [name, re] of Object.entries(TYPE_WORDS)) if (re.test(type)) return name as FailureType;
  return 'runtime';
}
