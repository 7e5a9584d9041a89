/**
 * Give memory back once the HTTP server goes quiet. V8 collects garbage only when JavaScript
 * allocates, so after a burst of clients an idle server kept the heap the burst grew (hundreds
 * of MB of results, parsed pages and request bodies already dead) for as long as nothing
 * arrived. When no request has been in flight for `quietMs` after some were served, one full
 * collection runs (V8 then shrinks the heap and returns the pages to the OS); a server that is
 * never idle is never interrupted by it, and an idle one only once per burst.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export const QUIET_MS = 2000;

/** The engine's full collection; `--expose-gc` set at run time exposes it to a fresh context only. */
function fullCollection(): (() => void) | undefined {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as (() => void) | undefined;
    setFlagsFromString('--no-expose-gc');
    return typeof gc === 'function' ? gc : undefined;
  } catch {
    return undefined;
  }
}

export class IdleMemory {
  private inFlight = 0;
  private servedSinceCollection = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly gc = fullCollection();
  collections = 0;

  constructor(private readonly quietMs = QUIET_MS) {}

  /** A request started; the returned function marks it finished (once). */
  begin(): () => void {
    this.inFlight++;
    this.servedSinceCollection++;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (--this.inFlight === 0) this.schedule();
    };
  }

  private schedule(): void {
    if (!this.gc || this.servedSinceCollection === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.inFlight > 0) return;
      this.servedSinceCollection = 0;
      this.collections++;
      this.gc!();
    }, this.quietMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
  }
}
