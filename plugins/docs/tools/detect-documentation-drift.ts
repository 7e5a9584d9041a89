/**
 * detect_documentation_drift: pages that describe code which changed after the page last did,
 * from git history alone (drift/). Read-only.
 */
import { defineTool, GitRefusedError, Params, StringEnum, Type, ValidationError } from '../../../sdk/index.js';
import type { DocsDeps } from '../deps.js';
import { DRIFT_KIND_NAMES } from '../drift/compare.js';
import { detectDrift, MAX_PAGES_LISTED, MAX_REST_LISTED, type DriftedPage } from '../drift/detect.js';
import { openGit, type Git } from '../drift/git-run.js';
import { headCommit, resolveSince } from '../drift/history.js';
import { docsFolder, projectRelativeDir, readPages } from '../gaps/load.js';

const CHANGES = ['removed', 'renamed', 'signature-changed'] as const;

const Commit = Type.Object({ sha: Type.String(), date: Type.String(), subject: Type.String() });

const PageChange = Type.Object({
  name: Type.String(),
  kind: StringEnum(DRIFT_KIND_NAMES),
  change: StringEnum(CHANGES),
  mentions: Type.Integer(),
  line: Type.Integer(),
  definedAt: Type.String(),
  newName: Type.Optional(Type.String()),
  newFile: Type.Optional(Type.String()),
  oldSignature: Type.Optional(Type.String()),
  newSignature: Type.Optional(Type.String()),
  commits: Type.Array(Commit),
});

const Page = Type.Object({
  path: Type.String(),
  lastCommit: Commit,
  comparedFrom: Type.Optional(Type.String()),
  score: Type.Integer(),
  changeCount: Type.Integer(),
  changes: Type.Array(PageChange),
});

const describe = (page: DriftedPage) => {
  const c = page.changes[0]!;
  const what = c.change === 'renamed' ? `renamed to ${c.newName}` : c.change === 'removed' ? 'removed' : 'whose signature changed';
  const commit = c.commits[0] ? ` in ${c.commits[0].sha}` : '';
  return `${page.path} names ${c.name}, ${what}${commit}`;
};

export const detectDocumentationDriftTool = (deps: DocsDeps) =>
  defineTool({
    name: 'detect_documentation_drift',
    title: 'Detect documentation drift',
    description:
      'Pages naming code that changed after the page last did (removed, renamed, re-signed), with the commits, ranked; from git history. Use after code changes.',
    input: Params({
      repositoryPath: Type.String({ description: 'Project folder in a git repository.' }),
      documentationPath: Type.Optional(Type.String({ description: 'Docs folder in the project; default as for gaps.' })),
      since: Type.Optional(Type.String({ description: 'Only commits after this ref or date (YYYY-MM-DD).' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      counts: Type.Object({
        documentationPath: Type.String(),
        pagesRead: Type.Integer(),
        pagesCompared: Type.Integer(),
        pagesDrifted: Type.Integer(),
        notCommitted: Type.Integer({ description: 'Pages with no commit yet: nothing to compare.' }),
        notCompared: Type.Integer({ description: 'Pages left out: too many distinct revisions to read.' }),
        revisionsRead: Type.Integer(),
        sourceFilesRead: Type.Integer(),
      }),
      pages: Type.Array(Page, { description: `The ${MAX_PAGES_LISTED} pages that rely most on changed code, weightiest change first.` }),
      otherPages: Type.Array(Type.Object({ path: Type.String(), score: Type.Integer(), changeCount: Type.Integer() })),
      truncated: Type.Boolean(),
      since: Type.Optional(Type.Object({ given: Type.String(), commit: Type.Union([Type.String(), Type.Null()]) })),
      projectPath: Type.String(),
    }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async handler({ repositoryPath, documentationPath, since }, context) {
      const { workspace, signal } = context;
      const root = await deps.scanner.resolveRoot(repositoryPath, workspace, 'repositoryPath');
      const { files } = await deps.scanner.scan(root, { signal });
      const given = documentationPath === undefined ? undefined : await projectRelativeDir(root, documentationPath, workspace, 'documentationPath');
      const docsDir = docsFolder(files, given);
      const { pages } = await readPages(root, files, docsDir, workspace);
      let git: Git;
      try {
        git = await openGit(root, [workspace.root, ...workspace.allowedRoots], signal);
      } catch (error) {
        const why = error instanceof GitRefusedError ? error.message : 'it is not inside a git repository';
        throw new ValidationError(`parameter "repositoryPath": "${repositoryPath}" has no git history to read: ${why}`, { parameter: 'repositoryPath' });
      }
      const counts = { documentationPath: docsDir, pagesRead: pages.length, pagesCompared: 0, pagesDrifted: 0, notCommitted: 0, notCompared: 0, revisionsRead: 0, sourceFilesRead: 0 };
      const projectPath = workspace.relative(root) || '.';
      const head = await headCommit(git);
      if (!head) {
        if (since !== undefined) throw new ValidationError(`parameter "since": the repository has no commits, so "${since}" is not a ref of it`, { parameter: 'since' });
        return { summary: `The repository has no commits yet: no history to compare the ${pages.length} page(s) with, so no drift.`, counts: { ...counts, notCommitted: pages.length }, pages: [], otherPages: [], truncated: false, projectPath };
      }
      const sinceCommit = since === undefined ? undefined : await resolveSince(git, since);
      const report = await detectDrift({ git, pages, files, docsDir, head, since: sinceCommit?.commit ?? null });
      const listed = report.pages.slice(0, MAX_PAGES_LISTED);
      const rest = report.pages.slice(MAX_PAGES_LISTED);
      const range = since === undefined ? '' : ` (commits after ${since})`;
      const left = report.notCompared > 0 ? ` ${report.notCompared} other page(s) not compared (their last commits were past the number of revisions read).` : '';
      const summary =
        (report.pages.length === 0
          ? `None of ${report.pagesCompared} page(s) describes code that changed after it${range}.`
          : `${report.pages.length} of ${report.pagesCompared} page(s) describe code that changed after them${range}: ${describe(listed[0]!)}${listed.length > 1 ? `; next ${listed[1]!.path}` : ''}.`) + left;
      return {
        summary,
        counts: { ...counts, pagesCompared: report.pagesCompared, pagesDrifted: report.pages.length, notCommitted: report.notCommitted, notCompared: report.notCompared, revisionsRead: report.revisionsRead, sourceFilesRead: report.sourceFilesRead },
        pages: listed,
        otherPages: rest.slice(0, MAX_REST_LISTED).map(({ path, score, changeCount }) => ({ path, score, changeCount })),
        truncated: rest.length > MAX_REST_LISTED || listed.some((p) => p.changeCount > p.changes.length) || report.notCompared > 0,
        ...(sinceCommit && since !== undefined ? { since: { given: since, commit: sinceCommit.commit?.slice(0, 12) ?? null } } : {}),
        projectPath,
      };
    },
  });
