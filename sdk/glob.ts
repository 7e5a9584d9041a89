/**
 * User globs matched in linear time. picomatch compiles a glob to a JavaScript regex, and a pattern
 * such as `**\/*a*a*a*a*b` against a long name backtracks exponentially; a tool parameter is
 * untrusted, so globs from callers are translated here to RE2 (re2js), whose matching time is
 * linear in the path. Semantics follow picomatch for what the tools document: `**` as a whole
 * segment (any number of segments), `*` and `?` (within a segment), `{a,b}` (nestable),
 * `[abc]`, `[!abc]`, `[a-z]` and backslash escapes; with `dot: false` a wildcard does not match a
 * name starting with a dot. Extended globs (`@(a|b)`, `!(a)`) are refused: RE2 has no negation.
 */
import { RE2JS } from 're2js';
import { ValidationError } from './errors.js';

export interface GlobOptions {
  /** Wildcards match names starting with a dot (picomatch's `dot`). Default false. */
  dot?: boolean;
  /** Case-insensitive (picomatch's `nocase`). Default false. */
  nocase?: boolean;
  /** The tool parameter the glob came from, named in errors. */
  parameter?: string;
}

export const MAX_GLOB_LENGTH = 1000;

/** A predicate telling whether a path (forward slashes) matches `glob`. Throws ValidationError for a glob it cannot read. */
export function compileGlob(glob: string, options: GlobOptions = {}): (path: string) => boolean {
  const re = compile(glob, globToRe2(glob, options), options);
  return (path: string) => re.matches(path);
}

/** One predicate for several globs: a path matches when any glob does. */
export function compileGlobs(globs: readonly string[], options: GlobOptions = {}): (path: string) => boolean {
  if (globs.length === 0) return () => false;
  for (const glob of globs) compileGlob(glob, options); // names the glob at fault
  const re = compile(globs.join(', '), globs.map((glob) => `(?:${globToRe2(glob, options)})`).join('|'), options);
  return (path: string) => re.matches(path);
}

/** Throws a ValidationError naming the parameter and the glob when it cannot be matched. */
export function checkGlob(glob: string, options: GlobOptions): void {
  compileGlob(glob, options);
}

function compile(glob: string, source: string, options: GlobOptions): RE2JS {
  try {
    return RE2JS.compile(source, options.nocase ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (error) {
    throw refuse(glob, `is not a valid glob (${(error as Error).message})`, options);
  }
}

const refuse = (glob: string, why: string, options: GlobOptions) =>
  new ValidationError(`${options.parameter ? `${options.parameter}: ` : ''}glob "${glob.length > 80 ? `${glob.slice(0, 80)}…` : glob}" ${why}`, {
    ...(options.parameter ? { parameter: options.parameter } : {}),
    pattern: glob,
  });

const quote = (char: string) => char.replace(/[\\^$.*+?()[\]{}|-]/g, '\\$&');

/** The RE2 syntax of a glob, anchored at both ends. */
export function globToRe2(glob: string, options: GlobOptions = {}): string {
  if (glob.length > MAX_GLOB_LENGTH) throw refuse(glob, `is longer than ${MAX_GLOB_LENGTH} characters`, options);
  if (/[@!+*?]\(/.test(glob.replace(/\\./g, ''))) throw refuse(glob, 'uses an extended glob (@(…), !(…), +(…), *(…), ?(…)), which is not supported; use {a,b} alternatives', options);
  const dot = options.dot === true;
  // A wildcard at the start of a segment: never a leading dot unless `dot`; `.` and `..` never.
  const firstChar = dot ? '[^/]' : '[^/.]';
  const star = dot ? '[^/]*' : `(?:${firstChar}[^/]*)?`;
  const segment = dot ? '(?:[^/.][^/]*|\\.[^/.][^/]*|\\.\\.[^/]+)' : '[^/.][^/]*';
  let source = glob.startsWith('./') ? glob.slice(2) : glob;
  if (source.startsWith('/')) source = source.replace(/^\/+/, '/');
  let out = '';
  // Open braces: whether each is an alternation (a literal `{` when it has no `,`) and opened at a segment start.
  const braces: Array<{ alternation: boolean; atStart: boolean }> = [];
  const inAlternation = () => braces.length > 0 && braces[braces.length - 1]!.alternation;
  let i = 0;
  const atSegmentStart = (k: number): boolean => {
    if (k === 0 || source[k - 1] === '/') return true;
    const prev = source[k - 1];
    const top = braces[braces.length - 1];
    return (prev === '{' || prev === ',') && top !== undefined && top.alternation && top.atStart && (prev === ',' || braces.length > 0);
  };
  const segmentEnds = (j: number) => j === source.length || source[j] === '/' || (inAlternation() && (source[j] === ',' || source[j] === '}'));
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\\') {
      out += i + 1 < source.length ? quote(source[i + 1]!) : '\\\\';
      i += 2;
      continue;
    }
    if (c === '*') {
      let j = i;
      while (source[j] === '*') j++;
      const start = atSegmentStart(i);
      if (j - i >= 2 && start && segmentEnds(j)) {
        // Globstar: any number of segments. `**/` may match nothing; `a/**` matches `a` and all below it.
        if (source[j] === '/') {
          out += `(?:${segment}/)*`;
          i = j + 1;
        } else if (out.endsWith('/') && j === source.length) {
          out = `${out.slice(0, -1)}(?:/${segment})*`;
          i = j;
        } else {
          out += `(?:${segment}(?:/${segment})*)?`;
          i = j;
        }
        continue;
      }
      // One segment's worth; a run of stars is one star. A star that is the whole segment needs a character;
      // one before a literal dot (`*.md`) must match a character too, or it would admit a dot file.
      if (!start) out += '[^/]*';
      else if (segmentEnds(j) || (source[j] === '.' && !dot)) out += `${firstChar}[^/]*`;
      else out += star;
      i = j;
      continue;
    }
    if (c === '?') {
      out += atSegmentStart(i) ? firstChar : '[^/]';
      i++;
      continue;
    }
    if (c === '[') {
      const end = classEnd(source, i);
      if (end === -1) {
        out += '\\[';
        i++;
        continue;
      }
      let body = source.slice(i + 1, end);
      const negated = body.startsWith('!') || body.startsWith('^');
      if (negated) body = body.slice(1);
      let inner = '';
      for (let k = 0; k < body.length; k++) {
        const ch = body[k]!;
        if (ch === '\\' && k + 1 < body.length) inner += `\\${body[++k]!}`;
        else if (ch === '[' || ch === ']' || ch === '^' || ch === '\\') inner += `\\${ch}`;
        else inner += ch;
      }
      out += negated ? `[^/${inner}]` : `[${inner}]`;
      i = end + 1;
      continue;
    }
    if (c === '{') {
      braces.push({ alternation: hasClosingBrace(source, i), atStart: atSegmentStart(i) });
      out += inAlternation() ? '(?:' : '\\{';
      i++;
      continue;
    }
    if (c === ',' && inAlternation()) {
      out += '|';
      i++;
      continue;
    }
    if (c === '}' && braces.length > 0) {
      out += braces.pop()!.alternation ? ')' : '\\}';
      i++;
      continue;
    }
    out += quote(c);
    i++;
  }
  // picomatch lets a trailing slash follow a match (a folder named as `dir/`).
  return out.endsWith('/') ? out : `${out}/?`;
}

/** Index of the `]` closing the class opened at `start`; -1 when the `[` is literal. A `]` right after `[` or `[!` is a member. */
function classEnd(source: string, start: number): number {
  let j = start + 1;
  if (source[j] === '!' || source[j] === '^') j++;
  if (source[j] === ']') j++;
  for (; j < source.length; j++) {
    if (source[j] === '\\') j++;
    else if (source[j] === '/') return -1;
    else if (source[j] === ']') return j;
  }
  return -1;
}

/** Whether the `{` at `start` has a matching `}` with a `,` at its level (picomatch reads `{a}` literally). */
function hasClosingBrace(source: string, start: number): boolean {
  let depth = 0;
  let comma = false;
  for (let j = start; j < source.length; j++) {
    const c = source[j];
    if (c === '\\') j++;
    else if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) return comma;
    } else if (c === ',' && depth === 1) comma = true;
  }
  return false;
}
