/** One read-only diagnostic and its verdict. */
import { posix } from 'node:path';
import type { ProjectContext } from '../project/context.js';

export type CheckStatus = 'pass' | 'warn' | 'fail' | 'skip';

export interface DiagnosticCheck {
  id: 'manifests-parse' | 'lockfile-in-sync' | 'runtime-versions' | 'env-vars-declared' | 'git-state';
  name: string;
  status: CheckStatus;
  detail: string;
  /** Files, values and lines the verdict rests on (first 30). */
  evidence: string[];
}

export const MAX_EVIDENCE = 30;

/** A project file's text, null when it cannot be read. */
export async function readProjectFile(project: ProjectContext, path: string, maxBytes = 2_000_000): Promise<string | null> {
  try {
    return await project.workspace.readText(posix.join(project.root, path), { maxBytes });
  } catch {
    return null;
  }
}

/** Files of the product (and its tests), not dependencies, build output, fixtures or examples. */
export const ownFiles = (project: ProjectContext) => project.files.filter((f) => !f.folder || f.folder === 'product' || f.folder === 'test');
