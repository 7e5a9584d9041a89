/**
 * manage_preferences "recommendations": preferences suggested by the recorded history. Records
 * carry no user, so a user's history is the graph of this workspace (store): the SSGs with the
 * best proven deployment outcomes, and the technologies most used across analysed projects,
 * each with the counts behind it.
 */
import type { Store } from '../../../sdk/index.js';
import type { Preferences } from '../api.js';
import type { MemoryTables } from '../store-schema.js';
import { bySsg, loadDeployments, tally } from './outcomes.js';

const SSG_MAX = 5;
const TECHNOLOGY_MAX = 10;

export interface PreferenceRecommendation {
  field: 'preferredSSGs' | 'preferredTechnologies';
  value: string;
  reason: string;
  evidence: { succeeded?: number; failed?: number; configured?: number; successRate?: number | null; projects: number };
  alreadyPreferred: boolean;
}

export async function recommendPreferences(store: Store<MemoryTables>, current: Preferences): Promise<{ recommendations: PreferenceRecommendation[]; basis: { deployments: number; analyses: number; projects: number } }> {
  const deployments = await loadDeployments(store.db);
  const preferredSsgs = new Set(current.preferredSSGs.map((s) => s.toLowerCase()));
  const preferredTech = new Set(current.preferredTechnologies.map((s) => s.toLowerCase()));

  const ssgs = [...bySsg(deployments)]
    .map(([key, list]) => ({ key, name: list[0]!.ssg, t: tally(list), projects: new Set(list.filter((d) => d.verdict === 'succeeded').map((d) => d.project)).size }))
    // Only an SSG that was proven to work is recommended; configured-only ones are not evidence.
    .filter((s) => s.t.succeeded > 0)
    .sort((a, b) => b.t.succeeded - a.t.succeeded || (b.t.successRate ?? 0) - (a.t.successRate ?? 0) || a.name.localeCompare(b.name))
    .slice(0, SSG_MAX)
    .map<PreferenceRecommendation>((s) => ({
      field: 'preferredSSGs',
      value: s.name,
      reason: `${s.t.succeeded} proven deployment(s) in ${s.projects} project(s), success rate ${s.t.successRate}`,
      evidence: { succeeded: s.t.succeeded, failed: s.t.failed, configured: s.t.configured, successRate: s.t.successRate, projects: s.projects },
      alreadyPreferred: preferredSsgs.has(s.key),
    }));

  // The latest analysis of each project: a project analysed ten times counts once.
  const rows = await store.db.selectFrom('memory_nodes').select(['project', 'data']).where('type', '=', 'analysis').orderBy('created_at', 'desc').execute();
  const seen = new Set<string>();
  const used = new Map<string, { name: string; projects: number }>();
  for (const row of rows) {
    const project = row.project ?? '.';
    if (seen.has(project)) continue;
    seen.add(project);
    let data: Record<string, unknown>;
    try {
      data = JSON.parse(row.data) as Record<string, unknown>;
    } catch {
      continue;
    }
    const names = new Map<string, string>();
    const languages = data.languages && typeof data.languages === 'object' ? Object.keys(data.languages) : [];
    for (const list of [languages, data.frameworks, data.technologies]) for (const n of Array.isArray(list) ? list : []) if (typeof n === 'string' && n.trim()) names.set(n.trim().toLowerCase(), n.trim());
    for (const [key, name] of names) {
      const entry = used.get(key) ?? { name, projects: 0 };
      entry.projects++;
      used.set(key, entry);
    }
  }
  const technologies = [...used]
    .sort((a, b) => b[1].projects - a[1].projects || a[1].name.localeCompare(b[1].name))
    .slice(0, TECHNOLOGY_MAX)
    .map<PreferenceRecommendation>(([key, t]) => ({
      field: 'preferredTechnologies',
      value: t.name,
      reason: `used in ${t.projects} of ${seen.size} analysed project(s)`,
      evidence: { projects: t.projects },
      alreadyPreferred: preferredTech.has(key),
    }));
  return { recommendations: [...ssgs, ...technologies], basis: { deployments: deployments.length, analyses: rows.length, projects: seen.size } };
}
