/**
 * The four progress analyses over git and the recorded deployments. Each returns its
 * section of the result and a one-line summary; nothing is estimated: every count is
 * read from git or from the records.
 */
import type { SimpleGit } from 'simple-git';
import { ValidationError } from '../../../sdk/index.js';
import type { StoredDeployment } from '../../memory/api.js';
import type { TargetEnvironment } from '../guidance/types.js';
import { bumpFor, nextVersion } from './version-bump.js';
import { changedFiles, commitsIn, headSha, isAncestor, workingTree, type Commit, type Tag } from './git-history.js';
import { forTarget, releaseAt, tally, view, type RecordView } from './records.js';
import { moduleLabel } from './tag-modules.js';
import type { ManifestVersion } from '../project-manifest.js';

export interface ProgressInputs {
  /** Null when the project is not in a git repository (or has no commit yet). */
  repo: SimpleGit | null;
  tags: Tag[];
  releaseBranches: string[];
  /** Null when the memory pack is not loaded. */
  records: StoredDeployment[] | null;
  env?: TargetEnvironment;
  deploymentId?: string;
  /** The manifest's version: the base of the next version while no release tag exists. */
  manifestVersion?: ManifestVersion | null;
  /** The project's module folder ('' for the root): `tags` are its releases only. */
  module?: string;
  /** Tags of the repository's other modules, left out of `tags`. */
  otherModuleTags?: Tag[];
}

export interface Section {
  summary: string;
  data: Record<string, unknown>;
}

const byKind = (commits: readonly Commit[]) => ({
  breaking: commits.filter((c) => c.kind === 'breaking').length,
  feat: commits.filter((c) => c.kind === 'feat').length,
  fix: commits.filter((c) => c.kind === 'fix').length,
  other: commits.filter((c) => c.kind === 'other').length,
});
const breakingOf = (commits: readonly Commit[]) => commits.filter((c) => c.kind === 'breaking').map((c) => ({ sha: c.sha, subject: c.subject }));
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const latestRelease = (tags: readonly Tag[]) => tags.find((t) => t.version) ?? tags[0];

function needGit(inputs: ProgressInputs, what: string): SimpleGit {
  if (!inputs.repo) throw new ValidationError(`parameter "projectPath": expected a folder in a git repository with at least one commit (${what} reads the git history)`);
  return inputs.repo;
}

export async function preDeployment(inputs: ProgressInputs): Promise<Section> {
  const repo = needGit(inputs, 'pre_deployment');
  const release = latestRelease(inputs.tags);
  const { commits, total } = await commitsIn(repo, release ? `${release.name}..HEAD` : 'HEAD');
  const kinds = byKind(commits);
  // Without a release tag the manifest's version is the one released last (or about to be).
  const declared = release ? null : (inputs.manifestVersion ?? null);
  const current = release?.version ?? declared?.version ?? null;
  const bump = bumpFor(commits.map((c) => c.kind), current);
  const files = release ? await changedFiles(repo, release.name) : null;
  const tree = await workingTree(repo);
  const onHistory = release ? await isAncestor(repo, release.commit, 'HEAD') : null;
  const next = nextVersion(current, bump);
  const uncommitted = tree.staged + tree.unstaged + tree.untracked;
  const summary =
    `${plural(total, 'commit')} since ${release ? release.name : 'the first commit (no release tag)'}` +
    ` (${kinds.breaking} breaking, ${kinds.feat} feat, ${kinds.fix} fix, ${kinds.other} other)` +
    (next ? `: next version ${next} (${bump})` : ': nothing to release') +
    (files ? `; ${plural(files.files, 'file')} changed (+${files.insertions} -${files.deletions})` : '') +
    `; ${plural(uncommitted, 'uncommitted change')}` +
    (tree.unpushed === null ? '; no upstream branch' : `; ${plural(tree.unpushed, 'commit')} not pushed to ${tree.upstream}`) +
    (onHistory === false ? `; ${release!.name} is not an ancestor of HEAD` : '') +
    '.';
  return {
    summary,
    data: {
      lastRelease: release ? { name: release.name, version: release.version, commit: release.commit.slice(0, 12), date: release.date, onHistory } : null,
      commits: { total, byKind: kinds, list: commits, truncated: total > commits.length },
      breakingChanges: breakingOf(commits),
      suggestedVersion: next
        ? { version: next, bump, basis: `${bump} bump of ${current ?? '0.0.0'}${declared ? ` (${declared.file}'s version; no release tag yet)` : ''}: ${kinds.breaking ? 'breaking changes' : kinds.feat ? 'features' : 'fixes and other changes'} since ${release?.name ?? 'the first commit'}` }
        : null,
      filesChanged: files,
      workingTree: tree,
    },
  };
}

function perEnvironment(records: readonly RecordView[]) {
  const groups = new Map<string, RecordView[]>();
  for (const r of records) {
    const key = r.target ?? 'unspecified';
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups].map(([target, list]) => ({ target, ...tally(list), last: list[0]! })).sort((a, b) => b.last.at.localeCompare(a.last.at));
}

export async function deploymentStatus(inputs: ProgressInputs): Promise<Section> {
  const { records, env, deploymentId, tags } = inputs;
  if (records === null) {
    if (deploymentId !== undefined) throw new ValidationError(`parameter "deploymentId": cannot look up "${deploymentId}": the memory pack, which keeps the recorded deployments, is not loaded`);
    return { summary: 'No recorded deployments: the memory pack is not loaded, so deployments are not recorded.', data: { totals: null, byEnvironment: [], recent: [], deployment: null } };
  }
  let deployment: RecordView | null = null;
  if (deploymentId !== undefined) {
    const found = records.find((r) => r.id === deploymentId);
    if (!found) throw new ValidationError(`parameter "deploymentId": no recorded deployment has id "${deploymentId}" (${plural(records.length, 'deployment')} recorded for this project)`);
    deployment = view(found, tags);
  }
  const { kept, leftOut } = forTarget(records, env);
  const views = kept.map((r) => view(r, tags));
  const totals = tally(views);
  const groups = perEnvironment(views);
  const last = views[0];
  const summary = !views.length
    ? `No deployments recorded${env ? ` for ${env}` : ''}${leftOut ? ` (${leftOut} recorded for other or unnamed targets)` : ''}.`
    : `${plural(totals.recorded, 'deployment')} recorded${env ? ` for ${env}` : ''}: ${totals.succeeded} succeeded, ${totals.failed} failed, ${totals.configured} configured only; last ${last!.outcome} at ${last!.at}${last!.release ? ` (release ${last!.release})` : ''}` +
      (deployment ? `; ${deployment.id}: ${deployment.outcome} at ${deployment.at}` : '') +
      '.';
  return { summary, data: { totals, leftOutByTarget: leftOut, byEnvironment: groups, recent: views.slice(0, 20), deployment } };
}

export async function postDeployment(inputs: ProgressInputs): Promise<Section> {
  const repo = needGit(inputs, 'post_deployment');
  const release = latestRelease(inputs.tags);
  const records = inputs.records ? forTarget(inputs.records, inputs.env).kept.map((r) => view(r, inputs.tags)) : null;
  const lastDeployment = records?.[0];
  // The later of the last release and the last recorded deployment is what "since" means.
  const fromDeployment = lastDeployment && (!release || lastDeployment.at > release.date);
  const since = fromDeployment ? { kind: 'deployment' as const, name: lastDeployment.id, at: lastDeployment.at } : release ? { kind: 'release' as const, name: release.name, at: release.date } : null;
  if (!since) {
    return { summary: 'No release tag and no recorded deployment: nothing to compare with.', data: { since: null, commits: { total: 0, byKind: byKind([]), list: [], truncated: false }, failures: [], tagsAfter: [] } };
  }
  const { commits, total } = since.kind === 'release' ? await commitsIn(repo, `${release!.name}..HEAD`) : await commitsIn(repo, 'HEAD', { since: since.at });
  const failures = (records ?? []).filter((r) => r.outcome === 'failed' && r.at > since.at);
  const tagsAfter = inputs.tags.filter((t) => t.date > since.at).map((t) => ({ name: t.name, date: t.date }));
  const summary =
    `Since ${since.kind === 'release' ? `release ${since.name}` : `the deployment recorded at ${since.at}`}: ${plural(total, 'commit')} (${byKind(commits).breaking} breaking)` +
    (records === null ? '; deployments not recorded (memory pack not loaded)' : `; ${plural(failures.length, 'failed deployment')} recorded`) +
    `; ${plural(tagsAfter.length, 'tag')} made after it.`;
  return {
    summary,
    data: { since, commits: { total, byKind: byKind(commits), list: commits, truncated: total > commits.length }, breakingChanges: breakingOf(commits), failures, tagsAfter },
  };
}

export async function rollbackAnalysis(inputs: ProgressInputs): Promise<Section> {
  const repo = needGit(inputs, 'rollback_analysis');
  const releases = inputs.tags.filter((t) => t.version);
  const candidates = releases.length ? releases : inputs.tags;
  const records = inputs.records ? forTarget(inputs.records, inputs.env).kept : [];
  let lastGood: Tag | undefined;
  let basis: string;
  const succeeded = records.filter((r) => r.outcome === 'succeeded');
  if (succeeded.length) {
    // The release a failing latest deployment shipped is the one being rolled back, not a good one.
    const latest = records[0]!;
    const bad = latest.outcome === 'failed' ? releaseAt(inputs.tags, latest.at)?.name : undefined;
    const good = new Set(succeeded.map((r) => releaseAt(inputs.tags, r.at)?.name).filter((n): n is string => n !== undefined && n !== bad));
    lastGood = candidates.find((t) => good.has(t.name));
    basis = lastGood
      ? `the newest release with a successful recorded deployment (${plural(succeeded.length, 'successful deployment')} recorded${inputs.env ? ` for ${inputs.env}` : ''})`
      : 'no successful recorded deployment can be matched to a release tag';
  } else {
    const head = await headSha(repo);
    // Without records, the latest release is taken as the one deployed and the one before it as good; a lone tag behind HEAD is still a way back.
    lastGood = candidates[1] ?? (candidates[0] && candidates[0].commit !== head ? candidates[0] : undefined);
    basis = `${inputs.records === null ? 'the memory pack is not loaded' : `no successful deployment recorded${inputs.env ? ` for ${inputs.env}` : ''}`}: ${candidates[1] ? `the release before the latest (${candidates[0]!.name})` : candidates[0] ? 'the only release tag' : 'no release tag'}`;
  }
  const others = inputs.otherModuleTags ?? [];
  if (others.length) {
    const modules = [...new Set(others.map((t) => t.module || '.'))];
    basis += `; releases of ${moduleLabel(inputs.module ?? '')} only: ${plural(others.length, 'tag')} of other modules left out (${modules.slice(0, 3).join(', ')}${modules.length > 3 ? ` and ${modules.length - 3} more` : ''})`;
  }
  if (!lastGood) {
    return { summary: `No release to roll back to: ${basis}.`, data: { lastGoodRelease: null, basis, commits: null, filesChanged: null, breakingChanges: [], commands: [] } };
  }
  const { commits, total } = await commitsIn(repo, `${lastGood.name}..HEAD`);
  const files = await changedFiles(repo, lastGood.name);
  const breaking = breakingOf(commits);
  const summary =
    `Last good release: ${lastGood.name}${others.length || lastGood.module ? ` of ${moduleLabel(lastGood.module)}` : ''} (${basis}); since it: ${plural(total, 'commit')}, ${plural(files.files, 'file')} changed (+${files.insertions} -${files.deletions}), ${plural(breaking.length, 'breaking change')}.`;
  return {
    summary,
    data: {
      lastGoodRelease: { name: lastGood.name, version: lastGood.version, commit: lastGood.commit.slice(0, 12), date: lastGood.date, module: lastGood.module || '.' },
      basis,
      commits: { total, byKind: byKind(commits), list: commits, truncated: total > commits.length },
      filesChanged: files,
      breakingChanges: breaking,
      commands: [
        { purpose: `Deploy ${lastGood.name} as it was (detached checkout)`, args: ['git', 'checkout', lastGood.name] },
        { purpose: `Undo the ${plural(total, 'commit')} since ${lastGood.name} on the branch, in one commit to review`, args: ['git', 'revert', '--no-commit', `${lastGood.name}..HEAD`] },
      ],
    },
  };
}
