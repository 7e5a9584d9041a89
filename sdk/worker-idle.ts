/**
 * Worker threads are retired after a few idle seconds. Each holds a whole V8 isolate (tens of
 * MB, more after a burst of large documents, whose garbage an idle isolate never collects), so
 * pools that kept every worker for the life of the process held hundreds of MB after the clients
 * were gone. A new worker costs a start-up (well under a second) on the next job after a pause.
 */
import type { Worker } from 'node:worker_threads';

export const WORKER_IDLE_MS = 5000;

/**
 * Terminate `worker` once it has been idle for `ms`; `forget` runs first (the pool drops its
 * reference, so the exit is not taken for a crash). Returns the cancel function: call it when
 * the worker is given a job again.
 */
export function retireWhenIdle(worker: Worker, forget: () => void, ms = WORKER_IDLE_MS): () => void {
  const timer = setTimeout(() => {
    forget();
    void worker.terminate();
  }, ms);
  timer.unref();
  return () => clearTimeout(timer);
}
