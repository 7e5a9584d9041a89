/** The files pack: read, write and list files, confined to the workspace. */
import { definePlugin, coreServices, Type } from '../../sdk/index.js';
import { KERNEL_RANGE } from '../kernel-range.js';
import { createGuard } from './protected.js';
import { listDirectoryTool } from './tools/list-directory.js';
import { readFileTool } from './tools/read-file.js';
import { writeFileTool } from './tools/write-file.js';

export const filesOptions = Type.Object(
  {
    maxReadBytes: Type.Integer({ minimum: 1, default: 2 * 1024 * 1024, description: 'Largest file read_file returns, in bytes.' }),
    maxWriteBytes: Type.Integer({ minimum: 1, default: 10 * 1024 * 1024, description: 'Largest content write_file accepts, in bytes.' }),
    maxListEntries: Type.Integer({ minimum: 1, default: 2000, description: 'Most entries list_directory returns.' }),
    hideGitignored: Type.Boolean({ default: false, description: 'Leave entries matched by .gitignore out of listings (they are always flagged).' }),
  },
  { additionalProperties: false },
);

export interface FilesOptions {
  maxReadBytes: number;
  maxWriteBytes: number;
  maxListEntries: number;
  hideGitignored: boolean;
}

export default definePlugin({
  id: 'files',
  version: '0.1.0',
  kernel: KERNEL_RANGE,
  description: 'File operations inside the workspace: read_file, write_file, list_directory.',
  options: filesOptions,
  register(env) {
    env.registerInit({
      deps: { config: coreServices.config, workspace: coreServices.workspace, store: coreServices.store, kernel: coreServices.kernel },
      init({ config, workspace, store, kernel }) {
        const options = config as unknown as FilesOptions;
        // .git, .toolpack, the store and the config files: see protected.ts.
        const guard = createGuard(workspace, { storePath: store.path, configFile: kernel.configFile });
        return { tools: [readFileTool(options, guard), writeFileTool(options, guard), listDirectoryTool(options, guard)] };
      },
    });
  },
});
