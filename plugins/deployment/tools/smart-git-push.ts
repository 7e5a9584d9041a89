/**
 * smart_git_push: scan what a push would send (staged files and the commits
 * the remote lacks) with the security pack, analyse the outgoing commits, run
 * the pre-push checks (every URL the push would use among them), and push only
 * when they pass and the user agrees, through the kernel's confirmation, to the
 * URLs and commits named (with forceSecurityCheck false, to the findings too).
 * git runs with argument arrays only.
 */
import type { SimpleGit } from 'simple-git';
import { Params, StringEnum, Type, ValidationError, defineTool, type ToolContext } from '../../../sdk/index.js';
import { ConversationContext, conversationFocus } from '../../project/api.js';
import type { DeploymentDeps } from '../deps.js';
import { pushAttemptedTopic } from '../events.js';
import { blockers, runChecks, type CheckResult } from '../push/checks.js';
import { inspectPush, type Inspection } from '../push/inspect.js';
import { MAX_LISTED_FINDINGS, commitsSection, repositorySection, scannedSection, stagedSection } from '../push/report.js';
import { pushConfirmation } from '../push/confirmation.js';
import { commitAndPush } from '../push/run-push.js';
import { CheckSchema, CommitSchema, FindingSchema, OPERATIONS, PushSchema, RepositorySchema, StagedSchema } from '../push/schemas.js';

interface Input {
  operation: (typeof OPERATIONS)[number];
  projectPath?: string;
  commitMessage?: string;
  branch?: string;
  forceSecurityCheck?: boolean;
}

async function openRepository(deps: DeploymentDeps, projectPath: string | undefined, context: ToolContext): Promise<SimpleGit> {
  const root = await deps.scanner.resolveRoot(projectPath, context.workspace, 'projectPath');
  const git = await deps.git.at(root);
  if (!(await git.checkIsRepo())) {
    throw new ValidationError(`parameter "projectPath": expected a folder inside a git repository; "${context.workspace.relative(root) || '.'}" is not in one`, { parameter: 'projectPath' });
  }
  return git;
}

/** Checks every operation shares; throws for a push no one could approve (staged changes without a message). */
async function examine(deps: DeploymentDeps, input: Input, context: ToolContext) {
  if (input.commitMessage !== undefined && !input.commitMessage.trim()) {
    throw new ValidationError('parameter "commitMessage": expected a non-empty commit message', { parameter: 'commitMessage' });
  }
  const git = await openRepository(deps, input.projectPath, context);
  const inspection = await inspectPush(git, deps.security, input.branch, { roots: [context.workspace.root, ...context.workspace.allowedRoots], signal: context.signal });
  const result = await runChecks(inspection, context.workspace, { commitMessage: input.commitMessage, signal: context.signal });
  if (input.operation === 'push' && inspection.staged.length && input.commitMessage === undefined) {
    throw new ValidationError(`parameter "commitMessage": required to push, since ${inspection.staged.length} staged change(s) must be committed first`, { parameter: 'commitMessage' });
  }
  return { git, inspection, result };
}

const contentBlockers = (result: CheckResult) => blockers(result.checks).filter((c) => c.kind === 'content');
const repositoryBlockers = (result: CheckResult) => blockers(result.checks).filter((c) => c.kind === 'repository');

export const smartGitPushTool = (deps: DeploymentDeps) =>
  defineTool({
    name: 'smart_git_push',
    title: 'Smart git push',
    description:
      'Check what a git push would send (staged files, unpushed commits) for secrets, sensitive files, conflict markers and large files, or commit and push when clean. ' +
      'Use it before pushing; push lists blockers, else asks the user to confirm the remote and commits.',
    input: Params({
      operation: StringEnum(OPERATIONS, { description: 'pre_push_validation: every check and blocker; push: the checks, then commit and push when clean.' }),
      projectPath: Type.Optional(Type.String({ description: 'A folder of the git repository; defaults to the workspace root.' })),
      commitMessage: Type.Optional(Type.String({ description: 'push: commit message for the staged changes (required when something is staged).' })),
      branch: Type.Optional(Type.String({ description: 'Local branch, pushed to its upstream (else origin); default: current. Staged changes only on checkout.' })),
      forceSecurityCheck: Type.Optional(Type.Boolean({ default: true, description: 'push: refuse on findings; false lists them in the confirmation instead.' })),
      conversationContext: ConversationContext('Echoed in "conversation"; no check depends on it.'),
    }),
    output: Type.Object({
      summary: Type.String(),
      operation: StringEnum(OPERATIONS),
      verdict: StringEnum(['clean', 'blocked'] as const, { description: 'blocked: a secret, sensitive file, conflict marker, oversized file, or (pre_push_validation, push) a repository problem stands in the way.' }),
      repository: RepositorySchema,
      staged: StagedSchema,
      outgoingCommits: Type.Integer(),
      findings: Type.Array(FindingSchema),
      findingsTotal: Type.Integer(),
      findingsTruncated: Type.Boolean(),
      scanned: Type.Object({
        versions: Type.Integer({ description: 'Distinct file versions read.' }),
        binarySkipped: Type.Integer(),
        unscanned: Type.Integer(),
        commits: Type.Integer({ description: 'Outgoing commits read and scanned: the newest ones when there are more than the limit.' }),
        commitsNotScanned: Type.Integer({ description: 'Older outgoing commits left out (over the commit limit): neither scanned nor listed.' }),
        note: Type.Optional(Type.String({ description: 'What was left out of the scan, when anything was.' })),
      }),
      commits: Type.Optional(Type.Array(CommitSchema, { description: 'commit_analysis: the outgoing commits, oldest first (the newest 100 when there are more).' })),
      checks: Type.Optional(Type.Array(CheckSchema)),
      blockers: Type.Optional(Type.Array(Type.String())),
      push: Type.Optional(PushSchema),
      conversation: Type.Optional(Type.Object({ focus: Type.Array(Type.String()), constraints: Type.Array(Type.String()), note: Type.String() })),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    // Every push the checks allow asks first, naming the URLs and commits; a refused push (repository blockers,
    // or content blockers under a forced check) asks nothing: the handler reports why.
    confirm: async (input, context) => {
      if (input.operation !== 'push') return undefined;
      const { inspection, result } = await examine(deps, input, context);
      const content = contentBlockers(result);
      if (repositoryBlockers(result).length || !result.targets || (content.length && input.forceSecurityCheck !== false)) return undefined;
      return pushConfirmation(inspection, result.targets, input.commitMessage, content);
    },
    async handler(input, context) {
      const { git, inspection, result } = await examine(deps, input, context);
      const { checks } = result;
      const operation = input.operation;
      const blocking = inspection.findings.filter((f) => f.blocking);
      const listed = operation === 'commit_analysis' ? [] : inspection.findings.slice(0, MAX_LISTED_FINDINGS);
      const allBlockers = blockers(checks);
      const securityBlocked = contentBlockers(result).length > 0;
      const verdict = (operation === 'security_check' || operation === 'commit_analysis' ? blocking.length > 0 : allBlockers.length > 0) ? 'blocked' : 'clean';
      const focus = conversationFocus(input.conversationContext);
      const base = {
        operation,
        repository: repositorySection(inspection),
        staged: stagedSection(inspection),
        outgoingCommits: inspection.commitsTotal,
        findings: listed,
        findingsTotal: operation === 'commit_analysis' ? 0 : inspection.findings.length,
        findingsTruncated: operation !== 'commit_analysis' && inspection.findings.length > listed.length,
        scanned: scannedSection(inspection),
        verdict: verdict as 'clean' | 'blocked',
        ...(input.conversationContext !== undefined
          ? { conversation: { focus: focus.phrases, constraints: focus.constraints, note: 'Recorded only: the checks, findings and verdict do not depend on it.' } }
          : {}),
      };
      const leftOut = inspection.commitsNotScanned ? ` (${inspection.commitsNotScanned} older commit(s) not scanned: only the newest ${inspection.commits.length} are read)` : '';
      const what = `${inspection.commitsTotal} outgoing commit(s)${leftOut} and ${inspection.staged.length} staged file(s) on ${inspection.state.branch ?? 'a detached HEAD'}`;
      const blockerLines = allBlockers.map((c) => `${c.check}: ${c.message}`);

      if (operation === 'security_check') {
        const files = new Set(blocking.map((f) => f.file)).size;
        const summary = blocking.length
          ? `Blocked: ${blocking.length} blocking finding(s) in ${files} file(s) among ${what}.`
          : `Clean: no secret or sensitive file in ${what}${inspection.findings.length ? ` (${inspection.findings.length} non-blocking finding(s))` : ''}.`;
        return { ...base, summary };
      }
      if (operation === 'commit_analysis') {
        const commits = commitsSection(inspection);
        const conventional = commits.filter((c) => c.conventional.valid).length;
        const summary = `${what}: ${conventional} of ${commits.length} listed commit(s) in conventional-commit form, ${commits.filter((c) => c.secrets).length} with secrets.`;
        return { ...base, summary, commits };
      }
      if (operation === 'pre_push_validation') {
        const warnings = checks.filter((c) => c.status === 'warning').length;
        const summary = allBlockers.length ? `Blocked by ${allBlockers.map((c) => c.check).join(', ')} (${what}).` : `Ready to push ${what}${warnings ? ` with ${warnings} warning(s)` : ''}.`;
        return { ...base, summary, checks, blockers: blockerLines };
      }

      // push
      const { state } = inspection;
      const notPushed = (reason: string) => ({
        ...base,
        summary: `Not pushed: ${reason}`,
        checks,
        blockers: blockerLines,
        push: { pushed: false, reason, committed: null, remote: state.remote, branch: state.branch, setUpstream: false, pushedHead: null, remoteTrackingHead: null, confirmedByUser: false, output: '' },
      });
      const repoBlocked = repositoryBlockers(result);
      if (repoBlocked.length) return notPushed(repoBlocked.map((c) => c.message).join(' '));
      if (securityBlocked && input.forceSecurityCheck !== false) {
        return notPushed(`${contentBlockers(result).map((c) => c.message).join(' ')} Remove them (or, to push anyway, call again with forceSecurityCheck false and confirm).`);
      }
      // Here the user confirmed the URLs and commits (and, with forceSecurityCheck false, the content blockers): the kernel ran `confirm` first.
      const done = await commitAndPush(git, inspection, result.targets!, { workspace: context.workspace, commitMessage: input.commitMessage, signal: context.signal });
      const summary = done.pushed
        ? `Pushed ${state.branch} (${done.pushedHead?.slice(0, 10)}) to ${state.remote}${done.committed ? ` after committing ${inspection.staged.length} staged file(s)` : ''}${done.setUpstream ? '; upstream set' : ''}.`
        : `Not pushed: ${done.reason}`;
      await deps.events.publish(pushAttemptedTopic, { tool: 'smart_git_push', project: state.toplevel, summary });
      return {
        ...base,
        summary,
        checks,
        blockers: blockerLines,
        push: { ...done, remote: state.remote, branch: state.branch, confirmedByUser: securityBlocked },
      };
    },
  });
