/**
 * Evidence for a decision that names a package or tool the knowledge table does not know
 * ("we adopt the VError package", "load configuration with koanf", "manage tools with asdf"):
 * the project's own manifests and tool config files show whether it is in place.
 */
import type { ParsedAdr } from '../catalog/types.js';
import type { EvidenceIndex } from './scan-evidence.js';
import { MAX_EVIDENCE } from './scan-evidence.js';
import { chosenOption, splitOptions } from './text.js';

export interface OwnEvidence {
  /** The dependency or tool as the project names it. */
  name: string;
  kind: 'dependency' | 'tool config';
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

/** The words a decision itself states: its title and its choice, never its context (often the thing being replaced). */
export function decisionWords(adr: ParsedAdr): Set<string> {
  const option = adr.decision ? chosenOption(adr.decision) : null;
  const choice = option ?? (adr.decision ? splitOptions(adr.decision).choice : '');
  const words = `${adr.title}\n${choice}`.match(/[\p{L}][\p{L}\p{N}_.-]*[\p{L}\p{N}]/gu) ?? [];
  return new Set(words.map((word) => word.toLowerCase()).filter((word) => word.length >= 3 && !GENERIC.has(word)));
}

/** Dependencies and tool config files of the project named by a word of the decision. */
export function ownEvidence(index: EvidenceIndex, words: ReadonlySet<string>): OwnEvidence[] {
  const found = new Map<string, OwnEvidence>();
  for (const manifest of index.scan.manifests) {
    for (const dependency of manifest.dependencies) {
      if (!shortNames(dependency.name).some((name) => words.has(name))) continue;
      const entry = found.get(dependency.name) ?? { name: dependency.name, kind: 'dependency' as const, evidence: [] };
      entry.evidence.push(`${manifest.path}: ${dependency.name}`);
      found.set(dependency.name, entry);
    }
  }
  for (const [tool, pattern] of Object.entries(TOOL_FILES)) {
    if (!words.has(tool) || found.has(tool)) continue;
    const files = index.files.filter((file) => pattern.test(file.path)).map((file) => file.path);
    if (files.length > 0) found.set(tool, { name: tool, kind: 'tool config', evidence: files.slice(0, MAX_EVIDENCE) });
  }
  return [...found.values()].map((entry) => ({ ...entry, evidence: entry.evidence.slice(0, MAX_EVIDENCE) }));
}
