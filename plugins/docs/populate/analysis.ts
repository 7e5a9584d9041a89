/** The stored analysis behind `analysisId` (analyze_repository's resource toolpack://analysis/{id}). */
import { ValidationError, type Resources } from '../../../sdk/index.js';

export interface StoredAnalysis {
  id: string;
  /** The analysed folder, workspace-relative. */
  path: string;
  [key: string]: unknown;
}

export async function readAnalysis(resources: Resources, analysisId: string): Promise<StoredAnalysis> {
  const found = await resources.get(`toolpack://analysis/${analysisId}`);
  if (!found) throw new ValidationError(`parameter "analysisId": no analysis "${analysisId}" is stored; run analyze_repository first and pass its id`, { parameter: 'analysisId' });
  const data = JSON.parse(found.text) as StoredAnalysis;
  if (typeof data.path !== 'string') throw new ValidationError(`parameter "analysisId": the stored analysis "${analysisId}" names no project folder`, { parameter: 'analysisId' });
  return data;
}
