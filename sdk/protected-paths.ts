/**
 * Names no tool may read or write (the one rule; the workspace service and the
 * confined open apply it to every path a pack touches):
 *  - `.git` (file or folder, any depth): a planted `.git` file or git config
 *    makes git run commands, and its config can hold credentials;
 *  - `.toolpack`: Toolpack's store and security key (a per-rule match count
 *    over the key file would spell it out);
 *  - Toolpack's config files (toolpack.config.*, .toolpackrc*): loaded, and for
 *    toolpack.config.* run, at the next start; they can hold the store URL.
 * Names are compared as a case-insensitive file system would see them, with the
 * characters HFS+ ignores and Windows' trailing dots and spaces dropped.
 */

/** Code points some file systems ignore in names (HFS+), so ".g\u200cit" is ".git" there. */
const IGNORABLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g;

export const canonicalName = (name: string) => name.normalize('NFC').replace(IGNORABLE, '').replace(/[. ]+$/, '').toLowerCase();

type ProtectedKind = 'git' | 'data' | 'config';

/** What a name is to Toolpack, canonicalised once (every confined read asks, per path component). */
function kindOf(name: string): ProtectedKind | null {
  const canonical = canonicalName(name);
  // `.git`, or its 8.3 short name.
  if (canonical === '.git' || /^git~\d+$/i.test(name)) return 'git';
  if (canonical === '.toolpack' || /^toolpa~\d+$/i.test(name)) return 'data';
  // The names core/config/load.ts searches (CONFIG_SEARCH_PLACES), with any extension:
  // toolpack.config.{ts,mts,js,mjs,cjs}, .toolpackrc[.json|.yaml|.yml]. package.json is a
  // config only through its "toolpack" key: see isPackageJsonName.
  if (/^(toolpack\.config\..+|\.toolpackrc(\..+)?)$/.test(canonical)) return 'config';
  return null;
}

export const isGitName = (name: string) => kindOf(name) === 'git';
export const isToolpackDataName = (name: string) => kindOf(name) === 'data';
export const isConfigName = (name: string) => kindOf(name) === 'config';

export const isPackageJsonName = (name: string) => canonicalName(name) === 'package.json';

/**
 * Why the path `components` (path components below a workspace root) may not be
 * read or written by a tool, or null: any component named .git, .toolpack or
 * like a Toolpack config file (a folder so named would stop the next start, or
 * hold what it refers to). Every reader and writer applies it through the
 * workspace service (core/services/workspace.ts) and the confined open
 * (sdk/confined-fs.ts); the kernel's own git and store code reads .git and
 * .toolpack itself and never takes a tool's path.
 */
export function protectedPathReason(components: readonly string[]): string | null {
  const kinds = new Set<ProtectedKind | null>(components.map(kindOf));
  if (kinds.has('git')) return 'names a .git file or folder: repository metadata (its config can make git run commands and may hold credentials); no tool reads or writes it';
  if (kinds.has('data')) return "is in .toolpack, Toolpack's own data (the store and the security key); no tool reads or writes there";
  if (kinds.has('config')) return 'is a Toolpack configuration file (it can hold the store URL, is loaded and for toolpack.config.* run at the next start); no tool reads or writes one';
  return null;
}

/** The same rule, for writers that name it so. */
export const protectedWriteReason = protectedPathReason;

/** A listing entry a tool never sees: it could only be read or written through a protected path. */
export const isProtectedName = (name: string) => protectedPathReason([name]) !== null;
