/**
 * Recorded deployments (the memory pack's history) as the progress analyses use them:
 * filtered to an environment when the records carry one, tallied, and matched to the
 * release that was current when each was recorded.
 */
import type { StoredDeployment } from '../../memory/api.js';
import { ENV_WORDS } from '../guidance/context.js';
import type { TargetEnvironment } from '../guidance/types.js';
import type { Tag } from './git-history.js';

export interface RecordView {
  id: string;
  at: string;
  outcome: StoredDeployment['outcome'];
  evidence: string;
  target: string | null;
  ssg: string;
  tool: string;
  error?: string;
  /** The newest tag made at or before the deployment: the release it most likely shipped. */
  release: string | null;
}

export const view = (d: StoredDeployment, tags: readonly Tag[]): RecordView => ({
  id: d.id,
  at: d.at,
  outcome: d.outcome,
  evidence: d.evidence,
  target: d.target ?? null,
  ssg: d.ssg,
  tool: d.tool,
  ...(d.error ? { error: d.error.slice(0, 300) } : {}),
  release: releaseAt(tags, d.at)?.name ?? null,
});

/** The tag created most recently at or before `at`. */
export function releaseAt(tags: readonly Tag[], at: string): Tag | undefined {
  let best: Tag | undefined;
  for (const tag of tags) if (tag.date <= at && (!best || tag.date > best.date)) best = tag;
  return best;
}

export interface Tally {
  recorded: number;
  succeeded: number;
  failed: number;
  configured: number;
}

export function tally(records: readonly { outcome: string }[]): Tally {
  return {
    recorded: records.length,
    succeeded: records.filter((r) => r.outcome === 'succeeded').length,
    failed: records.filter((r) => r.outcome === 'failed').length,
    configured: records.filter((r) => r.outcome === 'configured').length,
  };
}

/** Records for `env` when given: those whose target names it ("prod" counts for production); the others are counted as left out. */
export function forTarget(records: readonly StoredDeployment[], env: TargetEnvironment | undefined): { kept: StoredDeployment[]; leftOut: number } {
  if (!env) return { kept: [...records], leftOut: 0 };
  const kept = records.filter((r) => r.target !== undefined && ENV_WORDS[env].includes(r.target.trim().toLowerCase()));
  return { kept, leftOut: records.length - kept.length };
}
