/**
 * ADR file names: "NNNN-slug.md" by default, or whatever numbering the folder already uses
 * ("adr-0001-…", "001_…", "ADR-003-…"), so a new record sorts among the old ones.
 */
import { basename } from 'node:path';

export interface NamingConvention {
  /** Text before the number, as written ("", "adr-", "ADR-"). */
  prefix: string;
  /** Zero-padded width of the number; 0 when the folder does not pad. */
  width: number;
  /** Between the number and the slug: "-" or "_". */
  separator: string;
  /** Word separator inside the slug. */
  slugSeparator: string;
  extension: string;
  /** How many existing files showed this convention (0: the default). */
  seenIn: number;
}

export const DEFAULT_CONVENTION: NamingConvention = { prefix: '', width: 4, separator: '-', slugSeparator: '-', extension: '.md', seenIn: 0 };

const NUMBERED = /^((?:adr|ADR|Adr)[-_]?)?(\d+)([-_])(.+?)(\.md|\.markdown)$/;

/** The most common naming among the folder's numbered files (paths relative to the ADR folder). */
export function namingConvention(paths: string[]): NamingConvention {
  const counts = new Map<string, { convention: NamingConvention; count: number }>();
  for (const path of paths) {
    const match = NUMBERED.exec(basename(path));
    if (!match) continue;
    const [, prefix = '', digits, separator, slug, extension] = match;
    // "12-x.md" shows no padding; "012-x.md" pads to 3.
    const width = digits!.startsWith('0') ? digits!.length : 0;
    const convention: NamingConvention = { prefix, width, separator: separator!, slugSeparator: slug!.includes('_') && !slug!.includes('-') ? '_' : '-', extension: extension!, seenIn: 0 };
    const key = JSON.stringify({ ...convention, seenIn: 0 });
    const entry = counts.get(key) ?? { convention, count: 0 };
    entry.count++;
    counts.set(key, entry);
  }
  const best = [...counts.values()].sort((a, b) => b.count - a.count)[0];
  return best ? { ...best.convention, seenIn: best.count } : DEFAULT_CONVENTION;
}

/** "Use PostgreSQL for Orders (v2)!" → "use-postgresql-for-orders-v2"; accents folded, at most ~60 characters on a word boundary. */
export function slugify(title: string, separator = '-'): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}${separator}${word}` : word;
    if (next.length > 60 && slug) break;
    slug = next;
  }
  return slug.slice(0, 80) || 'decision';
}

export function adrFileName(number: number, title: string, convention: NamingConvention = DEFAULT_CONVENTION): string {
  const digits = convention.width > 0 ? String(number).padStart(convention.width, '0') : String(number);
  return `${convention.prefix}${digits}${convention.separator}${slugify(title, convention.slugSeparator)}${convention.extension}`;
}
