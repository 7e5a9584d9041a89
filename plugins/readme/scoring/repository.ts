/** What the repository next to a README holds that the criteria accept instead of a section: a licence file, a contributing guide. */
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';

export interface RepositoryFacts {
  /** The folder looked in (real path). */
  root: string;
  /** Relative to root; null when none. */
  licenseFile: string | null;
  contributingFile: string | null;
}

const LICENSE = /^(?:license|licence|copying|unlicense)(?:[.-][\w.-]+)?$/i;
const CONTRIBUTING = /^contributing(?:\.(?:md|markdown|rst|txt|adoc))?$/i;

async function find(root: string, folders: readonly string[], pattern: RegExp): Promise<string | null> {
  for (const folder of folders) {
    const entries = await readdir(join(root, folder), { withFileTypes: true }).catch(() => []);
    const hit = entries.find((e) => e.isFile() && pattern.test(e.name));
    if (hit) return relative(root, join(root, folder, hit.name)).replace(/\\/g, '/');
  }
  return null;
}

export async function repositoryFacts(root: string): Promise<RepositoryFacts> {
  return {
    root,
    licenseFile: await find(root, ['.'], LICENSE),
    contributingFile: await find(root, ['.', '.github', 'docs'], CONTRIBUTING),
  };
}
