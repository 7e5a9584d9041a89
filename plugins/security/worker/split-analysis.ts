/**
 * analyze_content_security on one large text with both scan workers: each
 * runs one share of the rules (keyword rules, the rest: engine/scanner.ts
 * partOf) over the whole text, and this thread merges their candidates and
 * writes the report. Splitting the rules rather than the text keeps the
 * findings exactly those of one scan: each rule still sees the whole text, and
 * the candidates are put back in rule order before overlaps are resolved (a
 * tie between two rules goes to the earlier one, as in one scan).
 */
import { LineIndex } from '../engine/line-index.js';
import type { RuleEngine } from '../engine/rule-engine.js';
import { collect, resolveOverlaps, type Finding } from '../engine/scanner.js';
import { analysisReport, analysisScanRequest, type AnalyzeInput } from '../jobs/analyze-content.js';
import { CANDIDATE_FIELDS, sharedInput, type CollectCandidatesInput, type CollectedShare } from '../jobs/collect-candidates.js';
import type { ScanRule } from '../rules/types.js';

/** Below this a text is scanned by one worker: the second copy of the text and the merge would cost more than they save. */
export const SPLIT_MIN_CHARACTERS = 1024 * 1024;

/**
 * One shared buffer kept for the next call (up to 8 MiB): a fresh one costs
 * its page faults, milliseconds for a 4 MB text, at every call. A buffer is
 * back only once both jobs that read it are over.
 */
const KEPT_BUFFER_BYTES = 8 * 1024 * 1024;
let spare: SharedArrayBuffer | undefined;
const takeBuffer = (length: number) => {
  const kept = spare && spare.byteLength >= length ? spare : undefined;
  if (kept) spare = undefined;
  return kept ?? new SharedArrayBuffer(length <= KEPT_BUFFER_BYTES ? Math.max(length, 1024 * 1024) : length);
};
const returnBuffer = (buffer: SharedArrayBuffer | undefined) => {
  if (buffer && buffer.byteLength <= KEPT_BUFFER_BYTES && (!spare || spare.byteLength < buffer.byteLength)) spare = buffer;
};

export const splitsAnalysis = (input: AnalyzeInput, workers: number) => workers >= 2 && input.content.length >= SPLIT_MIN_CHARACTERS && !input.treeSitter;

/**
 * `collectOnWorker` runs the collectCandidates job on a worker; `engine` is
 * this thread's (its rules in the same order as the worker's, plus
 * `inProcessRules`, which cannot cross to a worker and run here, their
 * candidates merged last as a worker merges such presets).
 */
export async function splitAnalysis(engine: RuleEngine, input: AnalyzeInput, inProcessRules: readonly ScanRule[], collectOnWorker: (input: CollectCandidatesInput) => Promise<CollectedShare>) {
  const { content } = input;
  const request = analysisScanRequest(input);
  const local = new Set(inProcessRules);
  // The worker's rule list: the same rules minus those it cannot run.
  const rules = [...engine.rules(request).filter((rule) => !local.has(rule)), ...request.extraRules];
  const shared = sharedInput(input, takeBuffer);
  const jobs = [collectOnWorker({ ...shared, part: 'keyword' }), collectOnWorker({ ...shared, part: 'other' })] as const;
  // Both over (a failed one does not stop the other) before the buffer can be written again.
  void Promise.allSettled(jobs).then(() => returnBuffer(shared.contentBytes));
  const [{ candidates: keyword }, { candidates: other, lineStarts }] = await Promise.all(jobs);
  const lines = new LineIndex(content, lineStarts);
  const raw: Finding[] = [];
  const add = (list: number[], k: number) => {
    const start = list[k + 1]!;
    const end = list[k + 2]!;
    raw.push({ rule: rules[list[k]!]!, start, end, matchStart: list[k + 3]!, matchEnd: list[k + 4]!, value: content.slice(start, end), ...lines.position(start) });
  };
  // Each list is in rule order (a rule's candidates together, in text order) and a rule is in one list: merge by rule index.
  let a = 0;
  let b = 0;
  while (a < keyword.length || b < other.length) {
    if (b >= other.length || (a < keyword.length && keyword[a]! < other[b]!)) {
      add(keyword, a);
      a += CANDIDATE_FIELDS;
    } else {
      add(other, b);
      b += CANDIDATE_FIELDS;
    }
  }
  // As the candidates a worker gets from this thread (rule-transfer.ts presetCandidates): not under the scan's budget.
  if (inProcessRules.length) for (const f of collect(content, inProcessRules, { contentType: request.contentType, confidenceThreshold: request.confidenceThreshold }).raw) raw.push(f);
  return analysisReport(input, resolveOverlaps(content, raw), lines);
}
