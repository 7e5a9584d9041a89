/**
 * Deployment outcomes as recorded (DeploymentRecord), judged strictly: only a site built
 * locally or a deployed URL verified counts as succeeded. A written workflow is "configured",
 * and a "succeeded" claimed without such evidence is "unverified": both reported, neither a success.
 */
import type { Kysely } from 'kysely';
import type { MemoryTables } from '../store-schema.js';

/** Evidence that proves a deployment worked. */
export const PROOF_OF_SUCCESS: ReadonlySet<string> = new Set(['local-build', 'verified-url']);

export type Verdict = 'succeeded' | 'failed' | 'configured' | 'unverified';

export interface Deployment {
  id: string;
  project: string;
  ssg: string;
  /** Outcome as recorded. */
  outcome: string;
  evidence: string;
  /** Outcome as counted here. */
  verdict: Verdict;
  at: string;
  target?: string;
  error?: string;
  /** The tool that recorded it, and how long the deployment took when it said. */
  tool?: string;
  durationMs?: number;
}

export function verdictOf(outcome: unknown, evidence: unknown): Verdict {
  if (outcome === 'failed') return 'failed';
  if (outcome === 'succeeded') return typeof evidence === 'string' && PROOF_OF_SUCCESS.has(evidence) ? 'succeeded' : 'unverified';
  return 'configured';
}

export interface Tally {
  /** Every deployment record, configured ones included. */
  recorded: number;
  succeeded: number;
  failed: number;
  configured: number;
  unverified: number;
  /** succeeded / (succeeded + failed); null without an attempt whose outcome is known. */
  successRate: number | null;
  last: { verdict: Verdict; at: string; evidence: string; project: string } | null;
}

export const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function tally(deployments: Iterable<Deployment>): Tally {
  const t: Tally = { recorded: 0, succeeded: 0, failed: 0, configured: 0, unverified: 0, successRate: null, last: null };
  for (const d of deployments) {
    t.recorded++;
    t[d.verdict]++;
    if (!t.last || d.at > t.last.at) t.last = { verdict: d.verdict, at: d.at, evidence: d.evidence, project: d.project };
  }
  const attempts = t.succeeded + t.failed;
  t.successRate = attempts > 0 ? round3(t.succeeded / attempts) : null;
  return t;
}

/** Deployments grouped by lower-case SSG name. */
export function bySsg(deployments: Iterable<Deployment>): Map<string, Deployment[]> {
  const groups = new Map<string, Deployment[]>();
  for (const d of deployments) {
    const key = d.ssg.toLowerCase();
    const list = groups.get(key);
    if (list) list.push(d);
    else groups.set(key, [d]);
  }
  return groups;
}

type DeploymentRow = Pick<MemoryTables['memory_nodes'], 'id' | 'project' | 'data' | 'created_at' | 'tool'>;

function toDeployment(row: DeploymentRow): Deployment | undefined {
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(row.data) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (!data || typeof data !== 'object') return undefined;
  const ssg = typeof data.ssg === 'string' && data.ssg.trim() ? data.ssg.trim() : 'unknown';
  const evidence = typeof data.evidence === 'string' ? data.evidence : '';
  const outcome = typeof data.outcome === 'string' ? data.outcome : 'configured';
  return {
    id: row.id,
    project: row.project ?? (typeof data.project === 'string' ? data.project : '.'),
    ssg,
    outcome,
    evidence,
    verdict: verdictOf(outcome, evidence),
    at: row.created_at,
    ...(typeof data.target === 'string' ? { target: data.target } : {}),
    ...(typeof data.error === 'string' ? { error: data.error } : {}),
    ...(row.tool ? { tool: row.tool } : {}),
    ...(typeof data.durationMs === 'number' ? { durationMs: data.durationMs } : {}),
  };
}

export interface DeploymentFilter {
  /** Project paths (deployments deployed_with these projects). */
  projects?: readonly string[];
  /** ISO bounds on the recording time, inclusive. */
  start?: string;
  end?: string;
}

/** Recorded deployments, oldest first. A project filter follows the deployed_with edges to the project nodes. */
export async function loadDeployments(db: Kysely<MemoryTables>, filter: DeploymentFilter = {}): Promise<Deployment[]> {
  const rows: DeploymentRow[] = [];
  const run = async (projects?: readonly string[]) => {
    let q = db.selectFrom('memory_nodes').select(['id', 'project', 'data', 'created_at', 'tool']).where('type', '=', 'deployment');
    if (projects) {
      q = q.where('id', 'in', (sub) =>
        sub
          .selectFrom('memory_edges')
          .select('from_id')
          .where('type', '=', 'deployed_with')
          .where(
            'to_id',
            'in',
            projects.map((p) => `project:${p}`),
          ),
      );
    }
    if (filter.start) q = q.where('created_at', '>=', filter.start);
    if (filter.end) q = q.where('created_at', '<=', filter.end);
    rows.push(...(await q.orderBy('created_at', 'asc').execute()));
  };
  if (filter.projects) {
    if (filter.projects.length === 0) return [];
    // Chunked: engines bound the number of parameters in one statement.
    for (let i = 0; i < filter.projects.length; i += 500) await run(filter.projects.slice(i, i + 500));
    rows.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
  } else await run();
  return rows.map(toDeployment).filter((d): d is Deployment => d !== undefined);
}
