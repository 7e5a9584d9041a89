/**
 * The `memory.deployments` service: the recorded deployments read back for other packs
 * (the deployment pack's progress and rollback analysis), newest first. It reads the same
 * deployment nodes the analytics read (loadDeployments), so a project filter follows the
 * deployed_with edges exactly as analyze_deployments does.
 */
import type { Store } from '../../../sdk/index.js';
import type { DeploymentHistory, DeploymentRecord, StoredDeployment } from '../api.js';
import { loadDeployments, type Deployment } from '../analytics/outcomes.js';
import type { MemoryTables } from '../store-schema.js';

const OUTCOMES: ReadonlySet<string> = new Set(['succeeded', 'failed', 'configured']);
/** A default bound: a caller asking for everything still gets a bounded answer. */
const DEFAULT_LIMIT = 1000;

function toStored(d: Deployment): StoredDeployment {
  return {
    id: d.id,
    tool: d.tool ?? 'unknown',
    project: d.project,
    ssg: d.ssg,
    // A record written by an older or careless caller keeps a readable outcome: anything else is only "configured".
    outcome: (OUTCOMES.has(d.outcome) ? d.outcome : 'configured') as DeploymentRecord['outcome'],
    evidence: d.evidence,
    at: d.at,
    ...(d.target !== undefined ? { target: d.target } : {}),
    ...(d.durationMs !== undefined ? { durationMs: d.durationMs } : {}),
    ...(d.error !== undefined ? { error: d.error } : {}),
  };
}

export function createDeploymentHistory(store: Store<MemoryTables>): DeploymentHistory {
  return {
    async list(filter = {}) {
      const since = filter.since ? Date.parse(filter.since) : NaN;
      const all = await loadDeployments(store.db, {
        ...(filter.project !== undefined ? { projects: [filter.project] } : {}),
        // Recording times are stored as ISO UTC: a since in another offset is normalised first.
        ...(Number.isFinite(since) ? { start: new Date(since).toISOString() } : {}),
      });
      const limit = filter.limit !== undefined && filter.limit >= 0 ? Math.floor(filter.limit) : DEFAULT_LIMIT;
      return all.reverse().slice(0, limit).map(toStored);
    },
  };
}
