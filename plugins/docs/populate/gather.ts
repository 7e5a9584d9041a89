/**
 * All facts of a project, read from the files the project scanner lists
 * (the product's own: test, fixture, example and vendored folders left out,
 * except decision records under docs/). Files are read through the
 * workspace, confined, and capped in size and number.
 */
import { join } from 'node:path';
import type { Workspace } from '../../../sdk/index.js';
import type { FileEntry, ProjectScanner, ProjectScan } from '../../project/api.js';
import type { Fact } from './facts.js';
import { cargoFacts, configSchemaFacts, gemfileFacts, goMainFacts, goModFacts, makefileFacts, packageJsonFacts, pyprojectFacts, requirementsFacts } from './manifest-facts.js';
import { ADR_FOLDER, architectureFacts, decisionFact, readmeFacts } from './prose-facts.js';
import { factoryOptionFacts, optionObjectFacts } from './options-facts.js';
import { isTestFile, languageOf, sourceFacts } from './source-facts.js';
import { typerFlagFacts } from './typer-facts.js';
import { isPublic } from '../gaps/audience.js';

const MAX_BYTES = 512 * 1024;
const MAX_SOURCE_FILES = 400;

export interface ProjectFacts {
  /** The project root (a real path) and its workspace-relative form. */
  root: string;
  path: string;
  scan: ProjectScan;
  files: readonly FileEntry[];
  facts: Fact[];
  /** Files that could not be read, with why. */
  skipped: Array<{ path: string; reason: string }>;
}

export async function gatherFacts(input: { root: string; workspace: Workspace; scanner: ProjectScanner; signal?: AbortSignal }): Promise<ProjectFacts> {
  const { root, workspace } = input;
  const { scan, files } = await input.scanner.scan(root, input.signal ? { signal: input.signal } : {});
  const listed = new Set(files.map((f) => f.path));
  const folders = new Set(files.flatMap((f) => f.path.split('/').slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join('/'))));
  const skipped: ProjectFacts['skipped'] = [];
  const read = async (path: string) => {
    try {
      return await workspace.readText(join(root, path), { maxBytes: MAX_BYTES });
    } catch (error) {
      skipped.push({ path, reason: (error as Error).message });
      return undefined;
    }
  };
  const own = files.filter((f) => (f.folder ?? null) === null && !isTestFile(f.path));
  const facts: Fact[] = [];
  const entries: string[] = [];
  const readers: Array<[(f: FileEntry) => boolean, (path: string, text: string) => Fact[] | Promise<Fact[]>]> = [
    [(f) => f.path.endsWith('package.json'), (p, t) => packageJsonFacts(p, t, listed)],
    [(f) => f.path.endsWith('pyproject.toml'), (p, t) => pyprojectFacts(p, t, listed)],
    [(f) => /(^|\/)requirements\.txt$/.test(f.path), (p) => requirementsFacts(p)],
    [(f) => f.path.endsWith('go.mod'), goModFacts],
    [(f) => f.path.endsWith('Cargo.toml'), cargoFacts],
    [(f) => /(^|\/)Gemfile$/.test(f.path), (p) => gemfileFacts(p)],
    [(f) => /(^|\/)(GNU)?[Mm]akefile$/.test(f.path), makefileFacts],
    [(f) => /\.schema\.json$/.test(f.path), configSchemaFacts],
  ];
  // Manifests of nested packages count too; node_modules is never listed by the scanner.
  for (const file of own) {
    const reader = readers.find(([match]) => match(file));
    if (!reader) continue;
    const text = await read(file.path);
    if (text === undefined) continue;
    facts.push(...(await reader[1](file.path, text)));
    if (file.path.endsWith('package.json')) entries.push(...entryFiles(file.path, text));
  }
  if (scan.documentation.readme) {
    const text = await read(scan.documentation.readme);
    if (text !== undefined) facts.push(...(await readmeFacts(scan.documentation.readme, text)));
  }
  const sources = own.filter((f) => languageOf(f.path) !== undefined).slice(0, MAX_SOURCE_FILES);
  for (const file of sources) {
    const text = await read(file.path);
    if (text === undefined) continue;
    // Typer-style flags first: they carry their command and help, which a bare '--flag' string does not.
    if (file.path.endsWith('.py')) facts.push(...typerFlagFacts(file.path, text));
    facts.push(...sourceFacts(file.path, text));
    if (file.path.endsWith('.go')) facts.push(...goMainFacts(file.path, text));
    if (languageOf(file.path) === 'javascript') facts.push(...optionObjectFacts(file.path, text), ...(entries.includes(file.path) ? factoryOptionFacts(file.path, text) : []));
  }
  for (const file of files.filter((f) => ADR_FOLDER.test(f.path)).slice(0, 200)) {
    const text = await read(file.path);
    const fact = text === undefined ? undefined : decisionFact(file.path, text);
    if (fact) facts.push(fact);
  }
  facts.push(...architectureFacts(scan.architecture, (p) => listed.has(p) || folders.has(p)));
  // A package's public API is what its entry module exports; other modules' exports are internal.
  if (entries.length > 0) for (const fact of facts) if (fact.kind === 'export' && fact.technology === 'javascript' && !entries.includes(fact.source.file)) fact.group = 'internal';
  return { root, path: workspace.relative(root) || '.', scan, files, facts: dedupe(facts), skipped };
}

/**
 * One fact per kind and name: the first place it was read (manifests before sources), a
 * public module before an example or a maintainer script naming the same flag.
 */
function dedupe(facts: Fact[]): Fact[] {
  const chosen = new Map<string, Fact>();
  for (const f of facts) {
    const key = `${f.kind}\0${f.name}`;
    const current = chosen.get(key);
    if (!current || (!isPublic(current.source.file, current.name) && isPublic(f.source.file, f.name))) chosen.set(key, f);
  }
  const kept = new Set(chosen.values());
  return facts.filter((f) => kept.has(f));
}

/** The modules package.json names as its entry points (main, module, exports strings). */
function entryFiles(path: string, text: string): string[] {
  const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '';
  try {
    const pkg = JSON.parse(text) as Record<string, unknown>;
    const exported = typeof pkg.exports === 'string' ? [pkg.exports] : pkg.exports && typeof pkg.exports === 'object' ? Object.values(pkg.exports as object).filter((v): v is string => typeof v === 'string') : [];
    return [pkg.main, pkg.module, ...exported].filter((v): v is string => typeof v === 'string').map((v) => dir + v.replace(/^\.\//, ''));
  } catch {
    return [];
  }
}
