/** Where a project keeps its ADRs: adr-tools' .adr-dir first, then the folders the common tools use. */
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { readConfinedText } from '../../../sdk/index.js';
import { parseAdr } from './parse-adr.js';
import { listMarkdownFiles } from './read-catalog.js';

export const ADR_DIRECTORY_CANDIDATES = [
  'docs/adrs',
  'doc/adr',
  'docs/adr',
  'docs/decisions',
  'docs/architecture/decisions',
  'architecture/decisions',
  'adr',
  'decisions',
];

export async function findAdrDirectory(projectRoot: string): Promise<{ dir: string | null; source: string }> {
  const root = resolve(projectRoot);
  const configured = await readConfinedText(join(root, '.adr-dir'), [await realpath(root).catch(() => root)], { maxBytes: 64 * 1024 }).catch(() => null);
  const line = configured?.split(/\r?\n/)[0]?.trim();
  if (line) {
    const dir = resolve(root, line);
    const rel = relative(root, dir);
    // .adr-dir is project content; it may not send a read-only scan outside the project.
    const inside = rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
    if (inside && (await isDirectory(dir))) return { dir, source: '.adr-dir' };
  }
  for (const candidate of ADR_DIRECTORY_CANDIDATES) {
    const dir = join(root, candidate);
    if ((await isDirectory(dir)) && (await holdsAdrs(dir))) return { dir, source: candidate };
  }
  return { dir: null, source: line ? `.adr-dir names "${line}", which is not a folder in the project; no ADR folder found` : 'none' };
}

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then((s) => s.isDirectory(), () => false);
}

async function holdsAdrs(dir: string): Promise<boolean> {
  const real = await realpath(dir).catch(() => null);
  if (!real) return false;
  for (const path of await listMarkdownFiles(real).catch(() => [])) {
    const text = await readConfinedText(join(real, path), [real], { maxBytes: 4 * 1024 * 1024 }).catch(() => null);
    if (text !== null && (await parseAdr(path, text)) !== null) return true;
  }
  return false;
}
