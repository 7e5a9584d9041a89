// Bundles the CLI (dist/core/cli/bin.js, built by tsc) into dist/toolpack.mjs and its chunks.
// Why: on Node 20 loading hundreds of small ESM files (the SDK, TypeBox) dominates
// start-up; a few bundled files load in a fraction of the time. The library entries
// (toolpack/sdk, toolpack/testing) stay unbundled in dist/. Packages that are
// loaded lazily (Kysely and pg with the store) or carry native code stay external
// and load from node_modules.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const CHUNK_PREFIX = 'toolpack-chunk-';

const options = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  legalComments: 'linked',
  logLevel: 'warning',
  external: ['better-sqlite3', 'kysely', 'pg', 'jiti', 'cosmiconfig', 'simple-git', 'typescript', 'web-tree-sitter', '@vscode/tree-sitter-wasm'],
  // jsonc-parser's main is a UMD build whose inner require() calls a bundle cannot follow; bundle its ES module build.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
  // Bundled CommonJS dependencies call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __toolpackCreateRequire } from 'node:module';\nconst require = __toolpackCreateRequire(import.meta.url);" },
};

// The CLI is split (ESM code splitting): the entry holds the kernel, and each built-in
// pack, imported dynamically by the catalogue (core/plugins/catalog.ts), and each lazily
// loaded handler (sdk/tool.ts lazyHandler) is a chunk of its own, so start-up parses only
// the code of the packs it loads (issue 24: one 5 MB bundle cost most of start-up).
// Chunks sit beside the entry, where worker files and precompiled validators are looked up.
// Whitespace and comments are dropped: less to read and parse, and the source stays ASCII
// (one non-ASCII comment makes V8 hold the whole file as two-byte text).
for (const file of readdirSync('dist')) if (file.startsWith(CHUNK_PREFIX)) rmSync(join('dist', file));
await build({
  ...options,
  entryPoints: { toolpack: 'dist/core/cli/bin.js' },
  outdir: 'dist',
  splitting: true,
  chunkNames: `${CHUNK_PREFIX}[hash]`,
  outExtension: { '.js': '.mjs' },
  minifyWhitespace: true,
});
// The security pack's scan worker is a second entry: a worker thread loads it by URL,
// looked up beside the module that starts it (plugins/security/worker/worker-file.ts),
// which in the bundle is dist/toolpack.mjs.
await build({ ...options, entryPoints: ['dist/plugins/security/worker/security-scan-worker.js'], outfile: 'dist/security-scan-worker.js' });
// The SDK's Markdown parse worker (sdk/markdown-pool.ts looks for markdown-worker.js beside itself,
// which in the bundle is dist/toolpack.mjs).
await build({ ...options, entryPoints: ['dist/sdk/markdown-worker.js'], outfile: 'dist/markdown-worker.js' });
// Kysely as one file, loaded when the store first opens (core/services/kysely-lazy.ts): its
// package is a few hundred small CommonJS modules, whose loading costs a first store call
// tens of milliseconds; one file loads in a fraction of that. Both the bundle and the
// unbundled dist/ find it by this name beside dist/.
await build({ ...options, banner: undefined, format: 'cjs', entryPoints: ['kysely'], outfile: 'dist/kysely.cjs', external: [] });
