/** The files pack: read, write and list files, confined to the workspace. */
import { definePlugin, coreServices, Type } from '../../sdk/index.js';
import { KERNEL_RANGE } from '../kernel-range.js';
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
      deps: { config: coreServices.config },
      init({ config }) {
        const options = config as unknown as FilesOptions;
        return { tools: [readFileTool(options), writeFileTool(options), listDirectoryTool(options)] };
      },
    });
  },
});
