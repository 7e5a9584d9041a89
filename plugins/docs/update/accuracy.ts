/**
 * accuracy-check: names a page states that the code no longer has. A flag,
 * function or environment variable with a close counterpart in the code (a
 * rename: `--dry` and `--dry-run`, `createTasks` and `createTask`) is replaced
 * by it; one with none is proposed for removal (its line, or its whole section
 * when the name is the section's heading).
 */
import type { Nodes } from 'mdast';
import { cite, type Fact } from '../populate/facts.js';
import { deniesExistence, otherToolIn } from '../gaps/stale-context.js';
import type { CodeNames } from './code-names.js';
import type { DocPage, Mention } from './pages.js';
import { mentionsOf } from './pages.js';
import type { Proposal } from './proposals.js';

const KIND_FACT = { flag: 'flag', call: 'export', env: 'env' } as const;
const NOUN = { flag: 'flag', call: 'function', env: 'environment variable' } as const;

/** `code`: what the code defines in any form; a name it defines is never proposed as stale or renamed. */
export function accuracyProposals(pages: readonly DocPage[], facts: readonly Fact[], code?: CodeNames): Proposal[] {
  const commands = new Set(facts.filter((f) => f.kind === 'command').map((f) => f.name));
  const envPrefixes = new Set(facts.filter((f) => f.kind === 'env').map((f) => prefix(f.name)));
  const proposals: Proposal[] = [];
  for (const page of pages) {
    const seen = new Set<string>();
    for (const mention of mentionsOf(page, commands)) {
      const known = facts.filter((f) => f.kind === KIND_FACT[mention.kind]);
      if (known.length === 0 || known.some((f) => f.name === mention.name)) continue;
      if (code?.defines(mention.kind, mention.name)) continue;
      // A sentence saying the project does not have the name, or about another tool's flag, is right as it is.
      if (mention.sentence && (deniesExistence(mention.sentence) || (mention.kind === 'flag' && otherToolIn(mention.sentence, commands)))) continue;
      // An environment variable of another tool (HOME, NODE_ENV) is not this project's to check.
      if (mention.kind === 'env' && !envPrefixes.has(prefix(mention.name))) continue;
      const key = `${mention.line}\0${mention.name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      proposals.push(proposalFor(page, mention, known));
    }
  }
  return proposals;
}

function proposalFor(page: DocPage, mention: Mention, known: readonly Fact[]): Proposal {
  const noun = NOUN[mention.kind];
  const section = sectionAt(page, mention.line);
  const near = closest(mention.name, known);
  const line = page.lines[mention.line - 1] ?? '';
  const base = { file: page.path, section: section?.heading.text ?? null, subject: mention.name, applied: false };
  if (near) {
    return {
      ...base,
      kind: 'renamed',
      line: mention.line,
      oldText: line,
      newText: line.replace(new RegExp(`(?<![\\w-])${escape(mention.name)}(?![\\w-])`, 'g'), near.name),
      evidence: [cite(near.source)],
      reason: `the ${noun} ${mention.name} is not in the code; ${near.name} is (${cite(near.source)})`,
    };
  }
  // Public names first: where a reader would have looked for the missing one.
  const ranked = [...known].sort((a, b) => Number(a.group === 'internal') - Number(b.group === 'internal'));
  const evidence = [...new Set(ranked.map((f) => cite(f.source)))].slice(0, 5);
  const reason = `no ${noun} ${mention.name} in the code (its ${known.length} ${mention.kind === 'call' ? 'exports' : `${noun}s`} are declared at ${evidence.join(', ')}${known.length > evidence.length ? ', ...' : ''})`;
  // The name heads its own section: the whole section goes.
  if (section && section.heading.line <= mention.line && mention.line <= section.heading.endLine) {
    const end = section.fullEndLine;
    return { ...base, kind: 'stale', line: section.heading.line, oldText: page.lines.slice(section.heading.line - 1, end).join('\n'), newText: '', evidence, reason };
  }
  if (mention.inCode) {
    // A command line in a code block keeps its other arguments.
    return { ...base, kind: 'stale', line: mention.line, oldText: line, newText: line.replace(new RegExp(`\\s+${escape(mention.name)}(=\\S+)?(?![\\w-])`), ''), evidence, reason };
  }
  // The whole block the name stands in: a list item with its continuation lines and sub-items, a table row, a paragraph.
  const block = blockAt(page, mention.line);
  return { ...base, kind: 'stale', line: block.start, oldText: page.lines.slice(block.start - 1, block.end).join('\n'), newText: '', evidence, reason };
}

const BLOCKS = new Set(['listItem', 'tableRow', 'paragraph']);

/**
 * Lines of the innermost list item, table row or paragraph holding `line`, the line alone when
 * none does. A list item's first paragraph is the item: the item goes whole, with its
 * continuation lines and sub-items, never leaving them orphaned under the next item.
 */
export function blockAt(page: DocPage, line: number): { start: number; end: number } {
  let found = { start: line, end: line };
  let itemOfFound: Nodes | undefined;
  const visit = (node: Nodes, parent?: Nodes) => {
    const at = node.position;
    if (!at || at.start.line > line || at.end.line < line) return;
    if (BLOCKS.has(node.type)) {
      found = { start: at.start.line, end: at.end.line };
      itemOfFound = parent?.type === 'listItem' && parent.children[0] === node ? parent : undefined;
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes, node);
  };
  visit(page.doc.tree);
  const item = itemOfFound?.position;
  return item ? { start: item.start.line, end: item.end.line } : found;
}
/** The innermost section holding `line`. */
export function sectionAt(page: DocPage, line: number) {
  let found: DocPage['doc']['sections'][number] | undefined;
  for (const section of page.doc.sections) if (section.heading.line <= line && line <= section.fullEndLine) found = section;
  return found;
}

/** A counterpart close enough to be a rename: one name extends the other, or a small edit distance. */
function closest(name: string, known: readonly Fact[]): Fact | undefined {
  const bare = (n: string) => n.replace(/^-+/, '').toLowerCase();
  let best: { fact: Fact; distance: number } | undefined;
  for (const fact of known) {
    const a = bare(name);
    const b = bare(fact.name);
    const distance = a.startsWith(`${b}-`) || b.startsWith(`${a}-`) ? 1 : levenshtein(a, b);
    const limit = Math.max(1, Math.floor(Math.min(a.length, b.length) / 4));
    if (distance <= limit && (!best || distance < best.distance)) best = { fact, distance };
  }
  return best?.fact;
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

const prefix = (name: string) => name.split('_')[0]!;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
