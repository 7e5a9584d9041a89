#!/usr/bin/env node
/**
 * The `toolpack` command as installed (package.json's bin, dist/toolpack.mjs): runs the
 * bundled CLI (dist/toolpack.cjs, one CommonJS file) from V8's code cache.
 *
 * Why: compiling the CLI's code was the largest part of start-up, and Node 20 has no module
 * compile cache (`module.enableCompileCache` is Node 22). A `vm.Script` accepts the code
 * cache V8 produced for the same source (the build writes it, core/cli/build-code-cache.mjs,
 * after a start that listed the tools, so the functions a start-up runs are in it). A cache
 * V8 rejects (another Node version, other V8 flags) costs nothing but the compile it would
 * have saved. import.meta.url inside the bundle is the bundle's own URL (build-bundle.mjs),
 * so worker files and precompiled validators are found beside it as before.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const bundle = fileURLToPath(new URL('./toolpack.cjs', import.meta.url));
const cacheFile = `${bundle}.cache`;

let cachedData: Buffer | undefined;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  cachedData = undefined; // no cache (an unbuilt cache is only slower)
}

const script = new vm.Script(Module.wrap(readFileSync(bundle, 'utf8')), { filename: bundle, cachedData });

// Node 20 cannot run import() in code from a cache, so the bundle has none: it loads what it
// does not hold (cosmiconfig, jiti, simple-git, web-tree-sitter) through this one
// (sdk/dynamic-import.ts), which resolves from dist/ as the bundle would.
(globalThis as Record<symbol, unknown>)[Symbol.for('toolpack.import')] = (specifier: string) => import(specifier);

// For `toolpack doctor`: a cache that is missing or rejected makes every start slower.
(globalThis as Record<symbol, unknown>)[Symbol.for('toolpack.codeCache')] =
  cachedData === undefined ? 'missing' : script.cachedDataRejected ? 'rejected' : 'used';

// Build time only (build-code-cache.mjs names the file): after this run, keep what V8 compiled.
const writeTo = process.env.TOOLPACK_BUILD_CODE_CACHE;
if (writeTo) {
  delete process.env.TOOLPACK_BUILD_CODE_CACHE;
  process.once('exit', () => {
    writeFileSync(`${writeTo}.tmp`, script.createCachedData());
    renameSync(`${writeTo}.tmp`, writeTo);
  });
}

type CommonJsWrapper = (exports: object, require: NodeJS.Require, module: { exports: object }, filename: string, dirname: string) => void;
const run = script.runInThisContext() as CommonJsWrapper;
const module = { exports: {} };
run.call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle));
