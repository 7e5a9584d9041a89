/**
 * Reading a stored analysis back by the `analysisId` later tools take. The
 * Analysis object is stored by analyze_repository as toolpack://analysis/{id}.
 */
import { ValidationError, type Resources } from '../../../sdk/index.js';
import type { Analysis } from './analysis.js';

/** The stored analysis (with its `detail`), or a ValidationError naming `param` when there is none. */
export async function readAnalysis(resources: Resources, analysisId: string, param = 'analysisId'): Promise<Analysis & { detail?: Record<string, unknown> }> {
  const id = analysisId.trim().replace(/^toolpack:\/\/analysis\//, '');
  const stored = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(id) ? await resources.get(`toolpack://analysis/${id}`) : undefined;
  if (!stored) {
    throw new ValidationError(`parameter "${param}": no stored analysis "${analysisId}" (expected the id returned by analyze_repository)`, { parameter: param, analysisId });
  }
  return JSON.parse(stored.text) as Analysis & { detail?: Record<string, unknown> };
}
