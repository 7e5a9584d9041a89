/**
 * get_development_guidance's tasks for a phase: the accepted ADRs' decisions not
 * yet in the code (adr.progress), the open TODO tasks, the diagnostics that fail,
 * the stack; each task names the files or folders it touches in this project.
 */
import { posix } from 'node:path';
import type { AdrProgressSummary } from '../../adr/api.js';
import type { DiagnosticCheck } from '../diagnostics/check.js';
import { newTestPath, testLayout } from '../failure/test-layout.js';
import type { ProjectContext } from '../project/context.js';
import type { ProjectState } from '../project/state.js';
import type { Stack } from '../project/stack.js';
import { addCommand, areaFolder, areaKey, clientPackage, sourceRoot } from './layout.js';

export const PHASES = ['setup', 'implementation', 'testing', 'deployment', 'maintenance'] as const;
export type Phase = (typeof PHASES)[number];

export interface DevelopmentTask {
  title: string;
  source: 'adr' | 'todo' | 'diagnostics' | 'stack' | 'tests';
  adr: { path: string; title: string } | null;
  technology: string | null;
  /** Files and folders it touches, relative to the project; a folder ends with "/" (new ones are marked "(new)"). */
  files: string[];
  commands: string[];
  why: string;
}

export interface TaskInput {
  project: ProjectContext;
  stack: Stack;
  state: ProjectState;
  progress: AdrProgressSummary;
  diagnostics: DiagnosticCheck[];
  phase: Phase;
  /** technologyStack when given. */
  technologies: string[] | null;
}

const SERVICE_AREAS = new Set(['database', 'orm', 'caching', 'messaging', 'auth', 'api-style', 'web-framework', 'observability']);
const folderRef = (f: { path: string; exists: boolean }) => `${f.path}/${f.exists ? '' : ' (new)'}`.trim();
const toProject = (project: ProjectContext, workspacePath: string) => (project.projectPath === '.' ? workspacePath : workspacePath.startsWith(`${project.projectPath}/`) ? workspacePath.slice(project.projectPath.length + 1) : workspacePath);

export function developmentTasks(input: TaskInput): DevelopmentTask[] {
  const { project, stack, state, progress, diagnostics, phase } = input;
  const tasks: DevelopmentTask[] = [];
  const layout = testLayout(project, stack);
  const manifest = stack.manifest;
  const testFolder = layout.folder ? `${layout.folder}/` : `${sourceRoot(project)}/ (next to the code, ${layout.pattern})`;
  const gaps = progress.adrs.flatMap((adr) => adr.decisions.filter((d) => d.status === 'gap').map((d) => ({ adr, decision: d })));
  const adrRef = (adr: { path: string; title: string }) => ({ path: toProject(project, adr.path), title: adr.title });
  const failing = (id: DiagnosticCheck['id']) => diagnostics.find((d) => d.id === id && (d.status === 'fail' || d.status === 'warn'));

  const gapTask = ({ adr, decision }: (typeof gaps)[number], verb: string): DevelopmentTask => {
    const pkg = clientPackage(decision.technology, stack);
    const folder = areaFolder(project, decision.area);
    const test = newTestPath(layout, stack, `${folder.path}/${decision.technology.toLowerCase().replace(/[^a-z0-9]+/g, '_')}.${ext(stack)}`, decision.technology);
    const add = pkg ? addCommand(stack, pkg) : null;
    return {
      title: `${verb} ${decision.technology} (${decision.area}) as ADR ${adr.number ?? ''} "${adr.title}" decides`.replace('ADR  ', 'ADR '),
      source: 'adr',
      adr: adrRef(adr),
      technology: decision.technology,
      files: [...(manifest ? [manifest] : []), ...(SERVICE_AREAS.has(areaKey(decision.area)) ? [folderRef(folder)] : []), test],
      commands: [...(add ? [add] : []), ...(stack.commands.test ? [stack.commands.test] : [])],
      why: `The ADR is accepted and the scan finds no ${decision.technology} in the code${pkg ? ` (no ${pkg} in ${manifest ?? 'the manifest'})` : ''}.`,
    };
  };

  if (phase === 'setup') {
    if (stack.commands.install) tasks.push({ title: stack.lockfile ? 'Install the dependencies from the lockfile' : 'Install the dependencies', source: 'stack', adr: null, technology: null, files: [manifest, stack.lockfile].filter((f): f is string => !!f), commands: [stack.commands.install], why: `${manifest ?? 'The manifest'} declares the dependencies${stack.lockfile ? ` and ${stack.lockfile} pins them` : ''}.` });
    const lock = failing('lockfile-in-sync');
    if (lock) tasks.push({ title: lock.status === 'fail' ? 'Bring the lockfile back in sync with package.json' : 'Commit a lockfile', source: 'diagnostics', adr: null, technology: null, files: filesIn(project, lock.evidence), commands: stack.packageManager === 'npm' ? ['npm install --package-lock-only'] : [], why: lock.evidence.slice(0, 3).join('; ') });
    const env = failing('env-vars-declared');
    if (env) tasks.push({ title: 'Declare the environment variables the code reads', source: 'diagnostics', adr: null, technology: null, files: ['.env.example', ...env.evidence.map((e) => e.match(/read at ([^:,]+)/)?.[1]).filter((f): f is string => !!f)].filter((f, i, all) => all.indexOf(f) === i).slice(0, 6), commands: [], why: env.detail });
    const runtime = failing('runtime-versions');
    if (runtime?.status === 'fail') tasks.push({ title: 'Make the runtime version declarations agree', source: 'diagnostics', adr: null, technology: null, files: filesIn(project, runtime.evidence).slice(0, 6), commands: [], why: runtime.detail });
    for (const gap of gaps.filter((g) => clientPackage(g.decision.technology, stack))) tasks.push(gapTask(gap, 'Add the client for'));
    if (!stack.testFramework) {
      const framework = stack.ecosystem === 'python' ? 'pytest' : stack.ecosystem === 'node' ? 'vitest' : null;
      if (framework) tasks.push({ title: `Set up ${framework}`, source: 'stack', adr: null, technology: framework, files: [manifest ?? '', stack.ecosystem === 'python' ? 'tests/' : 'test/'].filter(Boolean), commands: [addCommand(stack, framework) ?? ''].filter(Boolean), why: 'No test framework is detected.' });
    }
    if (!state.ci.length) tasks.push({ title: 'Add a CI workflow that installs and tests', source: 'stack', adr: null, technology: 'GitHub Actions', files: ['.github/workflows/ci.yml (new)'], commands: [stack.commands.install, stack.commands.test].filter((c): c is string => !!c), why: 'No CI configuration is found.' });
  }

  if (phase === 'implementation') {
    for (const gap of gaps) tasks.push(gapTask(gap, 'Implement'));
    for (const adr of progress.adrs.filter((a) => a.verdict === 'conflict')) {
      for (const d of adr.decisions.filter((x) => x.status === 'conflict')) {
        tasks.push({ title: `Move to ${d.technology} as ADR "${adr.title}" decides`, source: 'adr', adr: adrRef(adr), technology: d.technology, files: [...new Set([...(manifest ? [manifest] : []), ...d.evidence.map((e) => e.split(':')[0]!.trim()).filter((f) => project.fileSet.has(f))])], commands: [], why: 'The code uses a competing technology instead of the one decided.' });
      }
    }
  }

  if (phase === 'implementation' || phase === 'maintenance') {
    for (const task of project.todo.tasks.filter((t) => !t.done).slice(0, 30)) {
      const files = [...task.text.matchAll(/[\w./-]+\.[a-z]{1,5}\b|[\w-]+\/[\w./-]*/g)].map((m) => m[0].replace(/[.,]$/, '')).filter((f) => project.fileSet.has(f) || project.files.some((x) => x.path.startsWith(`${f.replace(/\/$/, '')}/`)));
      const tech = stackTechnologies(input).find((t) => new RegExp(`\\b${escape(t)}\\b`, 'i').test(`${task.heading} ${task.text}`)) ?? null;
      const gap = tech ? gaps.find((g) => g.decision.technology === tech) : undefined;
      const folder = gap ? areaFolder(project, gap.decision.area) : null;
      const adr = progress.adrs.find((a) => headingNames(task.heading, a));
      tasks.push({
        title: task.text,
        source: 'todo',
        adr: adr ? adrRef(adr) : null,
        technology: tech,
        files: files.length ? files : folder ? [folderRef(folder)] : [`${project.todo.path}:${task.line}`],
        commands: [],
        why: `Open in ${project.todo.path} (line ${task.line})${task.heading ? ` under "${task.heading}"` : ''}.`,
      });
    }
  }

  if (phase === 'testing') {
    if (!stack.testFramework) tasks.push({ title: 'Choose and set up a test framework', source: 'stack', adr: null, technology: null, files: [manifest ?? ''].filter(Boolean), commands: [], why: 'No test framework is detected.' });
    for (const adr of progress.adrs) {
      for (const d of adr.decisions.filter((x) => x.status === 'implemented' && SERVICE_AREAS.has(areaKey(x.area)))) {
        const folder = areaFolder(project, d.area);
        tasks.push({
          title: `Test the ${d.technology} integration ADR "${adr.title}" decided`,
          source: 'adr',
          adr: adrRef(adr),
          technology: d.technology,
          files: [newTestPath(layout, stack, `${folder.path}/${d.technology.toLowerCase().replace(/[^a-z0-9]+/g, '_')}.${ext(stack)}`, d.technology), folderRef(folder)],
          commands: stack.commands.test ? [stack.commands.test] : [],
          why: `${d.technology} is in the code (${d.evidence.slice(0, 2).join(', ')}); a test keeps the decision carried out.`,
        });
      }
    }
    for (const source of untestedSources(project).slice(0, 5)) {
      tasks.push({ title: `Add tests for ${source}`, source: 'tests', adr: null, technology: stack.testFramework, files: [newTestPath(layout, stack, source, posix.basename(source)), source], commands: stack.commands.test ? [stack.commands.test] : [], why: `No ${layout.pattern} file in ${testFolder} names it.` });
    }
  }

  if (phase === 'deployment') {
    const deploymentGaps = gaps.filter((g) => areaKey(g.decision.area) === 'deployment' || areaKey(g.decision.area) === 'ci');
    for (const gap of deploymentGaps) {
      const file = /docker/i.test(gap.decision.technology) ? 'Dockerfile (new)' : /kubernetes|helm/i.test(gap.decision.technology) ? 'k8s/ (new)' : /github actions|ci/i.test(gap.decision.technology) ? '.github/workflows/ (new)' : `${gap.decision.technology} configuration (new)`;
      tasks.push({ ...gapTask(gap, 'Set up'), files: [file] });
    }
    for (const docker of state.dockerfiles) tasks.push({ title: `Build and run the image of ${docker}`, source: 'stack', adr: null, technology: 'Docker', files: [docker], commands: [`docker build -f ${docker} .`], why: 'The image is what gets deployed: it must build from a clean checkout.' });
    if (!state.dockerfiles.length && !deploymentGaps.length) tasks.push({ title: 'Decide how the service is deployed and record it as an ADR', source: 'stack', adr: null, technology: null, files: [`${state.adrDirectory.path}/`], commands: [], why: 'No Dockerfile, Kubernetes or serverless configuration, and no accepted ADR deciding the deployment.' });
    const env = failing('env-vars-declared');
    if (env) tasks.push({ title: 'Provide every environment variable the code reads in the deployment', source: 'diagnostics', adr: null, technology: null, files: ['.env.example', ...state.dockerfiles], commands: [], why: env.detail });
    for (const ci of state.ci) tasks.push({ title: `Run the tests in ${ci} before deploying`, source: 'stack', adr: null, technology: null, files: [ci], commands: [stack.commands.test].filter((c): c is string => !!c), why: 'A deployment should follow a green pipeline.' });
  }

  if (phase === 'maintenance') {
    if (stack.commands.audit) tasks.push({ title: 'Audit the dependencies for known vulnerabilities', source: 'stack', adr: null, technology: null, files: [manifest, stack.lockfile].filter((f): f is string => !!f), commands: [stack.commands.audit], why: `${manifest ?? 'The manifest'} pins the versions shipped.` });
    for (const m of progress.mismatches) tasks.push({ title: m.message, source: 'adr', adr: { path: toProject(project, m.adrPath), title: progress.adrs.find((a) => a.path === m.adrPath)?.title ?? posix.basename(m.adrPath) }, technology: m.technology, files: [...new Set([...m.evidence.map((e) => e.split(':')[0]!.trim()).filter((f) => project.fileSet.has(f)), ...(m.kind === 'completed-tasks-without-evidence' && project.todo.found ? [project.todo.path] : []), toProject(project, m.adrPath)])], commands: [], why: `compare_adr_progress reports a ${m.kind}.` });
    for (const check of diagnostics.filter((d) => d.status === 'fail')) tasks.push({ title: `Fix: ${check.name.toLowerCase()}`, source: 'diagnostics', adr: null, technology: null, files: filesIn(project, check.evidence), commands: [], why: `${check.detail} ${check.evidence.slice(0, 2).join('; ')}` });
  }

  // technologyStack names technologies the code does not use yet: each is work for setup and implementation.
  if ((phase === 'setup' || phase === 'implementation') && input.technologies) {
    const used = new Set(stack.technologies.map((t) => t.toLowerCase()));
    for (const tech of input.technologies.filter((t) => !used.has(t.toLowerCase()) && !tasks.some((x) => x.technology?.toLowerCase() === t.toLowerCase()))) {
      const pkg = clientPackage(tech, stack);
      const add = pkg ? addCommand(stack, pkg) : null;
      tasks.push({ title: `Bring ${tech} into the code`, source: 'stack', adr: null, technology: tech, files: [manifest ?? ''].filter(Boolean), commands: add ? [add] : [], why: `technologyStack names ${tech}; the scan finds no sign of it.` });
    }
  }
  // Nothing decided to carry out: the first implementation task is to decide (the tasks derive from accepted ADRs).
  if (phase === 'implementation' && progress.acceptedAdrs === 0) {
    tasks.unshift({
      title: 'Record the architecture decisions the code already shows, then implement from them',
      source: 'adr',
      adr: null,
      technology: null,
      files: [`${state.adrDirectory.path}/`, ...(manifest ? [manifest] : [])],
      commands: [],
      why: `No accepted ADR in ${state.adrDirectory.path}: implementation tasks come from accepted decisions. suggest_adrs lists the decisions evident in the code (${[...input.stack.technologies].slice(0, 4).join(', ') || 'its stack'}); generate_adr_from_decision writes each one.`,
    });
  }
  return tasks.map((t) => ({ ...t, files: [...new Set(t.files.filter(Boolean))] }));
}

/** Project files named in texts (evidence lines), in order of appearance. */
const filesIn = (project: ProjectContext, texts: string[]) =>
  [...new Set(texts.flatMap((t) => t.split(/[\s,;()"'`]+/).map((word) => word.replace(/(?::\d+)*[:.]*$/, ''))))].filter((f) => project.fileSet.has(f));

const ext = (stack: Stack) => (stack.ecosystem === 'python' ? 'py' : stack.ecosystem === 'go' ? 'go' : stack.ecosystem === 'rust' ? 'rs' : stack.language === 'JavaScript' ? 'js' : 'ts');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const stackTechnologies = (input: TaskInput) => [...new Set([...(input.technologies ?? []), ...input.stack.technologies, ...input.progress.adrs.flatMap((a) => a.decisions.map((d) => d.technology))])];
const headingNames = (heading: string, adr: { number: number | null; title: string }) =>
  !!heading && ((adr.number !== null && new RegExp(`\\bADR[- ]?0*${adr.number}\\b`, 'i').test(heading)) || heading.toLowerCase().includes(adr.title.toLowerCase()));

/** Product source files, largest first, whose stem no test file name contains. */
function untestedSources(project: ProjectContext): string[] {
  const testNames = project.files.filter((f) => /(^|\/)(tests?|__tests__|spec)\/|\.(test|spec)\.|(^|\/)test_|_test\./.test(f.path)).map((f) => posix.basename(f.path).toLowerCase());
  return project.files
    .filter((f) => !f.folder && /\.([cm]?[jt]sx?|py|go|rs)$/.test(f.path) && !/(^|\/)(tests?|__tests__|spec)\/|\.(test|spec)\.|(^|\/)test_|_test\.|\.d\.ts$|(^|\/)__init__\.py$|\.config\.[cm]?[jt]s$/.test(f.path))
    .filter((f) => {
      const stem = posix.basename(f.path).replace(/\.[^.]+$/, '').toLowerCase();
      return !testNames.some((name) => name.includes(stem));
    })
    .sort((a, b) => b.size - a.size)
    .map((f) => f.path);
}
