/**
 * analyze_deployment_progress: where the project stands between releases, from git (release
 * tags, release branches, the commits since the last release and their conventional-commit
 * kinds) and the deployments the memory pack recorded, when it is loaded.
 */
import { Params, StringEnum, Type, defineTool } from '../../../sdk/index.js';
import { ConversationContext, NOT_USED } from '../../project/api.js';
import type { DeploymentDeps } from '../deps.js';
import { deploymentStatus, postDeployment, preDeployment, rollbackAnalysis, type ProgressInputs, type Section } from '../progress/analyses.js';
import { hasHead, listTags, releaseBranches, type Tag } from '../progress/git-history.js';
import { projectModule } from '../progress/tag-modules.js';
import { manifestVersion } from '../project-manifest.js';

const ANALYSES = ['pre_deployment', 'deployment_status', 'post_deployment', 'rollback_analysis'] as const;
const ENVIRONMENTS = ['development', 'staging', 'production'] as const;
const MAX_TAGS = 20;
/** Recorded deployments read per call: the newest ones are the ones that matter. */
const MAX_RECORDS = 1000;

const Commit = Type.Object({ sha: Type.String(), subject: Type.String(), author: Type.String(), date: Type.String(), kind: StringEnum(['breaking', 'feat', 'fix', 'other'] as const), type: Type.Union([Type.String(), Type.Null()]) });
const Commits = Type.Object({
  total: Type.Integer(),
  byKind: Type.Object({ breaking: Type.Integer(), feat: Type.Integer(), fix: Type.Integer(), other: Type.Integer() }),
  list: Type.Array(Commit, { description: 'Newest first, at most 200.' }),
  truncated: Type.Boolean(),
});
const Files = Type.Object({
  files: Type.Integer(),
  insertions: Type.Integer(),
  deletions: Type.Integer(),
  list: Type.Array(Type.Object({ path: Type.String(), insertions: Type.Union([Type.Integer(), Type.Null()]), deletions: Type.Union([Type.Integer(), Type.Null()]) })),
  truncated: Type.Boolean(),
});
const Breaking = Type.Array(Type.Object({ sha: Type.String(), subject: Type.String() }));
const Record = Type.Object({
  id: Type.String(),
  at: Type.String(),
  outcome: StringEnum(['succeeded', 'failed', 'configured'] as const),
  evidence: Type.String(),
  target: Type.Union([Type.String(), Type.Null()]),
  ssg: Type.String(),
  tool: Type.String(),
  error: Type.Optional(Type.String()),
  release: Type.Union([Type.String(), Type.Null()], { description: 'The newest tag made at or before the deployment.' }),
});
const Tally = { recorded: Type.Integer(), succeeded: Type.Integer(), failed: Type.Integer(), configured: Type.Integer() };
const Release = Type.Object({ name: Type.String(), version: Type.Union([Type.String(), Type.Null()]), commit: Type.String(), date: Type.String(), module: Type.Optional(Type.String()) });

/** Other modules' tags per module folder: how many and the newest version. */
function summariseModules(tags: readonly Tag[]) {
  const byModule = new Map<string, Tag[]>();
  for (const tag of tags) byModule.set(tag.module || '.', [...(byModule.get(tag.module || '.') ?? []), tag]);
  return [...byModule].sort(([a], [b]) => a.localeCompare(b)).slice(0, 20).map(([module, list]) => ({ module, tags: list.length, newest: list[0]!.name }));
}

export const analyzeDeploymentProgressTool = (deps: DeploymentDeps) =>
  defineTool({
    name: 'analyze_deployment_progress',
    title: 'Analyze deployment progress',
    description:
      'Where the project stands between releases, from git tags, commits and recorded deployments: what would ship and the next version, deployment status, what changed since, or how to roll back. Use it to plan or review a release. Read-only.',
    input: Params({
      analysisType: StringEnum(ANALYSES, {
        description: 'pre_deployment: what would ship, next version; post_deployment: changes since; rollback_analysis: last good release.',
      }),
      targetEnvironment: Type.Optional(StringEnum(ENVIRONMENTS, { description: 'Only deployments recorded for this target.' })),
      deploymentId: Type.Optional(Type.String({ description: 'A recorded deployment id (as deployment_status lists them).' })),
      projectPath: Type.Optional(Type.String({ description: 'Project folder in a git repository; defaults to the workspace root. Only its commits count.' })),
      conversationContext: ConversationContext(NOT_USED),
    }),
    output: Type.Object({
      summary: Type.String(),
      analysisType: StringEnum(ANALYSES),
      projectPath: Type.String(),
      targetEnvironment: Type.Union([StringEnum(ENVIRONMENTS), Type.Null()]),
      git: Type.Object({
        repository: Type.Boolean(),
        tags: Type.Object({
          total: Type.Integer(),
          list: Type.Array(Type.Object({ name: Type.String(), version: Type.Union([Type.String(), Type.Null()]), date: Type.String(), annotated: Type.Boolean(), module: Type.String() }), { description: 'Semver tags newest version first, then others; at most 20.' }),
          module: Type.String({ description: 'Module folder whose tags are the releases ("." for the root).' }),
          otherModules: Type.Array(Type.Object({ module: Type.String(), tags: Type.Integer(), newest: Type.String() }), { description: 'Tags of other modules, left out.' }),
        }),
        releaseBranches: Type.Array(Type.String()),
      }),
      memory: Type.Object({ loaded: Type.Boolean(), recorded: Type.Integer({ description: 'Deployments recorded for this project (all targets).' }), note: Type.String() }),
      preDeployment: Type.Optional(
        Type.Object({
          lastRelease: Type.Union([Type.Object({ name: Type.String(), version: Type.Union([Type.String(), Type.Null()]), commit: Type.String(), date: Type.String(), onHistory: Type.Union([Type.Boolean(), Type.Null()]) }), Type.Null()]),
          commits: Commits,
          breakingChanges: Breaking,
          suggestedVersion: Type.Union([Type.Object({ version: Type.String(), bump: Type.String(), basis: Type.String() }), Type.Null()]),
          filesChanged: Type.Union([Files, Type.Null()]),
          workingTree: Type.Object({
            branch: Type.Union([Type.String(), Type.Null()]),
            upstream: Type.Union([Type.String(), Type.Null()]),
            unpushed: Type.Union([Type.Integer(), Type.Null()]),
            staged: Type.Integer(),
            unstaged: Type.Integer(),
            untracked: Type.Integer(),
            paths: Type.Array(Type.String()),
          }),
        }),
      ),
      deploymentStatus: Type.Optional(
        Type.Object({
          totals: Type.Union([Type.Object(Tally), Type.Null()]),
          leftOutByTarget: Type.Optional(Type.Integer({ description: 'Records for other or unnamed targets, left out by targetEnvironment.' })),
          byEnvironment: Type.Array(Type.Object({ target: Type.String(), ...Tally, last: Record })),
          recent: Type.Array(Record),
          deployment: Type.Union([Record, Type.Null()]),
        }),
      ),
      postDeployment: Type.Optional(
        Type.Object({
          since: Type.Union([Type.Object({ kind: StringEnum(['release', 'deployment'] as const), name: Type.String(), at: Type.String() }), Type.Null()]),
          commits: Commits,
          breakingChanges: Type.Optional(Breaking),
          failures: Type.Array(Record),
          tagsAfter: Type.Array(Type.Object({ name: Type.String(), date: Type.String() })),
        }),
      ),
      rollbackAnalysis: Type.Optional(
        Type.Object({
          lastGoodRelease: Type.Union([Release, Type.Null()]),
          basis: Type.String(),
          commits: Type.Union([Commits, Type.Null()]),
          filesChanged: Type.Union([Files, Type.Null()]),
          breakingChanges: Breaking,
          commands: Type.Array(Type.Object({ purpose: Type.String(), args: Type.Array(Type.String()) }), { description: 'Argument lists to run by hand; not run by this tool.' }),
        }),
      ),
    }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async handler(input, context) {
      const root = await deps.scanner.resolveRoot(input.projectPath, context.workspace, 'projectPath');
      const project = context.workspace.relative(root) || '.';
      const repo = (await deps.git.isRepo(root)) ? await deps.git.at(root) : null;
      const usable = repo && (await hasHead(repo)) ? repo : null;
      const allTags = usable ? await listTags(usable) : [];
      // Another module's tags (`modules/x/v2.0.0` in a repository of several modules) are no release of this project.
      const module = usable ? await projectModule(usable, allTags.map((t) => t.module)) : '';
      const tags = allTags.filter((t) => t.module === module);
      const otherTags = allTags.filter((t) => t.module !== module);
      const branches = usable ? await releaseBranches(usable) : [];
      const records = deps.deployments ? await deps.deployments.list({ project, limit: MAX_RECORDS }) : null;
      const inputs: ProgressInputs = {
        repo: usable,
        tags,
        releaseBranches: branches,
        records,
        ...(input.targetEnvironment ? { env: input.targetEnvironment } : {}),
        ...(input.deploymentId !== undefined ? { deploymentId: input.deploymentId } : {}),
        manifestVersion: tags.length ? null : await manifestVersion(root, context.workspace),
        module,
        otherModuleTags: otherTags,
      };
      const run: Record<(typeof ANALYSES)[number], (i: ProgressInputs) => Promise<Section>> = {
        pre_deployment: preDeployment,
        deployment_status: deploymentStatus,
        post_deployment: postDeployment,
        rollback_analysis: rollbackAnalysis,
      };
      const section = await run[input.analysisType](inputs);
      const key = { pre_deployment: 'preDeployment', deployment_status: 'deploymentStatus', post_deployment: 'postDeployment', rollback_analysis: 'rollbackAnalysis' }[input.analysisType];
      const memoryNote = records === null ? 'The memory pack is not loaded: no deployment is recorded, so only git is used.' : `${records.length} deployment(s) recorded for ${project}.`;
      return {
        summary: records === null && input.analysisType !== 'deployment_status' ? `${section.summary} (Memory pack not loaded: git only.)` : section.summary,
        analysisType: input.analysisType,
        projectPath: project,
        targetEnvironment: input.targetEnvironment ?? null,
        git: {
          repository: usable !== null,
          tags: {
            total: tags.length,
            list: tags.slice(0, MAX_TAGS).map((t) => ({ name: t.name, version: t.version, date: t.date, annotated: t.annotated, module: t.module || '.' })),
            module: module || '.',
            otherModules: summariseModules(otherTags),
          },
          releaseBranches: branches.slice(0, 50),
        },
        memory: { loaded: records !== null, recorded: records?.length ?? 0, note: memoryNote },
        // The section's key follows analysisType, which TypeScript cannot follow; the kernel checks the result against the output schema.
        [key]: section.data,
      } as never;
    },
  });
