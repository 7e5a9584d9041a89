/**
 * The decisions a PRD implies: for each area of the table, the sentences that bear on it
 * (an option named, or a requirement stated), which options the PRD chooses, and which it
 * mentions only to set aside ("instead of MySQL", "MongoDB was ruled out").
 */
import { AREAS, COMPLIANCE_REGIMES, TARGET, type AreaId, type AreaOption, type DecisionArea } from './areas.js';
import type { PrdSentence } from './sentences.js';

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
const SET_ASIDE_BEFORE = /\b(?:not|no|never|instead of|rather than|avoid(?:ing)?|without|reject(?:ed|ing)?|ruled out|replac(?:e|es|ing)|(?:migrat|mov)\w* (?:away )?from|considered|evaluated|compared|vs\.?|versus)\s+(?:[\w./-]+\s+){0,3}$|\b(?:prefer\w*|chos\w*|choose|pick\w*|favou?r\w*|select\w*)\b[^.;]{0,40}\bover\s+(?:[\w./-]+\s+){0,3}$/i;
const SET_ASIDE_AFTER = /^[^.;]{0,30}?\b(?:is|was|are|were|has been|have been)\s+(?:not\b|rejected|ruled out|out of scope|deprecated|being replaced|too)/i;

interface Mention {
  option: AreaOption;
  start: number;
  end: number;
}

/**
 * Where each option of every area is named in a sentence. A name counts for one area only:
 * a mention inside a longer mention of another area's option ("Azure" in "Azure AD") belongs
 * to that option, and a name several areas share counts only in a sentence about the option's
 * use ("Redis as the job queue" is not a cache).
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
    const inside = all.some((o) => o.area !== m.area && o.start <= m.start && o.end >= m.end && o.end - o.start > m.end - m.start);
    if (inside) continue;
    byOption.set(m.option, [...(byOption.get(m.option) ?? []), m]);
  }
  return byOption;
}

function stance(sentence: string, found: Mention[] | undefined): 'chosen' | 'aside' | null {
  let result: 'chosen' | 'aside' | null = null;
  for (const match of found ?? []) {
    const before = sentence.slice(Math.max(0, match.start - 60), match.start);
    const after = sentence.slice(match.end);
    if (SET_ASIDE_BEFORE.test(before) || SET_ASIDE_AFTER.test(after)) result ??= 'aside';
    else return 'chosen';
  }
  return result;
}

/** The options of `area` that `text` names positively, attributed as in a PRD (for an existing ADR's title and decision). */
export function optionsChosenIn(area: DecisionArea, text: string): AreaOption[] {
  const found = mentions(text);
  return area.options.filter((option) => stance(text, found.get(option)) === 'chosen');
}

const quote = (s: PrdSentence): Evidence => ({ section: s.section, line: s.line, quote: s.text });

export function findDecisions(sentences: PrdSentence[]): AreaFinding[] {
  const findings: AreaFinding[] = [];
  const named = sentences.map((sentence) => mentions(sentence.text));
  for (const area of AREAS) {
    const chosen = new Map<AreaOption, number>();
    const setAside = new Map<AreaOption, number>();
    const ranked: Array<{ sentence: PrdSentence; rank: number }> = [];
    for (const [index, sentence] of sentences.entries()) {
      let rank = 0;
      for (const option of area.options) {
        const seen = stance(sentence.text, named[index]!.get(option));
        if (seen === 'chosen' && !chosen.has(option)) chosen.set(option, index);
        if (seen === 'aside' && !setAside.has(option)) setAside.set(option, index);
        if (seen) rank = Math.max(rank, 3);
      }
      if (area.id === 'compliance' && COMPLIANCE_REGIMES.some((r) => r.pattern.test(sentence.text))) rank = Math.max(rank, 3);
      if (area.cues.test(sentence.text)) rank = Math.max(rank, area.id === 'performance' && TARGET.test(sentence.text) ? 3 : 1);
      if (rank > 0) ranked.push({ sentence, rank });
    }
    if (ranked.length === 0) continue;
    // Keep the strongest quotes (options named, numbers stated), then put them back in PRD order.
    const kept = [...ranked].sort((a, b) => b.rank - a.rank || a.sentence.line - b.sentence.line).slice(0, MAX_EVIDENCE);
    kept.sort((a, b) => a.sentence.line - b.sentence.line);
    const regimes = area.id === 'compliance' ? COMPLIANCE_REGIMES.filter((r) => sentences.some((s) => r.pattern.test(s.text))).map((r) => r.name) : [];
    const targets = area.id === 'performance' ? ranked.filter((r) => TARGET.test(r.sentence.text) && area.cues.test(r.sentence.text)).map((r) => quote(r.sentence)) : [];
    const byOrder = (map: Map<AreaOption, number>) => [...map.entries()].sort((a, b) => a[1] - b[1]).map(([option]) => option);
    findings.push({
      area,
      chosen: byOrder(chosen),
      setAside: byOrder(setAside).filter((option) => !chosen.has(option)),
      regimes,
      targets: targets.slice(0, 4),
      evidence: kept.map((r) => quote(r.sentence)),
    });
  }
  return findings;
}

export type { AreaId };
