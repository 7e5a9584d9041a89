/**
 * populate_diataxis_content: gather the project's facts, plan the pages for the
 * population level, and write each page (generated mark in its front matter,
 * Sources list at its end) where the site's generator wants it. A page without
 * the generated mark is never replaced while preserveExisting is on.
 */
import { mkdir, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { FileSystemError, writeAtomic, type Resources, type Workspace } from '../../../sdk/index.js';
import type { ProjectScanner } from '../../project/api.js';
import type { SsgAdapters } from '../../ssg/api.js';
import { readStoredAnalysis } from '../../project/api.js';
import { type FactKind, focusFacts } from './facts.js';
import { GENERATED_BY, isGenerated, withFrontMatter, withoutTimestamp } from './front-matter.js';
import { gatherFacts } from './gather.js';
import { type PlannedPage, type PopulationLevel, planPages, sourcesSection } from './pages.js';
import { pageTarget, relativeLink, resolveDocsRoot } from './site.js';
import { isPublic } from '../gaps/audience.js';
import { reuseExistingPath } from '../../../sdk/section-folders.js';
import { addToNavigation, type NavigationChange } from './navigation.js';
import { findSphinxSource, sphinxTwin } from './sphinx-toctree.js';

export interface PopulateInput {
  analysisId: string;
  docsPath: string;
  populationLevel: PopulationLevel;
  includeProjectSpecific: boolean;
  preserveExisting: boolean;
  technologyFocus: string[];
}

export type PageStatus = 'written' | 'updated' | 'unchanged' | 'replaced' | 'kept';

export interface PageOutcome {
  path: string;
  section: string;
  title: string;
  status: PageStatus;
  facts: number;
  sources: string[];
  reason?: string;
}

export interface PopulateResult {
  project: string;
  docsPath: string;
  /** The folder the section folders were written in (workspace-relative). */
  docsRoot: string;
  site: { ssg: string; root: string; marker: string } | null;
  pages: PageOutcome[];
  /** Navigation files (mkdocs.yml nav, Sphinx toctrees) changed so the new pages are reached. */
  navigation: NavigationChange[];
  facts: Partial<Record<FactKind, number>>;
  skippedFiles: Array<{ path: string; reason: string }>;
}

export interface PopulateContext {
  workspace: Workspace;
  resources: Resources;
  scanner: ProjectScanner;
  adapters?: SsgAdapters | undefined;
  signal?: AbortSignal;
  now?: () => Date;
}

export async function populate(input: PopulateInput, ctx: PopulateContext): Promise<PopulateResult> {
  const { workspace } = ctx;
  const analysis = await readStoredAnalysis(ctx.resources, input.analysisId);
  const root = await ctx.scanner.resolveRoot(analysis.path, workspace, 'analysisId');
  const requested = await workspace.resolve(input.docsPath, 'docsPath');
  const existing = await stat(requested).catch(() => null);
  if (existing && !existing.isDirectory()) throw new FileSystemError(`parameter "docsPath": "${workspace.relative(requested)}" is a file (expected a folder)`, { parameter: 'docsPath' });
  const gathered = await gatherFacts({ root, workspace, scanner: ctx.scanner, ...(ctx.signal ? { signal: ctx.signal } : {}) });
  // Pages document what users use: names defined only by examples, maintainer scripts, private modules or completion internals stay out.
  const facts = focusFacts(gathered.facts, input.technologyFocus).filter((f) => isPublic(f.source.file, f.name));
  const projectName = gathered.scan.manifests.find((m) => m.name)?.name ?? (root.split(/[\\/]/).pop() || 'the project');
  const planned = planPages(facts, { level: input.populationLevel, includeProjectSpecific: input.includeProjectSpecific, projectName });
  const { site, docsRoot, sectionsRoot } = await resolveDocsRoot(requested, [root, workspace.root], workspace, ctx.adapters);
  // Sphinx is no built-in adapter of the ssg pack (an opt-in module may add one), but its toctrees decide what a reader reaches all the same.
  const sphinx = site && site.adapter.id !== 'sphinx' ? null : await findSphinxSource(sectionsRoot, workspace);
  // Pages go into the folders the project has, whatever their case (docs/Reference, docs/Guides).
  const targets = planned.map((page) => {
    const target = pageTarget(page, docsRoot, site);
    return { page, target: { ...target, path: join(sectionsRoot, reuseExistingPath(sectionsRoot, relative(sectionsRoot, target.path).split(sep).join('/'))) } };
  });
  const generatedAt = (ctx.now?.() ?? new Date()).toISOString();
  const pages: PageOutcome[] = [];
  for (const { page, target } of targets) {
    const links = crossLinks(page, targets, input.populationLevel);
    const body = [target.heading ? `# ${page.title}` : '', page.body, links, sourcesSection(page.sources.map((s) => ({ ...s, file: projectRelative(gathered.path, s.file) })))]
      .filter(Boolean)
      .join('\n\n');
    const content = withFrontMatter({ ...target.frontMatter, generated_by: GENERATED_BY, generated_at: generatedAt }, body.endsWith('\n') ? body : `${body}\n`);
    const twin = sphinx ? await sphinxTwin(target.path) : null;
    const outcome = twin ? { status: 'kept' as const, reason: `Sphinx has this document as ${workspace.relative(twin)}` } : await place(workspace, target.path, content, input.preserveExisting);
    pages.push({
      path: workspace.relative(target.path),
      section: page.section ?? 'index',
      title: page.title,
      status: outcome.status,
      facts: page.facts.length,
      sources: page.sources.map((s) => projectRelative(gathered.path, s.file)).filter((v, i, all) => all.indexOf(v) === i),
      ...(outcome.reason ? { reason: outcome.reason } : {}),
    });
  }
  const reachable = targets.filter((_, i) => pages[i]!.status !== 'kept').map(({ page, target }) => ({ path: target.path, title: page.title, section: page.section }));
  const navigation = await addToNavigation(site, sphinx, reachable, workspace);
  const counts: Partial<Record<FactKind, number>> = {};
  for (const fact of facts) counts[fact.kind] = (counts[fact.kind] ?? 0) + 1;
  return {
    project: gathered.path,
    docsPath: workspace.relative(requested) || '.',
    docsRoot: workspace.relative(sectionsRoot) || '.',
    site: site ? { ssg: site.adapter.id, root: workspace.relative(site.root) || '.', marker: site.marker } : sphinx ? { ssg: 'sphinx', root: workspace.relative(sphinx) || '.', marker: 'conf.py' } : null,
    pages,
    navigation,
    facts: counts,
    skippedFiles: gathered.skipped,
  };
}

/** Sources are cited as the workspace names them, so a reader at the workspace root finds them. */
const projectRelative = (project: string, file: string) => (project === '.' ? file : `${project}/${file}`);

/** The index links every page; intelligent pages link the other pages as well. */
function crossLinks(page: PlannedPage, all: Array<{ page: PlannedPage; target: { path: string } }>, level: PopulationLevel): string {
  const self = all.find((t) => t.page === page)!;
  const others = all.filter((t) => t.page !== page && t.page.section !== null);
  if (page.section === null) return others.length ? `## Contents\n\n${others.map((t) => `- [${t.page.title}](${relativeLink(self.target.path, t.target.path)})`).join('\n')}` : '';
  if (level !== 'intelligent') return '';
  const related = [...others.filter((t) => t.page.section === page.section), ...others.filter((t) => t.page.section !== page.section)].slice(0, 8);
  return related.length ? `## See also\n\n${related.map((t) => `- [${t.page.title}](${relativeLink(self.target.path, t.target.path)})`).join('\n')}` : '';
}

async function place(workspace: Workspace, path: string, text: string, preserveExisting: boolean): Promise<{ status: PageStatus; reason?: string }> {
  // Pages quote the project's files (README, manifests, code): secrets in them are masked.
  const content = workspace.maskForWrite(text);
  const target = await workspace.resolve(path, 'docsPath');
  const current = await workspace.readText(target).catch(() => undefined);
  if (current !== undefined) {
    const generated = isGenerated(current);
    if (!generated && preserveExisting) return { status: 'kept', reason: 'existing page without generated_by: toolpack (preserveExisting)' };
    if (generated && withoutTimestamp(current) === withoutTimestamp(content)) return { status: 'unchanged' };
    await writeAtomic(target, content, { replace: true });
    return { status: generated ? 'updated' : 'replaced' };
  }
  await mkdir(dirname(target), { recursive: true });
  // A file that appeared since the read is not replaced.
  return (await writeAtomic(target, content, { replace: false })) ? { status: 'written' } : { status: 'kept', reason: 'a file appeared there meanwhile' };
}
