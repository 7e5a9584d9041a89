/**
 * The files and components a record names, checked against the project's listing: a path
 * written in the record (`src/store/redis.ts`, `x/bank`, `./../../src/api`), a file name in
 * code quotes when one file has it (`keeper.go`), a package or module of the project by its
 * name (`@acme/core`), and the folders the evidence code already reads from a decision
 * (named-folders.ts: `08-wasm`, "light clients" → `light-clients/`). Only what exists counts.
 */
import { posix } from 'node:path';
import type { FileEntry, Manifest } from '../../project/api.js';
import type { ParsedAdr } from '../catalog/types.js';
import { namedFolders } from '../evidence/named-folders.js';

export interface NamedCode {
  path: string;
  kind: 'file' | 'component';
  name?: string;
}

/** Per record: a record naming a hundred files is a listing, not a decision's scope. */
export const MAX_NAMED = 20;

const URL = /\b(?:https?|ssh|git):\/\/[^\s)>\]"']+|\bgit@[\w.-]+:[^\s)>\]"']+/g;
const PATH = /(?<![\w@.\/-])((?:\.{1,2}\/)*[\w@.-]+(?:\/[\w@.-]+)+)\/?/g;
const QUOTED_FILE = /`([\w.-]+\.[A-Za-z0-9]{1,6})`/g;
/** A Go module or URL without its scheme ("github.com/cosmos/ibc-go"): no folder of this project. */
const HOST = /^[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}\//i;
const NOT_CODE: ReadonlySet<string> = new Set(['vendored', 'generated']);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class CodeIndex {
  private readonly files = new Set<string>();
  private readonly folders = new Set<string>();
  private readonly byBase = new Map<string, string[]>();
  private readonly foldersByBase = new Map<string, string[]>();
  private readonly packages: Array<{ name: string; folder: string; pattern: RegExp }> = [];

  /** `adrFolder`: the records' folder relative to the project ("." never); what lies in it is never code named. */
  constructor(private readonly listing: readonly FileEntry[], manifests: readonly Manifest[], private readonly adrFolder: string | null) {
    const inAdrs = (path: string) => adrFolder !== null && (path === adrFolder || path.startsWith(`${adrFolder}/`));
    for (const file of listing) {
      if (inAdrs(file.path) || (file.folder && NOT_CODE.has(file.folder))) continue;
      this.files.add(file.path);
      const base = file.path.slice(file.path.lastIndexOf('/') + 1);
      this.byBase.set(base, [...(this.byBase.get(base) ?? []), file.path]);
      const parts = file.path.split('/');
      for (let i = 1; i < parts.length; i++) this.folders.add(parts.slice(0, i).join('/'));
    }
    for (const folder of this.folders) {
      const base = folder.slice(folder.lastIndexOf('/') + 1);
      this.foldersByBase.set(base, [...(this.foldersByBase.get(base) ?? []), folder]);
    }
    for (const manifest of manifests) {
      const folder = posix.dirname(manifest.path);
      // The root manifest names the product itself: every record is about it.
      if (!manifest.name || folder === '.' || inAdrs(folder)) continue;
      const name = manifest.name.toLowerCase();
      this.packages.push({ name: manifest.name, folder, pattern: new RegExp(`(?<![\\w@./-])${escape(name)}(?![\\w/-])`) });
    }
  }

  /** What `adr` (whose full text is `text`, its file at `recordPath` relative to the project) names. */
  named(adr: ParsedAdr, text: string, recordPath: string): NamedCode[] {
    const found = new Map<string, NamedCode>();
    const add = (entry: NamedCode) => {
      const key = entry.kind === 'component' ? `${entry.path}/` : entry.path;
      if (found.size < MAX_NAMED && !found.has(key)) found.set(key, entry);
    };
    const clean = text.replace(URL, ' ');
    for (const [, token] of clean.matchAll(PATH)) {
      const path = this.resolvePath(token!.replace(/[.,;:]+$/, ''), posix.dirname(recordPath));
      if (path) add(path);
    }
    for (const [, name] of clean.matchAll(QUOTED_FILE)) {
      const holders = this.byBase.get(name!);
      if (holders?.length === 1) add({ path: holders[0]!, kind: 'file' });
    }
    const lower = clean.toLowerCase();
    for (const pkg of this.packages) if (pkg.pattern.test(lower)) add({ path: pkg.folder, kind: 'component', name: pkg.name });
    for (const { folders } of namedFolders(this.listing, adr.title, adr.decision ?? '', this.adrFolder)) {
      for (const folder of folders) if (this.folders.has(folder)) add({ path: folder, kind: 'component' });
    }
    return [...found.values()];
  }

  /** A written path → the file or folder of the project it means: relative to the record when it starts with ./ or ../, else to the project, else the one path ending with it. */
  private resolvePath(token: string, recordFolder: string): NamedCode | null {
    if (HOST.test(token) || (token.includes('@') && !token.startsWith('@'))) return null;
    const relative = /^\.{1,2}\//.test(token);
    const candidates = relative ? [posix.normalize(posix.join(recordFolder, token))] : [token.replace(/^\/+/, '')];
    for (const path of candidates) {
      if (path.startsWith('..')) return null;
      if (this.files.has(path)) return { path, kind: 'file' };
      if (this.folders.has(path)) return { path, kind: 'component' };
    }
    if (relative) return null;
    // "store/redis.ts" written for src/store/redis.ts: only when one file or folder ends with it.
    const suffix = `/${token}`;
    const base = token.slice(token.lastIndexOf('/') + 1);
    const files = (this.byBase.get(base) ?? []).filter((file) => file.endsWith(suffix));
    if (files.length === 1) return { path: files[0]!, kind: 'file' };
    if (files.length > 1) return null;
    const folders = (this.foldersByBase.get(base) ?? []).filter((folder) => folder.endsWith(suffix));
    return folders.length === 1 ? { path: folders[0]!, kind: 'component' } : null;
  }
}
