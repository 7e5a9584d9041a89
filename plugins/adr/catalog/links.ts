/**
 * Links between ADRs, as adr-tools and hand-written ADRs state them at the start of a line
 * ("Superseded by [ADR-0005](0005-x.md)", "Supersedes [2. Record ...](0002-...)", "Amends ADR-3"),
 * and as MADR front matter states them (superseded-by: 5, supersedes: [2, 3]).
 */
import { plain } from './markdown.js';
import { dateFromFileName } from './naming.js';
import { LINK_KINDS, type AdrLink, type AdrLinks, type LinkKind } from './types.js';

const VERBS: Array<[LinkKind, RegExp]> = [
  // "Superseded by", also with the date it happened: "Superseded: 2019-12-19 by", "Superseded on 2019-12-19 by".
  ['supersededBy', /^(?:superseded|superseeded|superceded|replaced)(?:\s*[:,(]?\s*(?:on\s+)?\d{4}-\d{2}-\d{2}\)?,?)?\s+by\b\s*:?\s*/i],
  ['supersedes', /^(?:supersedes|supercedes|replaces)\b\s*:?\s*/i],
  ['amendedBy', /^amended\s+by\b\s*:?\s*/i],
  ['amends', /^amends\b\s*:?\s*/i],
  ['relatesTo', /^(?:relates\s+to|related\s+to|related(?:\s+(?:adrs?|decisions?|records?))?\s*:|see\s+also)\s*:?\s*/i],
];

const FRONT_MATTER_KEYS: Record<string, LinkKind> = {
  'superseded-by': 'supersededBy',
  superseded_by: 'supersededBy',
  supersededby: 'supersededBy',
  supersedes: 'supersedes',
  amends: 'amends',
  'amended-by': 'amendedBy',
  amended_by: 'amendedBy',
  amendedby: 'amendedBy',
  'relates-to': 'relatesTo',
  relates_to: 'relatesTo',
  relatesto: 'relatesTo',
  related: 'relatesTo',
  'related-to': 'relatesTo',
};

export function emptyLinks(): AdrLinks {
  return Object.fromEntries(LINK_KINDS.map((kind) => [kind, []])) as unknown as AdrLinks;
}

/** Adds a link unless one to the same target (number, else record path, else the same text) is there. */
export function addLink(links: AdrLinks, kind: LinkKind, link: AdrLink): boolean {
  const list = links[kind];
  const same = (other: AdrLink) =>
    link.target !== null ? other.target === link.target
    : link.path !== undefined ? other.path === link.path
    : other.target === null && other.raw === link.raw && other.href === link.href;
  if (list.some(same)) return false;
  list.push(link);
  return true;
}

export interface LineOptions {
  /**
   * True on status lines (a "## Status" section, a "Status:" field, front matter): there
   * "Superseded by a later decision" is a link even without a number, so the missing
   * successor is reported. Elsewhere a verb that names no ADR is prose ("Replaces the
   * nightly cron job"), not a link.
   */
  status?: boolean;
}

/**
 * Links stated by one line; the line may carry a list bullet or a "Status:" label first.
 * Returns the verb's kind when the line is a lead-in to a list ("Related ADRs:" with nothing
 * after it), so the caller reads the list items below it as links of that kind.
 */
export function linksInLine(line: string, links: AdrLinks, options: LineOptions = {}): { kind: LinkKind; lead: boolean } | null {
  const trimmed = line
    .replace(/^\s*(?:[*+-]\s+)?/, '')
    .replace(/^(?:\*\*|__)?status(?::(?:\*\*|__)|(?:\*\*|__)?:)\s*/i, '')
    .replace(/^(?:\*\*|__)(.*?)(?:\*\*|__)/, '$1')
    .trim();
  for (const [kind, verb] of VERBS) {
    const match = verb.exec(trimmed);
    if (!match) continue;
    const rest = trimmed.slice(match[0].length).replace(/^(?:\*\*|__)\s*/, '');
    if (rest.trim() === '') {
      if (!options.status) return { kind, lead: true };
      addLink(links, kind, { target: null, raw: plain(trimmed) });
      return { kind, lead: false };
    }
    linksInItem(rest, links, kind, plain(trimmed), options.status === true);
    return { kind, lead: false };
  }
  if (options.status) {
    // Status lines also say it in prose: "Accepted, superseded by ADR 7", "This decision is superseded by
    // [Use X](0014-use-x.md)". Mid-line, only a verb followed by a record it names is a link.
    for (const [kind, verb] of VERBS) {
      const inner = new RegExp(`[\\s,;(]${verb.source.slice(1)}`, 'i').exec(trimmed);
      if (!inner) continue;
      const rest = trimmed.slice(inner.index + inner[0].length);
      if (targetsIn(rest).length === 0 && localMarkdownHrefs(rest).length === 0) continue;
      linksInItem(rest, links, kind, plain(trimmed));
      return { kind, lead: false };
    }
  }
  // adr-tools' `adr link` writes any verb pair ("Implements", "Implemented in", "Clarified by") before a
  // link to a numbered record; the verbs above have kinds of their own, the others relate the records.
  const other = ADR_TOOLS_LINK.exec(trimmed);
  if (other && targetsIn(other[1]!).length > 0) {
    linksInItem(other[1]!, links, 'relatesTo', plain(trimmed));
    return { kind: 'relatesTo', lead: false };
  }
  return null;
}

/** "Implemented in [5. Forever alpha version](0005-forever-alpha-version.md)": a few verb words, then only links. */
const ADR_TOOLS_LINK = /^[A-Z][a-z]+(?:\s+[a-z]+){0,3}\s*:?\s+((?:\[\s*(?:adr[-_ ]?)?\d+[^\]]*\]\([^)\s]+\)\s*[,;]?\s*)+)$/i;

// "## Related ADRs", "## Related decisions", "## See also": each item below names related records.
const RELATED_SECTION = /^(?:related(?:\s+(?:adrs?|decisions?|records?|documents?))?|see also)$/;
const LIST_ITEM = /^\s*(?:[*+-]|\d+[.)])\s+/;
const STATUS_FIELD = /^\s*(?:[*+-]\s+)?(?:\*\*|__)?status\b/i;

/**
 * The links a record's body states: verb lines anywhere ("Superseded by [5. …](0005-….md)"),
 * the list under a lead-in line ("Related ADRs:" then "- [ADR-0003](0003-x.md)"), and the
 * items of a "Related ADRs" section. Lines of the "## Status" section and "Status:" fields
 * are status lines (see LineOptions). `lines` are the body lines outside code blocks.
 */
export function linksInBody(lines: readonly string[], links: AdrLinks, where?: { lineNumbers: readonly number[]; lines: Record<LinkKind, number[]> }): void {
  let section = '';
  let list: LinkKind | null = null;
  let previous = 0;
  for (const [index, line] of lines.entries()) {
    // Links the previous line added came from it.
    if (where) noteLines(links, where.lines, previous);
    previous = where?.lineNumbers[index] ?? 0;
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      section = plain(heading[1]!).replace(/[:.]\s*$/, '').toLowerCase();
      list = null;
      continue;
    }
    if (line.trim() === '') continue;
    const stated = linksInLine(line, links, { status: section === 'status' || STATUS_FIELD.test(line) });
    if (stated) {
      list = stated.lead ? stated.kind : null;
      continue;
    }
    const item = LIST_ITEM.test(line);
    if (list && item) linksInItem(line.replace(LIST_ITEM, ''), links, list);
    else if (RELATED_SECTION.test(section)) linksInItem(line.replace(LIST_ITEM, ''), links, 'relatesTo');
    if (!item && !/^\s/.test(line)) list = null;
  }
  if (where) noteLines(links, where.lines, previous);
}

/** Gives the links added since the last call the line they came from (`lines` runs parallel to `links`). */
export function noteLines(links: AdrLinks, lines: Record<LinkKind, number[]>, line: number): void {
  for (const kind of LINK_KINDS) while (lines[kind].length < links[kind].length) lines[kind].push(line);
}

/**
 * One item of a list of links ("- [ADR-0003: Use X](0003-use-x.md)", "- ADR-7"): a link per ADR
 * it names, and per local Markdown file it links to without a number in its name (kept by
 * href, so the catalogue can tell whether the file exists). External links name no ADR.
 */
export function linksInItem(text: string, links: AdrLinks, kind: LinkKind, raw = plain(text), keepUnnamed = false): void {
  const targets = targetsIn(text);
  for (const target of targets) addLink(links, kind, { target, raw });
  for (const href of localMarkdownHrefs(text)) {
    if (numberFromFileName(fileOf(href)) === null) addLink(links, kind, { target: null, raw, href });
  }
  if (keepUnnamed && targets.length === 0 && !links[kind].some((l) => l.raw === raw)) addLink(links, kind, { target: null, raw });
}

/** A link target that leaves the repository (https:, mailto:, //host) or points into the page itself. */
export const isExternalHref = (href: string) => /^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(href.trim());

function localMarkdownHrefs(text: string): string[] {
  const hrefs: string[] = [];
  for (const match of text.matchAll(/\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const href = match[1]!;
    if (!isExternalHref(href) && /\.(?:md|markdown)(?:#.*)?$/i.test(href)) hrefs.push(href.replace(/#.*$/, ''));
  }
  return hrefs;
}

const fileOf = (href: string) => href.split(/[/\\#?]/).filter(Boolean).pop() ?? '';

export function linksInFrontMatter(frontMatter: Record<string, unknown>, links: AdrLinks): void {
  for (const [key, value] of Object.entries(frontMatter)) {
    const kind = FRONT_MATTER_KEYS[key.toLowerCase()];
    if (!kind || value === null || value === undefined || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      const raw = String(item);
      const targets = typeof item === 'number' ? [item] : targetsIn(raw.replace(/^\s*0*(?=\d+\s*$)/, 'ADR-'));
      // "superseded-by: 20210412-use-vitest.md": a record without a number, named by its file.
      const file = targets.length === 0 && /^[^\s:]+\.(?:md|markdown)$/i.test(raw.trim()) ? raw.trim() : undefined;
      for (const target of targets.length > 0 ? targets : [null]) addLink(links, kind, { target, raw: `${key}: ${raw}`, ...(file ? { href: file } : {}) });
    }
  }
}

/**
 * ADR numbers named in a link text: local Markdown links by their file name ("0005-x.md") or label
 * ("ADR-0005", "5. Title"), then plain "ADR-5" / "ADR #5" / "0005-x.md" mentions, else a leading number.
 */
export function targetsIn(text: string): number[] {
  const found: number[] = [];
  const add = (n: number) => {
    if (Number.isSafeInteger(n) && !found.includes(n)) found.push(n);
  };
  const rest = text.replace(/\[([^\]]*)\]\(([^)]*)\)/g, (_all, label: string, href: string) => {
    // A paper, an issue tracker, another site: whatever its label says, it is no ADR of this folder.
    if (isExternalHref(href)) return ' ';
    // A date-named record ("[20210412-use-vitest](20210412-use-vitest.md)") has no number: it is linked by its file.
    if (dateFromFileName(fileOf(href)) || dateFromFileName(label.trim())) return ' ';
    const fromHref = numberFromFileName(fileOf(href));
    const fromLabel = /^\s*(?:adr[-_ ]?#?)?0*(\d+)\b/i.exec(label)?.[1];
    if (fromHref !== null) add(fromHref);
    else if (fromLabel !== undefined) add(Number(fromLabel));
    return ' ';
  });
  // A bare "#311" is an issue or pull request ("Issue #311", "PR #42", "see #12"), not an ADR: only "ADR #3" counts.
  for (const match of rest.matchAll(/\badr[-_ ]?#?0*(\d+)\b|\b0*(\d+)[-_][\w-]*\.(?:md|markdown)\b/gi)) {
    if (match[2] !== undefined && dateFromFileName(match[0])) continue;
    add(Number(match[1] ?? match[2]));
  }
  if (found.length === 0) {
    // "Supersedes 4", "Supersedes 4. Use Vitest", but not "Replaces 3 legacy cron jobs".
    const leading = /^\s*0*(\d+)(?=\s*$|\s*[.:,;)](?!\d))/.exec(rest)?.[1];
    if (leading !== undefined) add(Number(leading));
  }
  return found;
}

/** "0003-use-postgres.md", "ADR-003-x.md", "003_x.md" → 3; dated names ("2024-01-02-x.md", "20240102-x.md") carry no number. */
export function numberFromFileName(name: string): number | null {
  // A date is no number: "20200925-use-pnpm.md" is not ADR 20200925.
  if (/^\d{4}-\d{2}-\d{2}\b/.test(name) || dateFromFileName(name)) return null;
  const match = /^(?:adr[-_ ]?)?0*(\d+)(?=[-_. ]|$)/i.exec(name);
  return match ? Number(match[1]) : null;
}
