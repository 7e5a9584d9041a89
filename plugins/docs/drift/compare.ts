/**
 * What happened to each name of the public surface between a page's revision and HEAD, both
 * read by the gap detector's surface reader: gone (removed), gone with a stand-in defined in
 * the same file with the same parameters or at the same place among its kind (renamed), or
 * still there with other parameters (signature changed).
 */
import type { ProjectText } from '../gaps/project-files.js';
import type { SurfaceItem, SurfaceKind } from '../gaps/surface.js';
import { callShape, signatureOf } from './signatures.js';

export type ChangeKind = 'removed' | 'renamed' | 'signature-changed';

export interface Change {
  name: string;
  kind: DriftKind;
  change: ChangeKind;
  /** Where it was defined at the page's revision (a function's definition, not a re-export). */
  file: string;
  line: number;
  /** Every file involved (the surface's, the definition's, the stand-in's): where git looks for the commits. */
  files: string[];
  newName?: string;
  newFile?: string;
  oldSignature?: string;
  newSignature?: string;
}

/** The kinds a page can name and code can take away; scripts and README features are the project's prose. */
export const DRIFT_KIND_NAMES = ['export', 'cli-command', 'cli-flag', 'env-var', 'config-key'] as const satisfies readonly SurfaceKind[];
export type DriftKind = (typeof DRIFT_KIND_NAMES)[number];
export const DRIFT_KINDS: ReadonlySet<SurfaceKind> = new Set(DRIFT_KIND_NAMES);
const isDriftKind = (kind: SurfaceKind): kind is DriftKind => DRIFT_KINDS.has(kind);

export interface Side {
  project: ProjectText;
  surface: readonly SurfaceItem[];
}

const key = (item: { kind: SurfaceKind; name: string }) => `${item.kind}\0${item.name}`;
const params = (signature: string | undefined) => signature?.slice(signature.indexOf('(')) ?? null;

/** Changes to the names of `wanted` (the old names some page mentions); others are not looked at. Sliced by `pause`. */
export async function compareSurfaces(base: Side, head: Side, wanted: ReadonlySet<string>, pause: () => Promise<void> | undefined = () => undefined): Promise<Change[]> {
  const now = new Map(head.surface.map((item) => [key(item), item]));
  const then = new Set(base.surface.map(key));
  const changes: Change[] = [];
  // The order of each kind's items per file, on both sides: "the same place" for a rename.
  const rank = (surface: readonly SurfaceItem[]) => {
    const order = new Map<string, SurfaceItem[]>();
    for (const item of surface) {
      if (!DRIFT_KINDS.has(item.kind)) continue;
      const at = `${item.kind}\0${item.file}`;
      const list = order.get(at);
      if (list) list.push(item);
      else order.set(at, [item]);
    }
    return order;
  };
  const baseRank = rank(base.surface);
  const headRank = rank(head.surface);
  const taken = new Set<string>();
  for (const item of base.surface) {
    const kind = item.kind;
    if (!isDriftKind(kind) || !wanted.has(item.name)) continue;
    // Each name may scan every source for its definition: the event loop gets its turns.
    await pause();
    const current = now.get(key(item));
    const oldSig = item.kind === 'export' ? signatureOf(base.project, item.name, item.file) : null;
    if (current) {
      if (!oldSig) continue;
      const newSig = signatureOf(head.project, item.name, current.file);
      // A renamed positional parameter or a new type annotation breaks no call: only a new call shape is drift.
      if (newSig && newSig.signature !== oldSig.signature && callShape(newSig.signature, newSig.file) !== callShape(oldSig.signature, oldSig.file)) {
        changes.push({ name: item.name, kind, change: 'signature-changed', file: oldSig.file, line: oldSig.line, files: [item.file, oldSig.file, newSig.file], ...(newSig.file !== oldSig.file ? { newFile: newSig.file } : {}), oldSignature: oldSig.signature, newSignature: newSig.signature });
      }
      continue;
    }
    // Gone: a new name of the same kind in the same file may stand in for it.
    const added = (headRank.get(`${item.kind}\0${item.file}`) ?? []).filter((a) => !then.has(key(a)) && !taken.has(key(a)));
    const oldParams = params(oldSig?.signature);
    const signed = added.map((a) => ({ a, sig: item.kind === 'export' ? signatureOf(head.project, a.name, a.file) : null }));
    const position = (baseRank.get(`${item.kind}\0${item.file}`) ?? []).indexOf(item);
    const samePlace = (a: SurfaceItem) => (headRank.get(`${a.kind}\0${a.file}`) ?? []).indexOf(a) === position;
    const match = (oldParams && signed.find((s) => params(s.sig?.signature) === oldParams)) || signed.find((s) => samePlace(s.a));
    if (match) {
      taken.add(key(match.a));
      changes.push({
        name: item.name,
        kind,
        change: 'renamed',
        file: oldSig?.file ?? item.file,
        line: oldSig?.line ?? item.line,
        files: [item.file, match.a.file, ...(oldSig ? [oldSig.file] : []), ...(match.sig ? [match.sig.file] : [])],
        newName: match.a.name,
        ...((match.sig?.file ?? match.a.file) !== (oldSig?.file ?? item.file) ? { newFile: match.sig?.file ?? match.a.file } : {}),
        ...(oldSig ? { oldSignature: oldSig.signature } : {}),
        ...(match.sig ? { newSignature: match.sig.signature } : {}),
      });
    } else {
      changes.push({ name: item.name, kind, change: 'removed', file: oldSig?.file ?? item.file, line: oldSig?.line ?? item.line, files: [item.file, ...(oldSig ? [oldSig.file] : [])], ...(oldSig ? { oldSignature: oldSig.signature } : {}) });
    }
  }
  return changes;
}
