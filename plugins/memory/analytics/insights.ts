/**
 * memory_insights: what the graph knows about one project or all of them within a time range:
 * counts per node type, technologies seen in analyses, SSGs chosen (recommended, configured,
 * deployed) with their outcomes, and per-week or per-month trends.
 */
import type { Store } from '../../../sdk/index.js';
import type { MemoryTables } from '../store-schema.js';
import { bySsg, loadDeployments, round3, tally, type Deployment, type Tally } from './outcomes.js';
import { monthOf, weekOf, type TimeRange } from './time-range.js';

const TECHNOLOGIES_MAX = 30;
const KIND_ORDER = { language: 0, framework: 1, technology: 2 } as const;
const PERIODS_MAX = 26;
/** Spans up to this many days are bucketed per week, longer ones per month. */
const WEEKLY_UP_TO_DAYS = 183;

export interface InsightsScope extends TimeRange {
  project?: string;
}

export interface Insights {
  scope: { project: string | null; start: string | null; end: string | null };
  counts: Array<{ type: string; count: number }>;
  totalMemories: number;
  projects: number;
  technologies: Array<{ name: string; kind: 'language' | 'framework' | 'technology'; projects: number; analyses: number }>;
  ssgs: Array<{ ssg: string; recommended: number; configurations: number } & Tally>;
  deployments: Tally;
  trends: { bucket: 'week' | 'month'; periods: Array<{ period: string; analyses: number; deployments: number; succeeded: number; failed: number; configured: number; successRate: number | null }> };
}

interface Row {
  id: string;
  type: string;
  project: string | null;
  data: string;
  created_at: string;
}

const parse = (data: string): Record<string, unknown> => {
  try {
    const value = JSON.parse(data) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

export async function insights(store: Store<MemoryTables>, scope: InsightsScope): Promise<Insights> {
  const db = store.db;
  let counted = db.selectFrom('memory_nodes').select(['type', (eb) => eb.fn.countAll<number | string>().as('count')]);
  if (scope.project !== undefined) counted = counted.where('project', '=', scope.project);
  if (scope.start) counted = counted.where('created_at', '>=', scope.start);
  if (scope.end) counted = counted.where('created_at', '<=', scope.end);
  const counts = (await counted.groupBy('type').execute()).map((r) => ({ type: r.type, count: Number(r.count) })).sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));

  let loaded = db.selectFrom('memory_nodes').select(['id', 'type', 'project', 'data', 'created_at']).where('type', 'in', ['analysis', 'configuration', 'recommendation']);
  if (scope.project !== undefined) loaded = loaded.where('project', '=', scope.project);
  if (scope.start) loaded = loaded.where('created_at', '>=', scope.start);
  if (scope.end) loaded = loaded.where('created_at', '<=', scope.end);
  const rows: Row[] = await loaded.orderBy('created_at', 'asc').execute();
  const deployments = await loadDeployments(db, { ...(scope.project !== undefined ? { projects: [scope.project] } : {}), start: scope.start, end: scope.end });

  const analyses = rows.filter((r) => r.type === 'analysis');
  const projects = new Set<string>([...rows.map((r) => r.project ?? '.'), ...deployments.map((d) => d.project)]);

  return {
    scope: { project: scope.project ?? null, start: scope.start ?? null, end: scope.end ?? null },
    counts,
    totalMemories: counts.reduce((sum, c) => sum + c.count, 0),
    projects: projects.size,
    technologies: technologiesOf(analyses),
    ssgs: ssgsOf(rows, deployments),
    deployments: tally(deployments),
    trends: trendsOf(analyses, deployments, scope),
  };
}

function technologiesOf(analyses: Row[]): Insights['technologies'] {
  const seen = new Map<string, { name: string; kind: 'language' | 'framework' | 'technology'; projects: Set<string>; analyses: number }>();
  for (const row of analyses) {
    const data = parse(row.data);
    const add = (name: unknown, kind: 'language' | 'framework' | 'technology') => {
      if (typeof name !== 'string' || !name.trim()) return;
      const key = name.trim().toLowerCase();
      const entry = seen.get(key) ?? { name: name.trim(), kind, projects: new Set<string>(), analyses: 0 };
      entry.projects.add(row.project ?? '.');
      entry.analyses++;
      seen.set(key, entry);
    };
    const languages = data.languages && typeof data.languages === 'object' ? Object.keys(data.languages) : [];
    // One analysis names a technology once, whatever list it is in.
    const names = new Map<string, ['language' | 'framework' | 'technology', string]>();
    for (const name of languages) names.set(name.toLowerCase(), ['language', name]);
    for (const name of Array.isArray(data.frameworks) ? data.frameworks : []) if (typeof name === 'string' && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), ['framework', name]);
    for (const name of Array.isArray(data.technologies) ? data.technologies : []) if (typeof name === 'string' && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), ['technology', name]);
    for (const [kind, name] of names.values()) add(name, kind);
  }
  return [...seen.values()]
    .map((e) => ({ name: e.name, kind: e.kind, projects: e.projects.size, analyses: e.analyses }))
    .sort((a, b) => b.projects - a.projects || b.analyses - a.analyses || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.name.localeCompare(b.name))
    .slice(0, TECHNOLOGIES_MAX);
}

function ssgsOf(rows: Row[], deployments: Deployment[]): Insights['ssgs'] {
  const names = new Map<string, string>();
  const recommended = new Map<string, number>();
  const configured = new Map<string, number>();
  const note = (map: Map<string, number>, name: unknown) => {
    if (typeof name !== 'string' || !name.trim()) return;
    const key = name.trim().toLowerCase();
    names.set(key, names.get(key) ?? name.trim());
    map.set(key, (map.get(key) ?? 0) + 1);
  };
  for (const row of rows) {
    if (row.type === 'configuration') note(configured, parse(row.data).ssg);
    if (row.type === 'recommendation') {
      const data = parse(row.data);
      if (data.kind === 'ssg') note(recommended, data.value);
    }
  }
  const groups = bySsg(deployments);
  for (const [key, list] of groups) names.set(key, names.get(key) ?? list[0]!.ssg);
  return [...names]
    .map(([key, ssg]) => ({ ssg, recommended: recommended.get(key) ?? 0, configurations: configured.get(key) ?? 0, ...tally(groups.get(key) ?? []) }))
    .sort((a, b) => b.succeeded - a.succeeded || b.recorded - a.recorded || b.configurations - a.configurations || b.recommended - a.recommended || a.ssg.localeCompare(b.ssg));
}

function trendsOf(analyses: Row[], deployments: Deployment[], scope: TimeRange): Insights['trends'] {
  const times = [...analyses.map((a) => a.created_at), ...deployments.map((d) => d.at)].sort();
  const first = scope.start ?? times[0];
  const last = scope.end ?? times[times.length - 1];
  const spanDays = first && last ? (Date.parse(last) - Date.parse(first)) / 86_400_000 : 0;
  const bucket: 'week' | 'month' = spanDays <= WEEKLY_UP_TO_DAYS ? 'week' : 'month';
  const periodOf = bucket === 'week' ? weekOf : monthOf;
  const periods = new Map<string, { analyses: number; deployments: Deployment[] }>();
  const slot = (iso: string) => {
    const key = periodOf(iso);
    let entry = periods.get(key);
    if (!entry) periods.set(key, (entry = { analyses: 0, deployments: [] }));
    return entry;
  };
  for (const a of analyses) slot(a.created_at).analyses++;
  for (const d of deployments) slot(d.at).deployments.push(d);
  return {
    bucket,
    periods: [...periods]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .slice(-PERIODS_MAX)
      .map(([period, entry]) => {
        const t = tally(entry.deployments);
        return { period, analyses: entry.analyses, deployments: t.recorded, succeeded: t.succeeded, failed: t.failed, configured: t.configured, successRate: t.successRate === null ? null : round3(t.successRate) };
      }),
  };
}
