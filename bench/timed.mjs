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
