/** Whether masking kept a text's shape: line count, JSON or YAML that still parses, and URLs that keep their host, port and path. */
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
  /** Set when the original parsed as `format` and the masked text no longer does, or a URL lost its host, port or path. */
  broken: boolean;
  issues: string[];
}

export function checkStructure(original: string, masked: string): StructureCheck {
  const originalLines = original.split('\n').length;
  const maskedLines = masked.split('\n').length;
  const format = parsesAs(original);
  const unparsable = format !== null && parsesAs(masked) !== format;
  const issues: string[] = [];
  if (maskedLines < originalLines) issues.push(`${originalLines - maskedLines} line(s) lost: the original has ${originalLines}, the masked text ${maskedLines}`);
  if (maskedLines > originalLines) issues.push(`${maskedLines - originalLines} line(s) added: the original has ${originalLines}, the masked text ${maskedLines}`);
  if (unparsable) issues.push(`the original is valid ${format!.toUpperCase()} but the masked text no longer parses`);
  const urlIssues = originalLines === maskedLines ? damagedUrls(original, masked) : [];
  issues.push(...urlIssues.slice(0, URL_ISSUES), ...(urlIssues.length > URL_ISSUES ? [`${urlIssues.length - URL_ISSUES} more URL(s) damaged`] : []));
  return { originalLines, maskedLines, format, broken: unparsable || urlIssues.length > 0, issues };
}

/** URL issues listed one by one; the rest are counted. */
const URL_ISSUES = 20;

interface UrlParts {
  scheme: string;
  /** It has `user[:password]@`. */
  credentials: boolean;
  host: string;
  port: string;
  /** Path segments: masking a value inside the path keeps their number. */
  segments: number;
}

// The authority runs to the first slash: a password may hold `#` or `?` (`mysql://app:pa#ss@db/x`).
const URL_PATTERN = /\b([a-z][a-z0-9+.-]{1,30}):\/\/([^\s/"'<>`]{0,2000})([^\s?#"'<>`]{0,4000})/gi;

function urlsOf(line: string): UrlParts[] {
  if (!line.includes('://')) return [];
  const urls: UrlParts[] = [];
  for (const [, scheme, authority, path] of line.matchAll(URL_PATTERN)) {
    const at = authority!.lastIndexOf('@');
    const hostPort = authority!.slice(at + 1).split(/[?#]/)[0]!;
    const port = /:(\d{1,5})$/.exec(hostPort)?.[1] ?? '';
    urls.push({ scheme: scheme!.toLowerCase(), credentials: at !== -1, host: port ? hostPort.slice(0, -port.length - 1) : hostPort, port, segments: path!.split('/').length });
  }
  return urls;
}

/** A host replaced as a whole by a masking strategy ([MASKED_IPV4_ADDRESS], ${HOST}, xx.xxxxx): masked on purpose, not lost. */
const MASKED_HOST = /^(?:\[[A-Z][A-Z0-9_]*\]|\$\{\w+\}|<[\w-]+>|TOKEN_[A-Z0-9_]+_[0-9a-f]{12}|hmac-sha256:[0-9a-f]{24}|([^.:-])(?:\1|[.:-])*)$/;

/**
 * URLs whose structure masking damaged, compared line by line: a masked password
 * must leave the scheme, the `@`, the host, the port and the path in place
 * (`postgres://app:[MASKED]@db.internal:5432/shop`). URLs masked as a whole are
 * not compared (a line with fewer URLs of a scheme is skipped for that scheme).
 */
export function damagedUrls(original: string, masked: string): string[] {
  const originalLines = original.split('\n');
  const maskedLines = masked.split('\n');
  const issues: string[] = [];
  originalLines.forEach((line, i) => {
    const other = maskedLines[i] ?? '';
    if (line === other || !line.includes('://')) return;
    const before = urlsOf(line);
    const after = urlsOf(other);
    for (const scheme of new Set(before.map((u) => u.scheme))) {
      const was = before.filter((u) => u.scheme === scheme);
      const is = after.filter((u) => u.scheme === scheme);
      if (was.length !== is.length) continue;
      was.forEach((url, k) => {
        const now = is[k]!;
        const lost: string[] = [];
        if (url.host && (url.credentials !== now.credentials || !now.host || (now.host !== url.host && !MASKED_HOST.test(now.host)))) lost.push(`its host "${url.host}"`);
        if (url.port !== now.port) lost.push(url.port ? `its port ${url.port}` : 'its form (a port appeared)');
        if (url.segments !== now.segments) lost.push('its path');
        if (lost.length) issues.push(`line ${i + 1}: a ${scheme}:// URL lost ${lost.join(' and ')}`);
      });
    }
  });
  return issues;
}
