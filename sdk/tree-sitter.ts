/**
 * tree-sitter parsers for packs that read code without running it: the runtime
 * (web-tree-sitter) loaded once on first use, each grammar of
 * @vscode/tree-sitter-wasm once, both located explicitly (the runtime's own
 * lookup, next to the module that loads it, is wrong once the code is bundled).
 * A failed load is forgotten, so the next call tries again.
 */
import { createRequire } from 'node:module';
import type { Parser } from 'web-tree-sitter';
import { importModule } from './dynamic-import.js';

const require = createRequire(import.meta.url);
let runtime: Promise<typeof import('web-tree-sitter')> | undefined;
const parsers = new Map<string, Promise<Parser>>();

function loadRuntime(): Promise<typeof import('web-tree-sitter')> {
  runtime ??= (async () => {
    const mod = await importModule<typeof import('web-tree-sitter')>('web-tree-sitter');
    const wasm = require.resolve('web-tree-sitter/tree-sitter.wasm');
    await mod.Parser.init({ locateFile: () => wasm });
    return mod;
  })().catch((error: unknown) => {
    runtime = undefined;
    throw error;
  });
  return runtime;
}

/** A parser for the grammar file `wasm` of @vscode/tree-sitter-wasm, e.g. "tree-sitter-python.wasm". */
export function treeSitterParser(wasm: string): Promise<Parser> {
  let parser = parsers.get(wasm);
  if (!parser) {
    parser = (async () => {
      const { Parser, Language } = await loadRuntime();
      const grammar = await Language.load(require.resolve(`@vscode/tree-sitter-wasm/wasm/${wasm}`));
      return new Parser().setLanguage(grammar);
    })();
    parser.catch(() => parsers.delete(wasm));
    parsers.set(wasm, parser);
  }
  return parser;
}
