/**
 * Links between ADRs, as adr-tools and hand-written ADRs state them at the start of a line
 * ("Superseded by [ADR-0005](0005-x.md)", "Supersedes [2. Record ...](0002-...)", "Amends ADR-3"),
 * and as MADR front matter states them (superseded-by: 5, supersedes: [2, 3]).
 */
import { plain } from './markdown.js';
import { LINK_KINDS, type AdrLink, type AdrLinks, type LinkKind } from './types.js';

const VERBS: Array<[LinkKind, RegExp]> = [
  ['supersededBy', /^(?:superseded|superseeded|superceded|replaced)\s+by\b\s*:?\s*/i],
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

/** Adds a link unless one to the same target (or, for unnumbered ones, with the same text) is there. */
export function addLink(links: AdrLinks, kind: LinkKind, link: AdrLink): boolean {
  const list = links[kind];
  const same = (other: AdrLink) => (link.target === null ? other.target === null && other.raw === link.raw : other.target === link.target);
  if (list.some(same)) return false;
  list.push(link);
  return true;
}

/** Links stated by one line; the line may carry a list bullet or a "Status:" label first. */
export function linksInLine(line: string, links: AdrLinks): void {
  const trimmed = line
    .replace(/^\s*(?:[*+-]\s+)?/, '')
    .replace(/^(?:\*\*|__)?status(?::(?:\*\*|__)|(?:\*\*|__)?:)\s*/i, '')
    .replace(/^(?:\*\*|__)(.*?)(?:\*\*|__)/, '$1')
    .trim();
  for (const [kind, verb] of VERBS) {
    const match = verb.exec(trimmed);
    if (!match) continue;
    const rest = trimmed.slice(match[0].length);
    const targets = targetsIn(rest);
    for (const target of targets.length > 0 ? targets : [null]) addLink(links, kind, { target, raw: plain(trimmed) });
    return;
  }
}

export function linksInFrontMatter(frontMatter: Record<string, unknown>, links: AdrLinks): void {
  for (const [key, value] of Object.entries(frontMatter)) {
    const kind = FRONT_MATTER_KEYS[key.toLowerCase()];
    if (!kind || value === null || value === undefined || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      const raw = String(item);
      const targets = typeof item === 'number' ? [item] : targetsIn(raw.replace(/^\s*0*(?=\d+\s*$)/, 'ADR-'));
      for (const target of targets.length > 0 ? targets : [null]) addLink(links, kind, { target, raw: `${key}: ${raw}` });
    }
  }
}

/**
 * ADR numbers named in a link text: Markdown links by their file name ("0005-x.md") or label
 * ("ADR-0005", "5. Title"), then plain "ADR-5" / "#5" / "0005-x.md" mentions, else a leading number.
 */
export function targetsIn(text: string): number[] {
  const found: number[] = [];
  const add = (n: number) => {
    if (Number.isSafeInteger(n) && !found.includes(n)) found.push(n);
  };
  const rest = text.replace(/\[([^\]]*)\]\(([^)]*)\)/g, (_all, label: string, href: string) => {
    const fromHref = numberFromFileName(href.split(/[/\\#?]/).filter(Boolean).pop() ?? '');
    const fromLabel = /^\s*(?:adr[-_ ]?#?)?0*(\d+)\b/i.exec(label)?.[1];
    if (fromHref !== null) add(fromHref);
    else if (fromLabel !== undefined) add(Number(fromLabel));
    return ' ';
  });
  for (const match of rest.matchAll(/\badr[-_ ]?#?0*(\d+)\b|#0*(\d+)\b|\b0*(\d+)[-_][\w-]*\.(?:md|markdown)\b/gi)) {
    add(Number(match[1] ?? match[2] ?? match[3]));
  }
  if (found.length === 0) {
    const leading = /^\s*0*(\d+)\b(?![-/.]\d)/.exec(rest)?.[1];
    if (leading !== undefined) add(Number(leading));
  }
  return found;
}

/** "0003-use-postgres.md", "ADR-003-x.md", "003_x.md" → 3; dated names like "2024-01-02-x.md" carry no number. */
export function numberFromFileName(name: string): number | null {
  if (/^\d{4}-\d{2}-\d{2}\b/.test(name)) return null;
  const match = /^(?:adr[-_ ]?)?0*(\d+)(?=[-_. ]|$)/i.exec(name);
  return match ? Number(match[1]) : null;
}
