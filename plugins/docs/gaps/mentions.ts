/**
 * What documentation pages mention, and which of the names they present as code no longer
 * exist in the project ("stale"). Linear scans of the page text: inline code spans and
 * fenced blocks are found with a line-by-line pass (no Markdown parse needed here), so a
 * hundred pages cost milliseconds.
 */
import type { TextFile } from './project-files.js';
import { deniesExistence, otherToolIn, sentenceAt } from './stale-context.js';

export interface CodeSpan {
  text: string;
  line: number;
  /** The sentence of the paragraph the span stands in (its lines joined): what the page says about the name. */
  sentence: string;
}

export interface PageText {
  file: TextFile;
  /** Inline code spans outside fenced blocks, with their line. */
  spans: CodeSpan[];
  /** Text of fenced code blocks, joined. */
  blocks: string;
}

/** Inline code spans and fenced-block text of a Markdown page. */
export function readPage(file: TextFile): PageText {
  const spans: CodeSpan[] = [];
  const blocks: string[] = [];
  let fence: string | null = null;
  const lines = file.text.split('\n');
  // The paragraph being read: its text so far and its spans' offsets in it, for their sentences.
  let paragraph = '';
  let pending: Array<{ span: CodeSpan; at: number }> = [];
  const endParagraph = () => {
    for (const { span, at } of pending) span.sentence = sentenceAt(paragraph, at);
    paragraph = '';
    pending = [];
  };
  lines.forEach((text, i) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(text);
    if (fence) {
      if (marker && marker[1]![0] === fence[0] && marker[1]!.length >= fence.length && text.trim() === marker[1]) fence = null;
      else blocks.push(text);
      return;
    }
    if (marker) {
      endParagraph();
      fence = marker[1]!;
      return;
    }
    // A blank line, a heading or a new list item starts another paragraph.
    if (text.trim() === '' || /^\s*(?:#{1,6}\s|[-*+]\s|\d+[.)]\s|\|)/.test(text)) endParagraph();
    const offset = paragraph.length + (paragraph ? 1 : 0);
    paragraph = paragraph ? `${paragraph} ${text}` : text;
    for (const m of text.matchAll(/(`+)([^`]+?)\1(?!`)/g)) {
      const span = { text: m[2]!.trim(), line: i + 1, sentence: text };
      spans.push(span);
      pending.push({ span, at: offset + m.index });
    }
  });
  endParagraph();
  return { file, spans, blocks: blocks.join('\n') };
}

/** Whether `name` appears in any page (prose, spans or blocks) as a whole word. */
export class MentionIndex {
  private readonly words = new Set<string>();
  /** Lower-cased once: phrases and feature words are looked up in it. */
  private readonly lower: string;

  constructor(pages: readonly TextFile[]) {
    const corpus = pages.map((p) => p.text).join('\n');
    this.lower = corpus.toLowerCase();
    for (const m of corpus.matchAll(/--?[A-Za-z][\w-]*|[A-Za-z_$][\w$]*/g)) this.words.add(m[0]);
  }

  has(name: string): boolean {
    if (/^--?[A-Za-z][\w-]*$|^[A-Za-z_$][\w$]*$/.test(name)) return this.words.has(name);
    return this.lower.includes(name.toLowerCase());
  }

  /** Share of a feature's significant words found in the pages. */
  coverage(phrase: string): number {
    const words = significantWords(phrase);
    if (words.length === 0) return 1;
    return words.filter((w) => this.lower.includes(w)).length / words.length;
  }
}

const STOP = new Set(['with', 'from', 'that', 'this', 'your', 'into', 'over', 'them', 'then', 'than', 'when', 'also', 'each', 'more', 'most', 'only', 'other', 'such', 'very', 'will', 'have', 'using', 'supports', 'support']);

export function significantWords(phrase: string): string[] {
  return [...new Set(phrase.toLowerCase().match(/[a-z][a-z0-9-]{3,}/g) ?? [])].filter((w) => !STOP.has(w));
}

export type StaleKind = 'function' | 'identifier' | 'cli-flag' | 'env-var';

export interface StaleName {
  kind: StaleKind;
  name: string;
  /** The span as written. */
  text: string;
  file: string;
  line: number;
}

/** Names every reader knows from the language or platform, not from the project. */
const PLATFORM = new Set([
  'require', 'import', 'fetch', 'setTimeout', 'setInterval', 'parseInt', 'parseFloat', 'print', 'len', 'open', 'range', 'main',
  'log', 'parse', 'stringify', 'then', 'catch', 'resolve', 'reject', 'map', 'filter', 'reduce', 'forEach', 'toString', 'super',
  'constructor', 'JavaScript', 'TypeScript', 'GitHub', 'GitLab', 'PowerShell', 'MkDocs', 'DocC', 'README', 'WeakRef', 'WeakMap', 'WeakSet',
  'FinalizationRegistry', 'ArrayBuffer', 'SharedArrayBuffer', 'TextEncoder', 'TextDecoder', 'AbortController', 'AbortSignal', 'EventEmitter',
  'ReadableStream', 'WritableStream', 'URLSearchParams', 'structuredClone', 'queueMicrotask', 'setImmediate', 'isinstance', 'getattr', 'setattr',
  'hasOwnProperty', 'addEventListener', 'removeEventListener', 'querySelector', 'getElementById', 'createElement', 'useState', 'useEffect',
]);
const PLATFORM_ENV = /^(?:NODE_[A-Z_]+|npm_\w+|GITHUB_\w+|PYTHON\w*|LD_\w+|XDG_\w+|[A-Z]+_PROXY|HTTPS?_PROXY|NO_PROXY|RUNNER_\w+|CI_\w+)$/;

const MAX_CLAIM = 200;

/**
 * What a code span claims exists: a call `name(...)` or `a.b(...)`, a bare flag `--name`,
 * an ENV_VAR_NAME, or a camelCase / PascalCase identifier. Anything else (commands,
 * paths, values) is not a claim about the code.
 */
export function claimOf(span: string): { kind: StaleKind; name: string } | null {
  if (span.length > MAX_CLAIM) return null; // a code span that long is a snippet, not a name
  const call = /^(?:new\s+)?(?:[A-Za-z_$][\w$]*\.)*([A-Za-z_$][\w$]*)\s*\([^()]*\)$/.exec(span);
  if (call) return { kind: 'function', name: call[1]! };
  const flag = /^(--[a-zA-Z][\w-]*)(?:[ =]<?[\w.-]+>?)?$/.exec(span);
  if (flag) return { kind: 'cli-flag', name: flag[1]! };
  if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(span)) return { kind: 'env-var', name: span };
  if (/^(?:[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*)$/.test(span)) return { kind: 'identifier', name: span };
  return null;
}

/**
 * Parsers declare `--dry-run` as 'dry-run', `dry_run` or `dryRun` as often as with its dashes;
 * Typer and Click make `--dry-run` from a parameter `dry_run`, and `--no-force` from a boolean `force`.
 */
function flagDefined(flag: string, known: ReadonlySet<string>): boolean {
  const bare = flag.replace(/^-+/, '');
  const forms = (name: string) => known.has(name) || known.has(`--${name}`) || known.has(name.replace(/-/g, '_')) || known.has(name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase()));
  return forms(bare) || (bare.startsWith('no-') && forms(bare.slice(3)));
}

export interface StaleOptions {
  /** Check `--flag` spans: only when the project has a CLI of its own (else the flags are other tools', e.g. node's or tsc's). */
  flags: boolean;
  /** Check bare camelCase/PascalCase spans: weaker evidence (a dependency's or the platform's names look the same). */
  identifiers: boolean;
  /** The project's own command names: a flag in a sentence about another tool (pip, npm, git) is that tool's, unless the tool is one of these. */
  commands?: ReadonlySet<string>;
}

/**
 * Names the pages present as code that appear nowhere in the project's code or configs.
 * `known` holds every identifier and flag of the project (knownNames). One finding per
 * page and name, at its first mention.
 */
export function staleNames(pages: readonly PageText[], known: ReadonlySet<string>, options: StaleOptions): StaleName[] {
  const out: StaleName[] = [];
  for (const page of pages) {
    const seen = new Set<string>();
    for (const span of page.spans) {
      const claim = claimOf(span.text);
      if (!claim || PLATFORM.has(claim.name) || known.has(claim.name) || seen.has(claim.name)) continue;
      if (claim.kind === 'cli-flag' && flagDefined(claim.name, known)) continue;
      if ((claim.kind === 'cli-flag' && !options.flags) || (claim.kind === 'identifier' && !options.identifiers)) continue;
      if (claim.kind === 'env-var' && PLATFORM_ENV.test(claim.name)) continue;
      // Only a name the page presents as the project's: not one it says the project lacks, nor another tool's flag.
      if (deniesExistence(span.sentence)) continue;
      if (claim.kind === 'cli-flag' && otherToolIn(span.sentence, options.commands ?? new Set())) continue;
      seen.add(claim.name);
      out.push({ ...claim, text: span.text, file: page.file.path, line: span.line });
    }
  }
  return out;
}
