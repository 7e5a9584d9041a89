/**
 * The parameter list of a function the surface reader found (JS/TS `function name(...)`,
 * `const name = (...) =>`, Python `def name(...)`), read without a parser: the definition is
 * looked for in the file the surface named, then in the project's other own sources (an entry
 * module that re-exports names defines none). Whitespace is normalised so a reformat is no change.
 */
import type { ProjectText, TextFile } from '../gaps/project-files.js';

const escape = (name: string) => name.replace(/[$]/g, '\\$');

function definition(name: string): RegExp {
  const n = escape(name);
  return new RegExp(
    String.raw`(?:^|[\s;])(?:function\*?\s+${n}\s*(?:<[^>()]*>)?\s*\(|(?:const|let|var)\s+${n}\s*(?::[^=\n]+)?=\s*(?:async\s+)?(?:function\b[^(]*)?\(|(?:async\s+)?def\s+${n}\s*\()`,
    'm',
  );
}

/** Characters of a parameter list read at most. */
const MAX_PARAMS = 4_000;

/** The text between the `(` ending at `open - 1` and its matching `)`. */
function parameterText(text: string, open: number): string | null {
  let depth = 0;
  const end = Math.min(text.length, open + MAX_PARAMS);
  for (let i = open; i < end; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'" || c === '`') {
      const close = text.indexOf(c, i + 1);
      if (close < 0) return null;
      i = close;
    } else if (c === '(' || c === '[' || c === '{' || c === '<') depth++;
    else if (c === ')' || c === ']' || c === '}' || (c === '>' && text[i - 1] !== '=')) {
      if (depth === 0 && c === ')') return text.slice(open, i);
      depth = Math.max(0, depth - 1);
    }
  }
  return null;
}

const normalise = (params: string) =>
  params
    .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|#[^\n]*/g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([,:=()<>[\]{}|])\s*/g, (_, c: string) => (c === ',' ? ', ' : c === ':' ? ': ' : c === '=' ? ' = ' : c))
    .replace(/,\s*$/, '')
    .trim();

function signatureIn(file: TextFile, name: string): { signature: string; file: string; line: number } | null {
  const m = definition(name).exec(file.text);
  if (!m) return null;
  const params = parameterText(file.text, m.index + m[0].length);
  if (params === null) return null;
  const at = m.index + m[0].search(/\S/);
  return { signature: `${name}(${normalise(params)})`, file: file.path, line: file.text.slice(0, at).split('\n').length };
}

/** `name(params)` as defined in `file` (or elsewhere in the project's own sources), or null for non-functions. */
export function signatureOf(project: ProjectText, name: string, file: string): { signature: string; file: string; line: number } | null {
  const first = project.sources.find((f) => f.path === file);
  const inFile = first && signatureIn(first, name);
  if (inFile) return inFile;
  for (const source of project.sources) {
    if (source === first || !source.own || !source.text.includes(name)) continue;
    const found = signatureIn(source, name);
    if (found) return found;
  }
  return null;
}

/** The parameter list split at its top-level commas. */
function topLevelParams(params: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < params.length; i++) {
    const c = params[i]!;
    if (c === '(' || c === '[' || c === '{' || c === '<') depth++;
    else if (c === ')' || c === ']' || c === '}' || (c === '>' && params[i - 1] !== '=')) depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) (out.push(params.slice(start, i).trim()), (start = i + 1));
  }
  out.push(params.slice(start).trim());
  return out.filter(Boolean);
}

/**
 * What a caller must write, as a comparable string: in JavaScript and TypeScript the number of
 * parameters, which are optional or rest, and the keys of a destructured object (renaming a
 * positional parameter or changing its type annotation breaks no call); in Python also each name,
 * since callers pass them by keyword.
 */
export function callShape(signature: string, file: string): string {
  const params = topLevelParams(signature.slice(signature.indexOf('(') + 1, signature.lastIndexOf(')')));
  const python = /\.pyi?$/.test(file);
  return params
    .map((param) => {
      const optional = /=/.test(param.replace(/=>/g, '')) || /^[\w$]+\?/.test(param);
      if (python) return `${param.replace(/[:=].*$/s, '').trim()}${optional ? '?' : ''}`;
      if (param.startsWith('...')) return '...';
      if (param.startsWith('{')) {
        const body = param.slice(1, param.lastIndexOf('}'));
        return `{${topLevelParams(body).map((key) => key.replace(/[:=].*$/s, '').trim()).sort().join(',')}}${optional ? '?' : ''}`;
      }
      return optional ? 'p?' : 'p';
    })
    .join(',');
}
