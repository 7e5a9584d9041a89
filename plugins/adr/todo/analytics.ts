/**
 * Numbers about a project's tasks, all counted from the stored list: analytics
 * (by status, priority and ADR, completion rate, what is blocked) and a health
 * score whose every component shows its counts and formula.
 */
import { TASK_PRIORITIES, TASK_STATUSES, type Task, type TaskPriority, type TaskStatus } from './types.js';

/** An in-progress task not updated for this many days counts as stale in the health score. */
export const STALE_IN_PROGRESS_DAYS = 14;
const TOP = 10;

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

export interface TaskAnalytics {
  total: number;
  byStatus: Record<TaskStatus, number>;
  byPriority: Record<TaskPriority, number>;
  /** completed / (total − cancelled) × 100, one decimal. */
  completionRate: number;
  completionRateFormula: string;
  byAdr: Array<{ linkedAdr: string; total: number; completed: number; open: number; completionRate: number }>;
  unlinked: number;
  blocked: Array<{ id: string; title: string }>;
  /** Open tasks with at least one dependency not yet completed. */
  waitingOnDependencies: Array<{ id: string; title: string; waitingOn: string[] }>;
  /** Pending tasks whose dependencies are all completed. */
  readyToStart: number;
}

export function analyse(tasks: readonly Task[]): TaskAnalytics {
  const byStatus = Object.fromEntries(TASK_STATUSES.map((s) => [s, 0])) as Record<TaskStatus, number>;
  const byPriority = Object.fromEntries(TASK_PRIORITIES.map((p) => [p, 0])) as Record<TaskPriority, number>;
  for (const task of tasks) {
    byStatus[task.status] += 1;
    byPriority[task.priority] += 1;
  }
  const countable = tasks.length - byStatus.cancelled;
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const adrs = new Map<string, Task[]>();
  for (const task of tasks) if (task.linkedAdr) adrs.set(task.linkedAdr, [...(adrs.get(task.linkedAdr) ?? []), task]);

  const open = tasks.filter((task) => task.status !== 'completed' && task.status !== 'cancelled');
  const waiting = open
    .map((task) => ({ id: task.id, title: task.title, waitingOn: task.dependencies.filter((dep) => byId.get(dep)?.status !== 'completed') }))
    .filter((entry) => entry.waitingOn.length > 0);
  return {
    total: tasks.length,
    byStatus,
    byPriority,
    completionRate: percent(byStatus.completed, countable),
    completionRateFormula: `completed ${byStatus.completed} / (total ${tasks.length} − cancelled ${byStatus.cancelled}) × 100`,
    byAdr: [...adrs.entries()]
      .map(([linkedAdr, list]) => {
        const completed = list.filter((t) => t.status === 'completed').length;
        const cancelled = list.filter((t) => t.status === 'cancelled').length;
        return { linkedAdr, total: list.length, completed, open: list.length - completed - cancelled, completionRate: percent(completed, list.length - cancelled) };
      })
      .sort((a, b) => a.linkedAdr.localeCompare(b.linkedAdr)),
    unlinked: tasks.filter((task) => !task.linkedAdr).length,
    blocked: tasks.filter((task) => task.status === 'blocked').slice(0, TOP).map(({ id, title }) => ({ id, title })),
    waitingOnDependencies: waiting.slice(0, TOP),
    readyToStart: open.filter((task) => task.status === 'pending' && task.dependencies.every((dep) => byId.get(dep)?.status === 'completed')).length,
  };
}

export interface HealthComponent {
  name: string;
  /** 0–100 for this component. */
  score: number;
  /** Share of the total, in percent; the weights add up to 100. */
  weight: number;
  /** The counts the score was computed from, in words. */
  formula: string;
}

export interface HealthScore {
  score: number;
  grade: 'excellent' | 'good' | 'fair' | 'poor' | 'no tasks';
  formula: string;
  components: HealthComponent[];
  staleInProgressDays: number;
}

/**
 * score = Σ weight × component / 100, over: completion (40), not blocked (20),
 * linked to an ADR (15), in-progress work that moves (15), dependencies that can
 * still be met (10). A component with nothing to measure (no in-progress task,
 * no dependencies) scores 100; an empty list scores 0.
 */
export function healthScore(tasks: readonly Task[], now: Date): HealthScore {
  const count = (pred: (task: Task) => boolean) => tasks.filter(pred).length;
  const cancelled = count((t) => t.status === 'cancelled');
  const completed = count((t) => t.status === 'completed');
  const open = count((t) => t.status !== 'completed' && t.status !== 'cancelled');
  const blocked = count((t) => t.status === 'blocked');
  const linked = count((t) => Boolean(t.linkedAdr));
  const inProgress = tasks.filter((t) => t.status === 'in_progress');
  const cutoff = now.getTime() - STALE_IN_PROGRESS_DAYS * 86_400_000;
  const stale = inProgress.filter((t) => Date.parse(t.updatedAt) < cutoff).length;
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const withDeps = tasks.filter((t) => t.dependencies.length > 0 && t.status !== 'completed' && t.status !== 'cancelled');
  const broken = withDeps.filter((t) => t.dependencies.some((dep) => !byId.has(dep) || byId.get(dep)!.status === 'cancelled')).length;

  const ratio = (good: number, whole: number) => (whole === 0 ? 100 : Math.round((good / whole) * 1000) / 10);
  const components: HealthComponent[] = [
    { name: 'completion', weight: 40, score: tasks.length - cancelled === 0 ? 0 : ratio(completed, tasks.length - cancelled), formula: `completed ${completed} / (total ${tasks.length} − cancelled ${cancelled})` },
    { name: 'not blocked', weight: 20, score: ratio(open - blocked, open), formula: `(open ${open} − blocked ${blocked}) / open ${open}` },
    { name: 'linked to an ADR', weight: 15, score: ratio(linked, tasks.length), formula: `tasks with linkedAdr ${linked} / total ${tasks.length}` },
    {
      name: 'in progress and moving',
      weight: 15,
      score: ratio(inProgress.length - stale, inProgress.length),
      formula: `(in progress ${inProgress.length} − not updated for ${STALE_IN_PROGRESS_DAYS}+ days ${stale}) / in progress ${inProgress.length}`,
    },
    {
      name: 'dependencies can be met',
      weight: 10,
      score: ratio(withDeps.length - broken, withDeps.length),
      formula: `(open tasks with dependencies ${withDeps.length} − depending on a cancelled or missing task ${broken}) / ${withDeps.length}`,
    },
  ];
  const score = tasks.length === 0 ? 0 : Math.round(components.reduce((sum, c) => sum + (c.weight * c.score) / 100, 0));
  return {
    score,
    grade: tasks.length === 0 ? 'no tasks' : score >= 85 ? 'excellent' : score >= 70 ? 'good' : score >= 50 ? 'fair' : 'poor',
    formula: 'round(Σ weight × component score / 100); weights: completion 40, not blocked 20, linked to an ADR 15, in progress and moving 15, dependencies can be met 10; a component with nothing to measure scores 100; no tasks scores 0',
    components,
    staleInProgressDays: STALE_IN_PROGRESS_DAYS,
  };
}
