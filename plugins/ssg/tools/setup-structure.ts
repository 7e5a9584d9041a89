/**
 * setup_structure (seed 001): the four Diataxis sections with index pages
 * (and one example page each when includeExamples), plus the generator's
 * navigation merged into its config. An existing page is never replaced; a
 * navigation file is replaced only when the adapter read it and merged into it.
 */
import { mkdir, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { ContentError, DIATAXIS_SECTIONS, defineTool, FileSystemError, Params, readFrontMatter, Type, updateFrontMatter, type SiteFile } from '../../../sdk/index.js';
import type { SsgDeps } from '../deps.js';
import { ssgStructuredTopic } from '../events.js';
import { examplePages, sectionIndexPages } from '../site/diataxis-pages.js';
import { projectFacts } from '../site/project-facts.js';
import { placeFiles, siteReader, type FileOutcome } from '../site/site-files.js';
import { renamePaths, siteLayout } from '../site/site-layout.js';
import { FileOutcomeSchema } from './file-outcome-schema.js';
import { adapterFor, ssgParam } from './ssg-param.js';

/** The mark populate_diataxis_content and update_existing_documentation recognise as theirs to rewrite. */
const GENERATED_BY = 'toolpack';

/** The `title` of a page's YAML front matter, when it has one. */
function frontMatterTitle(text: string | undefined): string | undefined {
  const title = text === undefined ? undefined : readFrontMatter(text).data?.title;
  return typeof title === 'string' && title.trim() ? title.trim() : undefined;
}

export const setupStructureTool = (deps: SsgDeps) =>
  defineTool({
    name: 'setup_structure',
    title: 'Set up Diataxis structure',
    description:
      'Create the Diataxis sections (tutorials, how-to, reference, explanation) in a site folder with index and example pages and the navigation. Run generate_config first; existing pages are kept.',
    input: Params({
      path: Type.String({ description: 'Site root (generate_config\'s outputPath) or its docs folder.' }),
      ssg: ssgParam(deps.adapters),
      includeExamples: Type.Optional(Type.Boolean({ default: true, description: 'Add one example page per section, written about the project.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      ssg: Type.String(),
      path: Type.String({ description: 'Workspace-relative site root.' }),
      docsRoot: Type.String(),
      sections: Type.Array(Type.Object({ section: Type.String(), directory: Type.String(), pages: Type.Array(Type.String()) })),
      created: Type.Array(Type.String()),
      existing: Type.Array(Type.String({ description: 'Pages already there, left as they were.' })),
      navigation: Type.Array(FileOutcomeSchema),
      warnings: Type.Array(Type.String()),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async handler({ path, ssg, includeExamples = true }, { workspace, signal }) {
      const adapter = adapterFor(deps.adapters, ssg);
      const requested = await workspace.resolve(path, 'path');
      const found = await stat(requested).catch(() => null);
      if (found && !found.isDirectory()) throw new FileSystemError(`parameter "path": "${workspace.relative(requested)}" is a file (expected a folder)`, { parameter: 'path' });
      // `path` means what populate_diataxis_content's docsPath means: the site root, or the docs folder in it.
      const projectRoot = await deps.scanner.resolveRoot(undefined, workspace).catch(() => workspace.root);
      const layout = siteLayout({ adapter, path: requested, projectRoots: [projectRoot, workspace.root], workspace, read: (dir, file) => siteReader(workspace, dir)(file) });
      const root = layout.root;
      await mkdir(root, { recursive: true });
      const site = workspace.relative(root) || '.';
      const warnings: string[] = [];

      const facts = await projectFacts(deps.scanner, workspace, signal);
      const read = siteReader(workspace, root);
      // A page the user already has keeps its own title in the navigation.
      const pages = [...sectionIndexPages(facts), ...(includeExamples ? examplePages(facts) : [])].map((page) => {
        const title = frontMatterTitle(read(layout.place(adapter.pageFile(page).path)));
        return title ? { ...page, title } : page;
      });
      // Example pages carry the generated mark, so populate_diataxis_content replaces them with pages of facts.
      const files = pages.map((p) => {
        const file = adapter.pageFile(p);
        return p.slug === 'index' || !/^---\n/.test(file.content) ? file : { ...file, content: updateFrontMatter(file.content, { generated_by: GENERATED_BY }) };
      });
      const placed = files.map((f) => ({ ...f, path: layout.place(f.path) }));

      // Navigation first: a config that does not parse stops the tool before any page is written.
      const merged = new Set<string>();
      const tracking = (file: string) => {
        const text = read(file);
        if (text !== undefined) merged.add(file);
        return text;
      };
      const configured = layout.configured;
      let navFiles: SiteFile[];
      try {
        navFiles = layout.docsFolder ? [] : adapter.navigation(pages, tracking);
      } catch (error) {
        throw new ContentError(`${adapter.name} navigation not written, nothing changed: ${(error as Error).message}`, { path: site });
      }
      // The navigation names the canonical folders (reference/); point it at the ones the pages went to (Reference/).
      const depth = layout.root === layout.sectionsRoot ? 0 : relative(layout.root, layout.sectionsRoot).split(sep).length;
      const inSections = (p: string) => p.split('/').slice(depth).join('/');
      const moves = files.map((f, i) => [inSections(f.path), inSections(placed[i]!.path)] as [string, string]);
      navFiles = navFiles.map((file) => ({ ...file, content: renamePaths(file.content, moves) }));
      const navigation: FileOutcome[] = [];
      const toWrite: SiteFile[] = [];
      for (const file of navFiles) {
        // Without generate_config's config file, writing only its nav would leave a config the generator rejects (and generate_config would then skip it).
        if (!configured && adapter.markers.includes(file.path)) {
          navigation.push({ path: workspace.relative(`${root}/${file.path}`), status: 'skipped', reason: `no ${adapter.name} configuration in ${site}: run generate_config first, then setup_structure again` });
        } else toWrite.push(file);
      }
      if (layout.docsFolder) warnings.push(`No ${adapter.name} configuration found for ${site}: the pages went into the existing docs folder ${site}; no navigation was written (the site is built elsewhere, or run generate_config to build it with ${adapter.name}).`);
      else if (!configured) warnings.push(`No ${adapter.name} configuration found in ${site} (${adapter.markers.join(', ')}): run generate_config with outputPath "${site}" first.`);

      const pageOutcomes = await placeFiles(workspace, root, placed, { param: 'path' });
      navigation.push(...(await placeFiles(workspace, root, toWrite, { param: 'path', update: (file) => merged.has(file) })));
      for (const n of navigation) if (n.status === 'skipped' && n.diff) warnings.push(`${n.path} was not replaced (${n.reason}): ${n.diff}`);

      const created = pageOutcomes.filter((o) => o.status === 'written').map((o) => o.path);
      const existing = pageOutcomes.filter((o) => o.status !== 'written').map((o) => o.path);
      const sections = DIATAXIS_SECTIONS.map((section) => ({
        section,
        directory: workspace.relative(join(root, dirname(placed[pages.findIndex((p) => p.section === section && p.slug === 'index')]?.path ?? adapter.sectionDir(section) + '/x'))),
        pages: pageOutcomes.filter((_, i) => pages[i]!.section === section).map((o) => o.path),
      }));
      const docsRoot = workspace.relative(layout.sectionsRoot) || '.';
      const navWritten = navigation.filter((n) => n.status === 'written' || n.status === 'updated').map((n) => n.path);
      const summary =
        `Diataxis structure for ${adapter.name} in ${site}: ${created.length} page(s) created, ${existing.length} already there (kept), sections in ${docsRoot}` +
        (navWritten.length ? `; navigation written to ${navWritten.join(', ')}` : navigation.length ? '; navigation unchanged' : '') +
        (warnings.length ? `. ${warnings.length} warning(s).` : '.');
      await deps.events.publish(ssgStructuredTopic, { tool: 'setup_structure', project: '.', summary, files: created.slice(0, 50) });
      return { summary, ssg: adapter.id, path: site, docsRoot, sections, created, existing, navigation, warnings };
    },
  });
