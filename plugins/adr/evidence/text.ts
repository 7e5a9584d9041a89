/**
 * Which technologies an ADR names, and which of them its decision chooses.
 * A decision often names the options it turned down ("PostgreSQL rather than
 * MongoDB", "migrate from MongoDB to PostgreSQL", "MongoDB was rejected"); those
 * are read as excluded, never as chosen. Context sections are never read for
 * choices: they describe the situation, often the technology being replaced.
 */
import type { ParsedAdr } from '../catalog/types.js';
import { TECHNOLOGIES } from './table.js';
import type { Technology } from './types.js';

export interface Mention {
  tech: Technology;
  index: number;
  end: number;
}

const WORD = '[\\p{L}\\p{N}_]';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(alias: string | RegExp): RegExp {
  if (alias instanceof RegExp) return new RegExp(alias.source, `${alias.flags.replace(/[gy]/g, '')}g`);
  const body = escape(alias.trim()).replace(/\s+/g, '[\\s_-]+');
  return new RegExp(`(?<!${WORD})${body}(?!${WORD})`, 'giu');
}

/**
 * A name's first word, lower-cased: a text without it cannot match the name's pattern, so
 * the pattern is not run (a few hundred Unicode-aware patterns per ADR were most of the
 * cost). Only for plain ASCII names, checked against ASCII texts, where lower-casing and
 * the patterns' case folding agree.
 */
const firstWord = (alias: string | RegExp): string | null => (typeof alias === 'string' && /^[\x20-\x7e]+$/.test(alias) ? alias.trim().split(/\s+/)[0]!.toLowerCase() : null);

let compiled: Array<{ tech: Technology; patterns: Array<{ pattern: RegExp; word: string | null }> }> | undefined;
const patterns = () => (compiled ??= TECHNOLOGIES.map((tech) => ({ tech, patterns: tech.text.map((alias) => ({ pattern: compile(alias), word: firstWord(alias) })) })));

/** Every technology named in `text`, in order; where names overlap the longest wins ("Redis Streams" over "Redis"). */
export function findMentions(text: string): Mention[] {
  const found: Mention[] = [];
  const lower = /^[\x00-\x7f]*$/.test(text) ? text.toLowerCase() : null;
  for (const { tech, patterns: list } of patterns()) {
    for (const { pattern, word } of list) {
      if (lower !== null && word !== null && !lower.includes(word)) continue;
      for (const match of text.matchAll(pattern)) {
        if (match[0]) found.push({ tech, index: match.index, end: match.index + match[0].length });
      }
    }
  }
  found.sort((a, b) => a.index - b.index || b.end - b.index - (a.end - a.index));
  const kept: Mention[] = [];
  let reached = -1;
  for (const mention of found) {
    if (mention.index < reached) continue;
    kept.push(mention);
    reached = mention.end;
  }
  return kept;
}

export const mentionedTechnologies = (text: string): Technology[] => unique(findMentions(text).map((m) => m.tech));

/** Words after which the next technologies named are turned down, up to the end of the clause. */
const FORWARD = new RegExp(
  '\\b(?:' +
    [
      'rather than', 'instead of', 'as opposed to', 'in place of', 'in preference to', 'as an alternative to', 'replacement for', 'versus', 'vs\\.?(?=\\s)',
      'and not', 'but not', 'not(?!\\s+only\\b)', 'no longer', 'never', 'neglect(?:s|ed|ing)?', 'against', 'avoid(?:s|ed|ing)?', 'without', 'than',
      'reject(?:s|ed|ing)?', 'rule[sd]? out', 'discard(?:s|ed|ing)?', 'drop(?:s|ped|ping)?(?![\\w-])', 'remov(?:e|es|ed|ing)', 'retir(?:e|es|ed|ing)',
      'deprecat(?:e|es|ed|ing)', 'phas(?:e|es|ed|ing) out', '(?:move|moves|moving|moved|migrate|migrates|migrating|migrated) away from',
      'alternatives?(?: considered)?', 'considered(?: options?)?', 'no',
    ].join('|') +
    ')(?!\\w)',
  'gi',
);
/** "replace X with Y", "migrate from X to Y": X is turned down, the span stops before Y. */
const BOUNDED = [
  { marker: /\breplac(?:e|es|ed|ing)\b/gi, stop: /\b(?:with|by)\b/i },
  { marker: /\b(?:migrat|mov|switch|transition|port)\w*\b[^.;\n]{0,40}?\bfrom\b/gi, stop: /\b(?:to|onto|into)\b/i },
];
/** "X over Y": only the technology right after "over" is turned down ("gRPC over HTTP/2" turns nothing down). */
const OVER = /\bover\b/gi;
const OVER_GAP = /^\s+(?:(?:the|a|an|our|existing|plain|self-hosted|managed|hosted)\s+)?$/i;
/** Markers whose turned-down technology comes before them in the sentence. */
const BACKWARD =
  /\b(?:in favou?r of|(?:is|are|was|were|has been|have been|will be|would be|gets|got|being)\s+(?:rejected|dropped|deprecated|removed|replaced|retired|ruled out|discarded|abandoned|phased out|considered|not\s+(?:chosen|selected|used|adopted|an option)))\b|\s[-–—:]\s*(?:rejected|not chosen|discarded)\b/gi;

/** Where a clause ends: punctuation, or a conjunction that starts a new thought. */
const CLAUSE_END = /[;!?\n()]|[.:](?=\s|$)|\s(?:but|because|since|whereas|while|however|although|though|so|in favou?r of)\b|,\s*(?:but|so|which|because|while|whereas|then|we|it|this|they|our)\b/i;
const SENTENCE_END = /[;!?\n]|[.:](?=\s|$)/g;

function clauseEnd(text: string, from: number, stop?: RegExp): number {
  const rest = text.slice(from);
  const ends = [CLAUSE_END.exec(rest)?.index, stop?.exec(rest)?.index].filter((i): i is number => i !== undefined);
  return from + (ends.length ? Math.min(...ends) : rest.length);
}

function sentenceStart(text: string, before: number): number {
  let start = 0;
  for (const match of text.slice(0, before).matchAll(SENTENCE_END)) start = match.index + match[0].length;
  return start;
}

/**
 * The first technology in the span is turned down, and the others of its area
 * listed with it ("rather than MongoDB, MySQL or Cassandra"); a technology of
 * another area starts a new thought ("rather than MongoDB, and Redis for caching").
 */
function excludeForward(mentions: Mention[], start: number, end: number, out: Set<Mention>, parts: Set<Mention>, neutral: Set<Mention>) {
  const inSpan = mentions.filter((m) => m.index >= start && m.index < end);
  // "not … old Python versions": what is turned down is a version or part, not the technology.
  for (const m of inSpan) if (parts.has(m)) neutral.add(m);
  const whole = inSpan.filter((m) => !parts.has(m));
  const first = whole[0];
  if (!first) return;
  for (const m of whole) if (m.tech.area === first.tech.area) out.add(m);
}

function excludeBackward(mentions: Mention[], start: number, end: number, out: Set<Mention>, parts: Set<Mention>, neutral: Set<Mention>) {
  const inSpan = mentions.filter((m) => m.index >= start && m.end <= end);
  for (const m of inSpan) if (parts.has(m)) neutral.add(m);
  const whole = inSpan.filter((m) => !parts.has(m));
  const last = whole[whole.length - 1];
  if (!last) return;
  for (const m of whole) if (m.tech.area === last.tech.area) out.add(m);
}

/** Words before a technology that make it one of its versions or variants ("old Python versions", "legacy Java"). */
const PART_BEFORE = /\b(?:old|older|oldest|legacy|previous|prior|earlier|outdated|obsolete|ancient|deprecated|unsupported|end-of-life|eol|(?:versions?|releases?|variants?|editions?|features?|parts?|flavou?rs?)\s+of(?:\s+the)?)\s+$/i;
/** Words after a technology that name one of its versions or parts ("Python versions", "Python 2", "Java's reflection", "Spring XML config"). */
const PART_AFTER = /^(?:\s+(?:versions?|releases?|v?\d+(?:\.[\dx]+)*(?!\w|\.\d)|features?|apis?|modules?|extensions?|plugins?|dialects?|syntax)\b|['’]s\s+\w)/i;

/** Mentions of a version, variant or part of a technology: a negation about them says nothing against the technology. */
function partMentions(text: string, mentions: Mention[]): Set<Mention> {
  const parts = new Set<Mention>();
  for (const m of mentions) {
    if (PART_BEFORE.test(text.slice(Math.max(0, m.index - 40), m.index)) || PART_AFTER.test(text.slice(m.end, m.end + 30))) parts.add(m);
  }
  return parts;
}

/** Clauses that give a reason for the choice or an exception to it: a technology named there is not what is chosen. */
const REASON = /\b(?:because|since|as it|given that|due to|thanks to|so that|except(?:\s+for)?|unless|apart from|other than|besides|e\.g\.)(?!\w)/gi;
/** A line or sentence that describes the chosen technology ("It is a first class language for interacting with Kubernetes"). */
const DESCRIPTION = /^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:it|this|that|they|these|which|(?:a|an|the)\s+(?:popular|common|mature|proven|well-known|widely used|first[- ]class|good|great|natural)\b[^.;\n]*?\b(?:choice|language|option|fit|tool))\b(?:\s+(?:is|are|was|has|have|provides?|offers?|integrates?|works?|runs?|fits?)\b|[^.;\n]*?\b(?:for|like|with)\b)/i;

function reasonMentions(text: string, mentions: Mention[]): Set<Mention> {
  const reasons = new Set<Mention>();
  for (const marker of text.matchAll(REASON)) {
    const from = marker.index + marker[0].length;
    const end = clauseEnd(text, from);
    for (const m of mentions) if (m.index >= from && m.index < end) reasons.add(m);
  }
  let offset = 0;
  for (const line of text.split(/\n|(?<=[.!?])\s+(?=[A-Z])/)) {
    const at = text.indexOf(line, offset);
    offset = at + line.length;
    if (at < 0 || !DESCRIPTION.test(line)) continue;
    for (const m of mentions) if (m.index >= at && m.end <= at + line.length) reasons.add(m);
  }
  return reasons;
}

/** A verb whose object is the material a tool works on ("parse Python", "generating TypeScript types from"). */
const SUBJECT_VERB =
  /\b(?:pars(?:e|es|ed|ing|ers?)|read(?:s|ing)?|generat(?:e|es|ed|ing|ors?)|emit(?:s|ted|ting)?|analy[sz](?:e|es|ed|ing|ers?)|lint(?:s|ed|ing|ers?)?|highlight(?:s|ed|ing)?|tokeni[sz](?:e|es|ed|ing|ers?)|transpil(?:e|es|ed|ing)|index(?:es|ed|ing)?|extract(?:s|ed|ing)?|understand(?:s|ing)?|inspect(?:s|ed|ing)?|scan(?:s|ned|ning)?|format(?:s|ted|ting))(?:\s+(?:the|a|an|of|from|into|to|both|all|any|existing|user|users'|input|their|our))*\s+$/i;
/** Nouns after a language that make it material, not the implementation language ("Python files", "Go source code"). */
const SUBJECT_NOUN = /^\s+(?:files?|sources?|source (?:code|files?)|ASTs?|syntax(?: trees?)?|grammars?|parsers?|projects|repositories|repos|codebases?|snippets?)\b/i;
/** What joins the items of a list of languages ("Python, Go and Rust"). */
const LIST_GAP = /^\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+|\s*\/\s*)$/i;

/**
 * Languages a decision works on rather than in: "we will parse Python files
 * with tree-sitter" chooses tree-sitter, and whether the project has Python
 * code says nothing about that decision.
 */
function subjectMentions(text: string, mentions: Mention[]): Set<Mention> {
  const subjects = new Set<Mention>();
  const languages = mentions.filter((m) => m.tech.area === 'language');
  languages.forEach((m, i) => {
    const before = text.slice(Math.max(0, m.index - 80), m.index);
    const previous = languages[i - 1];
    const listed = previous !== undefined && subjects.has(previous) && LIST_GAP.test(text.slice(previous.end, m.index));
    if (listed || SUBJECT_VERB.test(before) || SUBJECT_NOUN.test(text.slice(m.end, m.end + 40))) subjects.add(m);
  });
  // "Python, Go and Rust files": the noun after the last makes the whole list material.
  for (let i = languages.length - 1; i > 0; i--) {
    const [previous, current] = [languages[i - 1]!, languages[i]!];
    if (subjects.has(current) && LIST_GAP.test(text.slice(previous.end, current.index))) subjects.add(previous);
  }
  return subjects;
}

/** Words saying a decision keeps several targets side by side ("support X, Y and Z", "adapters for X and Y", "pluggable backends"). */
const MULTI_TARGET = /\b(?:support(?:s|ed|ing)?|adapters?|plug-?ins?|pluggable|multiple|several|various|any of|each of|targets?|backends?|drivers?|interchangeable)\b/i;

/** Technologies `text` chooses and turns down; languages it only works on ("parse Python") are neither. */
export function analyseChoice(text: string): { chosen: Technology[]; excluded: Technology[] } {
  const all = findMentions(text);
  const subjects = subjectMentions(text, all);
  const mentions = all.filter((m) => !subjects.has(m));
  const parts = partMentions(text, mentions);
  // Negated versions or parts, reasons and exceptions: neither chosen nor turned down.
  const neutral = reasonMentions(text, mentions);
  const excluded = new Set<Mention>();
  for (const marker of text.matchAll(FORWARD)) {
    const from = marker.index + marker[0].length;
    excludeForward(mentions, from, clauseEnd(text, from), excluded, parts, neutral);
  }
  for (const { marker, stop } of BOUNDED) {
    for (const match of text.matchAll(marker)) {
      const from = match.index + match[0].length;
      excludeForward(mentions, from, clauseEnd(text, from, stop), excluded, parts, neutral);
    }
  }
  for (const match of text.matchAll(OVER)) {
    const from = match.index + match[0].length;
    const next = mentions.find((m) => m.index >= from);
    if (next && OVER_GAP.test(text.slice(from, next.index))) (parts.has(next) ? neutral : excluded).add(next);
  }
  for (const match of text.matchAll(BACKWARD)) {
    excludeBackward(mentions, sentenceStart(text, match.index), match.index, excluded, parts, neutral);
  }
  const turnedDown = unique([...excluded].filter((m) => !neutral.has(m)).map((m) => m.tech));
  // A technology turned down anywhere is not chosen even where it is named again ("MongoDB data will be migrated").
  const chosen = unique(mentions.filter((m) => !excluded.has(m) && !neutral.has(m)).map((m) => m.tech)).filter((tech) => !turnedDown.includes(tech));
  return { chosen, excluded: turnedDown };
}

export type DecisionSource = 'chosen-option' | 'y-statement' | 'decision' | 'title';

export interface DecisionReading {
  chosen: Technology[];
  excluded: Technology[];
  /** Which part of the ADR the choice was read from (the title is always read too). */
  source: DecisionSource;
  /**
   * Competing technologies the decision supports side by side ("adapters for
   * Jekyll, Hugo and MkDocs"): evidence of any of them carries the decision out,
   * and one present beside the others is no conflict. Each is also in `chosen`.
   */
  supported: Technology[][];
}

/** Groups of two or more competing chosen technologies, when the decision says it supports several targets. */
function supportedSets(chosen: Technology[], texts: string[]): Technology[][] {
  if (!texts.some((text) => MULTI_TARGET.test(text))) return [];
  const byGroup = new Map<string, Technology[]>();
  for (const tech of chosen) if (tech.group) byGroup.set(tech.group, [...(byGroup.get(tech.group) ?? []), tech]);
  return [...byGroup.values()].filter((set) => set.length >= 2);
}

/** MADR's `Chosen option: "PostgreSQL", because …`: the option alone, without the justification. */
export function chosenOption(decision: string): string | null {
  const match = /chosen option\s*:?\s*(.+)/i.exec(decision);
  if (!match) return null;
  const option = match[1]!.split(/,?\s+because\b|\s[-–—]\s/i)[0]!;
  return option.replace(/["'“”‘’`*_]/g, '').trim() || null;
}

/** Subsections of a decision that weigh options rather than make the choice ("### Options considered", "Pros and cons"). */
const OPTIONS_HEADING = /\b(?:options?|alternatives?|pros and cons)\b/i;
/** Drivers state requirements: neither chosen nor turned down. */
const DRIVERS_HEADING = /\bdrivers\b/i;
const CHOICE_HEADING = /\b(?:chosen|selected|outcome)\b/i;
/** "Options considered: MongoDB, Cassandra" written as a line of the decision. */
const OPTIONS_LINE = /^\s*(?:[-*]\s+)?[*_]*(?:(?:considered|other|rejected)\s+(?:options|alternatives)|(?:options|alternatives)(?:\s+(?:considered|evaluated|weighed))?)[*_]*\s*:/i;

/**
 * The decision text without the options it weighed: a section titled "Decision"
 * often holds "### Options considered" or "Pros and cons" subsections, and
 * naming an option there is not choosing it.
 */
export function splitOptions(decision: string): { choice: string; options: string } {
  const choice: string[] = [];
  const options: string[] = [];
  let skipping = 0;
  let drivers = false;
  for (const line of decision.split('\n')) {
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const [level, name] = [heading[1]!.length, heading[2]!];
      if (CHOICE_HEADING.test(name)) skipping = 0;
      else if (!(skipping && level > skipping)) {
        drivers = DRIVERS_HEADING.test(name);
        skipping = drivers || OPTIONS_HEADING.test(name) ? level : 0;
      }
    }
    if (!skipping) (OPTIONS_LINE.test(line) ? options : choice).push(line);
    else if (!drivers) options.push(line);
  }
  return { choice: choice.join('\n').trim(), options: options.join('\n') };
}

export function readDecision(adr: ParsedAdr): DecisionReading {
  const parts: string[] = [];
  const extraExcluded: Technology[] = [];
  const weighed: Technology[] = [];
  let source: DecisionSource = 'title';
  const option = adr.decision ? chosenOption(adr.decision) : null;
  if (option) {
    parts.push(option);
    source = 'chosen-option';
    // MADR's other considered options were weighed and turned down.
    const chosenText = mentionedTechnologies(option);
    extraExcluded.push(...mentionedTechnologies(adr.consideredOptions.join('\n')).filter((tech) => !chosenText.includes(tech)));
  } else if (adr.yStatement) {
    parts.push(adr.yStatement.decision);
    source = 'y-statement';
    if (adr.yStatement.neglected) extraExcluded.push(...mentionedTechnologies(adr.yStatement.neglected));
  } else if (adr.decision) {
    const { choice, options } = splitOptions(adr.decision);
    parts.push(choice);
    source = 'decision';
    weighed.push(...mentionedTechnologies(options));
  }
  // Each part is read on its own so a clause never runs from the title into the decision.
  const readings = [adr.title, ...parts].map(analyseChoice);
  // Options weighed beside a choice of their area were turned down; without such a choice ("we chose option 2") nothing is known.
  const picked = readings.flatMap((r) => r.chosen);
  extraExcluded.push(...weighed.filter((tech) => !picked.includes(tech) && picked.some((p) => p.area === tech.area)));
  const excluded = unique([...readings.flatMap((r) => r.excluded), ...extraExcluded]);
  const chosen = unique(readings.flatMap((r) => r.chosen)).filter((tech) => !excluded.includes(tech));
  return { chosen, excluded, source, supported: supportedSets(chosen, [adr.title, ...parts]) };
}

/** Everything an ADR names: title, context, decision, consequences, options. */
export function adrText(adr: ParsedAdr): string {
  return [adr.title, adr.context, adr.decision, adr.consequences, adr.consideredOptions.join('\n')].filter(Boolean).join('\n\n');
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}
