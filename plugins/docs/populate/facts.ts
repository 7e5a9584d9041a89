/**
 * Facts about a project that documentation pages state, each traceable to the
 * file and line it was read from: pages cite them in their Sources list, and
 * update_existing_documentation compares pages against them.
 */

export type FactKind =
  | 'install' // how to install the project or its dependencies
  | 'script' // a package.json script or Makefile target
  | 'command' // a CLI entry point (bin, console_scripts, Go main package)
  | 'usage' // a usage example from the README
  | 'flag' // a CLI flag read by the code
  | 'env' // an environment variable read by the code
  | 'export' // an exported function, class or constant
  | 'config' // a configuration key
  | 'architecture' // an architecture signal of the analysis
  | 'decision'; // an ADR

export interface FactSource {
  /** Project-relative path (forward slashes). */
  file: string;
  /** 1-based line; 0 when the fact is the file or folder as a whole. */
  line: number;
}

export interface Fact {
  kind: FactKind;
  /** What pages name: `npm install`, `--dry-run`, `TIDES_API_KEY`, `predictTide`. */
  name: string;
  /** One line saying more: the script's command, the ADR's status, the export's kind. */
  detail?: string;
  /** Technology the fact belongs to (javascript, python, go, rust, ruby, make), when it has one. */
  technology?: string;
  /** Grouping for per-group pages: a script prefix ("test" of "test:unit"), a config area. */
  group?: string;
  source: FactSource;
}

export const cite = (source: FactSource) => (source.line > 0 ? `${source.file}:${source.line}` : source.file);

/** 1-based line of the character at `index`. */
export function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Line of the first match of `pattern` at or after `from` (a character index); `fallback` when none. */
export function lineOfMatch(text: string, pattern: RegExp | string, from = 0, fallback = 1): number {
  const index = typeof pattern === 'string' ? text.indexOf(pattern, from) : text.slice(from).search(pattern);
  if (index < 0) return fallback;
  return lineAt(text, typeof pattern === 'string' ? index : from + index);
}

/** The names technologyFocus may use, mapped to the technology facts carry. */
const TECH_ALIASES: Record<string, string> = {
  javascript: 'javascript', js: 'javascript', typescript: 'javascript', ts: 'javascript', node: 'javascript', nodejs: 'javascript', 'node.js': 'javascript', npm: 'javascript', pnpm: 'javascript', yarn: 'javascript',
  python: 'python', py: 'python', pip: 'python', poetry: 'python', uv: 'python',
  go: 'go', golang: 'go',
  rust: 'rust', cargo: 'rust',
  ruby: 'ruby', gem: 'ruby', bundler: 'ruby',
  make: 'make', makefile: 'make',
};

export const normaliseTechnology = (name: string) => TECH_ALIASES[name.trim().toLowerCase()] ?? name.trim().toLowerCase();

/**
 * technologyFocus: facts of a focused technology first, facts of other technologies left
 * out; facts that belong to no technology (ADRs, README usage, architecture) stay.
 */
export function focusFacts(facts: readonly Fact[], focus: readonly string[] | undefined): Fact[] {
  if (!focus || focus.length === 0) return [...facts];
  const wanted = new Set(focus.map(normaliseTechnology));
  const kept = facts.filter((f) => f.technology === undefined || wanted.has(f.technology));
  return [...kept.filter((f) => f.technology !== undefined), ...kept.filter((f) => f.technology === undefined)];
}
