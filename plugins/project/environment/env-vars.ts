/**
 * Environment variables the code reads against those the project declares.
 * Uses come from source files (JS/TS, Python, Go, Ruby, Prisma schemas) and
 * compose `${VAR}` references; declarations from env templates (.env.example,
 * .env.sample, .env.template...), compose `environment:` keys and Dockerfile
 * ENV. Only names are kept, never values, and a real `.env` is never opened:
 * its existence is checked with stat and whether git ignores it is read from
 * the scan's listing.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileEntry } from '../scanner/index.js';
import type { ComposeInfo, DockerfileInfo } from './containers.js';
import { isEnvTemplate } from './containers.js';
import { lineIndex } from '../../../sdk/index.js';
import { baseName, BoundedReader, isOwnCode, MAX_SOURCE_FILES } from './read.js';
import { declaringFiles, namedIn, platformProvided } from './env-declarations.js';
import { isEnvWrite } from './env-writes.js';

type Extractor = RegExp;

const JS: Extractor[] = [
  /\bprocess\.env\.([A-Za-z_$][\w$]*)/g,
  /\bprocess\.env\[\s*(['"`])([A-Za-z_]\w*)\1\s*\]/g,
  /\bimport\.meta\.env\.([A-Za-z_]\w*)/g,
  /\bDeno\.env\.get\(\s*(['"`])([A-Za-z_]\w*)\1/g,
  /\bBun\.env\.([A-Za-z_]\w*)/g,
];
// Only the process environment: os.environ / os.getenv. A WSGI `environ['PATH_INFO']`,
// `request.environ[...]` or an ASGI `scope[...]` is a per-request dict, not configuration.
const PYTHON: Extractor[] = [
  /(?<![\w.])os\.environ\[\s*(['"])([A-Za-z_]\w*)\1\s*\]/g,
  /(?<![\w.])os\.environ\.get\(\s*(['"])([A-Za-z_]\w*)\1/g,
  /(?<![\w.])os\.getenv\(\s*(['"])([A-Za-z_]\w*)\1/g,
];
/** Bare `environ[...]` / `getenv(...)` count only in a file that imports them from os. */
const PYTHON_BARE: Record<'environ' | 'getenv', Extractor[]> = {
  environ: [/(?<![\w.])environ\[\s*(['"])([A-Za-z_]\w*)\1\s*\]/g, /(?<![\w.])environ\.get\(\s*(['"])([A-Za-z_]\w*)\1/g],
  getenv: [/(?<![\w.])getenv\(\s*(['"])([A-Za-z_]\w*)\1/g],
};
const FROM_OS = /^[ \t]*from[ \t]+os[ \t]+import[ \t]*\(?([^)\n]*)/gm;

/** The names a Python file imports from os (`from os import environ, getenv`), without aliases. */
function importedFromOs(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(FROM_OS)) {
    for (const part of match[1]!.split(',')) {
      const words = part.trim().split(/\s+/);
      if (words.length === 1) names.add(words[0]!);
    }
  }
  return names;
}
const GO: Extractor[] = [/\bos\.(?:Getenv|LookupEnv)\(\s*"([A-Za-z_]\w*)"/g];
const RUBY: Extractor[] = [/\bENV\[\s*(['"])([A-Za-z_]\w*)\1\s*\]/g, /\bENV\.fetch\(?\s*(['"])([A-Za-z_]\w*)\1/g];
const PRISMA: Extractor[] = [/\benv\(\s*"([A-Za-z_]\w*)"\s*\)/g];

function extractorsFor(path: string): Extractor[] | null {
  if (/\.d\.ts$|\.min\.js$/.test(path)) return null;
  if (/\.(js|jsx|ts|tsx|mjs|cjs|mts|cts|vue|svelte|astro)$/.test(path)) return JS;
  if (/\.py$/.test(path)) return PYTHON;
  if (/\.go$/.test(path)) return GO;
  if (/\.(rb|rake)$/.test(path)) return RUBY;
  if (/\.prisma$/.test(path)) return PRISMA;
  return null;
}

/** Set by the runtime, the CI or the framework, not by the project's own configuration. */
const BUILT_IN = /^(NODE_ENV|NODE_OPTIONS|NODE_DEBUG|CI|HOME|PATH|PWD|USER|SHELL|TMPDIR|TEMP|TMP|HOSTNAME|LANG|TZ|TERM|MODE|DEV|PROD|SSR|BASE_URL|PYTHONPATH|VIRTUAL_ENV|GOPATH|GOOS|GOARCH|RAILS_ENV|RACK_ENV|KUBERNETES_SERVICE_HOST|GITHUB_(?!TOKEN$)\w+|(npm|RUNNER|VERCEL|NETLIFY)_\w*|VERCEL|NETLIFY)$/;

export interface EnvUse {
  name: string;
  location: string;
}

export interface EnvVarReport {
  scannedFiles: number;
  skippedFiles: number;
  /** Source files past the read cap, not scanned. */
  notScanned: number;
  used: number;
  declared: number;
  templates: string[];
  missing: Array<{ name: string; occurrences: number; locations: string[] }>;
  missingCount: number;
  unused: Array<{ name: string; declaredIn: string[] }>;
  unusedCount: number;
  builtInIgnored: string[];
  /** Declared elsewhere than a template: compose environment or Dockerfile ENV. */
  providedBy: Array<{ source: string; keys: number }>;
  /** Real .env files: existence and ignore status only. */
  dotenvFiles: Array<{ path: string; gitignored: boolean | null }>;
  envFilesInCompose: string[];
}

export const TOP_MISSING = 20;
export const TOP_UNUSED = 20;

export async function analyseEnvVars(input: {
  root: string;
  files: readonly FileEntry[];
  truncated: boolean;
  folders: readonly string[];
  compose: readonly ComposeInfo[];
  dockerfiles: readonly DockerfileInfo[];
  /** Kubernetes manifests (from the scan) and serverless deployments (`path (platform)`): they declare variables too. */
  kubernetes?: readonly string[];
  serverless?: readonly string[];
  reader: BoundedReader;
}): Promise<EnvVarReport> {
  const { files, reader } = input;
  const uses = new Map<string, Set<string>>();
  const addUse = (name: string, location: string) => {
    const set = uses.get(name) ?? new Set<string>();
    set.add(location);
    uses.set(name, set);
  };

  let scanned = 0;
  let notScanned = 0;
  const skippedBefore = reader.skipped.length;
  for (const file of files) {
    const extractors = isOwnCode(file) ? extractorsFor(file.path) : null;
    if (!extractors) continue;
    if (scanned >= MAX_SOURCE_FILES) {
      notScanned++;
      continue;
    }
    scanned++;
    const text = await reader.text(file);
    if (text === null) continue;
    if (!/env|ENV|getenv|Getenv|LookupEnv/.test(text)) continue;
    for (const use of extractUses(file.path, text)) addUse(use.name, use.location);
  }

  const templateKeys = new Map<string, string[]>();
  const templates: string[] = [];
  for (const file of files) {
    if (!isEnvTemplate(file.path)) continue;
    templates.push(file.path);
    const text = await reader.text(file);
    if (text === null) continue;
    for (const match of text.matchAll(/^[ \t]*(?:export[ \t]+)?([A-Za-z_]\w*)[ \t]*=/gm)) {
      const list = templateKeys.get(match[1]!) ?? [];
      if (!list.includes(file.path)) list.push(file.path);
      templateKeys.set(match[1]!, list);
    }
  }

  const provided = new Set<string>();
  const providedBy: EnvVarReport['providedBy'] = [];
  const envFilesInCompose = new Set<string>();
  const defaulted = new Set<string>();
  for (const compose of input.compose) {
    for (const service of compose.services) {
      service.environmentKeys.forEach((key) => provided.add(key));
      if (service.environmentKeys.length) providedBy.push({ source: `${compose.path}: ${service.name}`, keys: service.environmentKeys.length });
      service.envFiles.forEach((path) => envFilesInCompose.add(path));
    }
    for (const reference of compose.references) {
      addUse(reference.name, `${compose.path}:${reference.line}`);
      if (reference.hasDefault) defaulted.add(reference.name);
    }
  }
  for (const dockerfile of input.dockerfiles) {
    dockerfile.envKeys.forEach((key) => provided.add(key));
    if (dockerfile.envKeys.length) providedBy.push({ source: dockerfile.path, keys: dockerfile.envKeys.length });
  }

  // Declared where a deployment or a reader finds it: CI job env, deployment manifests, docs; or set by the platform.
  const elsewhere = new Set<string>();
  const candidates = [...uses.keys()].filter((name) => !BUILT_IN.test(name) && !templateKeys.has(name) && !provided.has(name));
  if (candidates.length > 0) {
    const byPlatform = platformProvided(candidates, input.serverless ?? []);
    for (const [source, names] of byPlatform) {
      names.forEach((name) => elsewhere.add(name));
      providedBy.push({ source, keys: names.length });
    }
    for (const file of declaringFiles(files, input.kubernetes ?? [])) {
      const text = await reader.text(file);
      if (text === null) continue;
      const names = namedIn(text, candidates);
      names.forEach((name) => elsewhere.add(name));
      if (names.length > 0) providedBy.push({ source: file.path, keys: names.length });
    }
  }
  const builtInIgnored: string[] = [];
  const missing: EnvVarReport['missing'] = [];
  for (const [name, locations] of uses) {
    if (BUILT_IN.test(name)) {
      builtInIgnored.push(name);
      continue;
    }
    if (templateKeys.has(name) || provided.has(name) || elsewhere.has(name)) continue;
    // A compose reference with a default (${VAR:-x}) and no use in code needs no declaration.
    if (defaulted.has(name) && [...locations].every((location) => input.compose.some((compose) => location.startsWith(`${compose.path}:`)))) continue;
    missing.push({ name, occurrences: locations.size, locations: [...locations].slice(0, 5) });
  }
  missing.sort((a, b) => b.occurrences - a.occurrences || a.name.localeCompare(b.name));
  const unused = [...templateKeys]
    .filter(([name]) => !uses.has(name) && !provided.has(name))
    .map(([name, declaredIn]) => ({ name, declaredIn }))
    .sort((a, b) => a.name.localeCompare(b.name));

  return {
    scannedFiles: scanned,
    skippedFiles: reader.skipped.length - skippedBefore,
    notScanned,
    used: uses.size,
    declared: new Set([...templateKeys.keys(), ...provided, ...elsewhere]).size,
    templates,
    missing: missing.slice(0, TOP_MISSING),
    missingCount: missing.length,
    unused: unused.slice(0, TOP_UNUSED),
    unusedCount: unused.length,
    builtInIgnored: builtInIgnored.sort(),
    providedBy: providedBy.slice(0, 20),
    dotenvFiles: await dotenvFiles(input.root, files, input.folders, input.truncated),
    envFilesInCompose: [...envFilesInCompose],
  };
}

/** Every variable name read in one file, with file:line; commented-out lines are left out. */
export function extractUses(path: string, text: string): EnvUse[] {
  const extractors = extractorsFor(path);
  if (!extractors) return [];
  const lineOf = lineIndex(text);
  const seen = new Set<string>();
  const out: EnvUse[] = [];
  const add = (name: string, index: number) => {
    const lineStart = text.lastIndexOf('\n', index) + 1;
    if (/^\s*(\/\/|#|\*|\/\*)/.test(text.slice(lineStart, index))) return;
    const location = `${path}:${lineOf(index)}`;
    if (seen.has(`${name}@${location}`)) return;
    seen.add(`${name}@${location}`);
    out.push({ name, location });
  };
  const patterns = [...extractors];
  if (extractors === PYTHON) {
    const fromOs = importedFromOs(text);
    for (const name of ['environ', 'getenv'] as const) if (fromOs.has(name)) patterns.push(...PYTHON_BARE[name]);
  }
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      // `process.env.X = ...` sets the variable (a test preparing its environment), `'process.env.X'` names it (a bundler define): not reads.
      if (isEnvWrite(text, match.index, match.index + match[0].length)) continue;
      add(match[match.length - 1]!, match.index);
    }
  }
  if (extractors === JS) {
    // const { A, B: b, C = 'x', ...rest } = process.env
    for (const match of text.matchAll(/\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*process\.env\b/g)) {
      for (const entry of match[1]!.split(',')) {
        const name = /^\s*([A-Za-z_$][\w$]*)/.exec(entry)?.[1];
        if (name && !entry.trim().startsWith('...')) add(name, match.index);
      }
    }
  }
  return out;
}

const DOTENV_NAMES = ['.env', '.env.local', '.env.development', '.env.development.local', '.env.production', '.env.production.local', '.env.test', '.env.staging'];

/**
 * Real .env files at the project root and in subproject folders: a file on disk
 * but absent from the listing is ignored by git (or .gitignore); one in the
 * listing would be committed. Checked with stat only: never read.
 */
async function dotenvFiles(root: string, files: readonly FileEntry[], folders: readonly string[], truncated: boolean): Promise<EnvVarReport['dotenvFiles']> {
  const listed = new Set(files.filter((file) => /^\.env(\.[\w-]+)*$/.test(baseName(file.path)) && !isEnvTemplate(file.path)).map((file) => file.path));
  const found = new Map<string, boolean | null>();
  for (const path of listed) found.set(path, false);
  for (const folder of ['', ...folders].slice(0, 50)) {
    for (const name of DOTENV_NAMES) {
      const path = folder ? `${folder}/${name}` : name;
      if (found.has(path)) continue;
      const info = await stat(join(root, path)).catch(() => null);
      if (info?.isFile()) found.set(path, truncated ? null : true);
    }
  }
  return [...found].map(([path, gitignored]) => ({ path, gitignored })).sort((a, b) => a.path.localeCompare(b.path)).slice(0, 20);
}
