/**
 * The structure part of a repository analysis: file and folder counts,
 * languages, tests, CI, docs, and project features, each feature with the
 * files or dependencies it was recognised by. Everything here comes from the
 * scan and its listing; nothing is read again.
 */
import type { FileEntry, LanguageStat, ProjectScan } from '../scanner/index.js';
import { isOwnCode } from '../scanner/folders.js';

/** Languages that are data, markup or build glue: they do not make a project "a Markdown project". */
const NOT_PROGRAMMING = new Set([
  'Markdown', 'reStructuredText', 'AsciiDoc', 'JSON', 'YAML', 'TOML', 'XML', 'Dockerfile', 'Makefile', 'HTML', 'CSS', 'SCSS', 'Less', 'SQL', 'HCL',
  'Protocol Buffers', 'GraphQL',
]);

export const TEST_FILE = /(^|\/)(tests?|__tests__|spec|specs|e2e)\/|\.(test|spec)\.[cm]?[jt]sx?$|_test\.(go|py)$|(^|\/)test_[^/]+\.py$|_spec\.rb$|Tests?\.(java|kt|cs)$/;

export interface Feature {
  name: string;
  evidence: string[];
}

export interface Structure {
  totalFiles: number;
  totalDirectories: number;
  totalBytes: number;
  /** Files per language. */
  languages: Record<string, number>;
  /** The largest languages by bytes, with their share of the bytes of all recognised files. */
  topLanguages: Array<{ language: string; files: number; bytes: number; percent: number }>;
  primaryLanguage: string | null;
  hasTests: boolean;
  testFiles: number;
  hasCI: boolean;
  hasDocs: boolean;
  features: Feature[];
  /** The listing came from git, or from a walk honouring .gitignore. */
  listing: 'git' | 'filesystem';
  /** The listing stopped at the scanner's file cap. */
  truncated: boolean;
}

export function primaryLanguage(languages: readonly LanguageStat[]): string | null {
  return languages.find((stat) => !NOT_PROGRAMMING.has(stat.language))?.language ?? null;
}

export const isProgramming = (language: string) => !NOT_PROGRAMMING.has(language);

export function structureOf(scan: ProjectScan, files: readonly FileEntry[]): Structure {
  const directories = new Set<string>();
  for (const { path } of files) {
    for (let slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) directories.add(path.slice(0, slash));
  }
  const recognisedBytes = scan.languages.reduce((sum, stat) => sum + stat.bytes, 0) || 1;
  // A fixture under tests/ is data the tests run on, not a test.
  const testFiles = files.filter((file) => TEST_FILE.test(file.path) && isOwnCode(file)).length;
  return {
    totalFiles: scan.files.count,
    totalDirectories: directories.size,
    totalBytes: scan.files.bytes,
    languages: Object.fromEntries(scan.languages.map((stat) => [stat.language, stat.files])),
    topLanguages: scan.languages.slice(0, 10).map(({ language, files: count, bytes }) => ({ language, files: count, bytes, percent: Math.round((bytes / recognisedBytes) * 1000) / 10 })),
    primaryLanguage: primaryLanguage(scan.languages),
    hasTests: testFiles > 0 || scan.testing.length > 0,
    testFiles,
    hasCI: scan.ci.length > 0,
    hasDocs: scan.documentation.folders.length > 0 || scan.documentation.generators.length > 0,
    features: featuresOf(scan, files, testFiles),
    listing: scan.source,
    truncated: scan.truncated,
  };
}

const FEATURE_FILES: Array<[string, RegExp]> = [
  ['typescript', /(^|\/)tsconfig(\.[\w-]+)?\.json$/],
  ['linting', /(^|\/)(\.eslintrc(\.\w+)?|eslint\.config\.[cm]?[jt]s|biome\.jsonc?|\.golangci\.ya?ml|\.rubocop\.yml|ruff\.toml|\.ruff\.toml|\.flake8|\.pylintrc|\.stylelintrc(\.\w+)?|clippy\.toml)$/],
  ['formatting', /(^|\/)(\.prettierrc(\.\w+)?|prettier\.config\.[cm]?js|\.editorconfig|rustfmt\.toml|\.clang-format)$/],
  ['env-example', /(^|\/)\.env\.(example|sample|template)$/],
  ['devcontainer', /(^|\/)\.devcontainer\//],
  ['api-spec', /(^|\/)(openapi|swagger)\.(ya?ml|json)$/i],
  ['makefile', /(^|\/)(Makefile|justfile|Taskfile\.ya?ml)$/],
];

function featuresOf(scan: ProjectScan, files: readonly FileEntry[], testFiles: number): Feature[] {
  const features: Feature[] = [];
  const add = (name: string, evidence: string[]) => {
    if (evidence.length > 0) features.push({ name, evidence: evidence.slice(0, 3) });
  };
  const { infrastructure: infra } = scan;
  add('docker', infra.dockerfiles.map((d) => d.path));
  add('docker-compose', infra.compose.map((c) => `${c.path}: ${c.services.map((s) => s.name).join(', ')}`));
  add('kubernetes', infra.kubernetes.map((k) => `${k.path}: ${k.kind}${k.name ? ` ${k.name}` : ''}`));
  add('helm', infra.helm.map((h) => h.path));
  add('terraform', infra.terraform.files.length > 0 ? [`${infra.terraform.files.length} .tf file(s); providers: ${infra.terraform.providers.join(', ') || 'none named'}`] : []);
  add('serverless', infra.serverless.map((s) => `${s.path} (${s.platform})`));
  add('ci', scan.ci.map((ci) => `${ci.path} (${ci.provider})`));
  for (const signal of scan.architecture) add(signal.kind, signal.evidence);
  add('tests', testFiles > 0 ? [`${testFiles} test file(s)`, ...scan.testing.map((t) => t.name)] : scan.testing.map((t) => t.name));
  add('docs-site', scan.documentation.generators.map((g) => `${g.path} (${g.name})`));
  for (const [name, pattern] of FEATURE_FILES) add(name, files.filter((file) => pattern.test(file.path) && isOwnCode(file)).map((file) => file.path));
  return features;
}
