// Median and worst of `runs` tool calls after one warm-up, and the first wrong answer
// `check` reports (null when every answer was right): the shape the pack benchmarks share.
import { performance } from 'node:perf_hooks';

export async function timedCalls(kernel, tool, args, runs, check) {
  const times = [];
  let wrong = null;
  for (let r = 0; r <= runs; r++) {
    const t0 = performance.now();
    const result = await kernel.call(tool, args);
    const ms = performance.now() - t0;
    if (result.isError) throw new Error(result.content[0].text);
    wrong ??= check(result.structuredContent);
    if (r > 0) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], worst: times[times.length - 1], wrong };
}

/** One call with the event loop watched: wall time and the worst lateness of a 5 ms timer meanwhile. */
export async function watchedCall(kernel, tool, args) {
  let last = performance.now();
  let stall = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last - 5);
    last = now;
  }, 5);
  const t0 = performance.now();
  try {
    const result = await kernel.call(tool, args);
    if (result.isError) throw new Error(`${tool}: ${result.content[0].text}`);
    return { ms: performance.now() - t0, stall, data: result.structuredContent };
  } finally {
    clearInterval(timer);
  }
}
