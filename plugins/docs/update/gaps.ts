/**
 * gap-detection: commands, flags, environment variables, configuration keys
 * and public exports the code has and no page mentions. Each becomes an addition to the
 * best page: the section that mentions the most of its siblings (same kind,
 * same command group first), written the way that section lists them (a
 * table row, a list item, or a subsection); else a page named for its kind, else the
 * reference page; else none (never the first page that happens to sort first).
 */
import type { Table } from 'mdast';
import { cite, type Fact, type FactKind } from '../populate/facts.js';
import { mentioned, type DocPage } from './pages.js';
import type { Proposal } from './proposals.js';
import { heading, listItem, paragraph, type PageStyle } from './style.js';

const GAP_KINDS: readonly FactKind[] = ['command', 'flag', 'env', 'config', 'export'];
const NOUN: Partial<Record<FactKind, string>> = { command: 'command', flag: 'flag', env: 'environment variable', config: 'configuration key', export: 'export' };
/** Page names that suit a kind when no page mentions any of its siblings. */
const PAGE_HINT: Partial<Record<FactKind, RegExp>> = { command: /cli|command|usage/i, flag: /cli|command/i, env: /config|environment|setting/i, config: /config|setting/i, export: /api|library|reference/i };

type Section = DocPage['doc']['sections'][number];

/**
 * `facts` are the public surface only (the caller leaves out scripts', examples' and private
 * modules' names). A fact with no fitting page (no section names its siblings, no page is
 * about its kind) is not added anywhere: a benchmarking guide is no place for a token.
 */
export function gapProposals(pages: readonly DocPage[], facts: readonly Fact[], styleOf: (page: DocPage) => PageStyle): Proposal[] {
  if (pages.length === 0) return [];
  const proposals: Proposal[] = [];
  const trailing: Proposal[] = [];
  // Pages given a "<kind>s not documented before" section by an earlier proposal: later ones add items to it.
  const opened = new Set<string>();
  const candidates = facts.filter((f) => GAP_KINDS.includes(f.kind) && !(f.kind === 'export' && f.group === 'internal'));
  // Each name is looked up in the pages once per call, and each section's names are read once, whatever the number of gaps.
  const isMentioned = memo((name: string) => mentioned(pages, name));
  const documented = candidates.filter((f) => isMentioned(f.name));
  const sections = new SectionTokens();
  // Siblings of the same command group or config area, when any is documented, say more than the rest of the kind.
  const siblingsOf = memo((kind: string) => documented.filter((f) => f.kind === kind));
  const nearOf = memo((key: string) => {
    const [kind, group] = key.split('\0') as [string, string];
    const grouped = group ? siblingsOf(kind).filter((s) => s.group === group) : [];
    return grouped.length > 0 ? grouped : siblingsOf(kind);
  });
  for (const fact of candidates) {
    if (isMentioned(fact.name)) continue;
    const place = bestPlace(pages, fact, nearOf(`${fact.kind}\0${fact.group ?? ''}`), sections);
    if (!place) continue;
    (place.section ? proposals : trailing).push(addition(place, fact, styleOf(place.page), opened));
  }
  // New sections at a page's end come after additions to its last section, which insert at the same line.
  return [...proposals, ...trailing];
}

interface Place {
  page: DocPage;
  section: Section | undefined;
}

/** `near`: the documented siblings of `fact` (same kind; same group when any is documented). */
function bestPlace(pages: readonly DocPage[], fact: Fact, near: readonly Fact[], sections: SectionTokens): Place | undefined {
  let best: { place: Place; score: number; depth: number } | undefined;
  for (const page of pages) {
    const hinted = aboutKind(page, fact) ? 0.5 : 0;
    for (const section of page.doc.sections) {
      // A section about one sibling ("### `--quiet`") is not where another goes: its parent is.
      const { heading, body } = sections.of(page, section);
      if (heading.count(near) > 0) continue;
      const count = body.count(near);
      if (count === 0) continue;
      const score = count + hinted;
      const depth = section.heading.depth;
      // Equal scores: the deeper section ("Options of add" rather than the page's title section).
      if (!best || score > best.score || (score === best.score && depth > best.depth)) best = { place: { page, section }, score, depth };
    }
  }
  if (best) return best.place;
  // A page about the kind (configuration.md for a variable), else the reference page itself (reference.md, reference/index.md).
  const hinted = pages.find((p) => aboutKind(p, fact)) ?? pages.find((p) => REFERENCE_PAGE.test(p.path));
  return hinted ? { page: hinted, section: undefined } : undefined;
}

/** A page named for the kind (cli.md, configuration.md): its file name, not its folder (every page under Reference/ is not about exports). */
const aboutKind = (page: DocPage, fact: Fact) => PAGE_HINT[fact.kind]?.test(page.path.slice(page.path.lastIndexOf('/') + 1)) ?? false;

const REFERENCE_PAGE = /(?:^|\/)(?:reference|api)(?:\.md|\.markdown|\/(?:index|readme)\.md)$/i;

/** Whole-token lookups in each section's heading and text, tokenised once per section. */
class SectionTokens {
  private readonly cache = new Map<Section, { heading: TokenCount; body: TokenCount }>();

  of(page: DocPage, section: Section) {
    let found = this.cache.get(section);
    if (!found) {
      const text = page.lines.slice(section.heading.line - 1, section.fullEndLine).join('\n');
      found = { heading: new TokenCount(section.heading.text), body: new TokenCount(text) };
      this.cache.set(section, found);
    }
    return found;
  }
}

/** How many of some names a text contains as whole tokens (containsToken), through the set of its `[\w-]` tokens. */
class TokenCount {
  private tokens: Set<string> | undefined;
  constructor(private readonly text: string) {}

  count(facts: readonly Fact[]): number {
    this.tokens ??= new Set(this.text.match(/[\w-]+/g) ?? []);
    let n = 0;
    // The smaller side is walked: a section names few of hundreds of siblings.
    if (facts.length > this.tokens.size && facts.every((f) => SIMPLE.test(f.name))) {
      const names = namesOf(facts);
      for (const token of this.tokens) if (names.has(token)) n++;
      return n;
    }
    for (const f of facts) if (SIMPLE.test(f.name) ? this.tokens.has(f.name) : containsToken(this.text, f.name)) n++;
    return n;
  }
}

const SIMPLE = /^[\w-]+$/;
const nameSets = new WeakMap<readonly Fact[], Set<string>>();
const namesOf = (facts: readonly Fact[]) => nameSets.get(facts) ?? nameSets.set(facts, new Set(facts.map((f) => f.name))).get(facts)!;

function memo<T>(compute: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    if (!cache.has(key)) cache.set(key, compute(key));
    return cache.get(key)!;
  };
}

function addition(place: Place, fact: Fact, style: PageStyle, opened: Set<string>): Proposal {
  const { page, section } = place;
  const noun = NOUN[fact.kind] ?? fact.kind;
  const base = { kind: 'gap' as const, file: page.path, oldText: '', evidence: [cite(fact.source)], subject: fact.name, applied: false, reason: `the ${noun} ${fact.name} (${cite(fact.source)}) is in no page` };
  const description =
    fact.kind === 'command' && fact.detail ? `Runs \`${fact.detail}\`.` : fact.detail ? capitalise(fact.detail.replace(/\.?$/, '.')) : `Read by \`${fact.source.file}\`.`;
  if (!section) {
    const title = `${capitalise(noun)}s not documented before`;
    const item = listItem(`\`${fact.name}\`: ${description}`, style);
    const key = `${page.path}\0${fact.kind}`;
    if (opened.has(key)) return { ...base, section: title, line: lastContentLine(page), newText: item };
    opened.add(key);
    return { ...base, section: null, line: lastContentLine(page), newText: `\n${heading(title, 2, style)}\n\n${item}` };
  }
  const table = section.own.find((b): b is Table => b.type === 'table' && (b.children[0]?.children.length ?? 0) >= 2);
  if (table) {
    const columns = table.children[0]!.children.length;
    const cells = [`\`${fact.name}\``, ...Array.from({ length: columns - 2 }, () => ''), description.replace(/\|/g, '\\|')];
    return { ...base, section: section.heading.text, line: table.position!.end.line, newText: `| ${cells.join(' | ')} |` };
  }
  const list = section.own.find((b) => b.type === 'list');
  if (list) return { ...base, section: section.heading.text, line: list.position!.end.line, newText: listItem(`\`${fact.name}\`: ${description}`, style) };
  const depth = Math.min(section.heading.depth + 1, 6);
  const sub = section.full.filter((b) => b.type === 'heading' && b.depth === depth);
  const title = sub.length > 0 && /`/.test(page.lines[sub[0]!.position!.start.line - 1] ?? '') ? `\`${fact.name}\`` : fact.name;
  return { ...base, section: section.heading.text, line: lastLineOf(page, section.fullEndLine), newText: `\n${heading(title, depth, style)}\n\n${paragraph(description, style)}` };
}

/** The last non-blank line at or before `line`. */
function lastLineOf(page: DocPage, line: number): number {
  let at = line;
  while (at > 1 && (page.lines[at - 1] ?? '').trim() === '') at--;
  return at;
}

const lastContentLine = (page: DocPage) => lastLineOf(page, page.lines.length);
const containsToken = (text: string, name: string) => new RegExp(`(^|[^\\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'm').test(text);
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
