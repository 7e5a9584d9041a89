/**
 * Scanning many texts (a repository's files) with the security pack's rules,
 * spread over the scan worker pool: the texts are grouped into batches of
 * about (total / workers) characters, each batch is one job, and the jobs run
 * at once, so the pool gives each its own worker (2 by default, pack option
 * scanWorkers). A batch small enough to take milliseconds runs in process, as
 * any job does. Loads nothing but types: it is part of the pack's public API.
 */
import { ValidationError } from '../../../sdk/errors.js';
import type { JobInput, JobName, JobOutput } from '../jobs/index.js';
import type { ScanTextsOptions, ScanTextsResult, TextScanResult } from '../public-types.js';

// Declared with the pack's public types (api.ts publishes them).
export type { ScanTextsOptions, ScanTextsResult, TextFinding, TextScanResult } from '../public-types.js';

/** What scanTexts needs of the scanner service (securityScannerRef). */
export interface JobRunner {
  run<N extends JobName>(job: N, input: JobInput<N>, options?: { signal?: AbortSignal }): Promise<JobOutput<N>>;
}

const MIN_BATCH = 64 * 1024;
const MAX_BATCH = 4 * 1024 * 1024;
/** One text's limit, as analyze_content_security's (engine/limits.ts, not imported: this module stays light). */
const MAX_TEXT = 16 * 1024 * 1024;

/** Consecutive texts grouped up to `target` characters (a text longer than that is a batch alone). */
export function batchTexts<T extends { content: string }>(texts: readonly T[], target: number): T[][] {
  const batches: T[][] = [];
  let size = 0;
  for (const text of texts) {
    const last = batches[batches.length - 1];
    if (last && size + text.content.length <= target) {
      last.push(text);
      size += text.content.length;
    } else {
      batches.push([text]);
      size = text.content.length;
    }
  }
  return batches;
}

export async function scanTexts(scanner: JobRunner, texts: ReadonlyArray<{ name: string; content: string }>, options: ScanTextsOptions = {}): Promise<ScanTextsResult> {
  const { workers = 2, signal, ...scan } = options;
  texts.forEach((text, i) => {
    if (typeof text?.content !== 'string' || typeof text.name !== 'string') throw new ValidationError(`texts[${i}] must be { name: string, content: string }`, { parameter: `texts[${i}]` });
    if (text.content.length > MAX_TEXT) throw new ValidationError(`texts[${i}] ("${text.name}") is ${text.content.length} characters; the limit is ${MAX_TEXT}`, { parameter: `texts[${i}]`, size: text.content.length, limit: MAX_TEXT });
  });
  const total = texts.reduce((sum, t) => sum + t.content.length, 0);
  const target = Math.min(MAX_BATCH, Math.max(MIN_BATCH, Math.ceil(total / Math.max(1, workers))));
  const batches = batchTexts(texts, target);
  const outputs: Array<JobOutput<'scanTexts'>> = new Array(batches.length);
  // Two jobs per worker in flight keep every worker busy without filling the pool's queue.
  let next = 0;
  const lane = async () => {
    while (next < batches.length) {
      const index = next++;
      outputs[index] = await scanner.run('scanTexts', { ...scan, texts: batches[index]! }, { signal });
    }
  };
  await Promise.all(Array.from({ length: Math.min(batches.length, Math.max(1, workers) * 2) }, lane));
  return {
    results: outputs.flatMap((o) => o.results),
    batches: outputs.map((o, i) => ({ names: batches[i]!.map((t) => t.name), threadId: o.trace.threadId })),
  };
}
