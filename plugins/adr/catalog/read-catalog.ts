/**
 * A folder of ADRs → Catalog: every record parsed, links made two-way, and the problems a
 * reviewer would want to hear about. Read-only: it never writes a file.
 */
import { readdir, realpath } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { readConfinedText, type ToolError } from '../../../sdk/index.js';
import { addLink } from './links.js';
import { folderScheme, nameKey, type NamingScheme } from './naming.js';
import { parseAdr } from './parse-adr.js';
import {
  ADR_FORMATS,
  ADR_STATUSES,
  type AdrLink,
  type Catalog,
  type CatalogProblem,
  type CatalogSummary,
  type LinkKind,
  type ParsedAdr,
} from './types.js';

const MARKDOWN = /\.(md|markdown)$/i;
/** An ADR is a page or two; anything far larger is not one (and is not read whole). */
const MAX_ADR_BYTES = 4 * 1024 * 1024;

/** Markdown files in dir and in its direct subfolders (say, archive/), relative and with "/" separators. */
export async function listMarkdownFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true });
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    if (entry.isFile() && MARKDOWN.test(entry.name)) files.push(entry.name);
    if (entry.isDirectory()) {
      const inner = await readdir(join(dir, entry.name), { withFileTypes: true }).catch(() => []);
      for (const child of inner) if (child.isFile() && MARKDOWN.test(child.name)) files.push(`${entry.name}/${child.name}`);
    }
  }
  return files.sort();
}

/**
 * Records read and parsed at once. The Markdown pool's budget now starts when a ready worker
 * takes the job (not during start-up or queueing), so several can wait in its queue: one at a
 * time, 500 records cost 500 round trips to a worker (1.7 s of generate_adr_todo's first run).
 */
const READ_AHEAD = 8;

/** `work` over `items`, at most `limit` at a time, results in the items' order. */
async function inOrder<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

export async function readCatalog(dir: string): Promise<Catalog> {
  const adrs: ParsedAdr[] = [];
  const skipped: string[] = [];
  const problems: CatalogProblem[] = [];
  // Reads are confined to the folder's real location: a record swapped for a symlink out of it is not read.
  const real = await realpath(dir);
  const files = await listMarkdownFiles(real);
  const read = await inOrder(files, READ_AHEAD, async (path): Promise<{ path: string; adr?: ParsedAdr | null; unreadable?: string }> => {
    try {
      const text = await readConfinedText(join(real, path), [real], { display: path, maxBytes: MAX_ADR_BYTES });
      return { path, adr: await parseAdr(path, text) };
    } catch (error) {
      const details = (error as Partial<ToolError>).details ?? {};
      const reason = String(details.code ?? details.reason ?? (error as Error).message);
      return { path, unreadable: reason };
    }
  });
  for (const { path, adr, unreadable } of read) {
    if (unreadable !== undefined) problems.push({ kind: 'unreadable', message: `${path} could not be read (${unreadable})`, paths: [path], numbers: [] });
    else if (adr) adrs.push(adr);
    else skipped.push(path);
  }
  adrs.sort((a, b) => (a.number ?? Infinity) - (b.number ?? Infinity) || a.path.localeCompare(b.path));

  const byNumber = new Map<number, ParsedAdr[]>();
  for (const adr of adrs) if (adr.number !== null) byNumber.set(adr.number, [...(byNumber.get(adr.number) ?? []), adr]);

  const scheme = folderScheme(adrs.map((adr) => adr.path));
  resolveLinks(adrs);
  // Dates are no sequence: a date-named or slug-named folder has no gaps to report.
  problems.push(...numberProblems(byNumber, scheme), ...nameProblems(adrs), ...headingProblems(adrs), ...titleProblems(adrs));
  problems.push(...linkBothWays(adrs, byNumber));
  const present = new Set(files);
  for (const adr of adrs) problems.push(...adrProblems(adr, byNumber, present));
  // Problems about whole records (duplicates, headings) point at the first record's title.
  const titles = new Map(adrs.map((adr) => [adr.path, adr.outline?.title]));
  for (const problem of problems) {
    const title = problem.paths[0] === undefined ? null : titles.get(problem.paths[0]);
    if (problem.line === undefined && title) problem.line = title;
  }
  return { dir, adrs, summary: summarise(adrs), problems, skipped, scheme };
}

/** The record a link to a file names when that record has no number (date-named, slug-named), so links between them count. */
function resolveLinks(adrs: ParsedAdr[]): void {
  const byPath = new Map(adrs.map((adr) => [adr.path, adr]));
  for (const adr of adrs) {
    for (const link of Object.values(adr.links).flat()) {
      // Numbered records are linked by number; only a record without one is linked by its path.
      if (link.target !== null || link.href === undefined) continue;
      const record = byPath.get(posix.normalize(posix.join(posix.dirname(adr.path), decodeHref(link.href))));
      if (record && record.number === null) link.path = record.path;
    }
  }
}

/** Records without a number that share a name key (date and slug, or slug): the same record twice, say in archive/. */
function nameProblems(adrs: ParsedAdr[]): CatalogProblem[] {
  const byKey = new Map<string, ParsedAdr[]>();
  for (const adr of adrs) if (adr.number === null) byKey.set(nameKey(adr.path), [...(byKey.get(nameKey(adr.path)) ?? []), adr]);
  return [...byKey.values()]
    .filter((holders) => holders.length > 1)
    .map((holders) => ({ kind: 'duplicate-name' as const, message: `${holders.map((adr) => adr.path).join(', ')} have the same name`, paths: holders.map((adr) => adr.path), numbers: [] }));
}

/** "ADR 3" for a numbered record, its file for a date-named one. */
const label = (adr: ParsedAdr) => (adr.number !== null ? `ADR ${adr.number}` : adr.path);

function numberProblems(byNumber: Map<number, ParsedAdr[]>, scheme: NamingScheme): CatalogProblem[] {
  const problems: CatalogProblem[] = [];
  for (const [number, holders] of byNumber) {
    if (holders.length > 1) {
      const paths = holders.map((adr) => adr.path);
      problems.push({ kind: 'duplicate-number', message: `ADR ${number} is used by ${paths.join(', ')}`, paths, numbers: [number] });
    }
  }
  if (scheme !== 'numbered') return problems;
  const numbers = [...byNumber.keys()].sort((a, b) => a - b);
  // Gaps between neighbours, one problem per run, so a renumbering does not flood the list.
  for (let i = 1; i < numbers.length; i++) {
    const [from, to] = [numbers[i - 1]! + 1, numbers[i]! - 1];
    if (from > to) continue;
    const missing = Array.from({ length: to - from + 1 }, (_, k) => from + k);
    const label = from === to ? `ADR ${from} is missing` : `ADRs ${from}–${to} are missing`;
    problems.push({ kind: 'missing-number', message: `${label} (between ${from - 1} and ${to + 1})`, paths: [], numbers: missing });
  }
  return problems;
}

/** "0006-x.md" titled "# 5. …": readers and tools citing "ADR 5" disagree about which record is meant. */
function headingProblems(adrs: ParsedAdr[]): CatalogProblem[] {
  return adrs
    .filter((adr) => adr.headingNumber !== undefined && adr.number !== null)
    .map((adr) => ({
      kind: 'heading-number-mismatch' as const,
      message: `${adr.path} is ADR ${adr.number} by its file name but its heading says ${adr.headingNumber}`,
      paths: [adr.path],
      numbers: [adr.number!, adr.headingNumber!],
    }));
}

/** Two records with one title: a copy, or a revision written as a new record without a supersession link. */
function titleProblems(adrs: ParsedAdr[]): CatalogProblem[] {
  const byTitle = new Map<string, ParsedAdr[]>();
  for (const adr of adrs) {
    const key = adr.title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    if (key) byTitle.set(key, [...(byTitle.get(key) ?? []), adr]);
  }
  return [...byTitle.values()]
    .filter((holders) => holders.length > 1)
    .map((holders) => ({
      kind: 'duplicate-title' as const,
      message: `${holders.map((adr) => adr.path).join(', ')} have the same title "${holders[0]!.title}"`,
      paths: holders.map((adr) => adr.path),
      numbers: holders.map((adr) => adr.number).filter((n): n is number => n !== null),
    }));
}

const REVERSE: Partial<Record<LinkKind, LinkKind>> = {
  supersedes: 'supersededBy',
  supersededBy: 'supersedes',
  amends: 'amendedBy',
  amendedBy: 'amends',
  relatesTo: 'relatesTo',
};

/** Adds the reverse of every link whose target exists; a supersession only one side states is reported. */
function linkBothWays(adrs: ParsedAdr[], byNumber: Map<number, ParsedAdr[]>): CatalogProblem[] {
  const problems: CatalogProblem[] = [];
  for (const adr of adrs) {
    for (const [kind, reverse] of Object.entries(REVERSE) as Array<[LinkKind, LinkKind]>) {
      for (const [index, link] of adr.links[kind].entries()) {
        if (link.inferred || (link.path ?? link.target) == null) continue;
        const targets = link.path !== undefined ? adrs.filter((other) => other.path === link.path) : byNumber.get(link.target!) ?? [];
        for (const target of targets.filter((other) => other !== adr)) {
          const inferred: AdrLink = { target: adr.number, raw: link.raw, ...(adr.number === null ? { path: adr.path } : {}), inferred: true };
          const added = addLink(target.links, reverse, inferred);
          if (added && (kind === 'supersedes' || kind === 'supersededBy')) {
            const [older, newer] = kind === 'supersedes' ? [target, adr] : [adr, target];
            problems.push({
              kind: 'one-way-supersession',
              message: `${adr.path} says "${link.raw}" but ${target.path} does not say so; treated as ${label(newer)} superseding ${label(older)}`,
              paths: [adr.path, target.path],
              numbers: [newer.number, older.number].filter((n): n is number => n !== null),
              ...lineOf(adr.outline?.links[kind][index]),
            });
          }
        }
      }
    }
  }
  return problems;
}

function adrProblems(adr: ParsedAdr, byNumber: Map<number, ParsedAdr[]>, files: ReadonlySet<string>): CatalogProblem[] {
  const problems: CatalogProblem[] = [];
  let line: number | null | undefined = null;
  const at = (message: string, numbers: number[] = adr.number === null ? [] : [adr.number]) => ({ message, paths: [adr.path], numbers, ...lineOf(line) });
  line = adr.outline?.status;
  if (adr.rawStatus === null && adr.status === null) problems.push({ kind: 'missing-status', ...at(`${adr.path} has no status`) });
  else if (adr.status === null) problems.push({ kind: 'unknown-status', ...at(`${adr.path} has a status we do not recognise: "${adr.rawStatus}"`) });

  for (const [kind, links] of Object.entries(adr.links) as Array<[LinkKind, AdrLink[]]>) {
    for (const [index, link] of links.entries()) {
      line = adr.outline?.links[kind][index];
      if (link.path !== undefined) continue; // one of the folder's records
      if (link.target === null && link.href !== undefined) {
        // A file of the folder (ADR or not) is a good link; one outside the folder is not ours to judge.
        const path = posix.normalize(posix.join(posix.dirname(adr.path), decodeHref(link.href)));
        if (!path.startsWith('../') && !files.has(path)) problems.push({ kind: 'broken-link', ...at(`${adr.path}: ${kind} "${link.href}", which does not exist ("${link.raw}")`) });
      } else if (link.target === null) {
        problems.push({ kind: 'broken-link', ...at(`${adr.path}: "${link.raw}" names no ADR number`) });
      } else if (!byNumber.has(link.target)) {
        problems.push({ kind: 'broken-link', ...at(`${adr.path}: ${kind} ADR ${link.target}, which is not in the catalogue ("${link.raw}")`, [link.target]) });
      }
    }
  }

  line = adr.outline?.status ?? adr.outline?.links.supersededBy[0];
  if (adr.status === 'superseded' && !adr.links.supersededBy.some((link) => link.path !== undefined || (link.target !== null && byNumber.has(link.target)))) {
    const named = adr.links.supersededBy.map((link) => link.target).filter((n): n is number => n !== null);
    const message = named.length > 0 ? `${adr.path} is superseded by ADR ${named.join(', ')}, which does not exist` : `${adr.path} is superseded but names no successor`;
    problems.push({ kind: 'missing-successor', ...at(message, named) });
  }
  return problems;
}

const lineOf = (line: number | null | undefined) => (line ? { line } : {});

function decodeHref(href: string): string {
  try {
    return decodeURIComponent(href);
  } catch {
    return href;
  }
}

function summarise(adrs: ParsedAdr[]): CatalogSummary {
  const byStatus = Object.fromEntries([...ADR_STATUSES, 'unknown'].map((s) => [s, 0])) as CatalogSummary['byStatus'];
  const byFormat = Object.fromEntries(ADR_FORMATS.map((f) => [f, 0])) as CatalogSummary['byFormat'];
  for (const adr of adrs) {
    byStatus[adr.status ?? 'unknown']++;
    byFormat[adr.format]++;
  }
  return { total: adrs.length, byStatus, byFormat };
}
