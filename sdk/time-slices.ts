/**
 * Long loops on the main thread, cut into slices: every client of the server is served from
 * this one event loop, so a loop over thousands of items (pages, files, tasks) lets it run
 * between slices. Awaiting alone runs only microtasks; a macrotask turn (setImmediate) is
 * what lets timers, sockets and other calls in.
 */

/** A slice's length: long enough that the turns cost nothing, short enough that nobody notices. */
export const SLICE_MS = 20;

/**
 * A function to await inside a loop: it gives the event loop a turn once `sliceMs` have
 * passed since the last turn, and otherwise returns at once (no promise tick per item).
 */
export function timeSlicer(sliceMs = SLICE_MS): () => Promise<void> | undefined {
  let last = performance.now();
  return () => {
    if (performance.now() - last < sliceMs) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        last = performance.now();
        resolve();
      }),
    );
  };
}
