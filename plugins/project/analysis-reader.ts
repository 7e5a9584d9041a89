/**
 * Reading back a stored repository analysis (analyze_repository's
 * toolpack://analysis/{id}) by the `analysisId` later tools take: the one
 * reader every pack uses, so each accepts the same forms and fails the same way.
 * It loads nothing but the SDK (it is part of api.ts).
 */
import { ValidationError, type Resources } from '../../sdk/index.js';
import type { Analysis } from './repository/analysis.js';

/** What only the stored resource carries: enough of the listing that a consumer given the analysis need not scan again. */
export interface AnalysisDetail {
  /** Each manifest with its ecosystem and dependency names. */
  manifests?: Array<{ path: string; ecosystem: string; name?: string; runtime: string[]; dev: string[] }>;
  /** Documentation-like files (Markdown, reST, AsciiDoc, text) with the scanner's folder class, at most DOCUMENTS_STORED. */
  documents?: Array<{ path: string; folder: string | null }>;
  /** True when there were more documents than stored. */
  documentsTruncated?: boolean;
  directories?: unknown[];
}

/** The stored analysis: what analyze_repository returned, with the detail only the resource carries. */
export type StoredAnalysis = Analysis & { detail?: AnalysisDetail };

/** The most documentation files an analysis stores (a site larger than this is large either way). */
export const DOCUMENTS_STORED = 5000;

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const PREFIX = /^(?:toolpack:\/\/)?analysis\//;

/**
 * The bare id in any form a user passes: `<id>`, `toolpack://analysis/<id>`, `analysis/<id>`
 * (surrounding whitespace ignored, a percent-encoded id decoded); null when it is none of them.
 */
export function analysisIdOf(input: string): string | null {
  let id = input.trim().replace(PREFIX, '');
  try {
    id = decodeURIComponent(id);
  } catch {
    return null;
  }
  return ID.test(id) ? id : null;
}

const HOW = 'expected the id analyze_repository returned, bare or as toolpack://analysis/<id>; run analyze_repository on the project first';

/** The stored analysis behind `idOrUri`, or a ValidationError naming `param` and how to get one. */
export async function readStoredAnalysis(resources: Resources, idOrUri: string, options: { param?: string } = {}): Promise<StoredAnalysis> {
  const param = options.param ?? 'analysisId';
  const id = typeof idOrUri === 'string' ? analysisIdOf(idOrUri) : null;
  const stored = id === null ? undefined : await resources.get(`toolpack://analysis/${id}`);
  if (!stored) throw new ValidationError(`parameter "${param}": no stored analysis "${String(idOrUri).trim()}" (${HOW})`, { parameter: param, analysisId: idOrUri });
  let data: unknown;
  try {
    data = JSON.parse(stored.text);
  } catch {
    throw new ValidationError(`parameter "${param}": the stored analysis "${id}" is not readable; run analyze_repository again`, { parameter: param, analysisId: id });
  }
  // analyze_project_ecosystem stores its reports under the same kind; they are not repository analyses.
  const shape = data as Partial<StoredAnalysis> | null;
  if (typeof shape?.path !== 'string' || typeof shape.structure !== 'object' || typeof shape.recommendations !== 'object') {
    throw new ValidationError(`parameter "${param}": "${id}" is not an analyze_repository analysis (${HOW})`, { parameter: param, analysisId: id });
  }
  return shape as StoredAnalysis;
}
