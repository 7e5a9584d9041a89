/**
 * Where a documentation section already lives. Projects name their Diataxis folders in their
 * own way (`docs/Reference`, `docs/Guides`, `docs/tutorial`): a writer that created
 * `docs/reference` beside `docs/Reference` would make two folders that are one on
 * case-insensitive file systems (macOS, Windows) and split the docs on the others. Both
 * setup_structure and populate_diataxis_content map their paths through here so one flow
 * writes into the folders the project has.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DiataxisSection } from './ssg.js';

/** Folder names that hold a section, best first (compared without case). */
export const SECTION_FOLDER_NAMES: Readonly<Record<DiataxisSection, readonly string[]>> = {
  tutorials: ['tutorials', 'tutorial'],
  'how-to': ['how-to', 'howto', 'how-to-guides', 'how-tos', 'guides'],
  reference: ['reference', 'references'],
  explanation: ['explanation', 'explanations', 'concepts'],
};

/** The names writers use for the sections (a user's own `guides/` segment is never remapped). */
const CANONICAL = new Set<string>(Object.keys(SECTION_FOLDER_NAMES));

/** Entries of `dir` (names), or none when it cannot be read. */
function entries(dir: string): Array<{ name: string; dir: boolean }> {
  try {
    return readdirSync(dir, { withFileTypes: true }).map((e) => ({ name: e.name, dir: e.isDirectory() || e.isSymbolicLink() }));
  } catch {
    return [];
  }
}

/** The name of the entry of `dir` equal to `name` but for case (the exact name first), if any. */
export function existingName(dir: string, name: string): string | undefined {
  const all = entries(dir);
  if (all.some((e) => e.name === name)) return name;
  return all.find((e) => e.name.toLowerCase() === name.toLowerCase())?.name;
}

/** The folder of `parent` that holds `section` already (any case, any usual name), if one does. */
export function existingSectionFolder(parent: string, section: DiataxisSection): string | undefined {
  const folders = entries(parent).filter((e) => e.dir);
  for (const wanted of SECTION_FOLDER_NAMES[section]) {
    const found = folders.find((e) => e.name === wanted) ?? folders.find((e) => e.name.toLowerCase() === wanted);
    if (found) return found.name;
  }
  return undefined;
}

/**
 * `relative` (forward slashes, below `root`) with each segment spelled as the folder or file
 * already there, and a segment naming a Diataxis section (`reference`, `how-to`) mapped to the
 * folder that holds that section (`Reference`, `Guides`). Segments that do not exist stay as given.
 */
export function reuseExistingPath(root: string, relative: string): string {
  const parts = relative.split('/').filter(Boolean);
  const out: string[] = [];
  let dir = root;
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1;
    const section = !last && CANONICAL.has(part) ? (part as DiataxisSection) : undefined;
    const name = (section ? existingSectionFolder(dir, section) : undefined) ?? existingName(dir, part) ?? part;
    out.push(name);
    dir = join(dir, name);
  }
  return out.join('/');
}
