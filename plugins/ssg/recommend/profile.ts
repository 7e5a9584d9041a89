/**
 * What recommend_ssg knows about the project, each fact with its evidence: from
 * the stored analysis behind `analysisId` (analyze_repository's resource) when
 * given (its stored detail lists the documentation files and manifests, so the
 * repository is not scanned again; an analysis stored by an older version
 * without them falls back to a scan), and git tags. Without an analysisId the
 * workspace root is scanned.
 */
import { runGit, type SsgAdapter, type SsgEcosystem, type ToolContext } from '../../../sdk/index.js';
import { findExistingSite, type ExistingSite } from './existing-site.js';
import { readStoredAnalysis, type FileEntry, type ProjectScan, type ProjectScanner, type StoredAnalysis } from '../../project/api.js';

export type TeamSize = 'solo' | 'small' | 'medium' | 'large' | 'unknown';

export interface ProjectProfile {
  source: 'stored-analysis' | 'workspace-scan';
  analysisId: string | null;
  /** Workspace-relative folder ('.' for the root). */
  path: string;
  primaryLanguage: string | null;
  ecosystem: SsgEcosystem;
  /** Ecosystems of the manifests found (npm -> javascript, pypi -> python, ...). */
  manifestEcosystems: SsgEcosystem[];
  totalFiles: number;
  /** Markdown/reST/AsciiDoc documents outside code folders: the site's likely page count. */
  docPages: number;
  projectType: string;
  team: { size: TeamSize; why: string };
  /** Needs, each with the evidence that raised it (empty evidence: not needed). */
  needs: { versioning: string[]; search: string[]; i18n: string[]; apiReference: string[] };
  /** The site the project already builds, and what leaving its generator would cost (null: none found). */
  existing: ExistingSite | null;
}

const LANGUAGE_ECOSYSTEM: Record<string, SsgEcosystem> = {
  TypeScript: 'javascript', JavaScript: 'javascript', Vue: 'javascript', Svelte: 'javascript', Astro: 'javascript',
  Python: 'python', Ruby: 'ruby', Go: 'go',
};
const MANIFEST_ECOSYSTEM: Record<string, SsgEcosystem> = { npm: 'javascript', pypi: 'python', rubygems: 'ruby', go: 'go' };
const DOC_FILE = /\.(md|mdx|markdown|rst|adoc|txt)$/i;
const CODE_LANGUAGES_EXCLUDED = new Set(['Markdown', 'reStructuredText', 'AsciiDoc', 'JSON', 'YAML', 'TOML', 'XML', 'HTML', 'CSS', 'SCSS', 'Dockerfile', 'Makefile']);
/** Locale folder names as docs sites lay them out: docs/fr/, i18n/de/, docs/pt-BR/ (known languages only: docs/ui/ is no locale). */
const LANGS = 'en|fr|de|es|it|pt|ja|zh|ko|ru|nl|pl|sv|tr|uk|ar|he|hi|id|vi|cs|da|fi|nb|el|hu|ro|th|fa';
const LOCALE = new RegExp(`^(?:${LANGS})(?:[-_][A-Za-z]{2,4})?$`);
const SEARCH_PAGES = 20;

/** A file as the profile needs it: its path and the scanner's folder class. */
type ListedFile = Pick<FileEntry, 'path' | 'folder'>;

/** The listing the profile reads: the stored analysis's when it carries one, else a scan of the folder. */
interface Listing {
  files: readonly ListedFile[];
  manifestEcosystems: string[];
  primaryLanguage: string | null;
  projectType: () => string;
  totalFiles: number;
}

async function listingOf(scanner: ProjectScanner, context: ToolContext, root: string, analysis: StoredAnalysis | undefined): Promise<Listing> {
  const documents = analysis?.detail?.documents;
  const manifests = analysis?.detail?.manifests;
  // An analysis made by this version carries the documents and manifests: no second scan of the repository.
  if (analysis && documents && manifests) {
    return {
      files: documents.map((d) => ({ path: d.path, folder: (d.folder ?? null) as FileEntry['folder'] })),
      manifestEcosystems: manifests.map((m) => m.ecosystem),
      primaryLanguage: analysis.recommendations?.primaryLanguage ?? analysis.structure?.primaryLanguage ?? null,
      projectType: () => analysis.recommendations?.projectType?.type ?? 'unknown',
      totalFiles: analysis.structure.totalFiles,
    };
  }
  const { scan, files } = await scanner.scan(root, { signal: context.signal });
  return {
    files,
    manifestEcosystems: scan.manifests.map((m) => m.ecosystem),
    primaryLanguage: analysis?.recommendations?.primaryLanguage ?? analysis?.structure?.primaryLanguage ?? scan.languages.find((l) => !CODE_LANGUAGES_EXCLUDED.has(l.language))?.language ?? null,
    projectType: () => analysis?.recommendations?.projectType?.type ?? typeFromScan(scan, files),
    totalFiles: analysis?.structure?.totalFiles ?? scan.files.count,
  };
}

export async function projectProfile(scanner: ProjectScanner, context: ToolContext, analysisId: string | undefined, adapters: readonly SsgAdapter[] = []): Promise<ProjectProfile> {
  const analysis = analysisId === undefined ? undefined : await readStoredAnalysis(context.resources, analysisId, { param: 'analysisId' });
  const root = await scanner.resolveRoot(analysis?.path, context.workspace, analysisId === undefined ? 'path' : 'analysisId');
  const listing = await listingOf(scanner, context, root, analysis);
  const { files, primaryLanguage } = listing;
  const docs = files.filter((f) => DOC_FILE.test(f.path) && (f.folder === 'docs' || !f.path.includes('/') || /^(docs?|documentation|website|site|i18n|locales?)\//i.test(f.path)));
  const projectType = listing.projectType();
  const tags = await tagCount(root, context);
  const team = analysis?.recommendations?.teamSize;
  return {
    source: analysis ? 'stored-analysis' : 'workspace-scan',
    analysisId: analysis?.id ?? null,
    path: context.workspace.relative(root) || '.',
    primaryLanguage,
    ecosystem: (primaryLanguage && LANGUAGE_ECOSYSTEM[primaryLanguage]) || 'other',
    manifestEcosystems: [...new Set(listing.manifestEcosystems.map((e) => MANIFEST_ECOSYSTEM[e]).filter((e): e is SsgEcosystem => e !== undefined))],
    totalFiles: listing.totalFiles,
    docPages: Math.max(analysis?.documentation?.docsFiles ?? 0, docs.length),
    projectType,
    team: team?.estimate ? { size: team.estimate, why: team.reason ?? '' } : { size: 'unknown', why: analysis ? 'the analysis has no team size' : 'no analysisId: team size comes only from analyze_repository (git authors)' },
    needs: {
      versioning: versioningEvidence(files, tags, analysis?.documentation?.changelog ?? changelogOf(files)),
      search: docs.length >= SEARCH_PAGES ? [`${docs.length} documentation pages (search pays off from ${SEARCH_PAGES})`] : [],
      i18n: translationEvidence(docs),
      apiReference: apiEvidence(projectType, analysis?.documentation?.apiDocs ?? []),
    },
    existing: await findExistingSite(root, adapters, files.filter((f) => DOC_FILE.test(f.path)).map((f) => f.path), context),
  };
}

/** A coarse type from the scan alone (analyze_repository classifies better), for the API-reference need. */
function typeFromScan(scan: ProjectScan, files: readonly FileEntry[]): string {
  const frameworks = scan.frameworks.map((f) => f.name);
  if (frameworks.some((f) => /^(react|next\.js|vue|nuxt|angular|svelte|sveltekit|solid|remix|astro)$/i.test(f))) return 'web-app';
  if (frameworks.some((f) => /express|fastify|fastapi|flask|django|gin|echo|rails|nest|koa|hapi|spring/i.test(f))) return 'api';
  if (files.some((f) => f.path === 'main.go' || /^cmd\/[^/]+(\/main)?\.go$/.test(f.path))) return 'cli';
  if (scan.manifests.some((m) => m.ecosystem === 'pypi' || m.ecosystem === 'npm' || m.ecosystem === 'rubygems' || m.ecosystem === 'go')) return 'library';
  return 'unknown';
}

function changelogOf(files: readonly ListedFile[]): string | null {
  return files.find((f) => /^(CHANGELOG|CHANGES|HISTORY|RELEASES)(\.[a-z]+)?$/i.test(f.path))?.path ?? null;
}

function versioningEvidence(files: readonly ListedFile[], tags: number, changelog: string | null): string[] {
  const evidence: string[] = [];
  if (tags >= 2) evidence.push(`${tags} git tags (releases)`);
  if (changelog) evidence.push(`${changelog} records releases`);
  const versioned = files.find((f) => /(^|\/)(versioned_docs|versions)\//.test(f.path) || /(^|\/)docs\/v\d+(\.\d+)*\//.test(f.path));
  if (versioned) evidence.push(`versioned documentation folder (${versioned.path.split('/').slice(0, 2).join('/')})`);
  return evidence;
}

function translationEvidence(docs: readonly ListedFile[]): string[] {
  const locales = new Set<string>();
  for (const file of docs) {
    const parts = file.path.split('/');
    for (const part of parts.slice(0, -1)) if (LOCALE.test(part)) locales.add(part);
    // Suffix style: index.fr.md
    const suffix = /\.([a-z]{2}(?:[-_][A-Za-z]{2})?)\.(md|mdx|rst)$/.exec(parts.at(-1)!);
    if (suffix && LOCALE.test(suffix[1]!)) locales.add(suffix[1]!);
  }
  // English alone is the default language, not a translation.
  const other = [...locales].filter((l) => !/^en([-_]|$)/.test(l));
  return other.length ? [`translated documentation: ${[...locales].sort().join(', ')}`] : [];
}

function apiEvidence(projectType: string, apiDocs: string[]): string[] {
  const evidence: string[] = [];
  // A CLI's command reference is ordinary pages; a library's or API's reference is generated from code or a spec.
  if (projectType === 'library' || projectType === 'api') evidence.push(`project type ${projectType}: its interface wants a generated reference`);
  if (apiDocs.length) evidence.push(`API description ${apiDocs[0]}`);
  return evidence;
}

/** Tags of the folder's git repository (0 when not a repository or git refuses). */
async function tagCount(root: string, context: ToolContext): Promise<number> {
  try {
    const out = await runGit(['tag', '--list'], { cwd: root, roots: [context.workspace.root, ...context.workspace.allowedRoots], signal: context.signal, timeoutMs: 10_000 });
    return out.split('\n').filter((line) => line.trim()).length;
  } catch {
    return 0;
  }
}
