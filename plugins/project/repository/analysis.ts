/**
 * The Analysis object of analyze_repository, built from one scan. Depth
 * decides how much is computed, never what is counted: quick gives counts and
 * presence, standard adds package names, the README and the documentation
 * assessment, deep adds git history statistics, comprehensive a per-folder
 * breakdown. The id hashes folder, tree fingerprint and depth, so the same
 * question about the same tree names the same stored result.
 */
import { readListedText } from '../scanner/read.js';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Git, Static } from '../../../sdk/index.js';
import type { FileEntry, ProjectScan } from '../scanner/index.js';
import type { AnalysisOutput, Depth } from './analysis-schema.js';
import { classify, documentationSite, teamSize } from './classify.js';
import { DOCUMENTS_STORED, type AnalysisDetail } from '../analysis-reader.js';
import { folderKind } from '../scanner/folders.js';
import { dependenciesOf, manifestDetail } from './dependencies.js';
import { directoryBreakdown } from './directories.js';
import { documentationOf } from './documentation.js';
import { historyOf, type History } from './history.js';
import { structureOf } from './structure.js';

export type Analysis = Static<typeof AnalysisOutput>;

const INLINE_DIRECTORIES = 25;
/** Documentation-like files, stored so a consumer (recommend_ssg) reads them from the analysis instead of scanning. */
const DOCUMENT = /\.(md|mdx|markdown|rst|adoc|txt)$/i;
const STORED_DIRECTORIES = 500;

export function analysisId(root: string, fingerprint: string, depth: Depth): string {
  return createHash('sha256').update(`${root}\0${fingerprint}\0${depth}`).digest('hex').slice(0, 16);
}

export interface AnalysisInput {
  root: string;
  /** Workspace-relative folder, for the result. */
  path: string;
  depth: Depth;
  scan: ProjectScan;
  files: readonly FileEntry[];
  git: Git;
  /** The history, when the caller started reading it already. */
  history?: Promise<History | null>;
  signal?: AbortSignal;
}

/** The analysis to return inline, and the detail only the stored resource carries. */
export async function buildAnalysis(input: AnalysisInput): Promise<{ analysis: Omit<Analysis, 'resourceUri'>; detail: AnalysisDetail }> {
  const { root, depth, scan, files, signal } = input;
  const standard = depth !== 'quick';
  const deep = depth === 'deep' || depth === 'comprehensive';
  const computed = ['structure', 'dependency counts', 'documentation presence', 'project type', 'team size'];

  const id = analysisId(root, scan.fingerprint, depth);
  const { structure, dependencies, documentation, projectType, directories } = await treeParts(id, input);
  if (standard) computed.push('dependency names', 'README sections', 'documentation assessment');
  // History is read every time: a commit changes it without touching the tree's fingerprint.
  const history = await (input.history ?? historyOf(input.git, root, signal));
  const hasGit = scan.source === 'git' || history !== null;
  const analysis: Omit<Analysis, 'resourceUri'> = {
    id,
    timestamp: new Date().toISOString(),
    path: input.path,
    depth,
    computed,
    structure,
    dependencies,
    documentation,
    recommendations: {
      primaryLanguage: structure.primaryLanguage,
      projectType,
      teamSize: teamSize(history, hasGit),
      documentationSite: documentationSite(structure.primaryLanguage, documentation, projectType.type),
    },
    summary: '',
  };
  const documents = files.filter((f) => DOCUMENT.test(f.path));
  const detail: AnalysisDetail = {
    manifests: manifestDetail(scan),
    documents: documents.slice(0, DOCUMENTS_STORED).map((f) => ({ path: f.path, folder: folderKind(f) })),
    ...(documents.length > DOCUMENTS_STORED ? { documentsTruncated: true } : {}),
  };
  if (deep) {
    analysis.history = history;
    computed.push('git history');
  }
  if (directories) {
    analysis.directories = directories.slice(0, INLINE_DIRECTORIES);
    detail.directories = directories.slice(0, STORED_DIRECTORIES);
    computed.push('per-directory breakdown');
  }
  analysis.summary = summarise(analysis);
  return { analysis, detail };
}

function summarise(analysis: Omit<Analysis, 'resourceUri'>): string {
  const { structure, dependencies, documentation, recommendations } = analysis;
  const parts = [
    `${structure.totalFiles} files in ${structure.totalDirectories} folders; primary language ${structure.primaryLanguage ?? 'none'}`,
    `project type ${recommendations.projectType.type} (${recommendations.projectType.confidence} confidence)`,
    `${dependencies.packages.total} packages (${dependencies.packages.runtime} runtime, ${dependencies.packages.dev} dev) in ${dependencies.ecosystems.join(', ') || 'no ecosystem'}`,
    documentation.assessment ? `documentation ${documentation.assessment.level} (${documentation.assessment.points}/${documentation.assessment.maxPoints})` : `README ${documentation.readme ? 'present' : 'missing'}`,
    recommendations.teamSize.source === 'git-authors' ? `team ${recommendations.teamSize.estimate} (${recommendations.teamSize.authors} author(s))` : 'team size unknown',
  ];
  return `${parts.join('; ')}.`;
}

type TreeParts = {
  structure: Analysis['structure'];
  dependencies: Analysis['dependencies'];
  documentation: Analysis['documentation'];
  projectType: Analysis['recommendations']['projectType'];
  directories: ReturnType<typeof directoryBreakdown> | null;
};

/** What depends only on the tree, kept per analysis id (folder, fingerprint, depth): an unchanged tree is not walked again. */
const treeCache = new Map<string, TreeParts>();
const TREE_CACHE_ENTRIES = 16;

async function treeParts(id: string, { root, depth, scan, files }: AnalysisInput): Promise<TreeParts> {
  const hit = treeCache.get(id);
  if (hit) return structuredClone(hit);
  const standard = depth !== 'quick';
  const roots = {
    packageJson: await rootText(root, files, 'package.json'),
    pyproject: await rootText(root, files, 'pyproject.toml'),
  };
  const parts: TreeParts = {
    structure: structureOf(scan, files),
    dependencies: dependenciesOf(scan, standard),
    documentation: await documentationOf(root, scan, files, standard),
    projectType: classify(scan, files, roots),
    directories: depth === 'comprehensive' ? directoryBreakdown(files) : null,
  };
  treeCache.set(id, parts);
  if (treeCache.size > TREE_CACHE_ENTRIES) treeCache.delete(treeCache.keys().next().value!);
  return structuredClone(parts);
}

/** A small root file's text (package.json, pyproject.toml), or null. */
async function rootText(root: string, files: readonly FileEntry[], name: string): Promise<string | null> {
  if (!files.some((file) => file.path === name)) return null;
  const read = await readListedText(root, name, 256 * 1024);
  return 'text' in read ? read.text : null;
}
