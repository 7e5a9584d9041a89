/** The files pack: read, write and list files, confined to the workspace. */
import { definePlugin, coreServices } from '../../sdk/index.js';
import { filesOptions } from './api.js';
import { KERNEL_RANGE } from '../kernel-range.js';
import { createGuard } from './protected.js';
import { listDirectoryTool } from './tools/list-directory.js';
import { readFileTool } from './tools/read-file.js';
import { writeFileTool } from './tools/write-file.js';

// The pack's public surface (its options) is api.ts: `toolpack/packs/files`.
export * from './api.js';

export default definePlugin({
  id: 'files',
  version: '0.1.0',
  kernel: KERNEL_RANGE,
  description: 'File operations inside the workspace: read_file, write_file, list_directory.',
  options: filesOptions,
  register(env) {
    env.registerInit({
      deps: { options: env.options, workspace: coreServices.workspace },
      init({ options, workspace }) {
        // .git, .toolpack, the store and the config files are the workspace's refusals; see protected.ts for the rest.
        const guard = createGuard(workspace);
        return { tools: [readFileTool(options), writeFileTool(options, guard), listDirectoryTool(options, guard)] };
      },
    });
  },
});
