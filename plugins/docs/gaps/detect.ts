/**
 * detect_documentation_gaps' logic: the project's surface (surface.ts) against what the
 * pages mention (mentions.ts). A gap is a surface item no page names; a stale name is a
 * name a page presents as code that the project no longer has. Each carries file:line
 * evidence, a priority, and (gaps) the Diataxis page it belongs on.
 */
import type { DiataxisSection } from '../../../sdk/index.js';
import { MentionIndex, readPage, staleNames, type StaleName } from './mentions.js';
import type { ProjectText, TextFile } from './project-files.js';
import { timeSlicer } from '../../../sdk/time-slices.js';
import { knownNamesSliced } from './project-files.js';
import { extractSurfaceSliced, type Depth, type SurfaceItem, type SurfaceKind } from './surface.js';
import { audienceOf, type Audience } from './audience.js';

export type Priority = 'high' | 'medium' | 'low';

export interface Gap {
  kind: SurfaceKind;
  name: string;
  /** `file:line` where the code exposes it. */
  evidence: string;
  file: string;
  line: number;
  priority: Priority;
  suggestedPage: { section: DiataxisSection; path: string; exists: boolean };
  reason: string;
}

export interface Stale extends StaleName {
  /** `file:line` of the page that names it. */
  evidence: string;
  priority: Priority;
  reason: string;
}

const PLACEMENT: Record<SurfaceKind, { section: DiataxisSection; file: string; priority: Priority; what: string }> = {
  'cli-command': { section: 'reference', file: 'cli.md', priority: 'high', what: 'CLI command' },
  'cli-flag': { section: 'reference', file: 'cli.md', priority: 'high', what: 'CLI flag' },
  'env-var': { section: 'reference', file: 'configuration.md', priority: 'high', what: 'environment variable read by the code' },
  export: { section: 'reference', file: 'api.md', priority: 'high', what: 'exported name' },
  script: { section: 'how-to', file: 'development.md', priority: 'low', what: 'package.json script' },
  'config-key': { section: 'reference', file: 'configuration.md', priority: 'high', what: 'configuration key' },
  feature: { section: 'how-to', file: '', priority: 'low', what: 'README feature' },
};

/** Folder names sites use for each section; the first existing one under the docs folder is suggested. */
const SECTION_FOLDERS: Record<DiataxisSection, string[]> = {
  tutorials: ['tutorials', 'tutorial', 'getting-started'],
  'how-to': ['how-to', 'howto', 'how-to-guides', 'guides'],
  reference: ['reference', 'api'],
  explanation: ['explanation', 'explanations', 'concepts', 'background'],
};

/** A feature counts as documented when this share of its significant words occurs in the pages. */
const FEATURE_COVERAGE = 0.6;

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 48) || 'feature';

/** Not public surface: left out of the gaps, counted. Completion internals stay, at low priority. */
const SET_APART: ReadonlySet<Audience> = new Set(['private', 'example', 'script', 'test']);

export interface GapReport {
  surface: Record<SurfaceKind, number>;
  /** Items of the code left out of the gaps because they are not for users, per audience (private, example, script, test). */
  setApart: Partial<Record<Audience, number>>;
  gaps: Gap[];
  stale: Stale[];
}

/**
 * `pages` are the documentation pages (project-relative paths; the README among them when
 * it documents the project), `docsDir` the docs folder (project-relative, '' for the root).
 */
export async function detectGaps(input: { project: ProjectText; pages: readonly TextFile[]; docsDir: string; depth: Depth; readme?: TextFile }): Promise<GapReport> {
  const { project, pages, docsDir, depth } = input;
  // Each phase scans up to thousands of files: the event loop gets a turn between files (surface) and phases.
  const pause = timeSlicer();
  const surface = await extractSurfaceSliced(project, depth, input.readme, pause);
  await pause();
  const mentions = new MentionIndex(pages);
  await pause();
  // A README feature is documented by the other pages, not by the README that lists it.
  const featureMentions = new MentionIndex(pages.filter((p) => p.path !== input.readme?.path));
  await pause();
  const existing = new Set(pages.map((p) => p.path));
  const folders = new Set(pages.map((p) => p.path.slice(0, p.path.lastIndexOf('/') + 1)));
  const prefix = docsDir ? `${docsDir}/` : '';
  const sectionFolder = (section: DiataxisSection) => SECTION_FOLDERS[section].find((f) => folders.has(`${prefix}${f}/`)) ?? SECTION_FOLDERS[section][0]!;

  const counts = Object.fromEntries(Object.keys(PLACEMENT).map((k) => [k, 0])) as Record<SurfaceKind, number>;
  const gaps: Gap[] = [];
  const setApart: GapReport['setApart'] = {};
  for (const item of surface) {
    counts[item.kind]++;
    // package.json scripts and README features are the project's own words about itself: no module path to judge.
    const audience = item.kind === 'script' || item.kind === 'feature' ? 'public' : audienceOf(item.file, item.name);
    if (SET_APART.has(audience)) {
      if (!documented(item, mentions)) setApart[audience] = (setApart[audience] ?? 0) + 1;
      continue;
    }
    if (documented(item, item.kind === 'feature' ? featureMentions : mentions)) continue;
    const place = PLACEMENT[item.kind];
    const priority: Priority = audience === 'completion' ? 'low' : place.priority;
    const path = `${prefix}${sectionFolder(place.section)}/${place.file || `${slug(item.name)}.md`}`;
    gaps.push({
      kind: item.kind,
      name: item.name,
      evidence: `${item.file}:${item.line}`,
      file: item.file,
      line: item.line,
      priority,
      suggestedPage: { section: place.section, path, exists: existing.has(path) },
      reason: `${place.what} "${item.name}" is not mentioned in any documentation page${audience === 'completion' ? ' (a shell-completion internal: users rarely set it)' : ''}`,
    });
  }

  const hasCli = surface.some((item) => item.kind === 'cli-flag' || item.kind === 'cli-command');
  // Bare identifiers are left to validate_diataxis_content's lower-confidence findings: a gap report lists only firm evidence.
  const known = await knownNamesSliced(project, pause);
  const stale = staleNames(pages.map(readPage), known, { flags: hasCli, identifiers: false, commands: new Set(surface.filter((i) => i.kind === 'cli-command').map((i) => i.name)) }).map(
    (s): Stale => ({
      ...s,
      evidence: `${s.file}:${s.line}`,
      priority: s.kind === 'function' || s.kind === 'cli-flag' ? 'high' : 'medium',
      reason: `the page documents \`${s.text}\` but "${s.name}" appears nowhere in the project's code or configuration`,
    }),
  );
  const order: Record<Priority, number> = { high: 0, medium: 1, low: 2 };
  gaps.sort((a, b) => order[a.priority] - order[b.priority]);
  return { surface: counts, setApart, gaps, stale };
}

function documented(item: SurfaceItem, mentions: MentionIndex): boolean {
  if (item.kind === 'feature') return mentions.coverage(item.name) >= FEATURE_COVERAGE;
  if (item.kind === 'script') return mentions.has(item.name) || mentions.has(`npm run ${item.name}`);
  return mentions.has(item.name);
}
