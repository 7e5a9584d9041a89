// A kernel on a throwaway project, for the pack benchmarks: `fill(root)` writes the project into a
// fresh temp folder, `body(kernel, root)` measures; the kernel stops and the folder goes whatever happens.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkConfig } from '../dist/core/config/load.js';
import { Kernel } from '../dist/core/kernel/kernel.js';
import { createRootLogger } from '../dist/core/services/logger.js';

export async function inBenchProject(name, config, fill, body) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), `toolpack-bench-${name}-`)));
  try {
    fill(root);
    const kernel = await Kernel.start({ loaded: { file: null, dir: root, config: checkConfig(config, 'bench config') }, cwd: root, storePath: ':memory:', logger: createRootLogger('silent') });
    try {
      return await body(kernel, root);
    } finally {
      await kernel.stop();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
