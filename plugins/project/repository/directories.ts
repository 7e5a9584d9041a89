/**
 * Per-directory breakdown (comprehensive depth): for each top-level folder and
 * each folder one level below, its files, bytes, main languages and test files.
 */
import { languageOf } from '../scanner/languages.js';
import type { FileEntry } from '../scanner/index.js';
import { TEST_FILE } from './structure.js';

export interface DirectoryStat {
  path: string;
  depth: number;
  files: number;
  bytes: number;
  /** Up to three languages, most files first. */
  languages: string[];
  testFiles: number;
}

export function directoryBreakdown(files: readonly FileEntry[]): DirectoryStat[] {
  const stats = new Map<string, { files: number; bytes: number; languages: Map<string, number>; testFiles: number }>();
  for (const file of files) {
    const parts = file.path.split('/');
    const language = languageOf(file.path);
    const test = TEST_FILE.test(file.path);
    for (let depth = 1; depth <= Math.min(2, parts.length - 1); depth++) {
      const dir = parts.slice(0, depth).join('/');
      let stat = stats.get(dir);
      if (!stat) stats.set(dir, (stat = { files: 0, bytes: 0, languages: new Map(), testFiles: 0 }));
      stat.files++;
      stat.bytes += file.size;
      if (language) stat.languages.set(language, (stat.languages.get(language) ?? 0) + 1);
      if (test) stat.testFiles++;
    }
  }
  return [...stats]
    .map(([path, stat]) => ({
      path,
      depth: path.split('/').length,
      files: stat.files,
      bytes: stat.bytes,
      languages: [...stat.languages].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 3).map(([name]) => name),
      testFiles: stat.testFiles,
    }))
    .sort((a, b) => b.files - a.files || a.path.localeCompare(b.path));
}
