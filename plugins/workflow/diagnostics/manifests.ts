/** Manifests parse, and each package.json's lockfile lists the dependencies it declares. */
import { posix } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import type { ProjectContext } from '../project/context.js';
import { MAX_EVIDENCE, ownFiles, readProjectFile, type DiagnosticCheck } from './check.js';
import { parseGoMod } from '../../project/api.js';

const MANIFEST = /(^|\/)(package\.json|pyproject\.toml|Cargo\.toml|go\.mod)$/;

export async function manifestsParse(project: ProjectContext): Promise<DiagnosticCheck> {
  const paths = ownFiles(project).map((f) => f.path).filter((p) => MANIFEST.test(p));
  const evidence: string[] = [];
  let failed = 0;
  for (const path of paths) {
    const text = await readProjectFile(project, path);
    const problem = text === null ? 'cannot be read' : parseProblem(path, text);
    if (problem) failed++;
    evidence.push(problem ? `${path}: ${problem}` : `${path}: parses`);
  }
  return {
    id: 'manifests-parse',
    name: 'Manifests parse',
    status: paths.length === 0 ? 'skip' : failed ? 'fail' : 'pass',
    detail: paths.length === 0 ? 'No package.json, pyproject.toml, Cargo.toml or go.mod in the project.' : failed ? `${failed} of ${paths.length} manifests do not parse.` : `${paths.length} manifest${paths.length === 1 ? '' : 's'} parse.`,
    evidence: evidence.slice(0, MAX_EVIDENCE),
  };
}

function parseProblem(path: string, text: string): string | null {
  try {
    if (path.endsWith('.json')) {
      const value = JSON.parse(text);
      if (!value || typeof value !== 'object' || Array.isArray(value)) return 'not a JSON object';
    } else if (path.endsWith('.toml')) {
      parseToml(text);
    } else if (path.endsWith('go.mod')) {
      return parseGoMod(text).problem;
    }
    return null;
  } catch (error) {
    return (error as Error).message.split('\n')[0]!.slice(0, 160);
  }
}

type Deps = Record<string, string>;

export async function lockfileInSync(project: ProjectContext): Promise<DiagnosticCheck> {
  const packages = ownFiles(project).map((f) => f.path).filter((p) => /(^|\/)package\.json$/.test(p));
  const evidence: string[] = [];
  let fail = 0;
  let warn = 0;
  let checked = 0;
  for (const path of packages) {
    const dir = posix.dirname(path);
    const near = (name: string) => (dir === '.' ? name : `${dir}/${name}`);
    const manifest = safeJson(await readProjectFile(project, path));
    if (!manifest) continue;
    const declared: Deps = { ...(manifest.dependencies ?? {}), ...(manifest.devDependencies ?? {}), ...(manifest.optionalDependencies ?? {}) };
    if (!Object.keys(declared).length) continue;
    checked++;
    const lockPath = near('package-lock.json');
    if (!project.fileSet.has(lockPath)) {
      const other = ['yarn.lock', 'pnpm-lock.yaml', 'npm-shrinkwrap.json', 'bun.lockb'].map(near).find((f) => project.fileSet.has(f));
      // A workspace member shares the root's lockfile.
      const rootLock = dir !== '.' && project.fileSet.has('package-lock.json');
      if (other) evidence.push(`${path}: locked by ${other} (not compared)`);
      else if (rootLock) evidence.push(`${path}: workspace member, locked by package-lock.json at the root`);
      else {
        warn++;
        evidence.push(`${path}: no lockfile next to it: installs are not reproducible`);
      }
      continue;
    }
    const lock = safeJson(await readProjectFile(project, lockPath, 50_000_000));
    const rootEntry = lock?.packages?.[''];
    if (!rootEntry) {
      warn++;
      evidence.push(`${lockPath}: ${lock ? `lockfileVersion ${lock.lockfileVersion ?? '?'} has no root package entry; not compared` : 'does not parse'}`);
      continue;
    }
    const locked: Deps = { ...(rootEntry.dependencies ?? {}), ...(rootEntry.devDependencies ?? {}), ...(rootEntry.optionalDependencies ?? {}) };
    const differences: string[] = [];
    for (const [name, range] of Object.entries(declared)) {
      if (!(name in locked)) differences.push(`${name}@${range} is in ${path} but not in ${lockPath}`);
      else if (locked[name] !== range) differences.push(`${name}: ${path} asks ${range}, ${lockPath} was made for ${locked[name]}`);
    }
    for (const name of Object.keys(locked)) if (!(name in declared)) differences.push(`${name} is in ${lockPath} but no longer in ${path}`);
    if (differences.length) {
      fail++;
      evidence.push(...differences);
    } else evidence.push(`${lockPath}: matches the ${Object.keys(declared).length} dependencies of ${path}`);
  }
  const status = checked === 0 ? 'skip' : fail ? 'fail' : warn ? 'warn' : 'pass';
  return {
    id: 'lockfile-in-sync',
    name: 'Lockfile in sync with package.json',
    status,
    detail:
      checked === 0 ? 'No package.json with dependencies.'
      : fail ? `${fail} lockfile${fail === 1 ? ' is' : 's are'} out of sync: \`npm install\` rewrites it, \`npm ci\` refuses to install.`
      : warn ? `${warn} package.json without a lockfile that could be compared.`
      : 'Every lockfile lists the dependencies its package.json declares.',
    evidence: evidence.slice(0, MAX_EVIDENCE),
  };
}

function safeJson(text: string | null): any {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
