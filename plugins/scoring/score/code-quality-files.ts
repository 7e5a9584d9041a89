/**
 * code_quality's file classification, from the scan's listing alone: test files, the
 * product's source files, and the configuration files (lint, type-check, formatter,
 * manifests that may carry such sections) the component reads.
 */
import type { FileEntry } from '../../project/api.js';

const SOURCE = /\.(?:[cm]?[jt]sx?|py|go|rs|java|kt|kts|scala|rb|php|cs|fs|swift|c|cc|cpp|h|hpp|ex|exs|dart|vue|svelte)$/i;
const TEST_NAME = /(?:^|\/)(?:__tests__\/.+|test_[^/]+\.py|[^/]+_test\.(?:py|go|exs)|[^/]+\.(?:test|spec)\.[cm]?[jt]sx?|[^/]+(?:Test|Tests)\.(?:java|kt|cs|scala)|[^/]+_spec\.rb)$/;
/** Tool configuration written as code (eslint.config.js, vite.config.ts, .prettierrc.cjs, .prettierrc.ts): not the product's source. */
const TOOL_CONFIG_CODE = /(?:^|\/)(?:[^/]+\.config\.[cm]?[jt]s|\.[^/]+rc\.[cm]?[jt]s)$/;
/** Declarations only: no behaviour to test. */
const DECLARATIONS = /\.d\.[cm]?ts$/;
/** Folders whose files are not the project's own code or tests. */
const ELSEWHERE = new Set(['fixture', 'example', 'template', 'vendored', 'generated', 'docs']);

export const LINT_FILES = /^(?:\.eslintrc(?:\.(?:js|cjs|mjs|json|ya?ml))?|eslint\.config\.[cm]?[jt]s|biome\.jsonc?|ruff\.toml|\.ruff\.toml|\.flake8|\.pylintrc|pylintrc|\.golangci\.(?:ya?ml|toml|json)|\.?clippy\.toml|\.rubocop\.yml|tslint\.json)$/;
export const TYPE_FILES = /^(?:tsconfig(?:\.[^/]+)?\.json|jsconfig\.json|mypy\.ini|\.mypy\.ini|pyrightconfig\.json)$/;
/** Formatter configuration files, each named by formatterOfFile. */
export const FORMAT_FILES = /^(?:\.prettierrc(?:\.(?:json5?|ya?ml|toml|[cm]?[jt]s))?|prettier\.config\.[cm]?[jt]s|biome\.jsonc?|\.?dprint\.jsonc?|\.?rustfmt\.toml|\.clang-format|\.scalafmt\.conf)$/;
/** The formatter a FORMAT_FILES name configures. */
export function formatterOfFile(name: string): string {
  if (name.includes('prettier')) return 'Prettier';
  if (name.startsWith('biome')) return 'Biome';
  if (name.includes('dprint')) return 'dprint';
  if (name.includes('rustfmt')) return 'rustfmt';
  if (name.includes('scalafmt')) return 'scalafmt';
  return 'clang-format';
}
/** Manifests and shared config files that may hold lint, type-check or formatter sections or dependencies. */
export const SECTION_FILES = /^(?:package\.json|pyproject\.toml|setup\.cfg|tox\.ini|Gemfile|requirements(?:[-_.][\w.-]+)?\.txt)$/;

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

export interface CodeQualityFiles {
  tests: string[];
  sources: string[];
  /** Lint, type-check, formatter and section files, the project's own (not in fixtures or examples), shallowest first. */
  configFiles: FileEntry[];
}

export function isTestFile(entry: FileEntry): boolean {
  return SOURCE.test(entry.path) && (entry.folder === 'test' || TEST_NAME.test(entry.path));
}

export function codeQualitySignals(files: readonly FileEntry[]): CodeQualityFiles {
  const tests: string[] = [];
  const sources: string[] = [];
  const configFiles: FileEntry[] = [];
  for (const entry of files) {
    if (entry.folder && ELSEWHERE.has(entry.folder)) continue;
    if (entry.path.split('/').includes('node_modules')) continue;
    const name = baseName(entry.path);
    if (LINT_FILES.test(name) || TYPE_FILES.test(name) || FORMAT_FILES.test(name) || SECTION_FILES.test(name)) configFiles.push(entry);
    if (!SOURCE.test(entry.path) || DECLARATIONS.test(entry.path)) continue;
    if (isTestFile(entry)) tests.push(entry.path);
    else if ((!entry.folder || entry.folder === 'product') && !TOOL_CONFIG_CODE.test(entry.path)) sources.push(entry.path);
  }
  const depth = (path: string) => path.split('/').length;
  configFiles.sort((a, b) => depth(a.path) - depth(b.path) || (a.path < b.path ? -1 : 1));
  return { tests, sources, configFiles };
}

export const STATIC_TYPED = /\.(?:go|rs|java|kt|kts|scala|cs|fs|swift|c|cc|cpp|h|hpp|dart)$/i;
