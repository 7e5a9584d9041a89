/**
 * The documented example configuration. `npx toolpack serve` in this folder
 * uses it; copy it into your project and trim it to what you need.
 */
import { defineConfig } from 'toolpack/sdk';

export default defineConfig({
  // Packs to load: built-in names, relative paths ('./packs/my-pack.ts') or package names,
  // each optionally with options checked against the pack's own schema.
  // Leave `plugins` out to load every built-in pack.
  plugins: [
    ['files', { maxReadBytes: 1_048_576, hideGitignored: false }],
    'system',
  ],

  // Per-pack settings: switch a pack off, pick its failure policy, time its init, filter its tools.
  packs: {
    files: { onFailure: 'abort', initTimeoutMs: 10_000 },
    system: { onFailure: 'skip', tools: { exclude: [] } },
  },

  // Tool filters across every pack; glob-like names such as 'memory_*' work.
  tools: { exclude: [] },

  // Named presets, picked with `toolpack serve --preset NAME` (adr, security, docs and all are built in).
  presets: {
    readonly: { description: 'Reading files only', packs: ['files'], tools: { include: ['read_file', 'list_directory'] } },
  },

  workspace: {
    // Defaults to the folder `serve` runs in (or --cwd DIR).
    // root: '.',
    allowedRoots: [],
  },

  logLevel: 'info', // or TOOLPACK_LOG_LEVEL; logs go to stderr only
  store: { path: '.toolpack/toolpack.db' },
});
