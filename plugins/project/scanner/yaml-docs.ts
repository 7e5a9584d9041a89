/** Tolerant YAML: every document that makes sense as data, the broken ones dropped rather than failing the scan. */
import { parseAllDocuments } from 'yaml';

export function yamlDocuments(text: string): unknown[] {
  const values: unknown[] = [];
  let documents;
  try {
    // uniqueKeys off: a duplicated key in a hand-written file should not cost the whole document.
    documents = parseAllDocuments(text, { uniqueKeys: false, prettyErrors: false });
  } catch {
    return values;
  }
  for (const document of Array.isArray(documents) ? documents : [documents]) {
    try {
      // Errors near the end still leave the keys read before them usable.
      const value: unknown = document.toJS({ maxAliasCount: 100 });
      if (value !== null && value !== undefined) values.push(value);
    } catch {
      // a document broken beyond reading
    }
  }
  return values;
}

export const isMapping = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
