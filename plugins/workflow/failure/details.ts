/** What the error text names: files (with lines), packages, environment variables, the failing function. */
import { servicesByPort } from '../../project/api.js';
import type { ProjectContext } from '../project/context.js';

export interface NamedFile {
  /** Relative to the project, as found in its file list. */
  path: string;
  line: number | null;
  /** As written in the details. */
  raw: string;
}

const FILE = /(?:[A-Za-z]:)?(?:[\w@.+-]+[\\/])*[\w@+-][\w.@+-]*\.(?:[cm]?[jt]sx?|py|go|rs|java|kt|rb|php|cs|json|ya?ml|toml|lock|mod|sum|cfg|ini|txt|env(?:\.\w+)?)(?::(\d+))?(?::\d+)?/g;
const BARE = /\b(Dockerfile|Makefile|\.env(?:\.example)?|\.nvmrc)\b/g;

/** Files the details name that exist in the project (matched by path or by path suffix). */
export function namedFiles(details: string, project: ProjectContext): NamedFile[] {
  const found = new Map<string, NamedFile>();
  const paths = [...project.fileSet];
  const consider = (raw: string, candidate: string, line: number | null) => {
    const clean = candidate.replace(/\\/g, '/').replace(/^\.\//, '');
    const rel = project.projectPath === '.' ? clean : clean.startsWith(`${project.projectPath}/`) ? clean.slice(project.projectPath.length + 1) : clean;
    // Absolute paths from another machine end with a project path; short ones ("cache.py") end a project path.
    const match = project.fileSet.has(rel)
      ? rel
      : (paths.filter((path) => rel.endsWith(`/${path}`)).sort((a, b) => b.length - a.length)[0] ?? paths.find((path) => path.endsWith(`/${rel}`) && !path.includes('node_modules/')));
    if (match && !found.has(match)) found.set(match, { path: match, line, raw });
  };
  for (const m of details.matchAll(FILE)) {
    const raw = m[0];
    const path = raw.replace(/(:\d+){1,2}$/, '');
    consider(raw, path, m[1] ? Number(m[1]) : null);
  }
  // Python tracebacks: File "app/cache.py", line 12
  for (const m of details.matchAll(/File "([^"]+)", line (\d+)/g)) consider(m[0], m[1]!, Number(m[2]));
  for (const m of details.matchAll(BARE)) consider(m[0], m[1]!, null);
  return [...found.values()];
}

/** Package names in dependency errors: npm's "Found: x@1", "peer x@^2", "Cannot find module 'x'", Python's "No module named 'x'". */
export function namedPackages(details: string): string[] {
  const names = new Set<string>();
  const add = (name: string | undefined) => {
    if (!name || name.startsWith('.') || name.startsWith('/')) return;
    const scoped = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]!;
    if (/^[@\w][\w.@/-]*$/.test(scoped)) names.add(scoped);
  };
  for (const m of details.matchAll(/(?:Found|peer|Could not resolve dependency:\s*(?:peer\s+)?|While resolving:)\s*((?:@[\w.-]+\/)?[\w.-]+)@/g)) add(m[1]);
  for (const m of details.matchAll(/Cannot find (?:module|package) ['"]([^'"]+)['"]/g)) add(m[1]);
  for (const m of details.matchAll(/No module named ['"]([\w.]+)['"]/g)) add(m[1]!.split('.')[0]);
  for (const m of details.matchAll(/Can't resolve ['"]([^'"]+)['"]/g)) add(m[1]);
  return [...names];
}

/** Upper-case names that read like environment variables, near words that say so. */
export function namedEnvVars(details: string): string[] {
  const names = new Set<string>();
  for (const m of details.matchAll(/(?:process\.env\.|os\.environ(?:\.get)?\(?\[?['"]|Getenv\("|KeyError: ')([A-Z][A-Z0-9_]+)/g)) names.add(m[1]!);
  for (const m of details.matchAll(/\b([A-Z][A-Z0-9]*_[A-Z0-9_]+)\b(?=[^.\n]{0,40}\b(?:is not set|not set|missing|undefined|required|environment))/g)) names.add(m[1]!);
  return [...names];
}

/** The failing function or method and its file, from the innermost frame of a stack trace or traceback; null when none is named. */
export function failingFrame(details: string): { unit: string; file: string | null } | null {
  // Node: the first "at fn (file:line:col)" frame is the innermost.
  for (const m of details.matchAll(/\bat (?:async )?(?:[\w$]+\.)*([\w$<>]+) \(([^)]*?\.[cm]?[jt]sx?):\d+/g)) {
    if (!/^(Object|Module|process|processTicksAndRejections|<anonymous>)$/.test(m[1]!) && !m[2]!.includes('node_modules') && !m[2]!.startsWith('node:')) return { unit: m[1]!, file: m[2]! };
  }
  // Python: the last frame is the innermost.
  const python = [...details.matchAll(/File "([^"]+)", line \d+, in (\w+)/g)].filter((m) => m[2] !== '<module>' && !/site-packages/.test(m[1]!)).pop();
  if (python) return { unit: python[2]!, file: python[1]! };
  const go = details.match(/--- FAIL: (Test\w+)/);
  if (go) return { unit: go[1]!, file: null };
  return null;
}

/** Well-known ports and the services behind them (an ECONNREFUSED names the port, not the service): the technology catalogue's `port`. */
export const PORT_SERVICES: Record<string, string> = servicesByPort();

/** Technologies the details mention, among those the project uses (and services named by their port). */
export function namedTechnologies(details: string, technologies: readonly string[]): string[] {
  const lower = details.toLowerCase();
  const named = new Set(technologies.filter((tech) => lower.includes(tech.toLowerCase())));
  for (const m of details.matchAll(/:(\d{4,5})\b/g)) if (PORT_SERVICES[m[1]!]) named.add(PORT_SERVICES[m[1]!]!);
  return [...named];
}
