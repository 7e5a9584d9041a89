/**
 * Lines of import statements. The import graph keeps what a file imports but
 * not where; a rule violation must name the line, so the statements are found
 * again in the text: every line holding an import (JS/TS import/export/require,
 * Python import/from, Go import lines and blocks) with its specifier as written.
 * A multi-line JS import is found on the line of its `from '...'`.
 */
import type { SourceLanguage } from './extract.js';

export interface ImportLine {
  /** 1-based. */
  line: number;
  /** As the graph writes it: Python relative imports keep their leading dots. */
  specifier: string;
}

const JS_STATEMENT = /(?:^|[^\w$.])(?:import|export|from|require)(?![\w$])/;
const QUOTED = /(['"`])([^'"`\n]+)\1/g;
const PY_FROM = /^\s*from\s+(\.*[\w.]*)\s+import\b/;
const PY_IMPORT = /^\s*import\s+([^#\n]+)/;
const PY_DYNAMIC = /\b(?:import_module|__import__)\s*\(\s*(['"])([\w.]+)\1/;

export function importLines(language: SourceLanguage, text: string): ImportLine[] {
  const lines = text.split(/\r?\n/);
  if (language === 'python') return pythonLines(lines);
  if (language === 'go') return goLines(lines);
  return jsLines(lines);
}

function jsLines(lines: string[]): ImportLine[] {
  const found: ImportLine[] = [];
  lines.forEach((text, index) => {
    const trimmed = text.trimStart();
    if (trimmed.startsWith('//') || trimmed.startsWith('*') || trimmed.startsWith('/*')) return;
    if (!JS_STATEMENT.test(text)) return;
    for (const match of text.matchAll(QUOTED)) found.push({ line: index + 1, specifier: match[2]! });
  });
  return found;
}

function pythonLines(lines: string[]): ImportLine[] {
  const found: ImportLine[] = [];
  lines.forEach((text, index) => {
    const from = PY_FROM.exec(text);
    if (from) {
      found.push({ line: index + 1, specifier: from[1]! });
      return;
    }
    const plain = PY_IMPORT.exec(text);
    if (plain) {
      for (const part of plain[1]!.split(',')) {
        const name = part.trim().split(/\s+/)[0]!;
        if (name) found.push({ line: index + 1, specifier: name });
      }
      return;
    }
    const dynamic = PY_DYNAMIC.exec(text);
    if (dynamic) found.push({ line: index + 1, specifier: dynamic[2]! });
  });
  return found;
}

function goLines(lines: string[]): ImportLine[] {
  const found: ImportLine[] = [];
  let inBlock = false;
  lines.forEach((text, index) => {
    const trimmed = text.trim();
    if (inBlock) {
      if (trimmed.startsWith(')')) inBlock = false;
      else {
        const match = /"([^"]+)"/.exec(trimmed);
        if (match && !trimmed.startsWith('//')) found.push({ line: index + 1, specifier: match[1]! });
      }
      return;
    }
    const oneLine = /^import\s*\((.*)\)\s*$/.exec(trimmed);
    if (oneLine) for (const match of oneLine[1]!.matchAll(/"([^"]+)"/g)) found.push({ line: index + 1, specifier: match[1]! });
    else if (/^import\s*\(\s*(\/\/.*)?$/.test(trimmed)) inBlock = true;
    else {
      const single = /^import\s+(?:[\w.]+\s+)?"([^"]+)"/.exec(trimmed);
      if (single) found.push({ line: index + 1, specifier: single[1]! });
    }
  });
  return found;
}

/** The first line whose specifier satisfies `matches`, with that specifier; line 1 when none does (a statement spread oddly). */
export function locate(lines: readonly ImportLine[], matches: (specifier: string) => boolean, fallback: string): ImportLine {
  return lines.find((item) => matches(item.specifier)) ?? { line: 1, specifier: fallback };
}
