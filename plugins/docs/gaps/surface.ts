/**
 * What a project exposes to its users, read from its files by linear regex scans (no
 * compiler): CLI commands and flags (commander, yargs, argparse, click, cobra, package.json
 * bin and scripts), environment variables, exported functions/classes/constants (JS/TS
 * entry modules, Python packages), config keys (JSON schemas) and README features.
 * Every item keeps the file and line it was found at.
 */
import { topLevelKeys } from './object-keys.js';
import { lineIndex } from '../../../sdk/index.js';
import type { ProjectText, TextFile } from './project-files.js';
import { parameterFlags, pyprojectScripts } from './python-cli.js';

export type SurfaceKind = 'cli-command' | 'cli-flag' | 'env-var' | 'export' | 'script' | 'config-key' | 'feature';

export interface SurfaceItem {
  kind: SurfaceKind;
  name: string;
  file: string;
  line: number;
}

type Collect = (kind: SurfaceKind, name: string, file: TextFile, index: number) => void;

/** Flags every CLI has; documenting them is not a gap. */
const IMPLICIT_FLAGS = new Set(['--help', '--version']);

// ---- CLI ----

const COMMAND_PATTERNS = [
  /\.command\(\s*(['"`])([a-z][\w:-]*)/g, // commander, yargs
  /\badd_parser\(\s*(['"])([a-z][\w:-]*)/g, // argparse subcommands
  /@\w+\.command\(\s*(?:name\s*=\s*)?(['"])([a-z][\w:-]*)/g, // click
  /\bUse:\s*(")([a-z][\w:-]*)/g, // cobra
];
/** Calls whose first string argument holds flags: commander .option('-p, --priority <x>'), argparse add_argument('-v', '--verbose'), click.option. */
const FLAG_CALL = /(?:\.(?:option|requiredOption)|\bnew\s+Option|\badd_argument|@click\.option|@\w+\.option|\btyper\.Option)\(\s*((?:(['"])[^'"\n]*\2\s*,?\s*)+)/g;
/** yargs .option('name', {...}) names the flag without dashes. */
const YARGS_OPTION = /\.(?:option|positional)\(\s*(['"])([a-z][\w-]*)\1\s*,\s*\{/g;
/** cobra: Flags().StringVarP(&v, "name", "n", ...) / Flags().Bool("name", ...). */
const COBRA_FLAG = /Flags\(\)\.\w+\(\s*(?:&[\w.]+\s*,\s*)?"([a-z][\w-]*)"/g;

/** Whether the match at `index` sits in a comment line (a JSDoc usage example is not the CLI). */
function commented(text: string, index: number): boolean {
  const lineStart = text.lastIndexOf('\n', index) + 1;
  return /^\s*(?:\/\/|#|\*|\/\*)/.test(text.slice(lineStart, index));
}

function cli(file: TextFile, add: Collect): void {
  for (const pattern of COMMAND_PATTERNS) for (const m of file.text.matchAll(pattern)) if (!commented(file.text, m.index)) add('cli-command', m[2]!, file, m.index);
  for (const m of file.text.matchAll(FLAG_CALL)) {
    if (commented(file.text, m.index)) continue;
    // Leading string arguments that start with a dash are flag specs; the first other string is a description.
    for (const arg of m[1]!.matchAll(/(['"])([^'"\n]*)\1/g)) {
      if (!arg[2]!.trimStart().startsWith('-')) break;
      for (const flag of arg[2]!.matchAll(/--[a-zA-Z][\w-]*/g)) add('cli-flag', flag[0], file, m.index);
    }
  }
  if (/\byargs\b/.test(file.text)) {
    for (const m of file.text.matchAll(YARGS_OPTION)) add('cli-flag', `--${m[2]}`, file, m.index);
    for (const m of file.text.matchAll(/\.options\(\s*\{/g)) for (const [key, at] of topLevelKeys(file.text, m.index + m[0].length)) add('cli-flag', `--${key}`, file, at);
  }
  if (/cobra/.test(file.text)) for (const m of file.text.matchAll(COBRA_FLAG)) add('cli-flag', `--${m[1]}`, file, m.index);
}

// ---- environment variables ----

const ENV_PATTERNS: Array<[RegExp, RegExp]> = [
  [/\.[cm]?[jt]sx?$/, /\bprocess\.env\.([A-Z_][A-Z0-9_]*)|\bprocess\.env\[\s*['"`]([A-Z_][A-Z0-9_]*)['"`]\s*\]|\bimport\.meta\.env\.([A-Z_][A-Z0-9_]*)/g],
  [/\.py$/, /\bos\.environ\[\s*['"]([A-Z_][A-Z0-9_]*)['"]\s*\]|\bos\.(?:environ\.get|getenv)\(\s*['"]([A-Z_][A-Z0-9_]*)['"]/g],
  [/\.go$/, /\bos\.(?:Getenv|LookupEnv)\(\s*"([A-Z_][A-Z0-9_]*)"/g],
];
/** Set by the runtime or the CI, not part of the project's configuration. */
const RUNTIME_ENV = /^(?:NODE_ENV|NODE_OPTIONS|CI|HOME|PATH|PWD|USER|SHELL|TMPDIR|TEMP|TMP|LANG|TZ|TERM|DEBUG|PYTHONPATH|VIRTUAL_ENV|GOPATH)$/;

function envVars(file: TextFile, add: Collect): void {
  for (const [path, pattern] of ENV_PATTERNS) {
    if (!path.test(file.path)) continue;
    for (const m of file.text.matchAll(pattern)) {
      const name = m.slice(1).find(Boolean)!;
      if (commented(file.text, m.index)) continue;
      if (!RUNTIME_ENV.test(name)) add('env-var', name, file, m.index);
    }
  }
}

/** Variables an env template (.env.example, .env.sample, .env.template) asks users to set. */
function envTemplate(file: TextFile, add: Collect): void {
  if (!/(?:^|\/)\.env\.(?:example|sample|template)$/.test(file.path)) return;
  for (const m of file.text.matchAll(/^[ \t]*(?:export[ \t]+)?([A-Z_][A-Z0-9_]*)[ \t]*=/gm)) {
    if (!RUNTIME_ENV.test(m[1]!)) add('env-var', m[1]!, file, m.index);
  }
}

// ---- exports ----

const JS_EXPORT = /^export\s+(?:default\s+)?(?:declare\s+)?(?:async\s+)?(?:function\*?|class|const|let|var|enum|abstract\s+class)\s+([A-Za-z_$][\w$]*)/gm;
const JS_EXPORT_LIST = /^export\s*\{([^}]*)\}(\s*from\s*['"]([^'"]+)['"])?/gm;
const JS_EXPORT_STAR = /^export\s*\*\s*(?:as\s+(\w+)\s*)?from\s*['"]([^'"]+)['"]/gm;

/** The JS/TS modules a package presents: package.json main/module/exports (dist paths mapped back to src), followed through re-exports. */
function entryModules(project: ProjectText): TextFile[] | null {
  const byPath = new Map(project.sources.map((f) => [f.path, f]));
  const manifest = project.configs.find((f) => f.path === 'package.json');
  if (!manifest) return null;
  let pkg: { main?: unknown; module?: unknown; exports?: unknown };
  try {
    pkg = JSON.parse(manifest.text);
  } catch {
    return null;
  }
  const targets: string[] = [];
  const collect = (value: unknown) => {
    if (typeof value === 'string') targets.push(value);
    else if (value && typeof value === 'object') for (const v of Object.values(value)) collect(v);
  };
  collect(pkg.main);
  collect(pkg.module);
  collect(pkg.exports);
  const found = new Map<string, TextFile>();
  const visit = (target: string, depth: number) => {
    const file = resolveModule(target.replace(/^\.\//, ''), byPath);
    if (!file || found.has(file.path)) return;
    found.set(file.path, file);
    if (depth >= 4) return;
    const dir = file.path.includes('/') ? file.path.slice(0, file.path.lastIndexOf('/') + 1) : '';
    for (const m of file.text.matchAll(/^export\s*(?:\*|\{[^}]*\})\s*(?:as\s+\w+\s*)?from\s*['"](\.[^'"]+)['"]/gm)) visit(joinPath(dir, m[1]!), depth + 1);
  };
  for (const target of targets) visit(target, 0);
  return found.size > 0 ? [...found.values()] : null;
}

function joinPath(dir: string, relative: string): string {
  const parts = (dir + relative).split('/');
  const out: string[] = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

/** `dist/index.js` may be built from `src/index.ts`: try the path, its TS twin, and the src twin of a build folder. */
function resolveModule(path: string, byPath: Map<string, TextFile>): TextFile | undefined {
  // The source twin first: its exports are the ones written by hand.
  const bases = [path.replace(/^(?:dist|lib|build|out)\//, 'src/'), path];
  for (const base of bases) {
    const stem = base.replace(/\.(?:[cm]?js|d\.ts)$/, '');
    for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.js`, `${stem}.mjs`, `${stem}/index.ts`, `${stem}/index.js`]) {
      const file = byPath.get(candidate);
      if (file) return file;
    }
  }
  return undefined;
}

function jsExports(file: TextFile, add: Collect): void {
  for (const m of file.text.matchAll(JS_EXPORT)) add('export', m[1]!, file, m.index);
  for (const m of file.text.matchAll(JS_EXPORT_LIST)) {
    if (/^export\s*type\b/.test(m[0])) continue;
    for (const entry of m[1]!.split(',')) {
      const words = entry.trim().split(/\s+/);
      if (words[0] === 'type' || !words[0]) continue;
      const name = words.length >= 3 && words[1] === 'as' ? words[2]! : words[0];
      if (name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name)) add('export', name, file, m.index);
    }
  }
  for (const m of file.text.matchAll(JS_EXPORT_STAR)) if (m[1]) add('export', m[1], file, m.index);
  // CommonJS: `module.exports.fastify = fastify`, `exports.build = ...`, `module.exports = { a, b: c }`.
  for (const m of file.text.matchAll(CJS_EXPORT)) if (m[1] !== 'default') add('export', m[1]!, file, m.index);
  for (const m of file.text.matchAll(CJS_EXPORT_OBJECT)) for (const [key, at] of topLevelKeys(file.text, m.index + m[0].length, true)) add('export', key, file, at);
}

const CJS_EXPORT = /^(?:module\.)?exports\.([A-Za-z_$][\w$]*)\s*=/gm;
const CJS_EXPORT_OBJECT = /^module\.exports\s*=\s*\{/gm;

/** Public Python names: `__all__` when the module has one, else top-level defs and classes not starting with _. */
function pythonExports(file: TextFile, add: Collect): void {
  const all = /^__all__\s*=\s*[[(]([^\])]*)[\])]/m.exec(file.text);
  if (all) {
    for (const m of all[1]!.matchAll(/['"]([A-Za-z_]\w*)['"]/g)) add('export', m[1]!, file, all.index + m.index! + all[0].indexOf(all[1]!));
    return;
  }
  for (const m of file.text.matchAll(/^(?:async\s+)?(?:def|class)\s+([A-Za-z]\w*)/gm)) add('export', m[1]!, file, m.index);
}

function exports(project: ProjectText, add: Collect): void {
  const own = project.sources.filter((f) => f.own);
  const entries = entryModules(project);
  for (const file of entries ?? own.filter((f) => /\.[cm]?[jt]sx?$/.test(f.path) && !/(?:^|\/)(?:bin|scripts?)\//.test(f.path))) jsExports(file, add);
  const inits = own.filter((f) => f.path.endsWith('__init__.py'));
  const packages = new Set(inits.map((f) => f.path.slice(0, -'__init__.py'.length)));
  // A package whose __init__ declares __all__ states its API there: its other modules are internal.
  const declared = new Set(inits.filter((f) => /^__all__\s*=/m.test(f.text)).map((f) => f.path.slice(0, -'__init__.py'.length)));
  for (const file of own) {
    if (!file.path.endsWith('.py')) continue;
    const dir = file.path.slice(0, file.path.lastIndexOf('/') + 1);
    const base = file.path.slice(dir.length);
    if (!packages.has(dir) || /(?:^|\/)tests?\//.test(file.path)) continue;
    if (base !== '__init__.py' && (base.startsWith('_') || declared.has(dir) || /^(?:cli|main|conftest|setup)\.py$/.test(base))) continue;
    pythonExports(file, add);
  }
}

// ---- package.json bin and scripts, config keys, README features ----

/** npm lifecycle hooks run by npm itself: not commands a user types. */
const LIFECYCLE = /^(?:pre|post)|^(?:prepare|prepublishOnly|prepack|postpack|install|preinstall|postinstall)$/;

function manifest(project: ProjectText, add: Collect): void {
  const file = project.configs.find((f) => f.path === 'package.json');
  if (!file) return;
  let pkg: { bin?: unknown; name?: unknown; scripts?: Record<string, unknown> };
  try {
    pkg = JSON.parse(file.text);
  } catch {
    return;
  }
  const at = (key: string) => Math.max(0, file.text.indexOf(JSON.stringify(key)));
  const bins = typeof pkg.bin === 'string' && typeof pkg.name === 'string' ? [pkg.name.replace(/^@[^/]+\//, '')] : pkg.bin && typeof pkg.bin === 'object' ? Object.keys(pkg.bin) : [];
  for (const bin of bins) add('cli-command', bin, file, typeof pkg.bin === 'string' ? at('bin') : at(bin));
  for (const script of Object.keys(pkg.scripts ?? {})) if (!LIFECYCLE.test(script)) add('script', script, file, at(script));
}

/** Top-level `properties` of JSON schema files (*.schema.json, schema/*.json). */
function configKeys(project: ProjectText, add: Collect): void {
  for (const file of project.configs) {
    if (!/(?:\.schema\.json|(?:^|\/)schemas?\/[^/]+\.json)$/.test(file.path)) continue;
    let schema: { properties?: Record<string, unknown> };
    try {
      schema = JSON.parse(file.text);
    } catch {
      continue;
    }
    for (const key of Object.keys(schema.properties ?? {})) add('config-key', key, file, Math.max(0, file.text.indexOf(JSON.stringify(key))));
  }
}

/** Items of the README's "Features" section (a list under a heading containing "feature"). */
export function readmeFeatures(readme: TextFile, add: Collect): void {
  const heading = /^#{1,3}\s+.*\bfeatures?\b.*$/im.exec(readme.text);
  if (!heading) return;
  const start = heading.index + heading[0].length;
  const next = readme.text.slice(start).search(/^#{1,3}\s/m);
  const body = readme.text.slice(start, next === -1 ? undefined : start + next);
  for (const m of body.matchAll(/^[ \t]*[-*+][ \t]+(.+)$/gm)) add('feature', m[1]!.replace(/[*_`[\]]/g, '').replace(/\(([^)]*)\)/g, '').trim(), readme, start + m.index);
}

export type Depth = 'quick' | 'standard' | 'comprehensive';

/** quick: CLI and env vars; standard: + exports and scripts; comprehensive: + config keys and README features. */
export function extractSurface(project: ProjectText, depth: Depth, readme?: TextFile): SurfaceItem[] {
  const steps = surfaceSteps(project, depth, readme);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/** extractSurface with a turn of the event loop whenever `pause` says a slice is over (between files). */
export async function extractSurfaceSliced(project: ProjectText, depth: Depth, readme: TextFile | undefined, pause: () => Promise<void> | undefined): Promise<SurfaceItem[]> {
  const steps = surfaceSteps(project, depth, readme);
  let step = steps.next();
  while (!step.done) {
    await pause();
    step = steps.next();
  }
  return step.value;
}

/** The scan, one file per step: callers run it through or slice it. */
function* surfaceSteps(project: ProjectText, depth: Depth, readme?: TextFile): Generator<void, SurfaceItem[]> {
  const items: SurfaceItem[] = [];
  const seen = new Set<string>();
  const lines = new Map<TextFile, (index: number) => number>();
  const add: Collect = (kind, name, file, index) => {
    if (kind === 'cli-flag' && IMPLICIT_FLAGS.has(name)) return;
    const key = `${kind}\0${name}`;
    if (seen.has(key)) return; // first occurrence is the evidence
    seen.add(key);
    let line = lines.get(file);
    if (!line) lines.set(file, (line = lineIndex(file.text)));
    items.push({ kind, name, file: file.path, line: line(index) });
  };
  const own = project.sources.filter((f) => f.own);
  for (const file of own) {
    cli(file, add);
    parameterFlags(file, add);
    yield;
  }
  manifest(project, (kind, name, file, index) => (kind === 'script' && depth === 'quick' ? undefined : add(kind, name, file, index)));
  for (const file of project.configs) pyprojectScripts(file, add);
  for (const file of own) {
    envVars(file, add);
    yield;
  }
  for (const file of project.configs) envTemplate(file, add);
  if (depth === 'quick') return items;
  yield;
  exports(project, add);
  if (depth === 'standard') return items;
  configKeys(project, add);
  if (readme) readmeFeatures(readme, add);
  return items;
}
