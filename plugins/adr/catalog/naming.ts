/**
 * How a folder names its records: numbered ("0001-x.md", "adr-001-x.md", "ADR-1-x.md"),
 * date-named ("20200925-x.md" as log4brains writes them, "2020-09-25-x.md") or by slug alone.
 * A date is no number: date-named folders have no gaps to report and no "next number".
 */
import { basename } from 'node:path';

export type NamingScheme = 'numbered' | 'date' | 'slug';

export interface FileDate {
  /** YYYY-MM-DD. */
  iso: string;
  /** True for "2020-09-25-…", false for "20200925-…". */
  dashed: boolean;
  /** What follows the date, without its separator ("use-pnpm"). */
  slug: string;
  /** The separator between date and slug ("-" or "_"). */
  separator: string;
}

const DATED = /^(\d{4})(-?)(\d{2})\2(\d{2})(?:([-_ ])(.*?))?(?:\.(?:md|markdown))?$/i;

/** The calendar date that starts a file name, only when it is a real day (20200931 is none). */
export function dateFromFileName(name: string): FileDate | null {
  const match = DATED.exec(basename(name));
  if (!match) return null;
  const [, y, dash, m, d, separator = '-', slug = ''] = match;
  const [year, month, day] = [Number(y), Number(m), Number(d)];
  if (year < 1970 || year > 2199 || month < 1 || month > 12 || day < 1) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return { iso: `${y}-${m}-${d}`, dashed: dash === '-', slug, separator };
}

const NUMBERED = /^(?:adr[-_ ]?)?\d+(?=[-_. ]|$)/i;

export function schemeOf(name: string): NamingScheme {
  const file = basename(name);
  if (dateFromFileName(file)) return 'date';
  return NUMBERED.test(file) ? 'numbered' : 'slug';
}

/**
 * What identifies a record among its folder's files: the number for numbered ones, the date and
 * slug for date-named ones (two records of one day differ by slug), the slug otherwise.
 */
export function nameKey(name: string): string {
  const file = basename(name).replace(/\.(?:md|markdown)$/i, '').toLowerCase();
  const dated = dateFromFileName(file);
  if (dated) return `${dated.iso} ${dated.slug.replace(/[-_ ]+/g, '-')}`;
  return file.replace(/[-_ ]+/g, '-');
}

/** The scheme most of the records use (numbered when there are none, as a new folder is numbered). */
export function folderScheme(paths: readonly string[]): NamingScheme {
  const counts: Record<NamingScheme, number> = { numbered: 0, date: 0, slug: 0 };
  for (const path of paths) counts[schemeOf(path)]++;
  const best = (Object.entries(counts) as Array<[NamingScheme, number]>).sort((a, b) => b[1] - a[1])[0]!;
  return best[1] > 0 ? best[0] : 'numbered';
}
