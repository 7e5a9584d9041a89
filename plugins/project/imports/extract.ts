/**
 * Import statements of one source file, read from its masked text (see lex.ts):
 * JS/TS static imports, re-exports, dynamic import() and require(); Python
 * `import a.b` and `from .x import y` (marked type-only under `if TYPE_CHECKING:`);
 * Go import declarations.
 */
import { maskGo, maskJs, maskPython, scriptBlocks, STRING } from './lex.js';

export type SourceLanguage = 'javascript' | 'typescript' | 'python' | 'go';

export interface RawImport {
  specifier: string;
  /** How it was written: lets a reader tell a lazy import from a static one. */
  form: 'import' | 'export' | 'dynamic' | 'require' | 'from';
  /** Python `from x import a, b`: the names, which may be submodules of x. */
  names?: string[];
  /** Python relative level: the number of leading dots (0 for an absolute import). */
  level?: number;
  /** Python, under `if TYPE_CHECKING:`: read by type checkers only, never at run time (so no runtime edge, no cycle). */
  typeOnly?: true;
}

const EXTENSIONS: Record<string, SourceLanguage> = {
  ts: 'typescript', tsx: 'typescript', mts: 'typescript', cts: 'typescript',
  js: 'javascript', jsx: 'javascript', mjs: 'javascript', cjs: 'javascript', vue: 'javascript', svelte: 'javascript',
  py: 'python', pyi: 'python',
  go: 'go',
};

export function sourceLanguage(path: string): SourceLanguage | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const ext = name.slice(dot + 1).toLowerCase();
  return Object.hasOwn(EXTENSIONS, ext) ? EXTENSIONS[ext] : undefined;
}

const JS_PATTERNS: Array<[RegExp, RawImport['form']]> = [
  // import x from 'y'; import { a, b as c } from 'y'; import * as ns from 'y'; import 'y'; import type T from 'y'
  [new RegExp(`(?<![\\w$.])import(?![\\w$])\\s*(?:type\\s+)?(?:[\\w$*{}\\s,]*?\\bfrom\\s*)?${STRING}`, 'g'), 'import'],
  // export * from 'y'; export * as ns from 'y'; export { a } from 'y'; export type { T } from 'y'
  [new RegExp(`(?<![\\w$.])export\\s+(?:type\\s+)?(?:\\*\\s*(?:as\\s+[\\w$]+\\s*)?|\\{[^}]*\\}\\s*)from\\s*${STRING}`, 'g'), 'export'],
  [new RegExp(`(?<![\\w$.])import\\s*\\(\\s*${STRING}`, 'g'), 'dynamic'],
  [new RegExp(`(?<![\\w$.])require\\s*\\(\\s*${STRING}\\s*\\)`, 'g'), 'require'],
];

export function extractImports(path: string, text: string): RawImport[] {
  const language = sourceLanguage(path);
  if (language === 'python') return extractPython(text);
  if (language === 'go') return extractGo(text);
  if (language) return extractJs(/\.(vue|svelte)$/i.test(path) ? scriptBlocks(text) : text);
  return [];
}

function extractJs(text: string): RawImport[] {
  const { code, strings } = maskJs(text);
  const found: RawImport[] = [];
  for (const [pattern, form] of JS_PATTERNS) {
    for (const match of code.matchAll(pattern)) found.push({ specifier: strings[Number(match[1])]!, form });
  }
  return found;
}

function extractPython(text: string): RawImport[] {
  const { code: masked, strings } = maskPython(text);
  // One statement per line: `;` separates statements and a backslash continues a line.
  const code = masked.replace(/\\\r?\n/g, ' ').replace(/;/g, '\n');
  const found: RawImport[] = [];
  const typeOnly = typeCheckingBlocks(code);
  const mark = (index: number): { typeOnly?: true } => (typeOnly.some(([start, end]) => index >= start && index < end) ? { typeOnly: true } : {});
  const from = /^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]*(\([^)]*\)|[^\n]*)/gm;
  for (const match of code.matchAll(from)) {
    const names = match[3]!.replace(/[()]/g, ' ').split(',').map((part) => part.trim().split(/\s+/)[0]!).filter((name) => /^\w+$/.test(name));
    found.push({ specifier: match[2]!, level: match[1]!.length, names, form: 'from', ...mark(match.index) });
  }
  for (const match of code.matchAll(/^[ \t]*import[ \t]+([^\n]+)/gm)) {
    for (const part of match[1]!.split(',')) {
      const name = part.trim().split(/\s+/)[0]!;
      if (/^[A-Za-z_][\w.]*$/.test(name)) found.push({ specifier: name, level: 0, form: 'import', ...mark(match.index) });
    }
  }
  // importlib.import_module('pkg.mod') and __import__('pkg'): fixed names only.
  for (const match of code.matchAll(new RegExp(`\\b(?:import_module|__import__)\\s*\\(\\s*${STRING}`, 'g'))) {
    const specifier = strings[Number(match[1])]!;
    if (/^\.*[\w.]+$/.test(specifier)) {
      const level = /^\.*/.exec(specifier)![0].length;
      found.push({ specifier: specifier.slice(level), level, form: 'dynamic' });
    }
  }
  return found;
}

/**
 * Character ranges of `if TYPE_CHECKING:` / `if typing.TYPE_CHECKING:` bodies (any
 * `x.TYPE_CHECKING`): the lines after the `if` indented deeper than it, blank lines included.
 */
function typeCheckingBlocks(code: string): Array<[number, number]> {
  const blocks: Array<[number, number]> = [];
  for (const match of code.matchAll(/^([ \t]*)if[ \t]+(?:[A-Za-z_]\w*\.)?TYPE_CHECKING[ \t]*:[ \t]*(?:#[^\n]*)?$/gm)) {
    const indent = match[1]!.length;
    const start = match.index + match[0].length;
    let end = start;
    const line = /\n([ \t]*)([^\n]*)/y;
    line.lastIndex = start;
    for (let next = line.exec(code); next; next = line.exec(code)) {
      if (next[2]!.trim() !== '' && next[1]!.length <= indent) break;
      end = line.lastIndex;
    }
    blocks.push([start, end]);
  }
  return blocks;
}

function extractGo(text: string): RawImport[] {
  const { code, strings } = maskGo(text);
  const found: RawImport[] = [];
  const placeholder = new RegExp(STRING, 'g');
  for (const block of code.matchAll(/\bimport\s*\(([^)]*)\)/g)) {
    for (const match of block[1]!.matchAll(placeholder)) found.push({ specifier: strings[Number(match[1])]!, form: 'import' });
  }
  for (const match of code.matchAll(new RegExp(`\\bimport\\s+(?:[\\w.]+\\s+)?${STRING}`, 'g'))) {
    found.push({ specifier: strings[Number(match[1])]!, form: 'import' });
  }
  return found;
}
