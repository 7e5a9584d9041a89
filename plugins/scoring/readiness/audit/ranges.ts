/**
 * A manifest's declared version: pinned (one exact version), floating (a range the lockfile
 * settles), or flagged (anything goes: `*`, `latest`, an empty range, a git or URL source
 * whose content can change under the same name).
 */
import semver from 'semver';
import type { Ecosystem } from '../../../project/api.js';

export type RangeKind = 'pinned' | 'floating' | 'flagged' | 'local';

export interface RangeClass {
  kind: RangeKind;
  /** Why flagged or local. */
  why?: string;
}

const SOURCE = /^(?:git\+|git:|github:|gitlab:|bitbucket:|https?:|[\w.-]+\/[\w.-]+(?:#.*)?$)/;
const LOCAL = /^(?:file:|link:|workspace:|portal:|\.{0,2}\/)/;

function npmRange(raw: string): RangeClass {
  let range = raw.trim();
  if (range.startsWith('npm:')) range = range.slice(range.indexOf('@', 5) + 1);
  if (LOCAL.test(range)) return { kind: 'local', why: 'a local or workspace package' };
  if (range === '' || range === '*' || range === 'x' || range === 'latest' || range === 'next') return { kind: 'flagged', why: raw.trim() ? `"${raw}" accepts any version` : 'no version or "*": accepts any version' };
  if (SOURCE.test(range)) return { kind: 'flagged', why: `"${raw}" is a git or URL source (its content can change)` };
  if (semver.valid(range.replace(/^=/, '').replace(/^v/, ''))) return { kind: 'pinned' };
  if (semver.validRange(range)) return { kind: 'floating' };
  return { kind: 'flagged', why: `"${raw}" is a dist-tag or not a version range` };
}

/** Classify `version` as declared in a manifest of `ecosystem`; null when the ecosystem's ranges are not classified. */
export function classifyRange(ecosystem: Ecosystem, version: string | undefined): RangeClass | null {
  switch (ecosystem) {
    case 'npm':
      return npmRange(version ?? '');
    case 'pypi':
      if (!version || version.trim() === '' || version.trim() === '*') return { kind: 'flagged', why: 'no version constraint' };
      return /^===?\s*[\w.]+$/.test(version.trim()) ? { kind: 'pinned' } : { kind: 'floating' };
    case 'cargo':
      // Cargo reads "1.2.3" as ^1.2.3: only "=1.2.3" pins.
      if (!version || version.trim() === '*') return { kind: 'flagged', why: 'no version constraint' };
      return /^=\s*\d/.test(version.trim()) ? { kind: 'pinned' } : { kind: 'floating' };
    case 'go':
      // go.mod requires exact versions, go.sum holds their hashes.
      return version ? { kind: 'pinned' } : null;
    default:
      return null;
  }
}
