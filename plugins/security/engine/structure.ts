/** Whether masking kept a text's shape: line count, and JSON or YAML that still parses. */
import { parse as parseYaml } from 'yaml';

export type StructuredFormat = 'json' | 'yaml' | null;

export function parsesAs(text: string): StructuredFormat {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (/^[[{]/.test(trimmed)) {
    try {
      JSON.parse(trimmed);
      return 'json';
    } catch {
      /* not JSON */
    }
  }
  // Only documents that look like YAML mappings or lists count: every text parses as a YAML scalar.
  if (/^(?:---|[\w"'.-]+\s*:|- )/m.test(trimmed)) {
    try {
      // uniqueKeys off: the library checks each key against all before it, quadratic in a large mapping (4 MiB took minutes).
      const value: unknown = parseYaml(trimmed, { uniqueKeys: false });
      if (value !== null && typeof value === 'object') return 'yaml';
    } catch {
      /* not YAML */
    }
  }
  return null;
}

export interface StructureCheck {
  originalLines: number;
  maskedLines: number;
  format: StructuredFormat;
  /** Set when the original parsed as `format` and the masked text no longer does. */
  broken: boolean;
  issues: string[];
}

export function checkStructure(original: string, masked: string): StructureCheck {
  const originalLines = original.split('\n').length;
  const maskedLines = masked.split('\n').length;
  const format = parsesAs(original);
  const broken = format !== null && parsesAs(masked) !== format;
  const issues: string[] = [];
  if (maskedLines < originalLines) issues.push(`${originalLines - maskedLines} line(s) lost: the original has ${originalLines}, the masked text ${maskedLines}`);
  if (maskedLines > originalLines) issues.push(`${maskedLines - originalLines} line(s) added: the original has ${originalLines}, the masked text ${maskedLines}`);
  if (broken) issues.push(`the original is valid ${format!.toUpperCase()} but the masked text no longer parses`);
  return { originalLines, maskedLines, format, broken, issues };
}
