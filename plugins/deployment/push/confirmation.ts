/**
 * The question asked before every push: where it goes (each URL git will push
 * to) and what it sends (the commits, the staged files committed first, any
 * finding the user accepts). The pending-confirmation flow fingerprints this
 * text, so a repeat after the commits or URLs changed asks again.
 */
import type { ConfirmationRequest } from '../../../sdk/index.js';
import type { Check } from './checks.js';
import type { Inspection } from './inspect.js';
import type { PushTargets } from './remote.js';

const LISTED = 20;

const more = (total: number, listed: number) => (total > listed ? [`- ... and ${total - listed} more`] : []);

export function pushConfirmation(inspection: Inspection, targets: PushTargets, commitMessage: string | undefined, accepted: Check[]): ConfirmationRequest {
  const { branch, remote, branchHead } = inspection.state;
  const commits = inspection.commits.slice(-LISTED);
  const staged = inspection.staged.slice(0, LISTED);
  const lines = [
    `smart_git_push will push branch "${branch}"${branchHead ? ` (${branchHead.slice(0, 10)})` : ''} to remote "${remote}", which sends to ${targets.urls.length} URL(s):`,
    ...targets.urls.map((u) => `- ${u.shown}`),
  ];
  if (inspection.commitsTotal) {
    lines.push(
      `${inspection.commitsTotal} commit(s) the remote lacks${inspection.commitsTotal > commits.length ? ` (the newest ${commits.length} listed)` : ''}:`,
      ...commits.map((c) => `- ${c.sha.slice(0, 10)} ${c.message.split('\n', 1)[0] ?? ''}`),
      ...more(inspection.commitsTotal, commits.length),
    );
  }
  if (inspection.staged.length) {
    lines.push(`A new commit "${(commitMessage ?? '').split('\n', 1)[0]}", made first from ${inspection.staged.length} staged file(s):`, ...staged.map((f) => `- ${f.path} (${f.status})`), ...more(inspection.staged.length, staged.length));
  }
  if (accepted.length) {
    lines.push(`Pushed despite ${accepted.length} blocking check(s):`, ...accepted.map((c) => `- ${c.check}: ${c.message}\n${c.evidence.map((e) => `  - ${e}`).join('\n')}`));
  }
  return {
    action: `Push "${branch}" to "${remote}"${accepted.length ? ` despite ${accepted.length} blocking check(s)` : ''}`,
    description: lines.join('\n'),
    risks: [
      'Once pushed, the commits are in the remote history for everyone with access to it.',
      ...(accepted.length ? ['A secret pushed must be rotated, and removing it needs a history rewrite.'] : []),
    ],
  };
}
