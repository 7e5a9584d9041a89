/**
 * The files pack's public surface (`toolpack/packs/files`): its options, the
 * `files` entry of a config's `options`. The pack offers no service, extension
 * point or event; its tools are the rest of it.
 */
import { Type, type Static } from '../../sdk/index.js';

export const filesOptions = Type.Object(
  {
    maxReadBytes: Type.Integer({ minimum: 1, default: 2 * 1024 * 1024, description: 'Largest file read_file returns, in bytes.' }),
    maxWriteBytes: Type.Integer({ minimum: 1, default: 10 * 1024 * 1024, description: 'Largest content write_file accepts, in bytes.' }),
    maxListEntries: Type.Integer({ minimum: 1, default: 2000, description: 'Most entries list_directory returns.' }),
    hideGitignored: Type.Boolean({ default: false, description: 'Leave entries matched by .gitignore out of listings (they are always flagged).' }),
  },
  { additionalProperties: false },
);

export type FilesOptions = Static<typeof filesOptions>;
