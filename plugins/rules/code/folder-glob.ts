/**
 * A glob naming a set of folders within the schema's 300 characters. Listing
 * the folders (`{a/b,c/d}/**`) is exact but grows with the repository: a Go
 * monorepo has a `client/cli` in every module. Past the limit the glob is
 * summarised by a folder name every listed folder shares (`**\/migrations/**`)
 * or by their last segments (`**\/{cli,commands}/**`), and only when it
 * selects none of the files it must keep apart; null when nothing fits.
 */
import { compileGlob } from '../../../sdk/glob.js';
import { MAX_GLOB_CHARS } from '../model/schema.js';

const listed = (dirs: readonly string[]) => (dirs.length === 1 ? `${dirs[0]}/**` : `{${dirs.join(',')}}/**`);
const anywhere = (names: readonly string[]) => (names.length === 1 ? `**/${names[0]}/**` : `**/{${[...names].sort().join(',')}}/**`);

/** `dirs`: the folders; `apart`: files the glob must not select (the other layer's). */
export function folderGlob(dirs: readonly string[], apart: readonly string[]): string | null {
  const exact = listed(dirs);
  if (exact.length <= MAX_GLOB_CHARS) return exact;
  const segments = dirs.map((dir) => dir.split('/'));
  const shared = segments[0]!.filter((name) => segments.every((parts) => parts.includes(name)));
  // The segment nearest the files first: it says most about what they are.
  const candidates = [...shared.reverse().map((name) => anywhere([name]))];
  for (let depth = 1; depth <= 3; depth++) candidates.push(anywhere([...new Set(segments.map((parts) => parts.slice(-depth).join('/')))]));
  for (const glob of candidates) {
    if (glob.length > MAX_GLOB_CHARS) continue;
    const selects = compileGlob(glob, { dot: true });
    if (!apart.some((path) => selects(path))) return glob;
  }
  return null;
}
