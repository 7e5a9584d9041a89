/**
 * Names no tool may write, shared by every pack that writes files:
 *  - `.git` (file or folder, any depth): a planted `.git` file or git config
 *    makes git run commands;
 *  - `.toolpack`: Toolpack's store and security key;
 *  - Toolpack's config files (toolpack.config.*, .toolpackrc*): loaded, and for
 *    toolpack.config.* run, at the next start.
 * Names are compared as a case-insensitive file system would see them, with the
 * characters HFS+ ignores and Windows' trailing dots and spaces dropped.
 */

/** Code points some file systems ignore in names (HFS+), so ".g\u200cit" is ".git" there. */
const IGNORABLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g;

export const canonicalName = (name: string) => name.normalize('NFC').replace(IGNORABLE, '').replace(/[. ]+$/, '').toLowerCase();

/** `.git`, or its 8.3 short name. */
export const isGitName = (name: string) => canonicalName(name) === '.git' || /^git~\d+$/i.test(name);
export const isToolpackDataName = (name: string) => canonicalName(name) === '.toolpack' || /^toolpa~\d+$/i.test(name);

/**
 * The names core/config/load.ts searches (CONFIG_SEARCH_PLACES), with any
 * extension: toolpack.config.{ts,mts,js,mjs,cjs}, .toolpackrc[.json|.yaml|.yml].
 * package.json is a config only through its "toolpack" key: see isPackageJsonName.
 */
export const isConfigName = (name: string) => /^(toolpack\.config\..+|\.toolpackrc(\..+)?)$/.test(canonicalName(name));

export const isPackageJsonName = (name: string) => canonicalName(name) === 'package.json';

/** Why a file at `components` (path components below a workspace root) may not be written, or null. */
export function protectedWriteReason(components: readonly string[]): string | null {
  if (components.some(isGitName)) return 'names a .git file or folder, which git reads as repository metadata (it can make git run commands); no tool writes one';
  if (components.some(isToolpackDataName)) return "is in .toolpack, Toolpack's own data (the store and the security key); no tool writes there";
  if (isConfigName(components.at(-1) ?? '')) return 'is a Toolpack configuration file, which is loaded (and for toolpack.config.* run) at the next start; no tool writes one';
  return null;
}
