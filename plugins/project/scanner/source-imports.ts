/**
 * Technologies used through a language's standard library, which no manifest
 * lists: Python's `sqlite3` and `tkinter`, Node's `node:sqlite`. Found from the
 * import lines of the product's own source (tests and fixtures left out: a test
 * opening a SQLite file says nothing about the product), with the file as evidence.
 */
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
  language: RegExp;
  /** An import line of the module (its first capture is the module as written). */
  pattern: RegExp;
}

const STDLIB: StdlibUse[] = [
  { name: 'SQLite', category: 'database', language: /\.py$/, pattern: /^[ \t]*(?:import[ \t]+(?:[\w.]+[ \t]*,[ \t]*)*(sqlite3)\b|from[ \t]+(sqlite3)(?:\.\w+)*[ \t]+import\b)/m },
  { name: 'Tkinter', category: 'framework', language: /\.py$/, pattern: /^[ \t]*(?:import[ \t]+(?:[\w.]+[ \t]*,[ \t]*)*(tkinter|Tkinter)\b|from[ \t]+(tkinter|Tkinter)(?:\.\w+)*[ \t]+import\b)/m },
  { name: 'SQLite', category: 'database', language: /\.[cm]?[jt]sx?$/, pattern: /\bfrom\s+['"](node:sqlite)['"]|\brequire\(\s*['"](node:sqlite)['"]\s*\)/ },
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
  const candidates = files.filter((file) => [null, 'product'].includes(folderKind(file)) && !TEST_FILE.test(file.path) && STDLIB.some((use) => use.language.test(file.path)));
  for (const file of candidates.slice(0, MAX_FILES)) {
    signal?.throwIfAborted();
    const text = await reader.head(file, HEAD_BYTES);
    if (text === null) continue;
    for (const use of STDLIB) {
      if (!use.language.test(file.path)) continue;
      const match = use.pattern.exec(text);
      const module = match?.slice(1).find(Boolean);
      if (module) out.push({ name: use.name, category: use.category, evidence: `${file.path}: import ${module}` });
    }
  }
  return out;
}
