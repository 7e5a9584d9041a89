/**
 * Which GitHub Actions workflows run on the project's changes: those whose `on:` fires on
 * push, pull_request (or pull_request_target, merge_group), and those such a workflow
 * calls (`jobs.<id>.uses: ./.github/workflows/x.yml`), transitively. A reusable workflow
 * (`workflow_call`) whose only caller is commented out, or one run only by hand or on a
 * schedule, does not test the changes. Read as YAML, so comments never count. Used by
 * deployment_readiness (CI runs the tests) and deployment guidance (pipelines to check).
 */
import { parse } from 'yaml';

const CHANGE_EVENTS = new Set(['push', 'pull_request', 'pull_request_target', 'merge_group']);

export interface WorkflowRun {
  /** True when a change (push, pull request, merge queue) runs it, directly or through a caller. */
  runs: boolean;
  /** Why, for the evidence: `on: push, pull_request`, `called by ci.yml`, `on: workflow_call only`. */
  because: string;
}

const isMapping = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The workflow's events (`on:` as a string, a list or a mapping). */
function eventsOf(document: Record<string, unknown>): string[] {
  // YAML 1.1 readers turn a bare `on` into true; the yaml package (1.2) keeps the string.
  const on = document.on ?? document.true;
  if (typeof on === 'string') return [on];
  if (Array.isArray(on)) return on.filter((e): e is string => typeof e === 'string');
  if (isMapping(on)) return Object.keys(on);
  return [];
}

/** `./.github/workflows/x.yml@ref` → `.github/workflows/x.yml`; remote workflows (owner/repo/...) are not this project's. */
function localWorkflow(uses: unknown): string | null {
  if (typeof uses !== 'string' || !uses.startsWith('./')) return null;
  return uses.slice(2).split('@')[0]!.replace(/\/+$/, '');
}

/** The part of a path from `.github/workflows/` on, so callers and callees match whatever the project folder. */
const key = (path: string) => path.slice(Math.max(0, path.indexOf('.github/workflows/')));

/** `workflows`: each workflow's path (under .github/workflows) and text; the result is keyed by the given path. */
export function workflowRuns(workflows: ReadonlyArray<{ path: string; text: string }>): Map<string, WorkflowRun> {
  const parsed = new Map<string, { events: string[]; calls: string[] }>();
  const unreadable = new Set<string>();
  for (const { path, text } of workflows) {
    let document: unknown;
    try {
      document = parse(text, { uniqueKeys: false, prettyErrors: false });
    } catch {
      document = undefined;
    }
    // A file that is not readable YAML keeps the benefit of the doubt: its steps still count.
    if (!isMapping(document)) unreadable.add(key(path));
    const events = isMapping(document) ? eventsOf(document) : [];
    const jobs = isMapping(document) && isMapping(document.jobs) ? Object.values(document.jobs) : [];
    const calls = jobs.map((job) => (isMapping(job) ? localWorkflow(job.uses) : null)).filter((c): c is string => c !== null).map(key);
    parsed.set(key(path), { events, calls });
  }

  const reached = new Map<string, string>();
  const queue: string[] = [];
  for (const [path, { events }] of parsed) {
    const firing = events.filter((e) => CHANGE_EVENTS.has(e));
    if (firing.length > 0) {
      reached.set(path, `on: ${firing.join(', ')}`);
      queue.push(path);
    }
  }
  while (queue.length > 0) {
    const caller = queue.shift()!;
    for (const callee of parsed.get(caller)?.calls ?? []) {
      if (reached.has(callee) || !parsed.has(callee)) continue;
      reached.set(callee, `called by ${caller.split('/').pop()}`);
      queue.push(callee);
    }
  }

  const out = new Map<string, WorkflowRun>();
  for (const { path } of workflows) {
    const because = reached.get(key(path)) ?? (unreadable.has(key(path)) ? 'its triggers could not be read' : undefined);
    const events = parsed.get(key(path))?.events ?? [];
    out.set(path, because ? { runs: true, because } : { runs: false, because: events.length ? `on: ${events.join(', ')} only, and no workflow run by a push or pull request calls it` : 'no trigger read from its `on:`' });
  }
  return out;
}
