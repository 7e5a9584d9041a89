/**
 * What generate_adr_todo does to the task list, decided without touching the
 * store: new tasks for the work accepted ADRs call for, existing tasks kept
 * (same ADR and same derived title: status and id stay), and tasks reported as
 * stale when their ADR is no longer accepted, is gone, or no longer calls for them.
 */
import { join } from 'node:path';
import type { AdrStatus, Catalog } from '../catalog/types.js';
import { saysImplemented } from '../catalog/status.js';
import type { DecisionEvidence } from './decision-evidence.js';
import { deriveTasks } from './derive-tasks.js';
import { projectRelative } from './todo-files.js';
import type { Task, TaskPriority } from './types.js';

export interface SkippedAdr {
  path: string;
  number: number | null;
  title: string;
  status: AdrStatus | null;
  reason: string;
}

export interface StaleTask {
  id: string;
  title: string;
  status: Task['status'];
  linkedAdr: string;
  reason: string;
}

export interface AdrTaskPlan {
  created: Task[];
  kept: Task[];
  stale: StaleTask[];
  skipped: SkippedAdr[];
  accepted: Array<{ path: string; number: number | null; title: string; priority: TaskPriority; priorityReason: string; tasks: number }>;
}

export function planAdrTasks(input: {
  catalog: Catalog;
  root: string;
  existing: readonly Task[];
  newId: () => string;
  now: string;
  includePriorities: boolean;
  /** Per ADR path (project-relative): evidence that the code already carries the decision out. */
  inPlace?: ReadonlyMap<string, string[]>;
  /** Per ADR path (project-relative): what the code shows of it, and the manifests looked in (decision-evidence.ts). */
  evidence?: { byAdr: ReadonlyMap<string, DecisionEvidence>; manifests: string[] };
}): AdrTaskPlan {
  const { catalog, root, existing, now } = input;
  const key = (adr: string | null, title: string) => `${adr ?? ''}\u0000${title}`;
  const byKey = new Map(existing.map((task) => [key(task.linkedAdr, task.title), task]));
  const plan: AdrTaskPlan = { created: [], kept: [], stale: [], skipped: [], accepted: [] };
  const derivedTitles = new Map<string, Set<string>>();
  const statusByPath = new Map<string, AdrStatus | null>();
  const implemented = new Set<string>();
  const keptSet = new Set<Task>();

  for (const adr of catalog.adrs) {
    const path = projectRelative(root, join(catalog.dir, adr.path));
    statusByPath.set(path, adr.status);
    if (adr.status !== 'accepted') {
      plan.skipped.push({ path, number: adr.number, title: adr.title, status: adr.status, reason: (adr.status ? `status is ${adr.status}; only accepted ADRs get tasks` : 'no status; only accepted ADRs get tasks') + proposalEvidence(input.evidence?.byAdr.get(path)) });
      continue;
    }
    // "Implemented", "Accepted and implemented", "Done": the work is behind us, so no tasks to plan.
    if (saysImplemented(adr.rawStatus)) {
      implemented.add(path);
      plan.skipped.push({ path, number: adr.number, title: adr.title, status: adr.status, reason: `status "${adr.rawStatus}" says it is already implemented; no tasks planned` });
      continue;
    }
    const shown = input.evidence?.byAdr.get(path);
    const derived = deriveTasks(adr, path, { inPlace: input.inPlace?.get(path), evidence: shown ? { ...shown, manifests: input.evidence!.manifests } : undefined, now });
    // With includePriorities false, new tasks get the default priority and no rule is applied.
    const priority: TaskPriority = input.includePriorities ? derived.priority : 'medium';
    const titles = new Set<string>();
    const take = (title: string, description: string, tags: string[], dependencies: string[]): Task => {
      titles.add(title);
      const found = byKey.get(key(path, title));
      if (found) {
        if (!keptSet.has(found)) {
          keptSet.add(found);
          plan.kept.push(found);
        }
        return found;
      }
      const task: Task = {
        id: input.newId(),
        title,
        description,
        status: 'pending',
        priority,
        linkedAdr: path,
        tags: [...new Set([...tags, ...adr.tags])],
        dependencies,
        createdAt: now,
        updatedAt: now,
        completedAt: null,
        origin: 'generated',
      };
      byKey.set(key(path, title), task);
      plan.created.push(task);
      return task;
    };
    for (const pair of derived.pairs) {
      const kind = pair.source === 'decision' ? 'decision' : 'consequence';
      const test = pair.test ? take(pair.test.title, pair.test.description, ['test', kind], []) : null;
      take(pair.implementation.title, pair.implementation.description, [pair.kind ?? 'implementation', kind], test ? [test.id] : []);
    }
    derivedTitles.set(path, titles);
    plan.accepted.push({ path, number: adr.number, title: adr.title, priority, priorityReason: input.includePriorities ? derived.priorityReason : 'priorities not requested', tasks: titles.size });
  }

  const adrFolder = projectRelative(root, catalog.dir);
  for (const task of existing) {
    if (!task.linkedAdr) continue;
    const reason = implemented.has(task.linkedAdr) && task.status !== 'completed' && task.status !== 'cancelled' && task.origin === 'generated'
      ? 'the ADR\'s status says it is already implemented'
      : staleReason(task, statusByPath, derivedTitles, adrFolder, implemented);
    if (reason) plan.stale.push({ id: task.id, title: task.title, status: task.status, linkedAdr: task.linkedAdr, reason });
  }
  return plan;
}

/** What the code shows of a proposal: decide it first, whichever way the code went. */
function proposalEvidence(shown: DecisionEvidence | undefined): string {
  if (!shown) return '';
  if (shown.evidence.length) return ` (the code already shows it: ${shown.evidence.slice(0, 3).join(', ')}; accept it to plan a check)`;
  if (shown.missing.length) return ` (no sign of ${shown.missing.map((m) => m.technology).join(', ')} in the code yet)`;
  return '';
}

function staleReason(task: Task, statusByPath: Map<string, AdrStatus | null>, derivedTitles: Map<string, Set<string>>, adrFolder: string, implemented: ReadonlySet<string>): string | null {
  const path = task.linkedAdr!;
  if (implemented.has(path)) return null;
  if (statusByPath.has(path)) {
    const status = statusByPath.get(path);
    if (status !== 'accepted') return `the ADR is ${status ?? 'without a status'}, no longer accepted`;
    if (task.origin === 'generated' && !derivedTitles.get(path)?.has(task.title)) return 'the ADR no longer calls for this task (its text changed)';
    return null;
  }
  const inFolder = adrFolder === '' || path.startsWith(`${adrFolder}/`);
  return inFolder ? 'the ADR file is no longer in the catalogue' : null;
}
