/**
 * New pages in an MkDocs site with an explicit `nav` are built but reached by no reader: MkDocs
 * lists only what the nav names. In the SDK so every pack that writes pages into a site (docs'
 * populate, readme's extracted pages) merges the nav the same way. Each new page joins the nav section that already lists pages of
 * its folder (docs/reference/api.md beside reference/index.md), else the section of its Diataxis
 * label ("How-to guides"), else a new section of that label; other pages go to the end of the nav. Entries are inserted as text after the section's last item, so
 * comments, `!!python/name:` and `!ENV` tags and every other line stay byte for byte.
 */
import { posix } from 'node:path';
import { Document, isMap, isPair, isScalar, isSeq, parseDocument, type YAMLSeq } from 'yaml';

export interface NavEntry {
  title: string;
  /** Path inside docs_dir, "/"-separated. */
  file: string;
}

/** A page for the nav; `section` is the label of its Diataxis section ("Reference"). */
export interface SectionNavEntry extends NavEntry {
  section?: string;
}

const folderOf = (file: string) => posix.dirname(posix.normalize(file)).toLowerCase();

/** The pages (strings) a nav node names, at any depth. */
function pagesIn(node: unknown): string[] {
  if (isScalar(node)) return typeof node.value === 'string' ? [node.value] : [];
  if (isSeq(node)) return node.items.flatMap(pagesIn);
  if (isMap(node)) return node.items.flatMap((pair) => (isPair(pair) ? pagesIn(pair.value) : []));
  return [];
}

/** The block sequence of the first section (depth first) listing a page of `folder` directly. */
function sectionFor(seq: YAMLSeq, folder: string): YAMLSeq | null {
  for (const item of seq.items) {
    if (!isMap(item)) continue;
    for (const pair of item.items) {
      if (!isSeq(pair.value)) continue;
      const nested = sectionFor(pair.value, folder);
      if (nested) return nested;
      const direct = pair.value.items.flatMap((entry) => (isScalar(entry) ? pagesIn(entry) : isMap(entry) && entry.items.every((p) => isScalar(p.value)) ? pagesIn(entry) : []));
      if (direct.some((page) => folderOf(page) === folder)) return pair.value;
    }
  }
  return null;
}

/** The block sequence of the top-level nav section labelled `label`, if any. */
function sectionNamed(nav: YAMLSeq, label: string): YAMLSeq | null {
  for (const item of nav.items) if (isMap(item) && item.items.length === 1 && isScalar(item.items[0]!.key) && item.items[0]!.key.value === label && isSeq(item.items[0]!.value)) return item.items[0]!.value;
  return null;
}

const navItems = (entries: readonly NavEntry[]) => entries.map((e) => ({ [e.title]: e.file }));

/** `text` with `items` inserted after the last item of the block sequence `seq` (parsed from `text`); null when it cannot be done as text. */
function appendToSeq(text: string, seq: YAMLSeq, items: readonly unknown[]): string | null {
  const first = seq.items[0] as { range?: [number, number, number] | null } | undefined;
  const last = seq.items[seq.items.length - 1] as { range?: [number, number, number] | null } | undefined;
  if (seq.flow || !first?.range || !last?.range) return null;
  const lineStart = text.lastIndexOf('\n', first.range[0] - 1) + 1;
  const indent = /^(\s*)-/.exec(text.slice(lineStart))?.[1];
  if (indent === undefined) return null;
  const block = new Document(items).toString({ lineWidth: 0 }).replace(/\n$/, '').split('\n').map((line) => indent + line).join('\n');
  const newline = text.indexOf('\n', Math.max(last.range[1] - 1, 0));
  const at = newline === -1 ? text.length : newline + 1;
  const before = text.slice(0, at);
  return `${before}${before.endsWith('\n') || before === '' ? '' : '\n'}${block}\n${text.slice(at)}`;
}

/**
 * `text` (an mkdocs.yml) with the pages of `entries` its nav does not list added, each in the
 * section of its folder; null when the file has no block nav list (MkDocs then lists every page)
 * or every page is listed already.
 */
export function addPagesToMkdocsNav(text: string, entries: readonly SectionNavEntry[]): { text: string; added: NavEntry[] } | null {
  const doc = parseDocument(text);
  if (doc.errors.length || !isSeq(doc.get('nav', true))) return null;
  const listed = new Set(pagesIn(doc.get('nav', true)).map((p) => posix.normalize(p).toLowerCase()));
  const fresh = entries.filter((e, i) => !listed.has(posix.normalize(e.file).toLowerCase()) && entries.findIndex((o) => o.file === e.file) === i);
  if (!fresh.length) return null;
  let current = text;
  const leftover: NavEntry[] = [];
  for (const folder of [...new Set(fresh.map((e) => folderOf(e.file)))]) {
    const group = fresh.filter((e) => folderOf(e.file) === folder);
    const nav = parseDocument(current).get('nav', true) as YAMLSeq;
    const label = folder === '.' ? undefined : group.find((e) => e.section)?.section;
    const section = folder === '.' ? null : (sectionFor(nav, folder) ?? (label ? sectionNamed(nav, label) : null));
    const next = section ? appendToSeq(current, section, navItems(group)) : label ? appendToSeq(current, nav, [{ [label]: navItems(group) }]) : null;
    if (next === null) leftover.push(...group);
    else current = next;
  }
  if (leftover.length) {
    const nav = parseDocument(current).get('nav', true) as YAMLSeq;
    const next = appendToSeq(current, nav, navItems(leftover));
    if (next !== null) current = next;
    else {
      // An inline or empty nav: rewritten by the library (comments kept), the rest of the file as parsed.
      const doc = parseDocument(current);
      for (const item of navItems(leftover)) (doc.get('nav', true) as YAMLSeq).add(doc.createNode(item));
      current = doc.toString();
    }
  }
  return { text: current, added: fresh.map(({ title, file }) => ({ title, file })) };
}
