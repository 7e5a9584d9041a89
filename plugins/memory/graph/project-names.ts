/**
 * Projects are recorded by path (".", "packages/api": the key other packs filter by), but people
 * ask for them by name. Before a record is written its project node is named (manifest name, else
 * folder name: sdk/project-name.ts) and every memory of the project carries that name in its
 * record and its search words, so memory_recall("typer") finds what was learned about ".".
 */
import type { Workspace } from '../../../sdk/services.js';
import { projectName } from '../../../sdk/project-name.js';

/** The parts of a planned write naming touches (recorder.ts's Plan, structurally). */
interface NamedPlan {
  nodes: Array<{ type: string; project: string | null; summary: string; data: unknown; words: string[] }>;
}

export type ProjectNamer = (path: string) => Promise<string | null>;

/** Names from the workspace's manifests; a failure names nothing (recording must not fail for it). */
export const workspaceNamer =
  (workspace: Workspace): ProjectNamer =>
  (path) =>
    projectName(workspace, path).catch(() => null);

/** Name the project node of `plan` and tag each of its memories with `name`, in place. */
export function nameProject(plan: NamedPlan, path: string, name: string): void {
  for (const node of plan.nodes) {
    if (node.project !== path) continue;
    const data = node.data && typeof node.data === 'object' && !Array.isArray(node.data) ? (node.data as Record<string, unknown>) : {};
    if (node.type === 'project') {
      node.summary = name === path ? `Project ${name}` : `Project ${name} (${path})`;
      node.data = { ...data, name };
    } else node.data = { ...data, projectName: name };
    node.words.push(name);
  }
}
