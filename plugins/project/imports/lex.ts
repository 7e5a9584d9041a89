/**
 * Source masking before import extraction: comments are dropped and every
 * string literal becomes a placeholder `\x01N\x01` whose text is kept aside.
 * An import written in a comment or inside a string (a code template, a test
 * fixture) then cannot look like an import, while the specifier of a real one
 * is still at hand through its placeholder.
 */

export interface Masked {
  code: string;
  strings: string[];
}

/** Matches a placeholder; group 1 is the index into `strings`. */
export const STRING = '\\x01(\\d+)\\x01';

const IDENT = /[\w$]/;
/** Words after which a `/` starts a regular expression rather than a division. */
const REGEX_AFTER_WORD = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);
const REGEX_AFTER_CHAR = new Set([...'(,=:[!&|?{};+-*%<>~^']);

/** JavaScript and TypeScript: line and block comments, quotes, templates (with nested `${}`), regex literals. */
export function maskJs(src: string): Masked {
  const strings: string[] = [];
  const out: string[] = [];
  let i = 0;
  const n = src.length;

  const readQuoted = (quote: string): string => {
    let j = i + 1;
    let text = '';
    let start = j;
    while (j < n && src[j] !== quote && src[j] !== '\n') {
      if (src[j] === '\\') {
        text += src.slice(start, j);
        j += 2;
        start = j;
        continue;
      }
      j++;
    }
    text += src.slice(start, Math.min(j, n));
    i = j + 1;
    return text;
  };

  /** Lex code until an unmatched `}` (inside a template substitution) or the end. */
  const lexCode = (untilBrace: boolean): void => {
    let depth = 0;
    let codeStart = i;
    let lastSig = '';
    const flush = () => {
      if (i > codeStart) out.push(src.slice(codeStart, i));
    };
    while (i < n) {
      const c = src[i]!;
      if (c === '/' && src[i + 1] === '/') {
        flush();
        while (i < n && src[i] !== '\n') i++;
        codeStart = i;
      } else if (c === '/' && src[i + 1] === '*') {
        flush();
        const end = src.indexOf('*/', i + 2);
        i = end < 0 ? n : end + 2;
        out.push(' ');
        codeStart = i;
      } else if (c === '"' || c === "'") {
        flush();
        out.push(`\x01${strings.push(readQuoted(c)) - 1}\x01`);
        codeStart = i;
        lastSig = 'a';
      } else if (c === '`') {
        flush();
        lexTemplate();
        codeStart = i;
        lastSig = 'a';
      } else if (c === '/' && regexAllowed(lastSig, src, i)) {
        flush();
        skipRegex();
        out.push(' ');
        codeStart = i;
        lastSig = 'a';
      } else {
        if (untilBrace) {
          if (c === '{') depth++;
          else if (c === '}' && depth-- === 0) {
            flush();
            i++;
            return;
          }
        }
        if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') lastSig = c;
        i++;
      }
    }
    flush();
  };

  const lexTemplate = (): void => {
    let j = i + 1;
    let text = '';
    let start = j;
    let substituted = false;
    while (j < n && src[j] !== '`') {
      if (src[j] === '\\') {
        text += src.slice(start, j);
        j += 2;
        start = j;
      } else if (src[j] === '$' && src[j + 1] === '{') {
        substituted = true;
        i = j + 2;
        out.push(' ');
        lexCode(true);
        out.push(' ');
        j = i;
        start = j;
      } else j++;
    }
    text += src.slice(start, Math.min(j, n));
    i = j + 1;
    // Only a template without substitutions is a fixed specifier (`import(\`./x.js\`)`).
    if (!substituted) out.push(`\x01${strings.push(text) - 1}\x01`);
  };

  const skipRegex = (): void => {
    let j = i + 1;
    let inClass = false;
    while (j < n && src[j] !== '\n') {
      const c = src[j];
      if (c === '\\') j += 2;
      else {
        if (c === '[') inClass = true;
        else if (c === ']') inClass = false;
        else if (c === '/' && !inClass) break;
        j++;
      }
    }
    j++;
    while (j < n && /[a-z]/i.test(src[j]!)) j++;
    i = j;
  };

  lexCode(false);
  return { code: out.join(''), strings };
}

function regexAllowed(lastSig: string, src: string, at: number): boolean {
  if (lastSig === '') return true;
  if (REGEX_AFTER_CHAR.has(lastSig)) return true;
  if (!IDENT.test(lastSig)) return false;
  // The word just before: a keyword such as `return` allows a regex; a name means division.
  let j = at - 1;
  while (j >= 0 && /\s/.test(src[j]!)) j--;
  const end = j + 1;
  while (j >= 0 && IDENT.test(src[j]!)) j--;
  return REGEX_AFTER_WORD.has(src.slice(j + 1, end));
}

/** Python: `#` comments; single, triple-quoted and prefixed (r, b, f, u) strings. */
export function maskPython(src: string): Masked {
  const strings: string[] = [];
  const out: string[] = [];
  const n = src.length;
  let i = 0;
  let codeStart = 0;
  while (i < n) {
    const c = src[i]!;
    if (c === '#') {
      out.push(src.slice(codeStart, i));
      while (i < n && src[i] !== '\n') i++;
      codeStart = i;
    } else if (c === '"' || c === "'") {
      // A prefix such as rb"..." already went out as code; harmless, it is not an import.
      out.push(src.slice(codeStart, i));
      const triple = src.startsWith(c.repeat(3), i);
      const close = triple ? c.repeat(3) : c;
      let j = i + close.length;
      const start = j;
      while (j < n && !src.startsWith(close, j) && (triple || src[j] !== '\n')) j += src[j] === '\\' ? 2 : 1;
      const text = src.slice(start, Math.min(j, n));
      i = Math.min(n, j + close.length);
      // A triple-quoted string keeps its line count, so statements stay on their own lines.
      out.push(`\x01${strings.push(text) - 1}\x01${triple ? '\n'.repeat(countLines(text)) : ''}`);
      codeStart = i;
    } else i++;
  }
  out.push(src.slice(codeStart));
  return { code: out.join(''), strings };
}

/** Go: line and block comments, interpreted and raw strings, runes. */
export function maskGo(src: string): Masked {
  const strings: string[] = [];
  const out: string[] = [];
  const n = src.length;
  let i = 0;
  let codeStart = 0;
  while (i < n) {
    const c = src[i]!;
    if (c === '/' && src[i + 1] === '/') {
      out.push(src.slice(codeStart, i));
      while (i < n && src[i] !== '\n') i++;
      codeStart = i;
    } else if (c === '/' && src[i + 1] === '*') {
      out.push(src.slice(codeStart, i), ' ');
      const end = src.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
      codeStart = i;
    } else if (c === '"' || c === "'" || c === '`') {
      out.push(src.slice(codeStart, i));
      let j = i + 1;
      while (j < n && src[j] !== c && (c === '`' || src[j] !== '\n')) j += c !== '`' && src[j] === '\\' ? 2 : 1;
      out.push(`\x01${strings.push(src.slice(i + 1, Math.min(j, n))) - 1}\x01`);
      i = j + 1;
      codeStart = i;
    } else i++;
  }
  out.push(src.slice(codeStart));
  return { code: out.join(''), strings };
}

function countLines(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/** The `<script>` blocks of a Vue or Svelte component, the only part that imports. */
export function scriptBlocks(src: string): string {
  const blocks: string[] = [];
  for (const match of src.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) blocks.push(match[1]!);
  return blocks.join('\n;\n');
}
