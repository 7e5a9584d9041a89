/**
 * Errors out of a generator's build output, with the file and line where the
 * generator names them. Each generator has its own way of saying where:
 *   mkdocs    ERROR    -  Error reading page 'x.md': ...   /  in "mkdocs.yml", line 3, column 1
 *   jinja     File "/site/theme/main.html", line 1, in template  (then the exception line)
 *   hugo      Error: Error building site: "/site/content/x.md:4:4": failed to ...
 *   jekyll    Liquid Exception: Liquid syntax error (line 1): Unknown tag 'x' in index.md
 *             YAML Exception reading /site/x.md: ... at line 2 column 1
 *   eleventy  [11ty] 2. tag "x" not found, file:./index.md, line:1, col:4 (via ParseError)
 *             [11ty] 1. Having trouble rendering liquid template ./index.md (via ...)
 * Lines that match none of them but say "error" are kept without a location.
 */
import { isAbsolute, relative, resolve } from 'node:path';

export interface BuildDiagnostic {
  /** Relative to the site root when it lies inside it, else as printed. */
  file?: string;
  line?: number;
  column?: number;
  message: string;
  /**
   * The line counts from the page's body, not the file: 'raw' right after the front
   * matter (eleventy), 'trimmed' after it and the blank lines that follow (jekyll).
   * The caller, who can read the file, turns it into a file line and drops this.
   */
  bodyLine?: 'raw' | 'trimmed';
}

const MAX_DIAGNOSTICS = 20;
const MAX_MESSAGE = 400;

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

interface Found {
  file?: string;
  line?: number;
  column?: number;
  message: string;
  bodyLine?: 'raw' | 'trimmed';
}

type Matcher = (line: string, next: string[]) => Found | undefined;

const num = (value: string | undefined) => (value === undefined ? undefined : Number(value));

const MATCHERS: Matcher[] = [
  // eleventy: "tag ... not found, file:./index.md, line:1, col:4 (via ParseError)"
  (line) => {
    const m = /^\[11ty\]\s+(?:\d+\.\s+)?(.*?),\s*file:(\S+?),\s*line:(\d+)(?:,\s*col:(\d+))?/.exec(line);
    return m ? { message: m[1]!, file: m[2], line: num(m[3]), column: num(m[4]), bodyLine: 'raw' } : undefined;
  },
  // eleventy: "Having trouble rendering liquid template ./index.md (via ...)" / "(in ./path)"
  (line) => {
    const m = /^\[11ty\]\s+(?:\d+\.\s+)?(.*?(?:template|Problem)[^(]*?)\s(\.{0,2}\/\S+)\s*\(via/.exec(line) ?? /^\[11ty\]\s+(?:\d+\.\s+)?(.*?)\s*\(in (\S+?)\)/.exec(line);
    return m ? { message: m[1]!.trim(), file: m[2] } : undefined;
  },
  // hugo: a quoted "path:line:col" (or "path:line") anywhere on an Error/ERROR line.
  (line) => {
    if (!/\berror\b/i.test(line)) return undefined;
    const m = /"([^"\s]+?):(\d+)(?::(\d+))?"/.exec(line);
    if (!m) return undefined;
    return { file: m[1], line: num(m[2]), column: num(m[3]), message: line.replace(/^(?:Error|ERROR)\s*:?\s*/, '') };
  },
  // jekyll: "Liquid Exception: ... (line N): ... in path"
  (line) => {
    const m = /Liquid Exception:\s*(.*?)\s+in\s+(\S+)\s*$/.exec(line);
    if (!m) return undefined;
    return { message: `Liquid Exception: ${m[1]}`, file: m[2], line: num(/\(line (\d+)\)/.exec(m[1]!)?.[1]), bodyLine: 'trimmed' };
  },
  // jekyll: "YAML Exception reading /x.md: ... at line 2 column 1" / "Error reading file /x: ..."
  (line) => {
    const m = /(?:YAML Exception reading|Error reading file)\s+(\S+?):\s*(.*)$/.exec(line);
    if (!m) return undefined;
    const at = /line (\d+) column (\d+)/.exec(m[2]!);
    return { file: m[1], message: line.trim(), line: num(at?.[1]), column: num(at?.[2]) };
  },
  // mkdocs: "ERROR - ... 'x.md' ..." (page errors name the page in quotes), or an error whose next line says where.
  (line, next) => {
    const m = /^(?:ERROR|Error)\s*(?:-|:)\s*(.*)$/.exec(line);
    if (!m) return undefined;
    const text = m[1]!.trim();
    const page = /(?:in file|page|file)\s+'([^']+)'/i.exec(text);
    for (const following of next.slice(0, 3)) {
      const where = /in "([^"]+)", line (\d+), column (\d+)/.exec(following);
      if (where) return { message: `${text} ${next[0]?.trim() ?? ''}`.trim(), file: where[1], line: num(where[2]), column: num(where[3]) };
    }
    return { message: text, file: page?.[1] };
  },
  // ruby: "/usr/lib/ruby/3.1.0/psych.rb:455:in `parse': (<unknown>): ... at line 2 column 1 (Psych::SyntaxError)":
  // the location is Ruby's own source, so only the message is kept.
  (line) => {
    const m = /^\S+:\d+:in `[^']*':\s*(.*?)\s*\(([A-Z]\w*(?:::\w+)*)\)$/.exec(line);
    return m ? { message: `${m[2]}: ${m[1]}` } : undefined;
  },
  // jinja (mkdocs themes): the traceback's last File "...", line N before the exception line.
  (line) => {
    const m = /^(jinja2\.exceptions\.\w+|yaml\.\w+Error|\w*Error):\s*(.*)$/.exec(line);
    return m ? { message: `${m[1]}: ${m[2]}` } : undefined;
  },
];

/** The diagnostics in `output`; `siteRoot` makes printed paths relative. */
export function parseBuildDiagnostics(output: string, siteRoot: string): BuildDiagnostic[] {
  const lines = output.replace(ANSI, '').split(/\r?\n/);
  const found: BuildDiagnostic[] = [];
  const seen = new Set<string>();
  let lastTraceback: { file: string; line: number } | undefined;
  for (let i = 0; i < lines.length && found.length < MAX_DIAGNOSTICS; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    const frame = /^File "([^"]+)", line (\d+)/.exec(line);
    if (frame) {
      lastTraceback = { file: frame[1]!, line: Number(frame[2]) };
      continue;
    }
    let hit: Found | undefined;
    for (const matcher of MATCHERS) {
      hit = matcher(line, lines.slice(i + 1));
      if (hit) break;
    }
    if (!hit) continue;
    // A python exception line takes the traceback's last frame when that frame is the site's own file.
    if (!hit.file && lastTraceback && !lastTraceback.file.includes('site-packages') && !lastTraceback.file.includes('dist-packages')) {
      hit = { ...hit, file: lastTraceback.file, line: lastTraceback.line };
    }
    const diagnostic: BuildDiagnostic = { message: hit.message.slice(0, MAX_MESSAGE) };
    if (hit.file) diagnostic.file = siteRelative(hit.file, siteRoot);
    if (hit.line !== undefined && Number.isFinite(hit.line)) diagnostic.line = hit.line;
    if (hit.column !== undefined && Number.isFinite(hit.column)) diagnostic.column = hit.column;
    if (hit.bodyLine && diagnostic.line !== undefined) diagnostic.bodyLine = hit.bodyLine;
    const key = `${diagnostic.file}:${diagnostic.line}:${diagnostic.message}`;
    // eleventy says the same thing at several levels of its error chain: one entry per file and line.
    const located = `${diagnostic.file}:${diagnostic.line}`;
    if (seen.has(key) || (diagnostic.file && diagnostic.line === undefined && [...seen].some((k) => k.startsWith(`${diagnostic.file}:`)))) continue;
    if (diagnostic.file && diagnostic.line !== undefined) {
      // A located entry replaces an earlier unlocated one for the same file.
      const index = found.findIndex((d) => d.file === diagnostic.file && d.line === undefined);
      if (index >= 0) found.splice(index, 1);
    }
    seen.add(key);
    seen.add(located);
    found.push(diagnostic);
  }
  return found;
}

function siteRelative(file: string, siteRoot: string): string {
  const absolute = isAbsolute(file) ? file : resolve(siteRoot, file);
  const inside = relative(siteRoot, absolute);
  if (inside && !inside.startsWith('..') && !isAbsolute(inside)) return inside.split('\\').join('/');
  return file;
}
