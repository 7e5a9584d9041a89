/** Inspection to result sections: bounded lists with totals. */
import type { ChangedFile } from './git-read.js';
import { parseConventional } from '../commits/conventional.js';
import type { Inspection } from './inspect.js';

export const MAX_LISTED_FILES = 100;
export const MAX_LISTED_COMMITS = 100;
export const MAX_LISTED_FINDINGS = 100;

const fileRow = (inspection: Inspection, f: ChangedFile) => ({
  path: f.path,
  status: f.status,
  insertions: f.insertions,
  deletions: f.deletions,
  binary: f.binary || (f.blob ? (inspection.versions.get(f.blob)?.binary ?? false) : false),
  size: f.blob ? (inspection.versions.get(f.blob)?.size ?? null) : null,
});

const sum = (files: ChangedFile[], key: 'insertions' | 'deletions') => files.reduce((n, f) => n + (f[key] ?? 0), 0);

export function stagedSection(inspection: Inspection) {
  const { staged } = inspection;
  return {
    files: staged.length,
    insertions: sum(staged, 'insertions'),
    deletions: sum(staged, 'deletions'),
    list: staged.slice(0, MAX_LISTED_FILES).map((f) => fileRow(inspection, f)),
    truncated: staged.length > MAX_LISTED_FILES,
  };
}

export function commitsSection(inspection: Inspection) {
  return inspection.commits.slice(-MAX_LISTED_COMMITS).map((c) => {
    const found = inspection.findingsBySource.get(c.sha) ?? [];
    return {
      sha: c.sha,
      subject: c.message.split('\n', 1)[0] ?? '',
      author: c.author,
      date: c.date,
      merge: c.parents.length > 1,
      filesChanged: c.files.length,
      insertions: sum(c.files, 'insertions'),
      deletions: sum(c.files, 'deletions'),
      sizeBytes: c.files.reduce((n, f) => n + (f.blob ? (inspection.versions.get(f.blob)?.size ?? 0) : 0), 0),
      files: c.files.slice(0, MAX_LISTED_FILES).map((f) => fileRow(inspection, f)),
      filesTruncated: c.files.length > MAX_LISTED_FILES,
      conventional: parseConventional(c.message),
      secrets: found.filter((f) => f.blocking).length,
      findings: found.length,
    };
  });
}

export function repositorySection(inspection: Inspection) {
  const { state } = inspection;
  return {
    branch: state.branch,
    currentBranch: state.currentBranch,
    detached: state.detached,
    head: state.branchHead,
    upstream: state.upstream,
    remote: state.remote,
    remoteUrl: state.remoteUrl,
    outgoingRange: inspection.range,
  };
}

export function scannedSection(inspection: Inspection) {
  const versions = [...inspection.versions.values()];
  const unscanned = versions.filter((v) => v.unscanned).length + inspection.versionsSkipped;
  const left = [
    inspection.commitsNotScanned ? `${inspection.commitsNotScanned} older outgoing commit(s) (only the newest ${inspection.commits.length} of ${inspection.commitsTotal} are scanned)` : '',
    unscanned ? `${unscanned} file version(s) (too large, over the byte budget, or over the version limit)` : '',
  ].filter(Boolean);
  return {
    versions: versions.length,
    binarySkipped: versions.filter((v) => v.binary).length,
    unscanned,
    commits: inspection.commits.length,
    commitsNotScanned: inspection.commitsNotScanned,
    ...(left.length ? { note: `Not scanned: ${left.join('; ')}.` } : {}),
  };
}
