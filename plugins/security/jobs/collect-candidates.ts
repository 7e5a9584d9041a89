/**
 * One worker's part of analyze_content_security on a large text, as a job
 * (worker/split-analysis.ts plans the parts and merges them): one kind of rule
 * over one stretch of the text. Candidates travel as flat numbers, five per
 * candidate: the rule's index in the worker's rule list, then start, end,
 * matchStart, matchEnd, as offsets in the whole text. Line and column are left
 * to the merging thread, which indexes the text's lines while the workers scan.
 */
import type { RuleEngine } from '../engine/rule-engine.js';
import { collect, type RulePart } from '../engine/scanner.js';
import { analysisScanRequest, type AnalyzeInput } from './analyze-content.js';

/** A stretch of the whole text to scan, and which of its candidates to keep. */
export interface TextStretch {
  /** Scan the text's characters [from, to). */
  from: number;
  to: number;
  /** Keep the candidates whose match starts in [keepFrom, keepTo): the stretch's own part, without the margins. */
  keepFrom: number;
  keepTo: number;
}

export interface CollectCandidatesInput extends AnalyzeInput {
  part: RulePart;
  stretch: TextStretch;
  /**
   * The whole text as one byte per character, when it is ASCII (then `content`
   * is empty): one shared copy for all jobs instead of a serialised copy for each.
   */
  contentBytes?: SharedArrayBuffer;
  /** The text's length in `contentBytes` (the buffer may be longer: buffers are reused). */
  contentLength?: number;
  /** Without `contentBytes`: `content` is the stretch's text only, and this is `stretch.from`. */
  contentOffset?: number;
}

export const CANDIDATE_FIELDS = 5;

export interface CollectedShare {
  /** A typed array: it crosses threads as one copy of its bytes, not number by number. */
  candidates: Int32Array;
}

/**
 * The input of each job: an ASCII text goes once, written into `buffer` (at
 * least as long as the text; it must stay untouched until every job is over);
 * any other text as the stretch's own slice.
 */
export function jobInputs(input: AnalyzeInput, jobs: ReadonlyArray<{ part: RulePart; stretch: TextStretch }>, buffer: (length: number) => SharedArrayBuffer): { inputs: CollectCandidatesInput[]; shared?: SharedArrayBuffer } {
  const { content } = input;
  // The text as UTF-8 into room for 4 more bytes than characters: only an ASCII text fills
  // exactly as many bytes as it has characters (any other needs more, and a character that
  // does not fit whole is left out, at most 4 bytes short of the room). One pass checks and copies.
  const contentBytes = buffer(content.length + 4);
  if (Buffer.from(contentBytes, 0, content.length + 4).write(content, 'utf8') === content.length) {
    return { inputs: jobs.map((job) => ({ ...input, ...job, content: '', contentBytes, contentLength: content.length })), shared: contentBytes };
  }
  return { inputs: jobs.map((job) => ({ ...input, ...job, content: content.slice(job.stretch.from, job.stretch.to), contentOffset: job.stretch.from })), shared: contentBytes };
}

export function collectCandidates(engine: RuleEngine, given: CollectCandidatesInput): CollectedShare {
  const { contentBytes, contentLength, contentOffset, stretch, ...rest } = given;
  const { from, to, keepFrom, keepTo } = stretch;
  // The stretch's bytes are a view of the shared copy; its text is decoded from them (a byte per character).
  const textBytes = contentBytes && new Uint8Array(contentBytes, from, Math.min(to, contentLength ?? to) - from);
  const content = textBytes ? Buffer.from(textBytes.buffer, textBytes.byteOffset, textBytes.length).toString('latin1') : rest.content;
  const offset = textBytes ? from : (contentOffset ?? 0);
  const input = { ...rest, content };
  const request = analysisScanRequest(input);
  const rules = [...engine.rules(request), ...request.extraRules];
  const index = new Map(rules.map((rule, i) => [rule, i]));
  const { raw } = collect(content, rules, { contentType: request.contentType, confidenceThreshold: request.confidenceThreshold, budget: engine.budget, part: given.part, positions: false, textBytes });
  const candidates = new Int32Array(raw.length * CANDIDATE_FIELDS);
  let n = 0;
  for (const f of raw) {
    const matchStart = f.matchStart + offset;
    if (matchStart < keepFrom || matchStart >= keepTo) continue;
    candidates[n++] = index.get(f.rule)!;
    candidates[n++] = f.start + offset;
    candidates[n++] = f.end + offset;
    candidates[n++] = matchStart;
    candidates[n++] = f.matchEnd + offset;
  }
  return { candidates: candidates.slice(0, n) };
}
