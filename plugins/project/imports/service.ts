/**
 * The `project.imports` service: get_architectural_context's import graph for
 * other packs, each file with its layer and each import with the line of its
 * statement (the graph has no positions: they are found again in the text, see
 * import-lines.ts).
 */
import type { ProjectImport, ProjectImports, ProjectScanner, ProjectSourceFile } from '../api.js';
import { readListedText } from '../scanner/read.js';
import { importGraph, MAX_SOURCE_BYTES, type FileImports } from './graph.js';
import { importLines, locate, type ImportLine } from './import-lines.js';
import { layerConventions, layerOf } from './layers.js';

const READ_CONCURRENCY = 8;

export function createProjectImports(scanner: ProjectScanner): ProjectImports {
  return {
    async files(root, { signal } = {}) {
      const { scan, files } = await scanner.scan(root, { signal });
      const graph = await importGraph(root, scan.fingerprint, files, scan.manifests, signal);
      const entries = [...graph.files.values()];
      const result: ProjectSourceFile[] = new Array(entries.length);
      let next = 0;
      const worker = async () => {
        while (next < entries.length) {
          const index = next++;
          const entry = entries[index]!;
          signal?.throwIfAborted();
          const read = await readListedText(root, entry.path, MAX_SOURCE_BYTES);
          const lines = 'text' in read ? importLines(entry.language, read.text) : [];
          result[index] = { path: entry.path, language: entry.language, layer: layerOf(entry.path, layerConventions(graph)).layer, imports: withLines(entry, lines) };
        }
      };
      await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, entries.length) }, worker));
      return { files: result, truncated: graph.stats.truncated };
    },
  };
}

/** The graph's imports of one file, each placed on the first statement line that brings it in; sorted by line. */
export function withLines(entry: FileImports, lines: readonly ImportLine[]): ProjectImport[] {
  const python = entry.language === 'python';
  const go = entry.language === 'go';
  // External and builtin entries are package names: a statement brings one in when its specifier is the name or a path/module under it.
  const underName = (name: string) => (specifier: string) => {
    const bare = python || go ? specifier : specifier.replace(/^node:/, '');
    return bare === name || bare.startsWith(python ? `${name}.` : `${name}/`);
  };
  const imports: ProjectImport[] = [];
  for (const edge of entry.internal) {
    const at = locate(lines, (s) => s === edge.specifier, edge.specifier);
    imports.push({ specifier: at.specifier, line: at.line, kind: 'internal', target: edge.target });
  }
  for (const name of entry.external) {
    const at = locate(lines, underName(name), name);
    imports.push({ specifier: at.specifier, line: at.line, kind: 'external', target: name });
  }
  for (const name of entry.builtin) {
    const at = locate(lines, underName(name), name);
    imports.push({ specifier: at.specifier, line: at.line, kind: 'builtin', target: name });
  }
  for (const item of entry.unresolved) {
    const at = locate(lines, (s) => s === item.specifier, item.specifier);
    imports.push({ specifier: at.specifier, line: at.line, kind: 'unresolved', target: null });
  }
  return imports.sort((a, b) => a.line - b.line);
}
