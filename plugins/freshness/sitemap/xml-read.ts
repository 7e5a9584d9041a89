/**
 * Reading a sitemap.xml back: well-formedness (fast-xml-parser's XMLValidator),
 * then the sitemaps.org 0.9 schema checked by hand on the parsed tree, so each
 * problem comes with its line: the urlset root in the sitemap namespace, one loc
 * per url (absolute http(s), 12-2048 characters), lastmod as W3C datetime,
 * changefreq from the enum, priority 0.0-1.0, elements in the schema's order.
 * Elements of other namespaces (image, news extensions) are allowed.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { lineIndex as sdkLineIndex } from '../../../sdk/lines.js';
import { CHANGE_FREQUENCIES } from './categories.js';
import { parseHttpUrl, parseLastmod } from './url.js';
import { SITEMAP_NAMESPACE, type SitemapEntry } from './xml-write.js';

export interface SitemapProblem {
  kind: string;
  message: string;
  url?: string;
  line?: number;
}

export interface ReadEntry extends Partial<SitemapEntry> {
  line: number;
}

export interface ReadSitemap {
  /** False when the text is not well-formed XML or not a urlset: `entries` is then empty. */
  parsed: boolean;
  entries: ReadEntry[];
  problems: SitemapProblem[];
}

type Node = Record<string, unknown>;
export const FIELDS = ['loc', 'lastmod', 'changefreq', 'priority'] as const;
const META = XMLParser.getMetaDataSymbol() as unknown as string;

export function readSitemap(text: string): ReadSitemap {
  const problems: SitemapProblem[] = [];
  const wellFormed = XMLValidator.validate(text);
  if (wellFormed !== true) {
    problems.push({ kind: 'not-well-formed', message: `not well-formed XML: ${wellFormed.err.msg}`, line: wellFormed.err.line });
    return { parsed: false, entries: [], problems };
  }
  const lineAt = lineIndex(text);
  const tree = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false, captureMetaData: true, trimValues: true }).parse(text) as Node[];
  const rootNode = tree.find((node) => Object.keys(node).some((key) => !key.startsWith('?') && key !== ':@' && key !== '#comment'));
  const rootName = rootNode ? elementName(rootNode) : undefined;
  const [prefix, local] = splitName(rootName ?? '');
  if (!rootNode || local !== 'urlset') {
    const what = local === 'sitemapindex' ? 'a sitemap index (<sitemapindex>), not a urlset: validate each sitemap it lists' : `root element <${rootName ?? ''}> where <urlset> was expected`;
    problems.push({ kind: 'root', message: what, line: 1 });
    return { parsed: false, entries: [], problems };
  }
  const attributes = (rootNode[':@'] ?? {}) as Record<string, string>;
  const namespace = attributes[prefix ? `xmlns:${prefix}` : 'xmlns'];
  const rootLine = lineAt(metaStart(rootNode));
  if (namespace !== SITEMAP_NAMESPACE) {
    problems.push({ kind: 'namespace', message: `urlset namespace is ${namespace ? `"${namespace}"` : 'missing'}; expected "${SITEMAP_NAMESPACE}"`, line: rootLine });
  }
  const own = (name: string) => splitName(name)[0] === prefix;
  const entries: ReadEntry[] = [];
  let seenUrl = false;
  for (const child of rootNode[rootName!] as Node[]) {
    const name = elementName(child);
    if (!name) continue;
    const line = lineAt(metaStart(child));
    if (!own(name)) {
      if (seenUrl) problems.push({ kind: 'order', message: `<${name}> after the first <url>: elements of other namespaces come before the urls`, line });
      continue;
    }
    if (splitName(name)[1] !== 'url') {
      problems.push({ kind: 'unknown-element', message: `<${name}> is not a sitemap element (urlset holds url elements)`, line });
      continue;
    }
    seenUrl = true;
    entries.push(readUrl(child[name] as Node[], line, own, lineAt, problems));
  }
  if (entries.length === 0) problems.push({ kind: 'empty', message: 'the urlset has no <url> entry (the schema requires at least one)', line: rootLine });
  return { parsed: true, entries, problems };
}

function readUrl(children: Node[], line: number, own: (name: string) => boolean, lineAt: (index: number) => number, problems: SitemapProblem[]): ReadEntry {
  const entry: ReadEntry = { line };
  const lines: Partial<Record<(typeof FIELDS)[number], number>> = {};
  let lastField = -1;
  let extension = false;
  for (const child of children) {
    const name = elementName(child);
    if (!name) continue;
    const at = lineAt(metaStart(child)) || line;
    if (!own(name)) {
      extension = true;
      continue;
    }
    const field = splitName(name)[1] as (typeof FIELDS)[number];
    const order = FIELDS.indexOf(field);
    if (order < 0) {
      problems.push({ kind: 'unknown-element', message: `<${name}> is not allowed in <url> (loc, lastmod, changefreq, priority)`, line: at });
      continue;
    }
    if (entry[field] !== undefined) {
      problems.push({ kind: 'repeated-element', message: `<${field}> appears more than once in one <url>`, line: at });
      continue;
    }
    if (order < lastField || extension) problems.push({ kind: 'order', message: `<${field}> out of order: the schema wants loc, lastmod, changefreq, priority, then other namespaces`, line: at });
    lastField = Math.max(lastField, order);
    entry[field] = textOf(child[name] as Node[]);
    lines[field] = at;
  }
  checkValues(entry, lines, problems);
  return entry;
}

/**
 * The schema's rules on the values of one <url> (loc, lastmod, changefreq, priority), each
 * problem at the line of its element (`lines`) or else of the <url>. Shared by readSitemap
 * and the check of a sitemap this pack writes (read-back.ts).
 */
export function checkValues(entry: ReadEntry, lines: Partial<Record<(typeof FIELDS)[number], number>>, problems: SitemapProblem[]): void {
  const { line } = entry;
  const url = entry.loc;
  const report = (kind: string, message: string, at?: number) => problems.push({ kind, message, ...(url ? { url } : {}), line: at ?? line });
  if (url === undefined) report('missing-loc', '<url> without <loc>');
  else if (!parseHttpUrl(url)) report('bad-loc', `loc "${url}" is not an absolute http(s) URL`, lines.loc);
  else if (url.length < 12 || url.length > 2048) report('bad-loc', `loc is ${url.length} characters; the schema allows 12 to 2048`, lines.loc);
  if (entry.lastmod !== undefined && !parseLastmod(entry.lastmod)) report('bad-lastmod', `lastmod "${entry.lastmod}" is not a W3C date (YYYY-MM-DD) or date-time (YYYY-MM-DDThh:mm:ss+00:00)`, lines.lastmod);
  if (entry.changefreq !== undefined && !(CHANGE_FREQUENCIES as readonly string[]).includes(entry.changefreq)) {
    report('bad-changefreq', `changefreq "${entry.changefreq}" is not one of ${CHANGE_FREQUENCIES.join(', ')}`, lines.changefreq);
  }
  if (entry.priority !== undefined) {
    const value = /^[+-]?(\d+\.?\d*|\.\d+)$/.test(entry.priority) ? Number(entry.priority) : Number.NaN;
    if (!(value >= 0 && value <= 1)) report('bad-priority', `priority "${entry.priority}" is not a decimal from 0.0 to 1.0`, lines.priority);
  }
}

const elementName = (node: Node): string | undefined => Object.keys(node).find((key) => key !== ':@' && key !== '#text' && key !== '#comment' && !key.startsWith('?'));
const splitName = (name: string): [string, string] => {
  const colon = name.indexOf(':');
  return colon < 0 ? ['', name] : [name.slice(0, colon), name.slice(colon + 1)];
};
const metaStart = (node: Node): number => ((node as Record<string, { startIndex?: number } | undefined>)[META]?.startIndex ?? -1);
const textOf = (children: Node[] | undefined): string => (children ?? []).map((child) => (typeof child['#text'] === 'string' || typeof child['#text'] === 'number' ? String(child['#text']) : '')).join('').trim();

/** 1-based line of a character offset (0 when unknown). */
function lineIndex(text: string): (index: number) => number {
  const lineOf = sdkLineIndex(text);
  return (index) => (index < 0 ? 0 : lineOf(index));
}
