/**
 * Evidence for a decision that names a package, tool or module the knowledge table does not
 * know ("we adopt the VError package", "load configuration with koanf", "format with
 * prettier-eslint", "the light client module 08-wasm"): the project's manifests (a named
 * package and its family: `prettier-eslint` is shown by `prettier-eslint-cli`), tool config
 * files and folders show whether it is in place. The project's own module path and workspace
 * packages never count: a repository importing itself carries out no decision.
 */
import type { ParsedAdr } from '../catalog/types.js';
import { namedFolders } from './named-folders.js';
import type { EvidenceIndex } from './scan-evidence.js';
import { MAX_EVIDENCE } from './scan-evidence.js';
import { chosenOption, splitOptions } from './text.js';

export interface OwnEvidence {
  /** The dependency, tool or folder as the project names it. */
  name: string;
  kind: 'dependency' | 'tool config' | 'folder';
  evidence: string[];
}

/** Tools known by the file that configures them; the file in the project shows the tool is in use. */
const TOOL_FILES: Record<string, RegExp> = {
  asdf: /(?:^|\/)\.tool-versions$/,
  mise: /(?:^|\/)(?:\.?mise\.toml|\.mise\/config\.toml)$/,
  nvm: /(?:^|\/)\.nvmrc$/,
  pyenv: /(?:^|\/)\.python-version$/,
  direnv: /(?:^|\/)\.envrc$/,
  'pre-commit': /(?:^|\/)\.pre-commit-config\.ya?ml$/,
  editorconfig: /(?:^|\/)\.editorconfig$/,
  renovate: /(?:^|\/)(?:\.github\/)?renovate\.json5?$/,
  dependabot: /(?:^|\/)\.github\/dependabot\.ya?ml$/,
  husky: /(?:^|\/)\.husky\//,
  commitlint: /(?:^|\/)(?:\.commitlintrc(?:\.\w+)?|commitlint\.config\.\w+)$/,
  golangci: /(?:^|\/)\.golangci\.ya?ml$/,
  'golangci-lint': /(?:^|\/)\.golangci\.ya?ml$/,
  goreleaser: /(?:^|\/)\.goreleaser\.ya?ml$/,
  tilt: /(?:^|\/)Tiltfile$/,
  skaffold: /(?:^|\/)skaffold\.ya?ml$/,
  prettier: /(?:^|\/)(?:\.prettierrc(?:\.\w+)?|prettier\.config\.\w+)$/,
  eslint: /(?:^|\/)(?:\.eslintrc(?:\.\w+)?|eslint\.config\.\w+)$/,
  stylelint: /(?:^|\/)(?:\.stylelintrc(?:\.\w+)?|stylelint\.config\.\w+)$/,
  biome: /(?:^|\/)biome\.jsonc?$/,
  rubocop: /(?:^|\/)\.rubocop\.ya?ml$/,
  ruff: /(?:^|\/)\.?ruff\.toml$/,
};

/** Package names that are also everyday words of a decision: a match says nothing. */
const GENERIC = new Set([
  'api', 'app', 'async', 'client', 'common', 'config', 'core', 'debug', 'error', 'errors', 'events', 'http', 'https', 'json', 'log', 'logger',
  'server', 'test', 'tests', 'types', 'util', 'utils', 'yaml', 'lib', 'data', 'model', 'models', 'cli', 'web', 'path', 'url', 'time', 'retry',
  'once', 'open', 'next', 'through', 'send', 'vary', 'destroy', 'should', 'expect', 'assert', 'stream', 'buffer', 'process', 'string', 'color',
  'colors', 'ready', 'wrap', 'merge', 'clone', 'extend', 'ignore', 'globals', 'cross', 'run', 'only', 'make', 'when', 'then', 'after', 'before',
  'each', 'first', 'last', 'some', 'every', 'all', 'any', 'more', 'less', 'keep', 'form', 'parse', 'pick', 'set', 'get', 'map', 'has', 'since',
  'until', 'while', 'use', 'the', 'and', 'for', 'new', 'add', 'store', 'cache', 'queue', 'schema', 'settings',
]);

/** "github.com/knadh/koanf/v2" → koanf, "@scope/name" → name, "gopkg.in/yaml.v3" → yaml. */
function shortNames(name: string): string[] {
  const lower = name.toLowerCase();
  const segments = lower.replace(/\/v\d+$/, '').split('/');
  const last = segments[segments.length - 1]!.replace(/\.v\d+$/, '');
  return [...new Set([lower, last])];
}

/** What a decision itself states: its title and its choice, never its context (often the thing being replaced). */
function statement(adr: ParsedAdr): string {
  const option = adr.decision ? chosenOption(adr.decision) : null;
  return option ?? (adr.decision ? splitOptions(adr.decision).choice : '');
}

const MODULE_PATH = /[\w@.-]+(?:\/[\w.-]+)+/g;

/** The words a decision itself states (title and choice). */
export function decisionWords(adr: ParsedAdr): Set<string> {
  // A module path ("github.com/cosmos/ibc-go/v8") is one name: its owner's segment ("cosmos") names no package family.
  const text = `${adr.title}\n${statement(adr)}`;
  const paths = text.match(MODULE_PATH) ?? [];
  const words = [...paths, ...(text.replace(MODULE_PATH, ' ').match(/[\p{L}][\p{L}\p{N}_.-]*[\p{L}\p{N}]/gu) ?? [])];
  return new Set(words.map((word) => word.toLowerCase()).filter((word) => word.length >= 3 && !GENERIC.has(word)));
}


/** Words specific enough to name a package family (`rubocop` → `rubocop-rails`) or to be a part of a compound (`prettier-eslint` → prettier, eslint). */
const specific = (word: string) => word.length >= 4 && !GENERIC.has(word);

/** The parts of compound words ("prettier-eslint" → prettier, eslint): a tool combining two names each of them. */
function partsOf(words: ReadonlySet<string>): Set<string> {
  return new Set([...words].flatMap((word) => (word.includes('-') ? word.split('-').filter(specific) : [])));
}

/** A dependency the decision names: by name, by a part of a compound word, or as a member of a named family (`prettier-eslint-cli`). */
function named(dependency: string, words: ReadonlySet<string>, parts: ReadonlySet<string>): boolean {
  const names = shortNames(dependency);
  if (names.some((name) => words.has(name) || parts.has(name))) return true;
  const last = names[names.length - 1]!;
  return [...words].some((word) => specific(word) && (last.startsWith(`${word}-`) || last.startsWith(`${word}_`)));
}

/**
 * Dependencies, tool config files and folders of the project named by the decision.
 * `adrFolder`: the records' folder relative to the project (its own name is no evidence).
 */
export function ownEvidence(index: EvidenceIndex, adr: ParsedAdr, adrFolder: string | null = null): OwnEvidence[] {
  const words = decisionWords(adr);
  const parts = partsOf(words);
  const found = new Map<string, OwnEvidence>();
  for (const manifest of index.scan.manifests) {
    for (const dependency of manifest.dependencies) {
      if (index.own.has(dependency.name) || !named(dependency.name, words, parts)) continue;
      const entry = found.get(dependency.name) ?? { name: dependency.name, kind: 'dependency' as const, evidence: [] };
      entry.evidence.push(`${manifest.path}: ${dependency.name}`);
      found.set(dependency.name, entry);
    }
  }
  for (const [tool, pattern] of Object.entries(TOOL_FILES)) {
    if (!words.has(tool) && !parts.has(tool)) continue;
    const files = index.files.filter((file) => pattern.test(file.path)).map((file) => file.path);
    if (files.length === 0) continue;
    // A tool both a dependency and configured: one entry with both.
    const entry = found.get(tool);
    if (entry) entry.evidence.push(...files);
    else found.set(tool, { name: tool, kind: 'tool config', evidence: files });
  }
  for (const { term, folders } of namedFolders(index.files, adr.title, statement(adr), adrFolder)) {
    if (found.has(term)) continue;
    found.set(term, { name: term, kind: 'folder', evidence: folders.map((folder) => `${folder}/ (folder)`) });
  }
  return [...found.values()].map((entry) => ({ ...entry, evidence: entry.evidence.slice(0, MAX_EVIDENCE) }));
}
