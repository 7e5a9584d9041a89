/**
 * The decisions a PRD implies: for each area of the table, the sentences that bear on it
 * (an option named, or a requirement stated), which options the PRD chooses, and which it
 * mentions only to set aside ("instead of MySQL", "MongoDB was ruled out").
 */
import { AREAS, COMPLIANCE_REGIMES, ownSense, rulesOut, TARGET, type AreaId, type AreaOption, type DecisionArea } from './areas.js';
import type { PrdSentence } from './sentences.js';
import { sentenceMode, type SentenceMode } from './statements.js';

export interface Evidence {
  section: string;
  line: number;
  quote: string;
}

export interface AreaFinding {
  area: DecisionArea;
  /** Options the PRD states positively, in the order it first names them. */
  chosen: AreaOption[];
  /** Options the PRD names only to reject or compare. */
  setAside: AreaOption[];
  /** For each option set aside, the PRD sentence that sets it aside (its reason, in the PRD's words). */
  setAsideWhy: Evidence[];
  /**
   * The PRD records the choice as made ("We chose Django", an item under "Technical decisions"),
   * not as a requirement to confirm: the ADR is accepted and weighs only the options the PRD names.
   */
  accepted: boolean;
  /** The sentences that name an option positively (not questions, rejections or non-goals): what "as the PRD decides" quotes. */
  statedIn: Evidence[];
  /** Open questions of the PRD that name this area's options ("Auth provider: Auth0 or Keycloak?"). */
  asked: Evidence[];
  /**
   * Options the PRD names as still under evaluation ("we are evaluating AWS KMS and Vault as
   * alternatives"), with any it uses today: the decision stays open and `chosen` is empty.
   */
  open: AreaOption[];
  /** Sentences that rule the area out ("No new database: all state stays in …"), when nothing is chosen. */
  ruledOut: Evidence[];
  /** Compliance regimes named (compliance area only). */
  regimes: string[];
  /** Quoted targets with numbers (performance area only). */
  targets: Evidence[];
  evidence: Evidence[];
}

/** Quotes kept per area: enough to justify the record without pasting the PRD into it. */
export const MAX_EVIDENCE = 6;

// Words before an option that set it aside rather than choose it. A bare "over" is a transport
// ("talk over gRPC"); it sets aside only after a preference ("chose REST over gRPC").
const SET_ASIDE_BEFORE = /\b(?:not|no|never|(?:decided |voted |argued )?against|instead of|rather than|avoid(?:ing)?|without|reject(?:ed|ing)?|ruled out|replac(?:e|es|ing)|(?:migrat|mov)\w* (?:away )?from|considered|evaluated|compared|vs\.?|versus)\s+(?:[\w./-]+\s+){0,3}$|\b(?:prefer\w*|chos\w*|choose|pick\w*|favou?r\w*|select\w*)\b[^.;]{0,40}\bover\s+(?:[\w./-]+\s+){0,3}$/i;
const SET_ASIDE_AFTER = /^[^.;]{0,30}?\b(?:is|was|are|were|has been|have been)\s+(?:not\b|(?:considered|evaluated|discussed|prototyped)(?: and| but)? (?:rejected|ruled out|dropped|discarded)|rejected|ruled out|dropped|discarded|out of scope|deprecated|being replaced|too)/i;
// Options still being weighed: "we are evaluating A and B", "A and B as alternatives to C", "candidates are A or B".
const OPEN_BEFORE = /\b(?:(?:are|is|am|still|currently|now)\s+(?:evaluating|considering|assessing|comparing|weighing|exploring|investigating|looking at)|(?:candidates?|options?|alternatives?)\s+(?:are|include|such as)|(?:may|might|could)\s+(?:use|adopt|move to|switch to))\b[^.;]{0,80}$/i;
const OPEN_AFTER = /^[^.;]{0,60}?\bas (?:possible |potential )?(?:alternatives|options|candidates)\b/i;

interface Mention {
  option: AreaOption;
  start: number;
  end: number;
}

/**
 * Where each option of every area is named in a sentence. A name counts for one option only:
 * a mention inside a longer mention of another option ("Azure" in "Azure AD", "AWS" in
 * "AWS ECS Fargate") belongs to that option, and a name several areas share counts only in
 * a sentence about the option's use ("Redis as the job queue" is not a cache).
 */
function mentions(sentence: string): Map<AreaOption, Mention[]> {
  const all: Array<Mention & { area: AreaId }> = [];
  for (const area of AREAS) {
    for (const option of area.options) {
      if (option.context && !option.context.test(sentence)) continue;
      const pattern = new RegExp(option.pattern.source, option.pattern.flags.replace('g', '') + 'g');
      for (const match of sentence.matchAll(pattern)) all.push({ area: area.id, option, start: match.index, end: match.index + match[0].length });
    }
  }
  const byOption = new Map<AreaOption, Mention[]>();
  for (const m of all) {
    const inside = all.some((o) => o.option !== m.option && o.start <= m.start && o.end >= m.end && o.end - o.start > m.end - m.start);
    if (inside) continue;
    byOption.set(m.option, [...(byOption.get(m.option) ?? []), m]);
  }
  return byOption;
}

function stance(sentence: string, found: Mention[] | undefined, mode: SentenceMode = 'statement'): 'chosen' | 'aside' | 'open' | null {
  if (!found || found.length === 0) return null;
  // A question chooses nothing (every option it names stays open); a non-goal or a rejected alternative chooses nothing either.
  if (mode === 'question') return 'open';
  if (mode === 'aside') return 'aside';
  let result: 'chosen' | 'aside' | 'open' | null = null;
  for (const match of found) {
    const before = sentence.slice(Math.max(0, match.start - 100), match.start);
    const after = sentence.slice(match.end);
    if (OPEN_BEFORE.test(before) || OPEN_AFTER.test(after)) result = 'open';
    else if (SET_ASIDE_BEFORE.test(before.slice(-60)) || SET_ASIDE_AFTER.test(after)) result ??= 'aside';
    else return 'chosen';
  }
  return result;
}

/** The options of `area` that `text` names positively, attributed as in a PRD (for an existing ADR's title and decision). */
export function optionsChosenIn(area: DecisionArea, text: string): AreaOption[] {
  const found = mentions(text);
  return area.options.filter((option) => stance(text, found.get(option)) === 'chosen');
}

/**
 * A technology the area's table lacks, named where the sentence makes it the area's choice
 * ("must store all goals in a SQLite database file" when SQLite is not in the table): an option
 * of its own, unless any area's option already names it.
 */
function unlistedChoice(area: DecisionArea, sentence: string, seen: Map<string, AreaOption>): AreaOption | null {
  const match = area.frame?.exec(sentence);
  if (!match) return null;
  const bare = match[1]!.replace(/`/g, '');
  if (AREAS.some((a) => a.options.some((o) => o.pattern.test(bare)))) return null;
  if (SET_ASIDE_BEFORE.test(sentence.slice(Math.max(0, match.index + match[0].indexOf(match[1]!) - 60), match.index + match[0].indexOf(match[1]!)))) return null;
  const name = /^files?$/i.test(match[2] ?? '') ? `${bare} files` : bare;
  const option = seen.get(name) ?? { name, pattern: new RegExp(`\\b${bare.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i'), good: 'it is what the PRD names' };
  seen.set(name, option);
  return option;
}

const quote = (s: PrdSentence): Evidence => ({ section: s.section, line: s.line, quote: s.text });

export function findDecisions(sentences: PrdSentence[]): AreaFinding[] {
  const findings: AreaFinding[] = [];
  const named = sentences.map((sentence) => mentions(sentence.text));
  const modes = sentences.map(sentenceMode);
  for (const area of AREAS) {
    const chosen = new Map<AreaOption, number>();
    const setAside = new Map<AreaOption, number>();
    const open = new Map<AreaOption, number>();
    const ruledOut: Evidence[] = [];
    const asked: Evidence[] = [];
    const statedIn: Evidence[] = [];
    // Options under evaluation in prose ("we are evaluating A and B"), as opposed to named in a question.
    const evaluated = new Set<AreaOption>();
    // Options chosen in a sentence that records a decision made (not a requirement to confirm).
    const decidedIn = new Set<AreaOption>();
    const unlisted = new Map<string, AreaOption>();
    const ranked: Array<{ sentence: PrdSentence; rank: number }> = [];
    for (const [index, sentence] of sentences.entries()) {
      let rank = 0;
      const own = ownSense(area, sentence.text);
      // A requirement area's approach counts only where the sentence is about that requirement:
      // "Background jobs run on BullMQ" decides the job runner, not how performance targets are met.
      const bears = area.kind === 'choice' || area.cues.test(own);
      for (const option of area.options) {
        if (!bears) continue;
        const seen = stance(sentence.text, named[index]!.get(option), modes[index]);
        if (seen === 'chosen' && modes[index] === 'decision') decidedIn.add(option);
        if (seen === 'chosen' && statedIn[statedIn.length - 1]?.quote !== sentence.text) statedIn.push(quote(sentence));
        if (seen === 'chosen' && !chosen.has(option)) chosen.set(option, index);
        if (seen === 'aside' && !setAside.has(option)) setAside.set(option, index);
        if (seen === 'open' && !open.has(option)) open.set(option, index);
        if (seen) rank = Math.max(rank, 3);
        if (seen === 'open' && modes[index] !== 'question') evaluated.add(option);
        if (seen === 'open' && modes[index] === 'question' && !asked.some((e) => e.line === sentence.line && e.quote === sentence.text)) asked.push(quote(sentence));
      }
      const extra = modes[index] === 'question' || modes[index] === 'aside' ? null : unlistedChoice(area, sentence.text, unlisted);
      if (extra && !chosen.has(extra)) chosen.set(extra, index);
      if (extra && modes[index] === 'decision') decidedIn.add(extra);
      if (extra && statedIn[statedIn.length - 1]?.quote !== sentence.text) statedIn.push(quote(sentence));
      if (extra) rank = Math.max(rank, 3);
      if (area.id === 'compliance' && COMPLIANCE_REGIMES.some((r) => r.pattern.test(sentence.text))) rank = Math.max(rank, 3);
      // A sentence that rules the area out is not a requirement in it: it is the decision not to have one.
      if (rulesOut(area, own)) ruledOut.push(quote(sentence));
      else if (area.cues.test(own)) rank = Math.max(rank, area.id === 'performance' && TARGET.test(own) ? 3 : 1);
      if (rank > 0) ranked.push({ sentence, rank });
    }
    if (area.id === 'compliance' && !protectedData(sentences)) continue;
    if (ranked.length === 0 && ruledOut.length === 0) continue;
    // Keep the strongest quotes (options named, numbers stated), then put them back in PRD order.
    const kept = [...ranked].sort((a, b) => b.rank - a.rank || a.sentence.line - b.sentence.line).slice(0, MAX_EVIDENCE);
    kept.sort((a, b) => a.sentence.line - b.sentence.line);
    const regimes = area.id === 'compliance' ? COMPLIANCE_REGIMES.filter((r) => sentences.some((s) => r.pattern.test(s.text))).map((r) => r.name) : [];
    const targets = area.id === 'performance' ? ranked.filter((r) => TARGET.test(r.sentence.text) && area.cues.test(r.sentence.text)).map((r) => quote(r.sentence)) : [];
    const byOrder = (map: Map<AreaOption, number>) => [...map.entries()].sort((a, b) => a[1] - b[1]).map(([option]) => option);
    // A question naming only options the PRD records as decided asks about something else
    // ("Should BullMQ workers share the API container?"): it does not reopen the choice.
    if (evaluated.size === 0 && open.size > 0 && [...open.keys()].every((option) => decidedIn.has(option))) {
      open.clear();
      asked.length = 0;
    }
    // Options under evaluation keep the decision open: what is used today is one of the candidates.
    const undecided = open.size > 0 ? byOrder(new Map([...chosen, ...open].sort((a, b) => a[1] - b[1]))) : [];
    const asideOnly = byOrder(setAside).filter((option) => !chosen.has(option) && !open.has(option));
    const finalChosen = undecided.length > 0 ? [] : byOrder(chosen);
    findings.push({
      area,
      chosen: finalChosen,
      setAside: asideOnly,
      setAsideWhy: asideOnly.map((option) => quote(sentences[setAside.get(option)!]!)),
      asked: undecided.length > 0 ? asked : [],
      statedIn: statedIn.slice(0, MAX_EVIDENCE),
      accepted: finalChosen.length > 0 && finalChosen.every((option) => decidedIn.has(option)),
      open: undecided,
      ruledOut: chosen.size > 0 || open.size > 0 ? [] : ruledOut.slice(0, MAX_EVIDENCE),
      regimes,
      targets: targets.slice(0, 4),
      evidence: kept.map((r) => quote(r.sentence)),
    });
  }
  return findings;
}

/**
 * Compliance is a decision only when the PRD names data that regulations protect (personal,
 * card or health data) or a regime; encryption or a key service alone is not personal data.
 */
export const PROTECTED_DATA: Array<{ regimes: string[]; pattern: RegExp }> = [
  { regimes: ['GDPR', 'CCPA'], pattern: /\bpersonal (?:data|information)\b|\bPII\b|\bpersonally identifiable\b|\bdata subjects?\b/i },
  { regimes: ['PCI DSS'], pattern: /\bcard ?holder data\b|\b(?:payment )?card (?:data|numbers?|details)\b/i },
  { regimes: ['HIPAA'], pattern: /\bhealth (?:data|information|records?)\b|\bPHI\b|\bpatient (?:data|records?|information)\b|\bmedical records?\b/i },
];

function protectedData(sentences: PrdSentence[]): boolean {
  return sentences.some((s) => COMPLIANCE_REGIMES.some((r) => r.pattern.test(s.text)) || PROTECTED_DATA.some((d) => d.pattern.test(s.text)));
}

/** The regimes whose controls fit the PRD: those it names, else those that protect the data it names. */
export function regimesServed(finding: AreaFinding, sentences: PrdSentence[]): string[] {
  if (finding.regimes.length > 0) return finding.regimes;
  return [...new Set(PROTECTED_DATA.filter((d) => sentences.some((s) => d.pattern.test(s.text))).flatMap((d) => d.regimes))];
}

export type { AreaId };
