/**
 * Quality signals: tests (files, frameworks, ratio to source files), CI,
 * linters and formatters (by their config files, config sections and
 * dependencies), and typing (typed languages, tsconfig strictness, mypy or
 * pyright). Reads only small config files from the listing.
 */
import type { FileEntry, ProjectScan } from '../scanner/index.js';
import { languageOf } from '../scanner/languages.js';
import { parseJsonc } from '../scanner/jsonc.js';
import { baseName, isOwnCode, type BoundedReader } from '../environment/read.js';
import { isTestFile } from './stack.js';

export interface ToolSignal {
  tool: string;
  evidence: string[];
}

export interface QualitySignals {
  tests: { files: number; sourceFiles: number; ratio: number; computedFrom: string; frameworks: string[]; sample: string[] };
  ci: { providers: string[]; configs: Array<{ provider: string; path: string; jobs: string[] }> };
  linting: ToolSignal[];
  formatting: ToolSignal[];
  typing: {
    typedLanguages: string[];
    typescript: Array<{ path: string; strict: boolean | null; extends: string | null }>;
    python: ToolSignal[];
  };
}

const FORMATS = new Set(['Markdown', 'reStructuredText', 'AsciiDoc', 'JSON', 'YAML', 'TOML', 'XML', 'HTML', 'CSS', 'SCSS', 'Less', 'SQL', 'Dockerfile', 'Makefile', 'Shell', 'PowerShell', 'HCL', 'Protocol Buffers', 'GraphQL']);
const STATICALLY_TYPED = new Set(['TypeScript', 'Go', 'Rust', 'Java', 'Kotlin', 'C#', 'F#', 'Scala', 'Swift', 'Dart', 'C', 'C++', 'Haskell', 'OCaml', 'Zig', 'Nim']);

/** [tool, kind, file-name pattern, dependency names, config section pattern in pyproject/setup.cfg/tox.ini]. */
// A tool listed under two kinds (RuboCop and Biome lint and format) is found once and reported under both; `family`
// matches a tool's plugin packages (rubocop-rails, rubocop-govuk). smart_score's code_quality names the same formatters.
const TOOLS: Array<{ tool: string; kind: 'linting' | 'formatting' | 'python-typing'; files?: RegExp; deps?: string[]; family?: RegExp; section?: RegExp }> = [
  { tool: 'ESLint', kind: 'linting', files: /^(\.eslintrc(\.(js|cjs|json|ya?ml))?|eslint\.config\.(js|cjs|mjs|ts|mts|cts))$/, deps: ['eslint'] },
  { tool: 'Biome', kind: 'linting', files: /^biome\.jsonc?$/, deps: ['@biomejs/biome'] },
  { tool: 'Oxlint', kind: 'linting', files: /^\.?oxlintrc\.json$/, deps: ['oxlint'] },
  { tool: 'Stylelint', kind: 'linting', files: /^(\.stylelintrc(\.\w+)?|stylelint\.config\.(js|cjs|mjs))$/, deps: ['stylelint'] },
  { tool: 'Ruff', kind: 'linting', files: /^\.?ruff\.toml$/, deps: ['ruff'], section: /^\[tool\.ruff[\].]/m },
  { tool: 'Flake8', kind: 'linting', files: /^\.flake8$/, deps: ['flake8'], section: /^\[flake8\]/m },
  { tool: 'Pylint', kind: 'linting', files: /^\.?pylintrc$/, deps: ['pylint'], section: /^\[tool\.pylint[\].]/m },
  { tool: 'golangci-lint', kind: 'linting', files: /^\.golangci\.(ya?ml|toml|json)$/ },
  { tool: 'RuboCop', kind: 'linting', files: /^\.rubocop\.ya?ml$/, deps: ['rubocop'], family: /^rubocop-/ },
  { tool: 'Clippy', kind: 'linting', files: /^\.?clippy\.toml$/ },
  { tool: 'Checkstyle', kind: 'linting', files: /^checkstyle\.xml$/ },
  { tool: 'detekt', kind: 'linting', files: /^detekt\.ya?ml$/ },
  { tool: 'PHP_CodeSniffer', kind: 'linting', files: /^\.?phpcs\.xml(\.dist)?$/, deps: ['squizlabs/php_codesniffer'] },
  { tool: 'PHPStan', kind: 'linting', files: /^phpstan\.neon(\.dist)?$/, deps: ['phpstan/phpstan'] },
  { tool: 'Prettier', kind: 'formatting', files: /^(\.prettierrc(\.\w+)?|prettier\.config\.(js|cjs|mjs|ts|cts|mts))$/, deps: ['prettier'] },
  { tool: 'Biome', kind: 'formatting' },
  { tool: 'RuboCop', kind: 'formatting' },
  { tool: 'dprint', kind: 'formatting', files: /^\.?dprint\.jsonc?$/, deps: ['dprint'] },
  { tool: 'gofmt', kind: 'formatting' },
  { tool: 'ruff format', kind: 'formatting', section: /^\[tool\.ruff\.format\]/m },
  { tool: 'clang-format', kind: 'formatting', files: /^\.clang-format$/ },
  { tool: 'scalafmt', kind: 'formatting', files: /^\.scalafmt\.conf$/ },
  { tool: 'Black', kind: 'formatting', deps: ['black'], section: /^\[tool\.black\]/m },
  { tool: 'rustfmt', kind: 'formatting', files: /^\.?rustfmt\.toml$/ },
  { tool: 'EditorConfig', kind: 'formatting', files: /^\.editorconfig$/ },
  { tool: 'mypy', kind: 'python-typing', files: /^\.?mypy\.ini$/, deps: ['mypy'], section: /^\[(tool\.mypy|mypy)\]/m },
  { tool: 'Pyright', kind: 'python-typing', files: /^pyrightconfig\.json$/, deps: ['pyright'], section: /^\[tool\.pyright\]/m },
];

const CONFIG_WITH_SECTIONS = /^(pyproject\.toml|setup\.cfg|tox\.ini)$/;

export async function qualitySignals(scan: ProjectScan, files: readonly FileEntry[], reader: BoundedReader): Promise<QualitySignals> {
  let sourceFiles = 0;
  const tests: string[] = [];
  for (const file of files) {
    if (!isOwnCode(file)) continue;
    const language = languageOf(file.path);
    if (!language || FORMATS.has(language)) continue;
    if (isTestFile(file.path)) tests.push(file.path);
    else sourceFiles++;
  }

  const found = new Map<string, string[]>();
  const note = (tool: string, evidence: string) => {
    const list = found.get(tool) ?? [];
    if (list.length < 5 && !list.includes(evidence)) list.push(evidence);
    found.set(tool, list);
  };
  const typescript: QualitySignals['typing']['typescript'] = [];
  let configsRead = 0;
  for (const file of files) {
    // A docs site's or a sample's linter config is theirs, not the product's.
    if (!isOwnCode(file)) continue;
    const name = baseName(file.path);
    for (const entry of TOOLS) if (entry.files?.test(name)) note(entry.tool, file.path);
    if (CONFIG_WITH_SECTIONS.test(name) && configsRead++ < 50) {
      const text = await reader.text(file);
      if (text !== null) for (const entry of TOOLS) if (entry.section?.test(text)) note(entry.tool, `${file.path} [${entry.section.exec(text)![0].replace(/^\[|[\].]$/g, '')}]`);
    }
    if (/^tsconfig(\.[\w-]+)?\.json$/.test(name) && typescript.length < 20) {
      const text = await reader.text(file);
      if (text !== null) typescript.push({ path: file.path, ...tsconfigStrictness(text) });
    }
    if (name === 'package.json' && configsRead++ < 50) {
      const text = await reader.text(file);
      if (text && /"eslintConfig"\s*:/.test(text)) note('ESLint', `${file.path}: eslintConfig`);
      if (text && /"prettier"\s*:\s*[{"]/.test(text)) note('Prettier', `${file.path}: prettier`);
      // A script that runs the formatter (`"format": "prettier --write ."`).
      if (text && /"[^"]+"\s*:\s*"(?:[^"]*[\s;&|(])?prettier\b/.test(text)) note('Prettier', `${file.path}: scripts`);
    }
  }
  for (const manifest of scan.manifests) {
    for (const dependency of manifest.dependencies) {
      const name = dependency.name.toLowerCase();
      const entry = TOOLS.find((tool) => tool.deps?.includes(name) || tool.family?.test(name));
      if (entry) note(entry.tool, `${manifest.path}: ${dependency.name}`);
    }
  }
  // gofmt ships with the Go toolchain: Go code is formatted by it.
  if (scan.languages.some((stat) => stat.language === 'Go')) note('gofmt', 'Go code (gofmt ships with the Go toolchain)');
  const signals = (kind: string) => TOOLS.filter((entry) => entry.kind === kind && found.has(entry.tool)).map((entry) => ({ tool: entry.tool, evidence: found.get(entry.tool)! }));

  return {
    tests: {
      files: tests.length,
      sourceFiles,
      ratio: sourceFiles ? Math.round((tests.length / sourceFiles) * 100) / 100 : 0,
      computedFrom: `${tests.length} test files / ${sourceFiles} other source files (vendored, fixture, sample, docs-site and template folders and data formats excluded)`,
      frameworks: scan.testing.map((detection) => detection.name),
      sample: tests.slice(0, 5),
    },
    ci: { providers: [...new Set(scan.ci.map((config) => config.provider))], configs: scan.ci.map(({ provider, path, jobs }) => ({ provider, path, jobs })) },
    linting: signals('linting'),
    formatting: signals('formatting'),
    typing: {
      typedLanguages: scan.languages.filter((stat) => STATICALLY_TYPED.has(stat.language)).map((stat) => stat.language),
      typescript,
      python: signals('python-typing'),
    },
  };
}

/** compilerOptions.strict of a tsconfig (JSON with comments and trailing commas); null when not set here. */
export function tsconfigStrictness(text: string): { strict: boolean | null; extends: string | null } {
  const json = parseJsonc(text) as { extends?: unknown; compilerOptions?: { strict?: unknown } } | null;
  if (!json || typeof json !== 'object') return { strict: null, extends: null };
  const base = typeof json.extends === 'string' ? json.extends : Array.isArray(json.extends) ? json.extends.join(', ') : null;
  return { strict: typeof json.compilerOptions?.strict === 'boolean' ? json.compilerOptions.strict : null, extends: base };
}
