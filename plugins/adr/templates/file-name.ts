/**
 * ADR file names: "NNNN-slug.md" by default, or whatever scheme the folder already uses:
 * its numbering ("adr-0001-…", "001_…", "ADR-003-…"), today's date ("20261128-…",
 * "2026-11-28-…") in a date-named folder, the slug alone in a slug-named one, so a new
 * record sorts among the old ones.
 */
import { basename } from 'node:path';
import { dateFromFileName, folderScheme, type NamingScheme } from '../catalog/naming.js';

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
  /** Numbered when absent. */
  scheme?: NamingScheme;
  /** Date-named folders: "2020-09-25-…" rather than "20200925-…". */
  dashedDate?: boolean;
}

export const DEFAULT_CONVENTION: NamingConvention = { prefix: '', width: 4, separator: '-', slugSeparator: '-', extension: '.md', seenIn: 0 };

const NUMBERED = /^((?:adr|ADR|Adr)[-_]?)?(\d+)([-_])(.+?)(\.md|\.markdown)$/;

/** The most common naming among the folder's numbered files (paths relative to the ADR folder). */
export function namingConvention(paths: string[]): NamingConvention {
  const scheme = folderScheme(paths);
  if (scheme !== 'numbered') return unnumberedConvention(paths, scheme);
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

/** A date-named or slug-named folder: the date style, separators and extension most of its records use. */
function unnumberedConvention(paths: string[], scheme: NamingScheme): NamingConvention {
  const names = paths.map((path) => basename(path));
  const dated = names.map((name) => dateFromFileName(name)).filter((d) => d !== null);
  const most = <T>(values: T[], fallback: T): T => {
    const counts = new Map<T, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? fallback;
  };
  const slugs = scheme === 'date' ? dated.map((d) => d.slug) : names.map((name) => name.replace(/\.(?:md|markdown)$/i, ''));
  return {
    ...DEFAULT_CONVENTION,
    scheme,
    width: 0,
    dashedDate: most(dated.map((d) => d.dashed), false),
    separator: most(dated.map((d) => d.separator), '-'),
    slugSeparator: most(slugs.filter((slug) => /[-_]/.test(slug)).map((slug) => (slug.includes('_') && !slug.includes('-') ? '_' : '-')), '-'),
    extension: most(names.map((name) => (/\.markdown$/i.test(name) ? '.markdown' : '.md')), '.md'),
    seenIn: scheme === 'date' ? dated.length : names.length,
  };
}

const DANGLING = /^(?:a|an|and|as|at|by|for|from|in|into|of|on|or|over|the|to|via|with|without)$/;

/** A title's words as a file name spells them: accents folded, lower case, letters and digits only. */
export const slugWords = (title: string): string[] =>
  title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

/** "Use PostgreSQL for Orders (v2)!" → "use-postgresql-for-orders-v2"; accents folded, at most ~60 characters on a word boundary. */
export function slugify(title: string, separator = '-'): string {
  const words = slugWords(title);
  const kept: string[] = [];
  for (const word of words) {
    if ([...kept, word].join(separator).length > 60 && kept.length > 0) break;
    kept.push(word);
  }
  // A title cut short ends on a word that carries meaning, not mid-phrase ("…-grafana-for").
  const cut = kept.length < words.length;
  while (cut && kept.length > 1 && DANGLING.test(kept[kept.length - 1]!)) kept.pop();
  return kept.join(separator).slice(0, 80) || 'decision';
}

/** `date` (YYYY-MM-DD, the record's) names a record of a date-named folder; `number` one of a numbered folder. */
export function adrFileName(number: number | null, title: string, convention: NamingConvention = DEFAULT_CONVENTION, date = ''): string {
  const slug = slugify(title, convention.slugSeparator);
  if (convention.scheme === 'slug') return `${slug}${convention.extension}`;
  if (convention.scheme === 'date') return `${convention.dashedDate ? date : date.replace(/-/g, '')}${convention.separator}${slug}${convention.extension}`;
  const digits = convention.width > 0 ? String(number ?? 1).padStart(convention.width, '0') : String(number ?? 1);
  return `${convention.prefix}${digits}${convention.separator}${slug}${convention.extension}`;
}
