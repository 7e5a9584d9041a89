/**
 * scanTexts without holding the event loop: the security pack runs a batch of
 * under a quarter MiB in process, where many short texts (every path name of
 * a push, each scanned on its own) cost far more than their characters say
 * (1,200 paths held the loop for half a second). So a small job is scanned a
 * slice at a time with a turn of the event loop between slices, and a large
 * one goes whole to scanTexts, which spreads it over the scan workers.
 */
import type { ScanTextsOptions, ScanTextsResult, SecurityScanner } from '../../security/api.js';

/** Above this many characters scanTexts' batches are big enough to leave the process. */
const WORKER_CHARS = 1024 * 1024;
const SLICE_TEXTS = 100;
const SLICE_CHARS = 32 * 1024;

export async function scanSliced(security: SecurityScanner, texts: ReadonlyArray<{ name: string; content: string }>, options: ScanTextsOptions): Promise<Pick<ScanTextsResult, 'results'>> {
  let total = 0;
  for (const text of texts) total += text.content.length;
  if (total > WORKER_CHARS) return security.scanTexts(texts, options);
  const results: ScanTextsResult['results'] = [];
  for (let start = 0; start < texts.length; ) {
    if (start) await new Promise((resolve) => setImmediate(resolve));
    options.signal?.throwIfAborted();
    let end = start;
    let chars = 0;
    while (end < texts.length && end - start < SLICE_TEXTS && (end === start || chars + texts[end]!.content.length <= SLICE_CHARS)) chars += texts[end++]!.content.length;
    results.push(...(await security.scanTexts(texts.slice(start, end), options)).results);
    start = end;
  }
  return { results };
}
