/**
 * Technologies used through a language's standard library, which no manifest
 * lists: Python's `sqlite3` and `tkinter`, Node's `node:sqlite`. Found from the
 * import lines of the product's own source (tests and fixtures left out: a test
 * opening a SQLite file says nothing about the product), with the file as evidence.
 */
import { extractImports, sourceLanguage, type SourceLanguage } from '../imports/extract.js';
import type { Category } from './catalog.js';
import { folderKind } from './folders.js';
import type { FileReader } from './read.js';
import type { FileEntry } from './types.js';

/** Source files read at most, and how much of each: imports sit at the top. */
const MAX_FILES = 400;
const HEAD_BYTES = 64 * 1024;

interface StdlibUse {
  name: string;
  category: Category;
  languages: readonly SourceLanguage[];
  /** The module as imported (a Python submodule such as `tkinter.ttk` counts for its package). */
  modules: readonly string[];
}

const STDLIB: StdlibUse[] = [
  { name: 'SQLite', category: 'database', languages: ['python'], modules: ['sqlite3'] },
  { name: 'Tkinter', category: 'framework', languages: ['python'], modules: ['tkinter', 'Tkinter'] },
  { name: 'SQLite', category: 'database', languages: ['javascript', 'typescript'], modules: ['node:sqlite'] },
];

/** A test module by its own name, wherever it sits (siebenapp/test_x.py, conftest.py, x.test.js). */
const TEST_FILE = /(^|\/)(test_[^/]*\.py|[^/]*_test\.py|conftest\.py|[^/]*\.(test|spec)\.[cm]?[jt]sx?)$/;

export interface StdlibDetection {
  name: string;
  category: Category;
  evidence: string;
}

export async function stdlibDetections(files: readonly FileEntry[], reader: FileReader, signal?: AbortSignal): Promise<StdlibDetection[]> {
  const out: StdlibDetection[] = [];
  const wanted = (file: FileEntry) => {
    const language = sourceLanguage(file.path);
    return language !== undefined && STDLIB.some((use) => use.languages.includes(language));
  };
  const candidates = files.filter((file) => [null, 'product'].includes(folderKind(file)) && !TEST_FILE.test(file.path) && wanted(file));
  for (const file of candidates.slice(0, MAX_FILES)) {
    signal?.throwIfAborted();
    const text = await reader.head(file, HEAD_BYTES);
    if (text === null) continue;
    const language = sourceLanguage(file.path)!;
    // The pack's own import reader: strings, comments and `if TYPE_CHECKING:` blocks say nothing about run time.
    const imported = extractImports(file.path, text).filter((entry) => !entry.typeOnly && !entry.level);
    for (const use of STDLIB) {
      if (!use.languages.includes(language)) continue;
      const module = imported.map((entry) => entry.specifier).find((specifier) => use.modules.some((name) => specifier === name || specifier.startsWith(`${name}.`)));
      if (module) out.push({ name: use.name, category: use.category, evidence: `${file.path}: import ${module.split('.')[0]}` });
    }
  }
  return out;
}
