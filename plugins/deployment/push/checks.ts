/**
 * The pre-push checks, each with its status and evidence. "content" blockers
 * (secrets, sensitive files, conflict markers, very large files) are what a
 * user may knowingly accept when forceSecurityCheck is false; "repository"
 * blockers (no branch, no remote, nothing to push) no one can confirm away.
 */
import type { Workspace } from '../../../sdk/index.js';
import type { Inspection } from './inspect.js';
import { readPushTargets, type PushTargets } from './remote.js';

/** GitHub warns above 50 MB and refuses above 100 MB; we warn earlier and block at its warning. */
export const LARGE_WARNING_BYTES = 5 * 1024 * 1024;
export const LARGE_BLOCKER_BYTES = 50 * 1024 * 1024;
const EVIDENCE = 20;

export type CheckStatus = 'pass' | 'warning' | 'blocker';

export interface Check {
  check: string;
  status: CheckStatus;
  /** content: the user may push anyway after confirming (forceSecurityCheck false); repository: the push cannot go ahead. */
  kind: 'content' | 'repository';
  message: string;
  evidence: string[];
}

const short = (sha: string | null) => (sha ? sha.slice(0, 10) : 'staged');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export interface CheckResult {
  checks: Check[];
  /** Every URL the push would use, each checked (null: no remote). */
  targets: PushTargets | null;
  nothingToPush: boolean;
}

export async function runChecks(inspection: Inspection, workspace: Workspace, options: { commitMessage?: string; signal?: AbortSignal }): Promise<CheckResult> {
  const { state, findings, staged, commits, versions } = inspection;
  const checks: Check[] = [];
  const add = (check: string, status: CheckStatus, kind: Check['kind'], message: string, evidence: string[] = []) =>
    checks.push({ check, status, kind, message, evidence: evidence.slice(0, EVIDENCE) });
  const where = (f: { file: string; commit: string | null; line: number | null }) => `${f.file}${f.line ? `:${f.line}` : ''} (${short(f.commit)})`;

  const secrets = findings.filter((f) => f.blocking && f.kind === 'content');
  add('secrets', secrets.length ? 'blocker' : 'pass', 'content', secrets.length ? `${secrets.length} secret or credential value(s) in what would be pushed.` : 'No secret or credential found in the staged files or the outgoing commits.', secrets.map((f) => `${where(f)} ${f.rule}${f.excerpt ? ` ${f.excerpt}` : ''}`));

  const sensitive = findings.filter((f) => f.kind === 'file-name');
  add('sensitive-files', sensitive.length ? 'blocker' : 'pass', 'content', sensitive.length ? `${sensitive.length} file(s) whose names mark them as holding secrets (.env, keys, credentials).` : 'No sensitive file name (.env, *.pem, id_rsa, credentials.json, .npmrc...) among the files pushed.', sensitive.map((f) => `${where(f)} ${f.rule}`));

  const other = findings.filter((f) => !f.blocking);
  if (other.length) add('other-findings', 'warning', 'content', `${other.length} other finding(s) (personal data, configuration, vulnerable code): review, they do not block.`, other.map((f) => `${where(f)} ${f.rule} (${f.severity})`));

  // Every path at every version pushed: a file added and then removed again still travels in history.
  const entries = [...commits.flatMap((c) => c.files.map((file) => ({ commit: c.sha as string | null, file }))), ...staged.map((file) => ({ commit: null as string | null, file }))];
  const sized = entries.flatMap(({ commit, file }) => {
    const info = file.blob ? versions.get(file.blob) : undefined;
    return info ? [{ commit, path: file.path, info }] : [];
  });
  const huge = sized.filter((s) => s.info.size > LARGE_BLOCKER_BYTES);
  const large = sized.filter((s) => s.info.size > LARGE_WARNING_BYTES && s.info.size <= LARGE_BLOCKER_BYTES);
  const sizeEvidence = (list: typeof sized) => list.map((s) => `${s.path} (${short(s.commit)}) ${mb(s.info.size)}`);
  if (huge.length) add('large-files', 'blocker', 'content', `${huge.length} file version(s) over ${mb(LARGE_BLOCKER_BYTES)} (GitHub warns at 50 MB and refuses 100 MB; use Git LFS).`, sizeEvidence([...huge, ...large]));
  else if (large.length) add('large-files', 'warning', 'content', `${large.length} file version(s) over ${mb(LARGE_WARNING_BYTES)}: they stay in history for every clone.`, sizeEvidence(large));
  else add('large-files', 'pass', 'content', `No file version over ${mb(LARGE_WARNING_BYTES)}.`);

  const conflicts = staged.filter((f) => f.blob && versions.get(f.blob)?.conflictLine);
  add('conflict-markers', conflicts.length ? 'blocker' : 'pass', 'content', conflicts.length ? `${conflicts.length} staged file(s) with unresolved merge-conflict markers.` : 'No merge-conflict markers in the staged files.', conflicts.map((f) => `${f.path}:${versions.get(f.blob!)!.conflictLine} <<<<<<<`));

  const unscanned = sized.filter((s) => s.info.unscanned);
  if (unscanned.length || inspection.versionsSkipped) {
    add('unscanned', 'warning', 'content', `${unscanned.length + inspection.versionsSkipped} file version(s) were not scanned.`, unscanned.map((s) => `${s.path} (${short(s.commit)}): ${s.info.unscanned}`));
  }
  if (inspection.commitsNotScanned) {
    const oldest = commits[0];
    add('unscanned-commits', 'warning', 'content', `${inspection.commitsNotScanned} older outgoing commit(s) were not scanned: only the newest ${commits.length} of ${inspection.commitsTotal} are read. Push in smaller steps, or fetch so that remote-tracking refs mark what the remote already has.`, oldest ? [`oldest scanned: ${short(oldest.sha)}`] : []);
  }

  if (!state.branch) add('branch', 'blocker', 'repository', 'HEAD is detached and no "branch" was given: there is no branch to push.');
  else if (state.detached) add('branch', 'warning', 'repository', `HEAD is detached; "${state.branch}" is pushed as it stands, staged changes are not part of it.`);
  else add('branch', 'pass', 'repository', `Branch "${state.branch}".`);
  if (inspection.stagedElsewhere) add('staged-elsewhere', 'warning', 'repository', `${inspection.stagedElsewhere} staged change(s) are on ${state.currentBranch ? `"${state.currentBranch}"` : 'the detached HEAD'}, not on "${state.branch}": not part of this push.`);

  let targets: PushTargets | null = null;
  if (!state.remote) {
    add('remote', 'blocker', 'repository', state.remotes.length ? `No upstream and no remote named "origin" (remotes: ${state.remotes.join(', ')}).` : 'The repository has no remote to push to.');
  } else {
    targets = await readPushTargets(state.remote, state.branch, state.toplevel, workspace, options.signal);
    const shown = targets.urls.map((u) => u.shown);
    const kinds = [...new Set(targets.urls.map((u) => (u.kind.kind === 'network' ? u.kind.scheme : 'a local repository')))].join(', ');
    add('remote', targets.refusal ? 'blocker' : 'pass', 'repository', targets.refusal ? `Remote "${state.remote}" is not pushed to: ${targets.refusal}.` : `Remote "${state.remote}": ${shown.length} push URL(s) (${kinds}).`, shown);
  }
  if (state.branch) {
    add('upstream', state.upstream ? 'pass' : 'warning', 'repository', state.upstream ? `Tracks ${state.upstream}; outgoing commits are those not on it.` : `No upstream: outgoing commits are those on no remote-tracking branch; push sets ${state.remote ?? 'origin'}/${state.branch} as upstream.`);
  }

  const nothingToPush = staged.length === 0 && inspection.commitsTotal === 0;
  add('something-to-push', nothingToPush ? 'blocker' : 'pass', 'repository', nothingToPush ? 'Nothing to push: no staged change and no commit missing from the remote.' : `${inspection.commitsTotal} outgoing commit(s), ${staged.length} staged change(s).`);
  if (staged.length && !options.commitMessage) add('commit-message', 'warning', 'repository', 'Staged changes are committed before a push: "commitMessage" is required for that.');
  return { checks, targets, nothingToPush };
}

export const blockers = (checks: Check[]) => checks.filter((c) => c.status === 'blocker');
