/**
 * analyze_content_security on one large text with both scan workers: each
 * scans one half of the text with the reviewed rules, and this thread indexes
 * the text's lines meanwhile, then merges the candidates and writes the report.
 *
 * Why the findings are exactly those of one scan: each half is scanned with a
 * margin of MARGIN characters of the other half on each side and keeps only the
 * candidates whose match starts in its own half. A reviewed rule's match, its
 * lookarounds and its keyword window (16 KiB at most after a keyword for rules
 * that span lines) are far shorter than the margin, so near the cut each worker
 * sees what one scan sees; a scan that starts inside the margin is back in step
 * with the whole-text scan long before the cut. User rules (RE2) can match
 * stretches of any length: when there are any, a third job runs them over the
 * whole text. Candidates are put back in rule order (each rule's in text
 * order) before overlaps are resolved, as one scan lists them: a tie between
 * two rules goes to the earlier one.
 */
import { LineIndex } from '../engine/line-index.js';
import type { RuleEngine } from '../engine/rule-engine.js';
import { collect, isUserRule, resolveOverlaps, type Finding } from '../engine/scanner.js';
import { analysisReport, analysisScanRequest, type AnalyzeInput } from '../jobs/analyze-content.js';
import { CANDIDATE_FIELDS, jobInputs, type CollectCandidatesInput, type CollectedShare, type TextStretch } from '../jobs/collect-candidates.js';
import type { RulePart } from '../engine/scanner.js';
import type { ScanRule } from '../rules/types.js';

/** Below this a text is scanned by one worker: the copies, the margins and the merge would cost more than they save. */
export const SPLIT_MIN_CHARACTERS = 1024 * 1024;

/** Characters of the other half each half is scanned with, on each side of the cut. */
export const MARGIN = 64 * 1024;

/**
 * One shared buffer kept for the next call (up to 8 MiB): a fresh one costs
 * its page faults, milliseconds for a 4 MB text, at every call. A buffer is
 * back only once every job that reads it is over.
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

/** Where the halves meet: the start of the line nearest the middle (within half a margin), else the middle itself, never inside a surrogate pair. */
export function cutOf(text: string): number {
  const middle = text.length >> 1;
  const after = text.indexOf('\n', middle);
  const before = text.lastIndexOf('\n', middle - 1);
  const candidates = [after, before].filter((at) => at !== -1 && Math.abs(at + 1 - middle) <= MARGIN / 2).map((at) => at + 1);
  let cut = candidates.sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle))[0] ?? middle;
  const unit = text.charCodeAt(cut);
  if (unit >= 0xdc00 && unit <= 0xdfff) cut++;
  return cut;
}

/** The two halves of a text of `length` characters cut at `cut`, each with its margin. */
export function halves(length: number, cut: number): [TextStretch, TextStretch] {
  return [
    { from: 0, to: Math.min(length, cut + MARGIN), keepFrom: 0, keepTo: cut },
    { from: Math.max(0, cut - MARGIN), to: length, keepFrom: cut, keepTo: length },
  ];
}

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
  const whole: TextStretch = { from: 0, to: content.length, keepFrom: 0, keepTo: content.length };
  const planned: Array<{ part: RulePart; stretch: TextStretch }> = halves(content.length, cutOf(content)).map((stretch) => ({ part: 'reviewed', stretch }));
  // The user rules' job first: RE2 over the whole text is usually the longest, and the halves fill in around it.
  if (rules.some(isUserRule)) planned.unshift({ part: 'user', stretch: whole });
  const { inputs, shared } = jobInputs(input, planned, takeBuffer);
  const jobs = inputs.map((share) => collectOnWorker(share));
  // Every job over (a failed one does not stop the others) before the buffer can be written again.
  void Promise.allSettled(jobs).then(() => returnBuffer(shared));

  // This thread's work while the workers scan: the line index, and the rules that cannot leave it.
  const lines = new LineIndex(content);
  void lines.lineCount; // indexed now, while this thread would otherwise wait
  const inProcess = inProcessRules.length ? collect(content, inProcessRules, { contentType: request.contentType, confidenceThreshold: request.confidenceThreshold, positions: false }).raw : [];

  const lists = (await Promise.all(jobs)).map((share) => share.candidates);
  const raw: Finding[] = [];
  // Each list is in rule order (a rule's candidates together, in text order); a reviewed rule's
  // candidates are in the first half's list, then the second's: merge by rule index, ties to the
  // earlier list (user rules are in their own list only).
  const at = lists.map(() => 0);
  for (;;) {
    let pick = -1;
    for (let l = 0; l < lists.length; l++) if (at[l]! < lists[l]!.length && (pick === -1 || lists[l]![at[l]!]! < lists[pick]![at[pick]!]!)) pick = l;
    if (pick === -1) break;
    const list = lists[pick]!;
    const k = at[pick]!;
    const start = list[k + 1]!;
    const end = list[k + 2]!;
    raw.push({ rule: rules[list[k]!]!, start, end, matchStart: list[k + 3]!, matchEnd: list[k + 4]!, value: content.slice(start, end), ...lines.position(start) });
    at[pick] = k + CANDIDATE_FIELDS;
  }
  // As the candidates a worker gets from this thread (rule-transfer.ts presetCandidates): not under the scan's budget.
  for (const f of inProcess) raw.push({ ...f, ...lines.position(f.start) });
  return analysisReport(input, resolveOverlaps(content, raw), lines);
}
