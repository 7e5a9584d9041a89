/**
 * memory_similar's search: the analysis asked about against the latest analysis of every
 * other project. One query loads the candidates (newest first, the first per project kept,
 * only those parsed); the target's features are built once; deployments and configurations
 * are read for the winners only.
 */
import { ValidationError, type Store } from '../../../sdk/index.js';
import { analysisIdOf } from '../../project/api.js';
import type { AnalysisRecord } from '../api.js';
import type { MemoryTables } from '../store-schema.js';
import { candidateFeatures, featuresOf, type ProjectFeatures } from './features.js';
import { bySsg, loadDeployments, round3, tally, type Tally } from './outcomes.js';
import { SIMILARITY_FORMULA, shared, similarity, type SimilarityComponent } from './similarity.js';

const SHARED_MAX = 10;

export interface SimilarProject {
  project: string;
  analysisId: string;
  analyzedAt: string;
  score: number;
  components: Partial<Record<SimilarityComponent, number>>;
  projectType: string;
  totalFiles: number;
  shared: {
    languages: string[];
    frameworks: string[];
    dependencies: string[];
    /** How many dependencies both have (the list above is bounded). */
    dependenciesInCommon: number;
  };
  /** What worked for it: each SSG it was configured or deployed with, and the deployment outcomes. */
  whatWorked: Array<{ ssg: string; configurations: number } & Tally>;
}

export interface SimilarResult {
  analysisId: string;
  project: string;
  projectType: string;
  compared: number;
  formula: string;
  similar: SimilarProject[];
}

export function analysisKey(analysisId: string): string {
  // The project pack's reader of analysis ids: the same forms every tool taking an analysisId accepts.
  return analysisIdOf(analysisId) ?? analysisId.trim();
}

function parse(data: string): Partial<AnalysisRecord> {
  try {
    const value = JSON.parse(data) as unknown;
    return value && typeof value === 'object' ? (value as Partial<AnalysisRecord>) : {};
  } catch {
    return {};
  }
}

export async function findSimilar(store: Store<MemoryTables>, analysisId: string, limit: number): Promise<SimilarResult> {
  const key = analysisKey(analysisId);
  const db = store.db;
  const target = await db
    .selectFrom('memory_nodes')
    .select(['project', 'data'])
    .where('type', '=', 'analysis')
    .where('natural_key', '=', key)
    .executeTakeFirst();
  if (!target) {
    throw new ValidationError(`parameter "analysisId": no recorded analysis "${analysisId}" (expected the id analyze_repository returned, with the memory pack enabled when it ran)`, {
      parameter: 'analysisId',
    });
  }
  const project = target.project ?? '.';
  const mine = featuresOf(parse(target.data), true);

  const rows = await latestAnalyses(store, project);
  const seen = new Set<string>();
  const scored: Array<{ project: string; analysisId: string; at: string; features: ProjectFeatures; score: number; components: Partial<Record<SimilarityComponent, number>> }> = [];
  for (const row of rows) {
    const other = row.project ?? '.';
    if (seen.has(other)) continue;
    seen.add(other);
    const features = candidateFeatures(parse(row.data));
    const { score, components } = similarity(mine, features);
    scored.push({ project: other, analysisId: row.natural_key ?? '', at: row.created_at, features, score, components });
  }
  // Ties broken by project path, so equal scores come out in a stable order.
  scored.sort((a, b) => b.score - a.score || (a.project < b.project ? -1 : 1));
  const best = scored.slice(0, limit);
  const worked = await whatWorked(store, best.map((b) => b.project));

  return {
    analysisId: key,
    project,
    projectType: mine.projectType,
    compared: scored.length,
    formula: SIMILARITY_FORMULA,
    similar: best.map((b) => {
      const deps = shared(mine, b.features, 'dependencies', SHARED_MAX);
      return {
        project: b.project,
        analysisId: b.analysisId,
        analyzedAt: b.at,
        score: round3(b.score),
        components: Object.fromEntries(Object.entries(b.components).map(([k, v]) => [k, round3(v)])),
        projectType: b.features.projectType,
        totalFiles: b.features.totalFiles,
        shared: {
          languages: shared(mine, b.features, 'languages', SHARED_MAX).items,
          frameworks: shared(mine, b.features, 'frameworks', SHARED_MAX).items,
          dependencies: deps.items,
          dependenciesInCommon: deps.total,
        },
        whatWorked: worked.get(b.project) ?? [],
      };
    }),
  };
}

/**
 * The latest analysis of every project but `except`. The engines each have a one-pass form:
 * SQLite returns the row holding max(created_at) for bare columns of a grouped query,
 * PostgreSQL has DISTINCT ON. Rows may still repeat a project (equal times): callers keep the first.
 */
async function latestAnalyses(store: Store<MemoryTables>, except: string) {
  const base = store.db.selectFrom('memory_nodes').where('type', '=', 'analysis').where('project', '!=', except);
  if (store.dialect === 'sqlite') {
    return base.select(['project', 'natural_key', 'data', (eb) => eb.fn.max('created_at').as('created_at')]).groupBy('project').execute();
  }
  return base.select(['project', 'natural_key', 'data', 'created_at']).distinctOn('project').orderBy('project').orderBy('created_at', 'desc').execute();
}

/** Per project: the SSGs it was configured or deployed with, best outcome first. */
async function whatWorked(store: Store<MemoryTables>, projects: string[]): Promise<Map<string, SimilarProject['whatWorked']>> {
  const result = new Map<string, SimilarProject['whatWorked']>();
  if (projects.length === 0) return result;
  const deployments = await loadDeployments(store.db, { projects });
  const configurations = await store.db
    .selectFrom('memory_nodes')
    .select(['project', 'data'])
    .where('type', '=', 'configuration')
    .where(
      'id',
      'in',
      (sub) => sub.selectFrom('memory_edges').select('from_id').where('type', '=', 'configured_with').where('to_id', 'in', projects.map((p) => `project:${p}`)),
    )
    .execute();
  for (const project of projects) {
    const names = new Map<string, string>();
    const configured = new Map<string, number>();
    for (const row of configurations) {
      if ((row.project ?? '.') !== project) continue;
      const ssg = (parse(row.data) as { ssg?: unknown }).ssg;
      if (typeof ssg !== 'string' || !ssg.trim()) continue;
      const k = ssg.trim().toLowerCase();
      names.set(k, names.get(k) ?? ssg.trim());
      configured.set(k, (configured.get(k) ?? 0) + 1);
    }
    const own = deployments.filter((d) => d.project === project);
    for (const d of own) names.set(d.ssg.toLowerCase(), names.get(d.ssg.toLowerCase()) ?? d.ssg);
    const groups = bySsg(own);
    const list = [...names].map(([k, name]) => ({ ssg: name, configurations: configured.get(k) ?? 0, ...tally(groups.get(k) ?? []) }));
    list.sort((a, b) => b.succeeded - a.succeeded || a.failed - b.failed || b.recorded - a.recorded);
    result.set(project, list);
  }
  return result;
}
