/**
 * optimize_readme: shorten a README by moving detail sections into docs/ pages
 * (optimize/plan.ts) and adding a TL;DR. Writes only when create_docs_directory is
 * true: the pages first (never over an existing file), then the README, atomically.
 */
import { readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { defineTool, FileSystemError, Params, parseMarkdown, StringEnum, Type, ValidationError, writeWorkspaceText } from '../../../sdk/index.js';
import type { ReadmeDeps } from '../deps.js';
import { KEPT_KINDS, STRATEGIES } from '../optimize/classify.js';
import { addToNav, mkdocsConfigFor } from '../optimize/mkdocs-nav.js';
import { DOCS_DIR, planOptimization } from '../optimize/plan.js';

const MAX_LISTED = 100;

export const optimizeReadmeTool = (_deps: ReadmeDeps) =>
  defineTool({
    name: 'optimize_readme',
    title: 'Shorten a README into docs pages',
    description:
      'Shorten a long README toward max_length lines: long sections move verbatim to docs/ pages, each replaced by a summary and link, and a TL;DR is added. Use it after analyze_readme; with create_docs_directory false nothing is written.',
    input: Params({
      readme_path: Type.String({ description: 'README file in the workspace.' }),
      strategy: Type.Optional(
        StringEnum(STRATEGIES, {
          default: 'community_focused',
          description: `Sections that stay in the README: ${Object.entries(KEPT_KINDS).map(([s, kinds]) => `${s}: ${kinds.join(', ')}`).join('; ')}.`,
        }),
      ),
      max_length: Type.Optional(Type.Number({ default: 300, description: 'Target length in lines.' })),
      include_tldr: Type.Optional(Type.Boolean({ default: true, description: 'Add a TL;DR after the title unless one exists.' })),
      create_docs_directory: Type.Optional(Type.Boolean({ default: true, description: 'Write the docs/ pages (never overwriting) and README; false: return the proposal.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      readme_path: Type.String(),
      strategy: Type.String(),
      linesBefore: Type.Integer(),
      linesAfter: Type.Integer(),
      maxLength: Type.Integer(),
      withinMaxLength: Type.Boolean(),
      tldrAdded: Type.Boolean(),
      kept: Type.Array(Type.Object({ heading: Type.String(), kind: Type.String(), lines: Type.Integer() })),
      moved: Type.Array(Type.Object({ heading: Type.String(), kind: Type.String(), lines: Type.Integer(), path: Type.String({ description: 'Workspace-relative docs page.' }) })),
      written: Type.Boolean({ description: 'Files were written (create_docs_directory true and something changed).' }),
      files: Type.Array(
        Type.Object({ path: Type.String(), action: StringEnum(['create', 'replace'] as const), content: Type.String() }),
        { description: `Proposed (or written) files: the docs pages, then the README; at most ${MAX_LISTED}.` },
      ),
      truncated: Type.Boolean(),
      notes: Type.Array(Type.String()),
    }),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    async handler(input, context) {
      const strategy = input.strategy ?? 'community_focused';
      const maxLength = input.max_length ?? 300;
      if (!Number.isInteger(maxLength) || maxLength < 1) throw new ValidationError(`parameter "max_length": expected a whole number of lines, at least 1 (got ${maxLength})`, { parameter: 'max_length' });
      const write = input.create_docs_directory ?? true;

      const readmeAbs = await context.workspace.resolve(input.readme_path, 'readme_path');
      const source = await context.workspace.readText(input.readme_path, { param: 'readme_path' });
      const readmeRel = context.workspace.relative(readmeAbs);
      const docsAbs = await context.workspace.resolve(join(dirname(readmeAbs), DOCS_DIR), 'readme_path');
      const taken = new Set(await readdir(docsAbs).catch(() => [] as string[]));

      const doc = await parseMarkdown(source);
      const plan = await planOptimization(doc, { strategy, maxLength, includeTldr: input.include_tldr ?? true, readmeName: basename(readmeAbs), takenNames: taken });
      const changed = plan.readme !== source;
      const pagePath = (name: string) => context.workspace.relative(join(docsAbs, name));

      const notes: string[] = [];
      if (plan.tldrPresent && (input.include_tldr ?? true)) notes.push('The README already has a TL;DR section; it was left as it is.');
      // Pages moved into an MkDocs site's docs_dir join its nav, or the site would build them unlisted.
      const mkdocs = changed && plan.pages.length ? await mkdocsConfigFor(context.workspace, dirname(readmeAbs), docsAbs) : null;
      const nav = mkdocs && addToNav(mkdocs.text, plan.pages.map((page) => ({ title: page.section.title, file: page.name })));
      if (mkdocs && nav) notes.push(`${nav.added.length} page${nav.added.length === 1 ? '' : 's'} added to the nav of ${context.workspace.relative(mkdocs.path)}.`);
      if (plan.linesAfter > maxLength) notes.push(`Still ${plan.linesAfter} lines: every section the ${strategy} strategy does not keep has been moved; the rest stays. Shorten the kept sections by hand or pick another strategy.`);

      if (write && changed) {
        context.signal.throwIfAborted();
        // Pages first: if one fails, the README still has every section.
        for (const page of plan.pages) {
          const written = await writeWorkspaceText(context.workspace, join(docsAbs, page.name), page.content, { replace: false, param: 'readme_path' });
          if (!written) throw new FileSystemError(`"${pagePath(page.name)}" appeared while the pages were written; nothing was replaced, the README is unchanged. Run again.`, { parameter: 'readme_path', path: pagePath(page.name) });
        }
        if (mkdocs && nav) await writeWorkspaceText(context.workspace, mkdocs.path, nav.text, { replace: true, param: 'readme_path' });
        await writeWorkspaceText(context.workspace, readmeAbs, plan.readme, { replace: true, param: 'readme_path' });
      }

      const files = [
        ...plan.pages.map((page) => ({ path: pagePath(page.name), action: 'create' as const, content: page.content })),
        ...(mkdocs && nav ? [{ path: context.workspace.relative(mkdocs.path), action: 'replace' as const, content: nav.text }] : []),
        ...(changed ? [{ path: readmeRel, action: 'replace' as const, content: plan.readme }] : []),
      ];
      const moved = plan.pages.map((page) => ({ heading: page.section.title, kind: page.section.kind, lines: page.section.lines, path: pagePath(page.name) }));
      const written = write && changed;
      const outcome = !changed
        ? 'nothing to change'
        : written
          ? `written: ${moved.length} docs page${moved.length === 1 ? '' : 's'} and the README`
          : 'proposal only, nothing written (create_docs_directory is false)';
      return {
        summary: `${readmeRel}: ${plan.linesBefore} -> ${plan.linesAfter} lines (max ${maxLength}); ${moved.length} section${moved.length === 1 ? '' : 's'} moved to ${DOCS_DIR}/${plan.tldrAdded ? ', TL;DR added' : ''}; ${outcome}.`,
        readme_path: readmeRel,
        strategy,
        linesBefore: plan.linesBefore,
        linesAfter: plan.linesAfter,
        maxLength,
        withinMaxLength: plan.linesAfter <= maxLength,
        tldrAdded: plan.tldrAdded,
        kept: plan.kept.slice(0, MAX_LISTED).map((s) => ({ heading: s.title, kind: s.kind, lines: s.lines })),
        moved: moved.slice(0, MAX_LISTED),
        written,
        files: files.slice(0, MAX_LISTED),
        truncated: files.length > MAX_LISTED || moved.length > MAX_LISTED || plan.kept.length > MAX_LISTED,
        notes,
      };
    },
  });
