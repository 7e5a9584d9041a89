// Bundles the CLI (dist/core/cli/bin.js, built by tsc) into dist/toolpack.cjs and its launcher dist/toolpack.mjs.
// Why: on Node 20 loading hundreds of small ESM files (the SDK, TypeBox) dominates
// start-up; a few bundled files load in a fraction of the time. The library entries
// (toolpack/sdk, toolpack/testing) stay unbundled in dist/. Packages that are
// loaded lazily (Kysely and pg with the store) or carry native code stay external
// and load from node_modules.
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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

// The CLI is one CommonJS file, dist/toolpack.cjs, run by the launcher dist/toolpack.mjs
// (core/cli/launcher.ts) from V8's code cache, which build-code-cache.mjs writes after the
// validators: compiling the code was most of start-up, and Node 20 caches no ES module's
// compiled code, while a script's cache can be handed to vm.Script. Packs are still
// imported dynamically by the catalogue (core/plugins/catalog.ts), which esbuild turns into
// lazily run module bodies, so a preset runs only its packs' code. import.meta.url becomes
// the bundle's own URL: worker files and precompiled validators are looked up beside it.
// Whitespace and comments are dropped: less to read, and the source stays ASCII (one
// non-ASCII comment makes V8 hold the whole file as two-byte text).
for (const file of readdirSync('dist')) if (file.startsWith(CHUNK_PREFIX) || file.startsWith('toolpack.')) rmSync(join('dist', file));
await build({
  ...options,
  format: 'cjs',
  entryPoints: ['dist/core/cli/bin.js'],
  outfile: 'dist/toolpack.cjs',
  define: { 'import.meta.url': '__toolpackModuleUrl' },
  banner: { js: "const __toolpackModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  minifyWhitespace: true,
});
// The launcher wraps the bundle in a function (a CommonJS wrapper), where a #! line is a syntax error.
writeFileSync('dist/toolpack.cjs', readFileSync('dist/toolpack.cjs', 'utf8').replace(/^#!.*\n/, ''));
await build({ ...options, banner: undefined, entryPoints: ['dist/core/cli/launcher.js'], outfile: 'dist/toolpack.mjs' });
// The security pack's scan worker is a second entry: a worker thread loads it by URL,
// looked up beside the module that starts it (plugins/security/worker/worker-file.ts),
// which in the bundle is dist/toolpack.cjs.
await build({ ...options, entryPoints: ['dist/plugins/security/worker/security-scan-worker.js'], outfile: 'dist/security-scan-worker.js' });
// The SDK's Markdown parse worker (sdk/markdown-pool.ts looks for markdown-worker.js beside itself,
// which in the bundle is dist/toolpack.cjs).
await build({ ...options, entryPoints: ['dist/sdk/markdown-worker.js'], outfile: 'dist/markdown-worker.js' });
// Kysely as one file, loaded when the store first opens (core/services/kysely-lazy.ts): its
// package is a few hundred small CommonJS modules, whose loading costs a first store call
// tens of milliseconds; one file loads in a fraction of that. Both the bundle and the
// unbundled dist/ find it by this name beside dist/.
await build({ ...options, banner: undefined, format: 'cjs', entryPoints: ['kysely'], outfile: 'dist/kysely.cjs', external: [] });
