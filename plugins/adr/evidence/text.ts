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

let compiled: Array<{ tech: Technology; patterns: RegExp[] }> | undefined;
const patterns = () => (compiled ??= TECHNOLOGIES.map((tech) => ({ tech, patterns: tech.text.map(compile) })));

/** Every technology named in `text`, in order; where names overlap the longest wins ("Redis Streams" over "Redis"). */
export function findMentions(text: string): Mention[] {
  const found: Mention[] = [];
  for (const { tech, patterns: list } of patterns()) {
    for (const pattern of list) {
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
function excludeForward(mentions: Mention[], start: number, end: number, out: Set<Mention>) {
  const inSpan = mentions.filter((m) => m.index >= start && m.index < end);
  const first = inSpan[0];
  if (!first) return;
  for (const m of inSpan) if (m.tech.area === first.tech.area) out.add(m);
}

function excludeBackward(mentions: Mention[], start: number, end: number, out: Set<Mention>) {
  const inSpan = mentions.filter((m) => m.index >= start && m.end <= end);
  const last = inSpan[inSpan.length - 1];
  if (!last) return;
  for (const m of inSpan) if (m.tech.area === last.tech.area) out.add(m);
}

/** Technologies `text` chooses and turns down. */
export function analyseChoice(text: string): { chosen: Technology[]; excluded: Technology[] } {
  const mentions = findMentions(text);
  const excluded = new Set<Mention>();
  for (const marker of text.matchAll(FORWARD)) {
    const from = marker.index + marker[0].length;
    excludeForward(mentions, from, clauseEnd(text, from), excluded);
  }
  for (const { marker, stop } of BOUNDED) {
    for (const match of text.matchAll(marker)) {
      const from = match.index + match[0].length;
      excludeForward(mentions, from, clauseEnd(text, from, stop), excluded);
    }
  }
  for (const match of text.matchAll(OVER)) {
    const from = match.index + match[0].length;
    const next = mentions.find((m) => m.index >= from);
    if (next && OVER_GAP.test(text.slice(from, next.index))) excluded.add(next);
  }
  for (const match of text.matchAll(BACKWARD)) {
    excludeBackward(mentions, sentenceStart(text, match.index), match.index, excluded);
  }
  const turnedDown = unique([...excluded].map((m) => m.tech));
  // A technology turned down anywhere is not chosen even where it is named again ("MongoDB data will be migrated").
  const chosen = unique(mentions.filter((m) => !excluded.has(m)).map((m) => m.tech)).filter((tech) => !turnedDown.includes(tech));
  return { chosen, excluded: turnedDown };
}

export type DecisionSource = 'chosen-option' | 'y-statement' | 'decision' | 'title';

export interface DecisionReading {
  chosen: Technology[];
  excluded: Technology[];
  /** Which part of the ADR the choice was read from (the title is always read too). */
  source: DecisionSource;
}

/** MADR's `Chosen option: "PostgreSQL", because …`: the option alone, without the justification. */
export function chosenOption(decision: string): string | null {
  const match = /chosen option\s*:?\s*(.+)/i.exec(decision);
  if (!match) return null;
  const option = match[1]!.split(/,?\s+because\b|\s[-–—]\s/i)[0]!;
  return option.replace(/["'“”‘’`*_]/g, '').trim() || null;
}

export function readDecision(adr: ParsedAdr): DecisionReading {
  const parts: string[] = [];
  const extraExcluded: Technology[] = [];
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
    parts.push(adr.decision);
    source = 'decision';
  }
  // Each part is read on its own so a clause never runs from the title into the decision.
  const readings = [adr.title, ...parts].map(analyseChoice);
  const excluded = unique([...readings.flatMap((r) => r.excluded), ...extraExcluded]);
  const chosen = unique(readings.flatMap((r) => r.chosen)).filter((tech) => !excluded.includes(tech));
  return { chosen, excluded, source };
}

/** Everything an ADR names: title, context, decision, consequences, options. */
export function adrText(adr: ParsedAdr): string {
  return [adr.title, adr.context, adr.decision, adr.consequences, adr.consideredOptions.join('\n')].filter(Boolean).join('\n\n');
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}
