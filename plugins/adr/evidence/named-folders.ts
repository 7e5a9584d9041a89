/**
 * Folders a decision names: "the light client module 08-wasm" is carried out when the product
 * has a `modules/light-clients/08-wasm/` folder. Only names specific enough to mean one thing
 * count: a token with a digit, hyphen or underscore (`08-wasm`, `platform-core`), a path
 * (`modules/apps/callbacks`), or two or three words of the title joined (`light clients` →
 * `light-clients/`). A single plain word ("events", "modules") names folders in every project.
 */
import type { FileEntry } from '../../project/api.js';
import { MAX_EVIDENCE } from './scan-evidence.js';

export interface NamedFolder {
  /** The decision's words that name it. */
  term: string;
  /** Relative folder paths, without a trailing slash. */
  folders: string[];
}

const TOKEN = /[\p{L}\p{N}][\p{L}\p{N}_.-]*[\p{L}\p{N}]/gu;
const PATH = /[\w.-]+(?:\/[\w.-]+)+/g;
/** Version numbers, dates and file names are no folder names. */
const NOT_A_NAME = /^(v?\d+(?:[._-]\d+)*|[\w-]+\.(?:md|json|ya?ml|toml|ts|js|go|rb|py))$/i;
const normalise = (name: string) => name.toLowerCase().replace(/_/g, '-');
const singular = (name: string) => name.replace(/s$/, '');

/** Names in `statement` (title and choice) specific enough to name a folder. */
function terms(title: string, statement: string): { names: Set<string>; paths: Set<string> } {
  const names = new Set<string>();
  for (const [token] of statement.matchAll(TOKEN)) {
    const name = normalise(token);
    if (name.length >= 4 && /\p{L}/u.test(name) && /[\d-]/.test(name) && !NOT_A_NAME.test(name) && !name.includes('.')) names.add(name);
  }
  const words = title.toLowerCase().match(/\p{L}+/gu) ?? [];
  for (let size = 2; size <= 3; size++) {
    for (let i = 0; i + size <= words.length; i++) {
      const phrase = words.slice(i, i + size);
      if (phrase.every((w) => w.length >= 3)) names.add(phrase.join('-'));
    }
  }
  const paths = new Set<string>();
  for (const [path] of statement.matchAll(PATH)) {
    const clean = path.replace(/^\.\//, '').replace(/\/$/, '').toLowerCase();
    // A module path or URL ("github.com/cosmos/ibc-go/v8") names no folder of this project.
    if (!/^[\w-]+\.[a-z]{2,}\//.test(clean)) paths.add(clean);
  }
  return { names, paths };
}

/** The product's folders (its own code and tests: not docs, fixtures, samples or dependencies). */
function ownFolders(files: readonly FileEntry[], exclude: string | null): string[] {
  const folders = new Set<string>();
  for (const file of files) {
    // The product's own folders and its tests; fixtures, examples, docs, vendored code name no implementation.
    if (file.folder && file.folder !== 'product' && file.folder !== 'test') continue;
    const parts = file.path.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
  }
  return [...folders].filter((folder) => !exclude || (folder !== exclude && !folder.startsWith(`${exclude}/`) && !exclude.startsWith(`${folder}/`)));
}

/** Folders named by the decision's title and choice; `adrFolder` (the records' own) never counts. */
export function namedFolders(files: readonly FileEntry[], title: string, statement: string, adrFolder: string | null): NamedFolder[] {
  const { names, paths } = terms(title, `${title}\n${statement}`);
  if (names.size === 0 && paths.size === 0) return [];
  const found = new Map<string, string[]>();
  const add = (term: string, folder: string) => {
    const list = found.get(term) ?? [];
    if (list.length < MAX_EVIDENCE) list.push(folder);
    found.set(term, list);
  };
  const wanted = new Map([...names].map((name) => [singular(name), name]));
  for (const folder of ownFolders(files, adrFolder)) {
    const lower = folder.toLowerCase();
    const base = normalise(lower.slice(lower.lastIndexOf('/') + 1));
    const term = wanted.get(singular(base));
    if (term) add(term, folder);
    for (const path of paths) if (lower === path || lower.endsWith(`/${path}`)) add(path, folder);
  }
  return [...found].map(([term, folders]) => ({ term, folders }));
}
