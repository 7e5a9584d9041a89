/**
 * Feature vectors of a recorded analysis (AnalysisRecord), built once per analysis so
 * comparing one project with thousands is cheap arithmetic over prepared sets and maps.
 */
import type { AnalysisRecord } from '../api.js';

export interface ProjectFeatures {
  /** Lower-case language -> share of the product's code (sums to 1 when any). */
  languages: Map<string, number>;
  /** Euclidean norm of the share vector, for the cosine. */
  languageNorm: number;
  /** Display names by lower-case key, for reporting what is shared (only when asked for: candidates skip it). */
  names?: Map<string, string>;
  frameworks: Set<string>;
  dependencies: Set<string>;
  projectType: string;
  totalFiles: number;
  /** log10(1 + totalFiles): sizes compare by order of magnitude. */
  logSize: number;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : []);

/** Each language's share of the code (by `key`), and the norm of that vector for the cosine. */
function languageShares(languages: unknown, key: (name: string) => string): { sizes: Map<string, number>; norm: number } {
  const sizes = new Map<string, number>();
  let total = 0;
  if (languages && typeof languages === 'object') {
    for (const name in languages) {
      const size = (languages as Record<string, unknown>)[name];
      if (typeof size !== 'number' || !(size > 0)) continue;
      const k = key(name);
      sizes.set(k, (sizes.get(k) ?? 0) + size);
      total += size;
    }
  }
  let squares = 0;
  for (const [k, size] of sizes) {
    const share = size / total;
    sizes.set(k, share);
    squares += share * share;
  }
  return { sizes, norm: Math.sqrt(squares) };
}

/**
 * Features of an analysis record as stored (tolerant: a field missing or malformed counts as empty).
 * `withNames` keeps display names; the thousands of candidates a search scores go without.
 */
export function featuresOf(record: Partial<AnalysisRecord>, withNames = false): ProjectFeatures {
  const names = withNames ? new Map<string, string>() : undefined;
  const key = names
    ? (name: string) => {
        const k = name.trim().toLowerCase();
        if (!names.has(k)) names.set(k, name.trim());
        return k;
      }
    : (name: string) => name.trim().toLowerCase();
  const { sizes, norm } = languageShares(record.languages, key);
  const totalFiles = typeof record.totalFiles === 'number' && record.totalFiles > 0 ? record.totalFiles : 0;
  return {
    languages: sizes,
    languageNorm: norm,
    ...(names ? { names } : {}),
    frameworks: new Set(strings(record.frameworks).map(key)),
    dependencies: new Set(strings(record.dependencies).map(key)),
    projectType: typeof record.projectType === 'string' ? record.projectType.toLowerCase() : 'unknown',
    totalFiles,
    logSize: Math.log10(1 + totalFiles),
  };
}

/** Lower-cased, de-duplicated names of a list, in one pass (names arrive trimmed: the recorder trims them). */
function nameSet(value: unknown): Set<string> {
  const set = new Set<string>();
  if (!Array.isArray(value)) return set;
  for (const item of value) if (typeof item === 'string' && item !== '') set.add(item.toLowerCase());
  return set;
}

/**
 * The same features as featuresOf without display names, in single passes: what a search over
 * thousands of candidates builds per candidate (it dominates memory_similar's time).
 */
export function candidateFeatures(record: Partial<AnalysisRecord>): ProjectFeatures {
  const { sizes, norm } = languageShares(record.languages, (name) => name.toLowerCase());
  const totalFiles = typeof record.totalFiles === 'number' && record.totalFiles > 0 ? record.totalFiles : 0;
  return {
    languages: sizes,
    languageNorm: norm,
    frameworks: nameSet(record.frameworks),
    dependencies: nameSet(record.dependencies),
    projectType: typeof record.projectType === 'string' ? record.projectType.toLowerCase() : 'unknown',
    totalFiles,
    logSize: Math.log10(1 + totalFiles),
  };
}
