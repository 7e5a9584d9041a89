/**
 * Version constraints, enough to tell whether two declarations of a runtime
 * version can both hold: `.nvmrc` 18 and engines `>=20` cannot. Ranges are
 * semver's (the npm package): exact and partial versions (`18` means any 18.x),
 * ^ ~ >= < x-ranges, hyphen ranges and ||. PEP 440 specifiers are not semver;
 * toSemverRange converts the forms runtime declarations use (~= == === != .*
 * and comma-joined clauses), and Ruby's ~> arrives as ~=. Anything else
 * (lts/*, stable, latest) is unknown and takes no part in conflict checks; a
 * PEP 440 pre-release (3.12.0b1) reads as the semver pre-release 3.12.0-b1.
 */
import semver from 'semver';

/** A parsed constraint (a semver Range). */
export type VersionSet = semver.Range;

/**
 * A PEP 440 or npm constraint as a semver range string. PEP 440 forms: `~=3.11` → `>=3.11.0 <4.0.0-0`,
 * `~=3.11.2` → `>=3.11.2 <3.12.0-0`, `==3.11.*` → `3.11.x`, `==3.11` / `===3.11` → `3.11`, `!=3.9`
 * dropped (an exclusion never decides a conflict between declarations), commas → spaces (all must hold).
 * A fourth release number (`3.11.4.1`) is dropped. npm ranges pass through unchanged.
 */
export function toSemverRange(text: string): string {
  return text
    .split('||')
    .map((alternative) =>
      alternative
        .split(',')
        .map((clause) => {
          const part = clause.trim().replace(/^(>=|<=|~=|===|==|!=|>|<|=|\^|~)\s+/, '$1');
          const compatible = /^~=\s*v?(\d+)\.(\d+)(?:\.(\d+))?$/.exec(part);
          if (compatible) {
            const [, major, minor, patch] = compatible.map(Number) as [number, number, number, number];
            return patch === undefined || Number.isNaN(patch) ? `>=${major}.${minor}.0 <${major + 1}.0.0-0` : `>=${major}.${minor}.${patch} <${major}.${minor + 1}.0-0`;
          }
          if (part.startsWith('!=')) return '';
          return part.replace(/^===?/, '').replace(/\.\*$/, '.x').replace(/(\d+\.\d+\.\d+)\.\d+/g, '$1');
        })
        .filter(Boolean)
        .join(' ') || '*',
    )
    .join(' || ');
}

/** Parse a constraint; null when it is not a version constraint this module understands. */
export function parseConstraint(text: string): VersionSet | null {
  const source = text.trim();
  if (!source || !/[\d*xX]/.test(source)) return null;
  const range = semver.validRange(toSemverRange(source), { loose: true });
  return range === null ? null : new semver.Range(range, { loose: true });
}

/** True when some version satisfies both sets. */
export function compatible(a: VersionSet, b: VersionSet): boolean {
  return semver.intersects(a, b, { loose: true });
}

/** The leading version in a text such as `v20.11.0`, `3.12-slim`, `python-3.11.4`, `1.22`. */
export function leadingVersion(text: string): string | null {
  return /(?:^|[^\d.])v?(\d+(?:\.\d+){0,2})/.exec(text)?.[1] ?? null;
}

/** Node's LTS code names, so `.nvmrc` with `lts/iron` still compares. */
export const NODE_LTS: Record<string, string> = {
  argon: '4', boron: '6', carbon: '8', dubnium: '10', erbium: '12', fermium: '14', gallium: '16', hydrogen: '18', iron: '20', jod: '22', krypton: '24',
};
