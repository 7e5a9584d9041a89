/** smart_git_push's result pieces. */
import { StringEnum, Type } from '../../../sdk/index.js';

export const OPERATIONS = ['push', 'security_check', 'commit_analysis', 'pre_push_validation'] as const;
const Sha = Type.Union([Type.String(), Type.Null()]);
const Status = StringEnum(['added', 'modified', 'deleted', 'type-changed'] as const);

export const FindingSchema = Type.Object({
  file: Type.String(),
  commit: Type.Union([Type.String(), Type.Null()], { description: 'The outgoing commit holding this version; null: the staged version.' }),
  kind: StringEnum(['content', 'file-name'] as const, { description: 'file-name: the path itself names a file that usually holds secrets.' }),
  line: Type.Union([Type.Integer(), Type.Null()]),
  column: Type.Union([Type.Integer(), Type.Null()]),
  rule: Type.String(),
  description: Type.String(),
  category: Type.String(),
  severity: StringEnum(['low', 'medium', 'high', 'critical'] as const),
  excerpt: Type.Optional(Type.String({ description: 'The value, masked.' })),
  blocking: Type.Boolean({ description: 'Secrets, credentials and sensitive files block a push; other findings are warnings.' }),
});

export const RepositorySchema = Type.Object({
  branch: Type.Union([Type.String(), Type.Null()], { description: 'The branch pushed.' }),
  currentBranch: Type.Union([Type.String(), Type.Null()]),
  detached: Type.Boolean(),
  head: Sha,
  upstream: Type.Union([Type.String(), Type.Null()]),
  remote: Type.Union([Type.String(), Type.Null()]),
  remoteUrl: Type.Union([Type.String(), Type.Null()], { description: 'Without credentials.' }),
  outgoingRange: Type.Union([Type.String(), Type.Null()], { description: 'The revisions counted as outgoing.' }),
});

const FileChange = Type.Object({
  path: Type.String(),
  status: Status,
  insertions: Type.Union([Type.Integer(), Type.Null()]),
  deletions: Type.Union([Type.Integer(), Type.Null()]),
  binary: Type.Boolean(),
  size: Type.Union([Type.Integer(), Type.Null()], { description: 'Bytes of the new version; null when deleted.' }),
});

export const StagedSchema = Type.Object({
  files: Type.Integer(),
  insertions: Type.Integer(),
  deletions: Type.Integer(),
  list: Type.Array(FileChange),
  truncated: Type.Boolean(),
});

export const CommitSchema = Type.Object({
  sha: Type.String(),
  subject: Type.String(),
  author: Type.String(),
  date: Type.String(),
  merge: Type.Boolean(),
  filesChanged: Type.Integer(),
  insertions: Type.Integer(),
  deletions: Type.Integer(),
  sizeBytes: Type.Integer({ description: 'Bytes of the file versions this commit writes.' }),
  files: Type.Array(FileChange),
  filesTruncated: Type.Boolean(),
  conventional: Type.Object({
    valid: Type.Boolean(),
    type: Type.Union([Type.String(), Type.Null()]),
    scope: Type.Union([Type.String(), Type.Null()]),
    breaking: Type.Boolean(),
    description: Type.Union([Type.String(), Type.Null()]),
    problems: Type.Array(Type.String()),
    notes: Type.Array(Type.String()),
  }),
  secrets: Type.Integer({ description: 'Blocking findings (secrets, credentials, sensitive files) in the versions this commit writes.' }),
  findings: Type.Integer(),
});

export const CheckSchema = Type.Object({
  check: Type.String(),
  status: StringEnum(['pass', 'warning', 'blocker'] as const),
  kind: StringEnum(['content', 'repository'] as const, { description: 'content: may be pushed anyway once the user confirms (forceSecurityCheck false); repository: the push cannot go ahead.' }),
  message: Type.String(),
  evidence: Type.Array(Type.String()),
});

export const PushSchema = Type.Object({
  pushed: Type.Boolean(),
  reason: Type.String(),
  committed: Type.Union([Type.String(), Type.Null()], { description: 'The commit made from the staged changes, if any.' }),
  remote: Type.Union([Type.String(), Type.Null()]),
  branch: Type.Union([Type.String(), Type.Null()]),
  setUpstream: Type.Boolean(),
  pushedHead: Sha,
  remoteTrackingHead: Type.Union([Type.String(), Type.Null()], { description: 'The remote-tracking ref after the push (equals pushedHead when it went through).' }),
  confirmedByUser: Type.Boolean({ description: 'Content blockers were present and the user agreed to push anyway.' }),
  output: Type.String({ description: "git push's porcelain output." }),
});
