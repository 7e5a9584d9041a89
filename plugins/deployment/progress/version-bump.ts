/**
 * The semver bump the commits since a release call for, from their conventional-commit
 * reading (commits/conventional.ts).
 */
import semver from 'semver';
import type { ConventionalForm } from '../commits/conventional.js';

export type CommitKind = 'breaking' | 'feat' | 'fix' | 'other';

export const kindOf = (p: Pick<ConventionalForm, 'type' | 'breaking'>): CommitKind => (p.breaking ? 'breaking' : p.type?.toLowerCase() === 'feat' ? 'feat' : p.type?.toLowerCase() === 'fix' || p.type?.toLowerCase() === 'perf' ? 'fix' : 'other');

export type Bump = 'major' | 'minor' | 'patch';

/**
 * The bump for these commit kinds: a breaking change is major (minor below 1.0.0, where the
 * public API is not yet stable), a feature minor, anything else patch; null without commits.
 */
export function bumpFor(kinds: readonly CommitKind[], current: string | null): Bump | null {
  if (!kinds.length) return null;
  const zero = current !== null && semver.major(current) === 0;
  if (kinds.includes('breaking')) return zero ? 'minor' : 'major';
  if (kinds.includes('feat')) return zero ? 'patch' : 'minor';
  return 'patch';
}

export function nextVersion(current: string | null, bump: Bump | null): string | null {
  if (!bump) return null;
  return semver.inc(current ?? '0.0.0', bump);
}
