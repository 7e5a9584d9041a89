/**
 * Calls of a technology's API in the product's own code (`Sentry.set_user(...)`,
 * `Sentry.init do |config|`, `Datadog::Tracing.trace`): evidence, with file and line, that
 * a decision choosing it is carried out even where the manifest names only a wrapper gem.
 * Bounded: product source files only, a file and byte budget, reads through the workspace.
 */
import { join } from 'node:path';
import type { Workspace } from '../../../sdk/index.js';
import type { FileEntry } from '../../project/api.js';
import { MAX_EVIDENCE } from './scan-evidence.js';
import type { Technology } from './types.js';

const MAX_FILES = 5000;
const MAX_FILE_BYTES = 512 * 1024;
const MAX_TOTAL_BYTES = 32 * 1024 * 1024;
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|py|go|rs|java|kt|scala|cs|rb|php|ex|exs|swift|dart)$/;
/** Tests and specs call a library to check it, not to use it. */
const TEST_FILE = /(^|\/)(test_[^/]*\.py|[^/]*_test\.(py|go)|[^/]*_spec\.rb|conftest\.py|[^/]*\.(test|spec)\.[cm]?[jt]sx?)$/;
const COMMENT = /^\s*(#|\/\/|\/\*|\*|--)/;

/** An API object as code names it: a capitalised one-word name ("Sentry"), never a language or a style. */
const IDENTIFIER = /^[A-Z][A-Za-z0-9]{2,}$/;

function identifiers(tech: Technology): string[] {
  if (tech.area === 'language' || tech.area === 'architecture') return [];
  const names = [tech.name, ...tech.text.filter((t): t is string => typeof t === 'string')];
  return [...new Set(names.filter((name) => IDENTIFIER.test(name)))];
}

const isProductSource = (file: FileEntry) =>
  (file.folder === null || file.folder === undefined || file.folder === 'product') && SOURCE.test(file.path) && !TEST_FILE.test(file.path) && file.size <= MAX_FILE_BYTES;

/** Results by project, scan fingerprint and names: an unchanged tree is not read again on the next call. */
const CACHE_SIZE = 8;
const cache = new Map<string, Map<string, string[]>>();

/**
 * Per technology id, up to MAX_EVIDENCE "path:line: Name.member" entries. `fingerprint`: the
 * scan's (ProjectScan.fingerprint), which changes with the tree.
 */
export async function findCalls(
  root: string,
  fingerprint: string,
  files: readonly FileEntry[],
  techs: readonly Technology[],
  workspace: Pick<Workspace, 'readText'>,
  signal?: AbortSignal,
): Promise<Map<string, string[]>> {
  const byName = new Map<string, Technology[]>();
  for (const tech of techs) for (const name of identifiers(tech)) byName.set(name, [...(byName.get(name) ?? []), tech]);
  if (byName.size === 0) return new Map();
  const key = `${root}\0${fingerprint}\0${[...byName.keys()].sort().join(',')}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const found = await scan(root, files, byName, workspace, signal);
  cache.set(key, found);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return found;
}

async function scan(
  root: string,
  files: readonly FileEntry[],
  byName: ReadonlyMap<string, Technology[]>,
  workspace: Pick<Workspace, 'readText'>,
  signal?: AbortSignal,
): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  const escaped = [...byName.keys()].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // `Name.member` or `Name::Member`, not preceded by another identifier, a dot or a colon (`raven.Sentry` is not Sentry's API).
  const call = new RegExp(`(?<![\\w$.:])(${escaped.join('|')})(\\.|::)([A-Za-z_]\\w*)`, 'g');
  const quick = new RegExp(escaped.join('|'));
  const full = () => [...byName.values()].flat().every((tech) => (found.get(tech.id)?.length ?? 0) >= MAX_EVIDENCE);
  let bytes = 0;
  for (const file of files.filter(isProductSource).slice(0, MAX_FILES)) {
    signal?.throwIfAborted();
    if (bytes + file.size > MAX_TOTAL_BYTES || full()) break;
    bytes += file.size;
    const text = await workspace.readText(join(root, file.path), { param: 'projectPath', maxBytes: MAX_FILE_BYTES }).catch(() => null);
    if (text === null || !quick.test(text)) continue;
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (!quick.test(line) || COMMENT.test(line)) continue;
      for (const match of line.matchAll(call)) {
        for (const tech of byName.get(match[1]!) ?? []) {
          const list = found.get(tech.id) ?? [];
          const entry = `${file.path}:${i + 1}: ${match[1]}${match[2]}${match[3]}`;
          if (list.length < MAX_EVIDENCE && !list.includes(entry)) list.push(entry);
          found.set(tech.id, list);
        }
      }
    }
  }
  return found;
}
