/**
 * A project's name as people call it: its manifest's (package.json, pyproject.toml, Cargo.toml,
 * go.mod), else its folder's. Paths like "." identify a folder, not a project: what is stored,
 * searched and reported for a project carries this name so "typer" finds the typer repository.
 */
import { basename, join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import type { Workspace } from './services.js';

const MAX_MANIFEST = 1024 * 1024;

type Reader = (text: string) => unknown;

const field = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Manifests in the order their ecosystems' tools would read them; each returns the declared name or nothing. */
const READERS: ReadonlyArray<[string, Reader]> = [
  ['package.json', (text) => (JSON.parse(text) as { name?: unknown }).name],
  [
    'pyproject.toml',
    (text) => {
      const data = parseToml(text) as { project?: { name?: unknown }; tool?: { poetry?: { name?: unknown } } };
      return field(data.project?.name) ?? data.tool?.poetry?.name;
    },
  ],
  ['Cargo.toml', (text) => (parseToml(text) as { package?: { name?: unknown } }).package?.name],
  // A Go module path's last element is what its users call it (github.com/spf13/cobra: cobra; a /v2 suffix is a version).
  ['go.mod', (text) => /^module\s+"?([^\s"]+)"?/m.exec(text)?.[1]?.split('/').filter((part) => !/^v\d+$/.test(part)).pop()],
];

/** The name a manifest at `root` (a real path in the workspace) declares, or null. */
export async function manifestName(workspace: Workspace, root: string): Promise<string | null> {
  for (const [file, read] of READERS) {
    const text = await workspace.readText(join(root, file), { maxBytes: MAX_MANIFEST }).catch(() => null);
    if (text === null) continue;
    try {
      const name = field(read(text));
      if (name) return name;
    } catch {
      // A manifest that does not parse names nothing; the next one may.
    }
  }
  return null;
}

/**
 * The name of the project at `path` (workspace-relative or absolute): its manifest's name, else its
 * folder's ("." is the workspace root's folder). Never throws: a path outside the workspace or
 * missing still gets its last segment.
 */
export async function projectName(workspace: Workspace, path: string): Promise<string> {
  const root = await workspace.resolve(path).catch(() => null);
  const named = root ? await manifestName(workspace, root) : null;
  if (named) return named;
  const folder = basename(root ?? path.replace(/[\\/]+$/, ''));
  return folder && folder !== '.' ? folder : basename(workspace.root);
}

/** "climber" for the root, "api (packages/api)" for a folder whose name is not its path: a name with where it is. */
export async function projectLabel(workspace: Workspace, path: string): Promise<string> {
  const name = await projectName(workspace, path);
  return path === '.' || path === '' || path === name ? name : `${name} (${path})`;
}
