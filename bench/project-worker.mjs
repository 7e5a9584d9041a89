// One measured server for bench/project.mjs, in its own process so peak RSS is its own:
// start a kernel with the project pack and a store file, call the tool once (cold, or
// the first call after a restart), then repeat it. Prints one JSON line.
import { performance } from 'node:perf_hooks';
import { checkConfig } from '../dist/core/config/load.js';
import { Kernel } from '../dist/core/kernel/kernel.js';
import { createRootLogger } from '../dist/core/services/logger.js';

const [root, tool, storePath, repeatsText = '5'] = process.argv.slice(2);
const args = tool === 'analyze_repository' ? { path: '.' } : { projectPath: '.' };
const kernel = await Kernel.start({
  loaded: { file: null, dir: root, config: checkConfig({ plugins: ['project'] }, 'bench config') },
  cwd: root,
  storePath,
  logger: createRootLogger('silent'),
});

async function timed() {
  const t0 = performance.now();
  const result = await kernel.call(tool, args);
  const ms = performance.now() - t0;
  if (result.isError) throw new Error(result.content[0].text);
  return { ms, data: result.structuredContent };
}

const first = await timed();
const repeats = [];
for (let i = 0; i < Number(repeatsText); i++) repeats.push((await timed()).ms);
repeats.sort((a, b) => a - b);
const files = first.data.structure?.totalFiles ?? first.data.scan?.files;
const cached = first.data.scan?.cached ?? null;
await kernel.stop();
console.log(JSON.stringify({ firstMs: first.ms, repeatMs: repeats[Math.floor(repeats.length / 2)], files, firstCached: cached, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
