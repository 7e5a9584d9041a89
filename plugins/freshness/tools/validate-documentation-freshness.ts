/**
 * validate_documentation_freshness: gives every page freshness metadata in its
 * front matter (under `toolpack`; a `documcp` block is read and left as it is),
 * refreshes last_validated when asked, and reports pages changed in git since
 * the commit they were validated against. Writes touch only the front matter.
 */
import { defineTool, Params, StringEnum, Type, writeWorkspaceText } from '../../../sdk/index.js';
import type { FreshnessDeps } from '../deps.js';
import { changedSince, headCommit, type CommitComparison } from '../git/changed-since.js';
import { hasMetadata, readPageMetadata } from '../metadata/read-metadata.js';
import { withMetadata, type MetadataChanges } from '../metadata/write-metadata.js';
import { resolveFolder } from '../pages/docs-folder.js';
import { readPageStates, type PageState } from '../pages/page-states.js';
import { UPDATE_FREQUENCIES } from '../thresholds/presets.js';

/** Entries listed at most per list; totals always count every page. */
export const MAX_LISTED = 100;

const ACTIONS = ['initialized', 'updated', 'unchanged', 'missing', 'skipped'] as const;
type Action = (typeof ACTIONS)[number];

const Nullable = (schema: ReturnType<typeof Type.String>) => Type.Union([schema, Type.Null()]);

export const validateDocumentationFreshnessTool = (_deps: FreshnessDeps) =>
  defineTool({
    name: 'validate_documentation_freshness',
    title: 'Validate documentation freshness metadata',
    description:
      'Add freshness metadata (last_updated, last_validated, commit) to the front matter of docs pages and report pages changed in git since their last validation. Use it to start tracking or record a review; track_documentation_freshness only reports ages.',
    input: Params({
      docsPath: Type.String({ description: 'Docs folder in the workspace.' }),
      projectPath: Type.String({ description: 'Project folder the docs belong to.' }),
      initializeMissing: Type.Optional(Type.Boolean({ default: true, description: 'Write metadata into pages that lack it.' })),
      updateExisting: Type.Optional(Type.Boolean({ default: false, description: 'Set last_validated of every page to now: all pages were reviewed.' })),
      updateFrequency: Type.Optional(StringEnum(UPDATE_FREQUENCIES, { default: 'monthly', description: 'update_frequency for newly initialised pages.' })),
      validateAgainstGit: Type.Optional(Type.Boolean({ default: true, description: 'Record HEAD and report pages changed since their validated commit.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      docsPath: Type.String(),
      projectPath: Type.String(),
      pages: Type.Integer(),
      initialized: Type.Array(Type.String(), { description: `Pages given metadata; at most ${MAX_LISTED}.` }),
      initializedTotal: Type.Integer(),
      updated: Type.Array(Type.String(), { description: `Pages whose last_validated was refreshed; at most ${MAX_LISTED}.` }),
      updatedTotal: Type.Integer(),
      missingMetadata: Type.Integer({ description: 'Pages left without metadata (initializeMissing off).' }),
      changedSinceValidation: Type.Array(
        Type.Object({ path: Type.String(), validatedAgainstCommit: Type.String(), status: StringEnum(['changed', 'unknown-commit', 'not-checked'] as const), note: Type.Optional(Type.String()) }),
        { description: `Pages whose content changed in git after the commit they were validated against, or whose commit could not be compared; at most ${MAX_LISTED}.` },
      ),
      changedTotal: Type.Integer(),
      skipped: Type.Array(Type.Object({ path: Type.String(), reason: Type.String() })),
      files: Type.Array(
        Type.Object({
          path: Type.String(),
          action: StringEnum(ACTIONS),
          lastUpdated: Nullable(Type.String()),
          lastValidated: Nullable(Type.String()),
          validatedAgainstCommit: Nullable(Type.String()),
          updateFrequency: Nullable(Type.String()),
          metadataKeys: Type.Array(Type.String(), { description: 'Front matter keys holding the metadata after this call.' }),
        }),
        { description: `Metadata of each page after this call, by path; at most ${MAX_LISTED}.` },
      ),
      truncated: Type.Boolean(),
      git: Type.Object({ repository: Nullable(Type.String()), head: Nullable(Type.String()), note: Nullable(Type.String()) }),
      recommendations: Type.Array(Type.String()),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    async handler(input, context) {
      const { workspace, signal } = context;
      const docsRoot = await resolveFolder(workspace, input.docsPath, 'docsPath');
      const projectRoot = await resolveFolder(workspace, input.projectPath, 'projectPath');
      const initializeMissing = input.initializeMissing ?? true;
      const updateExisting = input.updateExisting ?? false;
      const frequency = input.updateFrequency ?? 'monthly';
      const againstGit = input.validateAgainstGit ?? true;
      const roots = [workspace.root, ...workspace.allowedRoots];

      const { pages, repoRoot, gitNote } = await readPageStates(docsRoot, 'docsPath', context, { withText: true });
      const head = againstGit && repoRoot ? await headCommit(docsRoot, roots, signal) : null;

      // Compared before anything is written: the commits the pages were validated against until now.
      const comparisons = againstGit && repoRoot && head
        ? await changedSince(new Set(pages.flatMap((p) => (p.metadata.validatedAgainstCommit && p.metadata.validatedAgainstCommit !== head ? [p.metadata.validatedAgainstCommit] : []))), docsRoot, repoRoot, roots, signal)
        : new Map<string, CommitComparison>();
      const changes: Array<{ path: string; validatedAgainstCommit: string; status: 'changed' | 'unknown-commit' | 'not-checked'; note?: string }> = [];
      for (const page of pages) {
        const commit = page.metadata.validatedAgainstCommit;
        const comparison = commit ? comparisons.get(commit) : undefined;
        if (!commit || !comparison) continue;
        if (comparison.kind === 'compared') {
          if (comparison.changed.has(page.path)) changes.push({ path: page.relative, validatedAgainstCommit: commit, status: 'changed' });
        } else if (comparison.kind === 'unknown-commit') {
          changes.push({ path: page.relative, validatedAgainstCommit: commit, status: 'unknown-commit', note: `commit ${commit} is not in this repository (rebased away, or from another clone)` });
        } else {
          changes.push({ path: page.relative, validatedAgainstCommit: commit, status: 'not-checked', note: comparison.reason });
        }
      }

      const now = new Date();
      const initialized: string[] = [];
      const updated: string[] = [];
      const skipped: Array<{ path: string; reason: string }> = [];
      const files: Array<{ path: string; action: Action; lastUpdated: string | null; lastValidated: string | null; validatedAgainstCommit: string | null; updateFrequency: string | null; metadataKeys: string[] }> = [];
      let missing = 0;
      for (const page of pages) {
        signal.throwIfAborted();
        let action: Action = 'unchanged';
        let metadata = page.metadata;
        const plan = page.error ? null : planChanges(page, { initializeMissing, updateExisting, frequency, head, now });
        if (page.error) {
          action = 'skipped';
          skipped.push({ path: page.relative, reason: page.error });
        } else if (plan === 'missing') {
          action = 'missing';
          missing++;
        } else if (plan) {
          try {
            const text = withMetadata(page.text!, plan.changes);
            // Re-read just before writing: a page edited meanwhile is left alone rather than overwritten with the old text.
            const current = await workspace.readText(page.path, { param: 'docsPath' });
            if (current !== page.text) throw new Error('the page changed while it was being validated; run again');
            await writeWorkspaceText(workspace, page.path, text, { replace: true, param: 'docsPath' });
            metadata = readPageMetadata(text).metadata;
            action = plan.action;
            (plan.action === 'initialized' ? initialized : updated).push(page.relative);
          } catch (error) {
            action = 'skipped';
            skipped.push({ path: page.relative, reason: (error as Error).message });
          }
        }
        files.push({
          path: page.relative,
          action,
          lastUpdated: metadata.lastUpdated?.toISOString() ?? null,
          lastValidated: metadata.lastValidated?.toISOString() ?? null,
          validatedAgainstCommit: metadata.validatedAgainstCommit,
          updateFrequency: metadata.updateFrequency,
          metadataKeys: [...metadata.keys],
        });
      }

      const where = workspace.relative(docsRoot) || '.';
      const changed = changes.filter((c) => c.status === 'changed').length;
      const unknown = changes.filter((c) => c.status === 'unknown-commit').length;
      const summary =
        pages.length === 0
          ? `No Markdown pages under ${where}.`
          : `${pages.length} page${pages.length === 1 ? '' : 's'} of ${where}: ${initialized.length} initialised, ${updated.length} updated` +
            `${missing ? `, ${missing} without metadata` : ''}${skipped.length ? `, ${skipped.length} skipped` : ''}` +
            `${againstGit ? (head ? `; ${changed} changed in git since they were validated${unknown ? `, ${unknown} validated against an unknown commit` : ''}` : '; not validated against git (no commit to compare with)') : ''}.`;

      const recommendations: string[] = [];
      if (changed) recommendations.push(`Review the ${changed} page(s) changed since they were validated (${changes.filter((c) => c.status === 'changed').slice(0, 5).map((c) => c.path).join(', ')}${changed > 5 ? ', ...' : ''}), then run again with updateExisting: true to record the review.`);
      if (unknown) recommendations.push(`${unknown} page(s) name a validated commit this repository does not have: review them and refresh with updateExisting: true.`);
      if (missing) recommendations.push(`${missing} page(s) have no freshness metadata: run again with initializeMissing: true.`);
      if (skipped.length) recommendations.push(`Fix the ${skipped.length} skipped page(s) (front matter that is not valid YAML or not a mapping, unreadable files) and run again.`);
      if (againstGit && !head) recommendations.push(`No git commit was found for ${where}${gitNote ? ` (${gitNote})` : ''}: validated_against_commit is not recorded until the docs are committed.`);
      if (initialized.length || updated.length) recommendations.push('Commit the metadata changes, then use track_documentation_freshness to see which pages are getting stale.');

      const listed = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      return {
        summary,
        docsPath: where,
        projectPath: workspace.relative(projectRoot) || '.',
        pages: pages.length,
        initialized: initialized.slice(0, MAX_LISTED),
        initializedTotal: initialized.length,
        updated: updated.slice(0, MAX_LISTED),
        updatedTotal: updated.length,
        missingMetadata: missing,
        changedSinceValidation: changes.slice(0, MAX_LISTED),
        changedTotal: changes.length,
        skipped: skipped.slice(0, MAX_LISTED),
        files: listed.slice(0, MAX_LISTED),
        truncated: [initialized, updated, changes, skipped, files].some((list) => list.length > MAX_LISTED),
        git: { repository: repoRoot ? (workspace.contains(repoRoot) ? workspace.relative(repoRoot) || '.' : repoRoot) : null, head, note: gitNote },
        recommendations,
      };
    },
  });

/** What to write into one page: nothing, its first metadata, or a refreshed last_validated; 'missing' when it has none and may not get any. */
function planChanges(
  page: PageState,
  options: { initializeMissing: boolean; updateExisting: boolean; frequency: (typeof UPDATE_FREQUENCIES)[number]; head: string | null; now: Date },
): { action: 'initialized' | 'updated'; changes: MetadataChanges } | 'missing' | null {
  // A page never committed is not in HEAD: recording HEAD would later report its first commit as a change.
  const commit = options.head && page.gitDate ? { validatedAgainstCommit: options.head } : {};
  if (!hasMetadata(page.metadata)) {
    if (!options.initializeMissing) return 'missing';
    const lastUpdated = page.gitDate ?? page.mtime;
    return { action: 'initialized', changes: { ...(lastUpdated ? { lastUpdated } : {}), lastValidated: options.now, ...commit, updateFrequency: options.frequency } };
  }
  if (!options.updateExisting) return null;
  return { action: 'updated', changes: { lastValidated: options.now, ...commit } };
}
