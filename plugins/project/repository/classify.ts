/**
 * Recommendations of a repository analysis: what kind of project it is (from
 * frameworks, manifests and entry points, with the evidence), the team size
 * (from distinct commit authors), and hints for a documentation site that
 * follow from the language, the existing docs and any generator already there.
 */
import type { FileEntry, ProjectScan } from '../scanner/index.js';
import type { Documentation } from './documentation.js';
import { MAX_LOG_COMMITS, type History } from './history.js';
import { isProgramming } from './structure.js';
import { isOwnCode } from '../scanner/folders.js';

export const PROJECT_TYPES = ['monorepo', 'documentation', 'web-app', 'api', 'cli', 'library', 'application', 'unknown'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

const FRONTEND = new Set(['React', 'Next.js', 'Vue', 'Nuxt', 'Angular', 'Svelte', 'SvelteKit', 'Solid', 'Remix', 'Astro', 'Electron']);
const SERVER_RENDERED = new Set(['Django', 'Rails', 'Laravel', 'Symfony', 'Hanami']);
/** Frameworks that make neither a web app nor an API: a Kubernetes operator's, and command-line ones. */
/** Desktop GUI toolkits: a project built on one is a desktop application. */
export const GUI = new Set(['Qt (PySide)', 'Qt (PyQt)', 'Tkinter', 'wxPython', 'Kivy']);
export const NOT_WEB = new Set(['Kubernetes controller-runtime', 'Cobra', 'urfave/cli', 'Click', 'Typer', 'Cosmos SDK', 'CometBFT', ...GUI]);
const CLI_PACKAGES = new Set(['commander', 'yargs', 'oclif', '@oclif/core', 'meow', 'cac', 'clipanion', 'citty', 'click', 'typer', 'docopt', 'fire', 'github.com/spf13/cobra', 'github.com/urfave/cli', 'github.com/urfave/cli/v2', 'clap', 'structopt', 'thor', 'picocli', 'info.picocli:picocli']);

export interface Classification {
  type: ProjectType;
  confidence: 'high' | 'medium' | 'low';
  evidence: string[];
  /** Other types the evidence also fits (a monorepo of APIs, a library with a CLI). */
  alsoMatches: ProjectType[];
}

/** `packageJson` and `pyproject` are the root files' text when present (for `bin` and console scripts). */
export function classify(scan: ProjectScan, files: readonly FileEntry[], roots: { packageJson: string | null; pyproject: string | null }): Classification {
  const matches: Array<{ type: ProjectType; evidence: string[]; strong: boolean }> = [];
  const match = (type: ProjectType, evidence: string[], strong = true) => {
    if (evidence.length > 0) matches.push({ type, evidence: evidence.slice(0, 4), strong });
  };
  const frameworkEvidence = (names: (name: string) => boolean) => scan.frameworks.filter((f) => names(f.name)).map((f) => `${f.name} (${f.evidence[0]})`);

  match('monorepo', scan.architecture.find((s) => s.kind === 'monorepo')?.evidence ?? []);
  const programmingFiles = scan.languages.filter((l) => isProgramming(l.language)).reduce((sum, l) => sum + l.files, 0);
  const docFiles = scan.languages.filter((l) => ['Markdown', 'reStructuredText', 'AsciiDoc'].includes(l.language)).reduce((sum, l) => sum + l.files, 0);
  if (docFiles >= 3 && (programmingFiles === 0 || (scan.documentation.generators.length > 0 && docFiles > 4 * programmingFiles))) {
    match('documentation', [`${docFiles} documentation file(s), ${programmingFiles} source file(s)`, ...scan.documentation.generators.map((g) => `${g.path} (${g.name})`)]);
  }
  match('web-app', frameworkEvidence((name) => FRONTEND.has(name) || SERVER_RENDERED.has(name)));
  match('api', frameworkEvidence((name) => !FRONTEND.has(name) && !SERVER_RENDERED.has(name) && !NOT_WEB.has(name)));
  // A desktop application ahead of 'cli': its console scripts are then secondary tools.
  match('application', guiEvidence(scan, roots));
  match('cli', cliEvidence(scan, files, roots));
  match('library', libraryEvidence(scan, files, roots), false);
  if (matches.length === 0 && programmingFiles > 0) match('application', [`${programmingFiles} source file(s), no manifest or framework that says more`], false);

  const [best, ...rest] = matches;
  if (!best) return { type: 'unknown', confidence: 'low', evidence: ['no source files, manifests or documentation to classify'], alsoMatches: [] };
  return { type: best.type, confidence: best.strong ? (best.evidence.length > 1 || best.type === 'monorepo' ? 'high' : 'medium') : 'low', evidence: best.evidence, alsoMatches: [...new Set(rest.map((m) => m.type))] };
}

export function guiEvidence(scan: ProjectScan, roots: { pyproject: string | null }): string[] {
  const evidence: string[] = [];
  if (roots.pyproject && /^\[(project\.gui-scripts|tool\.poetry\.plugins\."gui_scripts")\]/m.test(roots.pyproject)) evidence.push('pyproject.toml: gui-scripts');
  for (const framework of scan.frameworks) if (GUI.has(framework.name)) evidence.push(`${framework.name} (${framework.evidence[0]})`);
  return evidence;
}

export function cliEvidence(scan: ProjectScan, files: readonly FileEntry[], roots: { packageJson: string | null; pyproject: string | null }): string[] {
  const evidence: string[] = [];
  const pkg = parseJson(roots.packageJson);
  if (pkg && (typeof pkg.bin === 'string' || (typeof pkg.bin === 'object' && pkg.bin !== null))) evidence.push('package.json: "bin"');
  if (roots.pyproject && /^\[(project\.scripts|tool\.poetry\.scripts)\]/m.test(roots.pyproject)) evidence.push('pyproject.toml: console scripts');
  const hasWebFramework = scan.frameworks.some((framework) => !NOT_WEB.has(framework.name));
  const goMains = files.filter((f) => /^cmd\/[^/]+\/main\.go$/.test(f.path)).map((f) => f.path);
  if (!hasWebFramework && goMains.length > 0) evidence.push(...goMains.slice(0, 2));
  if (!hasWebFramework && files.some((f) => f.path === 'src/main.rs') && !files.some((f) => f.path === 'src/lib.rs')) evidence.push('src/main.rs (binary crate)');
  for (const manifest of scan.manifests) {
    for (const dependency of manifest.dependencies) if (!dependency.dev && CLI_PACKAGES.has(dependency.name.toLowerCase())) evidence.push(`${manifest.path}: ${dependency.name}`);
  }
  return evidence;
}

function libraryEvidence(scan: ProjectScan, files: readonly FileEntry[], roots: { packageJson: string | null; pyproject: string | null }): string[] {
  const evidence: string[] = [];
  const pkg = parseJson(roots.packageJson);
  if (pkg && pkg.private !== true && ['main', 'exports', 'module', 'types'].some((key) => key in pkg)) evidence.push(`package.json: ${['main', 'exports', 'module', 'types'].filter((key) => key in pkg).join(', ')}`);
  if (roots.pyproject && /^\[(project|tool\.poetry)\]/m.test(roots.pyproject)) evidence.push('pyproject.toml: a distributable package');
  if (files.some((f) => f.path === 'setup.py')) evidence.push('setup.py');
  if (files.some((f) => f.path === 'src/lib.rs')) evidence.push('src/lib.rs (library crate)');
  if (files.some((f) => f.path === 'go.mod') && !files.some((f) => /(^|\/)main\.go$/.test(f.path) && isOwnCode(f))) evidence.push('go.mod without a main package');
  const gemspec = files.find((f) => /^[^/]+\.gemspec$/.test(f.path));
  if (gemspec) evidence.push(gemspec.path);
  return evidence;
}

function parseJson(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export interface TeamSize {
  estimate: 'solo' | 'small' | 'medium' | 'large' | 'unknown';
  source: 'git-authors' | 'unknown';
  authors: number | null;
  reason: string;
}

export function teamSize(history: History | null, hasGit: boolean): TeamSize {
  if (!history) {
    return { estimate: 'unknown', source: 'unknown', authors: null, reason: hasGit ? 'the git repository has no commits for this folder' : 'no git history to count authors from' };
  }
  const n = history.authors;
  const estimate = n <= 1 ? 'solo' : n <= 5 ? 'small' : n <= 15 ? 'medium' : 'large';
  const sample = history.sampled ? ` among the newest ${MAX_LOG_COMMITS} commits` : '';
  return { estimate, source: 'git-authors', authors: n, reason: `${n} distinct commit author(s)${sample} over ${history.commits} commit(s); 1 solo, 2-5 small, 6-15 medium, more large` };
}

const ECOSYSTEM_OF: Record<string, 'javascript' | 'python' | 'go' | 'ruby'> = {
  TypeScript: 'javascript', JavaScript: 'javascript', Vue: 'javascript', Svelte: 'javascript', Astro: 'javascript',
  Python: 'python', Go: 'go', Ruby: 'ruby',
};
const GENERATORS_BY_ECOSYSTEM: Record<string, string[]> = { javascript: ['docusaurus', 'eleventy'], python: ['mkdocs'], go: ['hugo'], ruby: ['jekyll'], any: ['hugo', 'mkdocs'] };

export interface DocumentationSiteHints {
  existing: Array<{ name: string; path: string }>;
  ecosystem: 'javascript' | 'python' | 'go' | 'ruby' | 'any';
  candidates: string[];
  docsFolder: string | null;
  hints: string[];
}

export function documentationSite(primaryLanguage: string | null, documentation: Documentation, type: ProjectType): DocumentationSiteHints {
  const ecosystem = (primaryLanguage && ECOSYSTEM_OF[primaryLanguage]) || 'any';
  const hints: string[] = [];
  if (documentation.generators.length > 0) {
    hints.push(`A ${documentation.generators[0]!.name} site already exists (${documentation.generators[0]!.path}): build on it rather than adding a second generator.`);
  }
  hints.push(ecosystem === 'any' ? 'No JavaScript, Python, Go or Ruby code: a generator that needs no language toolchain (Hugo) or a simple Markdown one (MkDocs) fits.' : `Primary language ${primaryLanguage}: a ${ecosystem} generator (${GENERATORS_BY_ECOSYSTEM[ecosystem]!.join(', ')}) keeps the docs in the team's toolchain.`);
  const folder = documentation.docsFolders[0] ?? null;
  hints.push(folder ? `${folder}/ holds ${documentation.docsFiles} document(s) to start the site from.` : 'No docs folder yet: a Diataxis layout (tutorials, how-to, reference, explanation) can be created.');
  if (documentation.apiDocs.length > 0) hints.push(`API documentation evidence (${documentation.apiDocs[0]}) can feed a reference section.`);
  if (type === 'library' || type === 'cli') hints.push(`As a ${type}, reference and getting-started pages matter most.`);
  if (type === 'api') hints.push('As an API, a reference section generated from the API description and how-to guides for common calls matter most.');
  return { existing: documentation.generators, ecosystem, candidates: GENERATORS_BY_ECOSYSTEM[ecosystem]!, docsFolder: folder, hints };
}
