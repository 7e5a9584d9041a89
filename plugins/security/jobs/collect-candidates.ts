/**
 * One share of analyze_content_security's rules over the whole text, as a job
 * for one of two scan workers (worker/split-analysis.ts merges the two shares).
 * Candidates travel as flat numbers, five per candidate: the rule's index in
 * the worker's rule list, then start, end, matchStart, matchEnd. Line and
 * column are left to the merging thread: the share without the keyword pass
 * indexes the text's lines and sends the line starts (which evens out the two
 * shares' time), and the merging thread places every candidate with them.
 */
import type { RuleEngine } from '../engine/rule-engine.js';
import { collect, type RulePart } from '../engine/scanner.js';
import { analysisScanRequest, type AnalyzeInput } from './analyze-content.js';

export interface CollectCandidatesInput extends AnalyzeInput {
  part: RulePart;
  /**
   * The text as one byte per character, when it is ASCII (then `content` is
   * empty): one shared copy for both workers instead of a copy of the string
   * serialised for each (milliseconds per copy of a 4 MB text).
   */
  contentBytes?: SharedArrayBuffer;
  /** The text's length in `contentBytes` (the buffer may be longer: buffers are reused). */
  contentLength?: number;
}

/**
 * The input for both workers: an ASCII text goes once, written into `buffer`
 * (at least as long as the text; it must stay untouched until both jobs are
 * over). Any other text as it is.
 */
export function sharedInput(input: AnalyzeInput, buffer: (length: number) => SharedArrayBuffer): Omit<CollectCandidatesInput, 'part'> {
  // Fewer UTF-8 bytes than characters cannot be: as many means every character is ASCII.
  if (Buffer.byteLength(input.content, 'utf8') !== input.content.length) return input;
  const contentBytes = buffer(input.content.length);
  Buffer.from(contentBytes).write(input.content, 'latin1');
  return { ...input, content: '', contentBytes, contentLength: input.content.length };
}

export const CANDIDATE_FIELDS = 5;

export interface CollectedShare {
  candidates: number[];
  /** The offsets lines start at (share "other" only). */
  lineStarts?: Int32Array;
}

export function collectCandidates(engine: RuleEngine, given: CollectCandidatesInput): CollectedShare {
  const { contentBytes, contentLength, ...rest } = given;
  const textBytes = contentBytes && new Uint8Array(contentBytes, 0, contentLength);
  const input = textBytes ? { ...rest, content: Buffer.from(contentBytes, 0, contentLength).toString('latin1') } : rest;
  const request = analysisScanRequest(input);
  const rules = [...engine.rules(request), ...request.extraRules];
  const index = new Map(rules.map((rule, i) => [rule, i]));
  const { raw, lines } = collect(input.content, rules, { contentType: request.contentType, confidenceThreshold: request.confidenceThreshold, budget: engine.budget, part: input.part, positions: false, textBytes });
  const candidates: number[] = [];
  for (const f of raw) candidates.push(index.get(f.rule)!, f.start, f.end, f.matchStart, f.matchEnd);
  return input.part === 'other' ? { candidates, lineStarts: Int32Array.from(lines.starts) } : { candidates };
}
