/**
 * Where a project keeps its ADRs, the one answer every tool uses (through `adr.catalog`
 * locate): a folder the project's ADR tool names (adr-tools' .adr-dir, log4brains'
 * adrFolder), else the first usual folder that holds at least one record.
 */
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { readConfinedText } from '../../../sdk/index.js';
import { parseAdr } from './parse-adr.js';
import { listMarkdownFiles } from './read-catalog.js';

/** The usual folders, most specific first: docs/architecture often holds other documents, so its records must parse as ADRs. */
export const ADR_DIRECTORY_CANDIDATES = [
  'docs/adr',
  'docs/adrs',
  'docs/decisions',
  'docs/architecture/decisions',
  'docs/architecture',
  'doc/adr',
  'doc/adrs',
  'adr',
  'adrs',
  'decisions',
  'architecture/decisions',
];

/** Config files of ADR tools that name the folder, looked at before the usual folders. */
export const ADR_CONFIG_FILES = ['.adr-dir', '.log4brains.yml'];

const MAX_CONFIG_BYTES = 64 * 1024;

export async function findAdrDirectory(projectRoot: string): Promise<{ dir: string | null; source: string }> {
  const root = resolve(projectRoot);
  const configured = await findConfiguredAdrDirectory(root);
  if (configured.dir) return configured;
  for (const candidate of ADR_DIRECTORY_CANDIDATES) {
    const dir = join(root, candidate);
    if ((await isDirectory(dir)) && (await holdsAdrs(dir))) return { dir, source: candidate };
  }
  return { dir: null, source: configured.source !== 'none' ? `${configured.source}; no ADR folder found` : 'none' };
}

/** The folder the project's ADR tool names (.adr-dir, then log4brains), used even while it holds no record yet. */
export async function findConfiguredAdrDirectory(projectRoot: string): Promise<{ dir: string | null; source: string }> {
  const root = resolve(projectRoot);
  const realRoot = await realpath(root).catch(() => root);
  const read = (name: string) => readConfinedText(join(root, name), [realRoot], { maxBytes: MAX_CONFIG_BYTES }).catch(() => null);
  const notes: string[] = [];
  const named: Array<[string, string | undefined]> = [
    ['.adr-dir', (await read('.adr-dir'))?.split(/\r?\n/)[0]?.trim()],
    ['.log4brains.yml', log4brainsFolder(await read('.log4brains.yml'))],
  ];
  for (const [source, line] of named) {
    if (!line) continue;
    const dir = resolve(root, line);
    const rel = relative(root, dir);
    // Config files are project content; they may not send a read-only scan outside the project.
    const inside = rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
    if (inside && (await isDirectory(dir))) return { dir, source };
    notes.push(`${source} names "${line}", which is not a folder in the project`);
  }
  return { dir: null, source: notes.length ? notes.join('; ') : 'none' };
}

/** log4brains' `project.adrFolder` (older configs put it at the top level). */
function log4brainsFolder(text: string | null): string | undefined {
  if (!text) return undefined;
  try {
    const config = parseYaml(text, { maxAliasCount: 10 }) as { project?: { adrFolder?: unknown }; adrFolder?: unknown } | null;
    const folder = config?.project?.adrFolder ?? config?.adrFolder;
    return typeof folder === 'string' && folder.trim() ? folder.trim() : undefined;
  } catch {
    return undefined;
  }
}

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then((s) => s.isDirectory(), () => false);
}

/** At least one record (parseAdr passes over README, index and template files). */
export async function holdsAdrs(dir: string): Promise<boolean> {
  const real = await realpath(dir).catch(() => null);
  if (!real) return false;
  for (const path of await listMarkdownFiles(real).catch(() => [])) {
    const text = await readConfinedText(join(real, path), [real], { maxBytes: 4 * 1024 * 1024 }).catch(() => null);
    if (text !== null && (await parseAdr(path, text)) !== null) return true;
  }
  return false;
}
