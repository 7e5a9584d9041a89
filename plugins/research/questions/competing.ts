/**
 * Dependencies with several competing choices: two HTTP clients or two test
 * runners in the same manifest mean a choice nobody settled. The groups whose
 * members do the same job are the technology catalogue's; here, where each package is imported.
 */
import { join } from 'node:path';
import { competingGroups, type Ecosystem, type FileEntry, type ProjectScan } from '../../project/api.js';

export interface CompetingGroup {
  id: string;
  label: string;
  /** Research types it matters to besides technology. */
  performance: boolean;
  /** What to compare between the members, in this group's terms. */
  criteria: string;
  packages: Partial<Record<Ecosystem, string[]>>;
}

/** The groups and their members come from the project pack's technology catalogue (`competes`). */
export const COMPETING_GROUPS: readonly CompetingGroup[] = competingGroups();

export interface CompetingFinding {
  group: CompetingGroup;
  /** The members found, each with the manifests that declare it. */
  members: Array<{ name: string; manifests: string[] }>;
}

const normalise = (name: string, ecosystem: Ecosystem) => (ecosystem === 'pypi' ? name.toLowerCase().replace(/[-_.]+/g, '-') : name.toLowerCase());

/** Groups with two or more members declared in the project's manifests. */
export function competingDependencies(scan: ProjectScan): CompetingFinding[] {
  const findings: CompetingFinding[] = [];
  for (const group of COMPETING_GROUPS) {
    const members = new Map<string, string[]>();
    for (const manifest of scan.manifests) {
      const wanted = (group.packages[manifest.ecosystem] ?? []).map((name) => normalise(name, manifest.ecosystem));
      for (const dependency of manifest.dependencies) {
        if (!wanted.includes(normalise(dependency.name, manifest.ecosystem))) continue;
        members.set(dependency.name, [...(members.get(dependency.name) ?? []), manifest.path]);
      }
    }
    // prisma and @prisma/client are one choice.
    if (members.has('prisma') && members.has('@prisma/client')) members.delete('@prisma/client');
    if (members.size >= 2) findings.push({ group, members: [...members].map(([name, manifests]) => ({ name, manifests })) });
  }
  return findings;
}

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|py)$/;
/** Bounds of the import search: files read and bytes per file. */
const MAX_FILES = 400;
const MAX_BYTES = 256 * 1024;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** `read` is confined to the workspace (Workspace.readText). The product's own source files that import each package (JavaScript/TypeScript imports and requires, Python imports), first 5 per package. */
export async function importersOf(root: string, files: readonly FileEntry[], packages: string[], read: (path: string) => Promise<string>): Promise<Map<string, string[]>> {
  const patterns = packages.map((name) => {
    const n = escape(name);
    const py = escape(name.replace(/-/g, '_'));
    return { name, re: new RegExp(`(?:from\\s+['"]${n}(?:/[^'"]*)?['"]|require\\(\\s*['"]${n}(?:/[^'"]*)?['"]|import\\(\\s*['"]${n}['"]|import\\s+['"]${n}['"]|^\\s*(?:import|from)\\s+${py}\\b)`, 'm') };
  });
  const found = new Map<string, string[]>(packages.map((name) => [name, []]));
  const sources = files.filter((f) => SOURCE.test(f.path) && (!f.folder || f.folder === 'product' || f.folder === 'test') && f.size <= MAX_BYTES).slice(0, MAX_FILES);
  for (const file of sources) {
    const text = await read(join(root, file.path)).catch(() => '');
    for (const { name, re } of patterns) {
      const list = found.get(name)!;
      if (list.length < 5 && re.test(text)) list.push(file.path);
    }
  }
  return found;
}
