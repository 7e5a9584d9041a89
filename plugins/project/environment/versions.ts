/**
 * Version constraints as sets of intervals, enough to tell whether two
 * declarations of a runtime version can both hold: `.nvmrc` 18 and engines
 * `>=20` cannot. Understands exact and partial versions (`18` means any 18.x),
 * npm/semver ranges (^ ~ >= < x-ranges, hyphen ranges, ||) and PEP 440
 * specifiers (~= == != with .*). Anything else (lts/*, stable, latest) is
 * unknown and takes no part in conflict checks.
 */

type V = [number, number, number];

interface Interval {
  lo: V;
  loInc: boolean;
  /** null: no upper bound. */
  hi: V | null;
  hiInc: boolean;
}

/** A union of intervals; null when the text is not understood. */
export type VersionSet = Interval[];

const ZERO: V = [0, 0, 0];
const ALL: Interval = { lo: ZERO, loInc: true, hi: null, hiInc: false };

const cmp = (a: V, b: V) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** `v18.17`, `3.11.*`, `20.x`: numbers given and how many (a wildcard ends the list). */
function parsePartial(text: string): { v: V; parts: number } | null {
  const match = /^v?(\d+)(?:\.(\d+|[x*]))?(?:\.(\d+|[x*]))?(?:\.\d+)?(?:[-+][\w.-]*)?$/i.exec(text.trim());
  if (!match) return null;
  const parts: number[] = [];
  for (const part of [match[1], match[2], match[3]]) {
    if (part === undefined || !/^\d+$/.test(part)) break;
    parts.push(Number(part));
  }
  return { v: [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0], parts: parts.length };
}

/** The first version above every version that starts with the given parts: 18 → 19.0.0, 3.11 → 3.12.0. */
function bump({ v, parts }: { v: V; parts: number }): V | null {
  if (parts === 0) return null;
  if (parts === 1) return [v[0] + 1, 0, 0];
  if (parts === 2) return [v[0], v[1] + 1, 0];
  return null;
}

function exactSet(p: { v: V; parts: number }): Interval {
  const upper = bump(p);
  return upper ? { lo: p.v, loInc: true, hi: upper, hiInc: false } : { lo: p.v, loInc: true, hi: p.v, hiInc: true };
}

function comparator(op: string, text: string): Interval | null {
  const p = parsePartial(text);
  if (!p) return null;
  if (p.parts === 0) return ALL;
  const upper = bump(p);
  switch (op) {
    case '>=':
      return { lo: p.v, loInc: true, hi: null, hiInc: false };
    case '>':
      return upper ? { lo: upper, loInc: true, hi: null, hiInc: false } : { lo: p.v, loInc: false, hi: null, hiInc: false };
    case '<':
      return { lo: ZERO, loInc: true, hi: p.v, hiInc: false };
    case '<=':
      return upper ? { lo: ZERO, loInc: true, hi: upper, hiInc: false } : { lo: ZERO, loInc: true, hi: p.v, hiInc: true };
    case '^': {
      const [major, minor] = p.v;
      const hi: V = major > 0 || p.parts === 1 ? [major + 1, 0, 0] : minor > 0 || p.parts === 2 ? [0, minor + 1, 0] : [0, 0, p.v[2] + 1];
      return { lo: p.v, loInc: true, hi, hiInc: false };
    }
    case '~':
      return { lo: p.v, loInc: true, hi: p.parts === 1 ? [p.v[0] + 1, 0, 0] : [p.v[0], p.v[1] + 1, 0], hiInc: false };
    case '~=': // PEP 440: ~=3.11 is >=3.11,<4; ~=3.11.2 is >=3.11.2,<3.12
      return { lo: p.v, loInc: true, hi: p.parts <= 2 ? [p.v[0] + 1, 0, 0] : [p.v[0], p.v[1] + 1, 0], hiInc: false };
    case '!=':
      return ALL; // an exclusion never decides a conflict between declarations
    default: // '', '=', '==', '==='
      return exactSet(p);
  }
}

function intersect(a: Interval, b: Interval): Interval | null {
  const loCmp = cmp(a.lo, b.lo);
  const lo = loCmp > 0 ? a : loCmp < 0 ? b : { lo: a.lo, loInc: a.loInc && b.loInc };
  let hi: { hi: V | null; hiInc: boolean };
  if (a.hi === null) hi = b;
  else if (b.hi === null) hi = a;
  else {
    const hiCmp = cmp(a.hi, b.hi);
    hi = hiCmp < 0 ? a : hiCmp > 0 ? b : { hi: a.hi, hiInc: a.hiInc && b.hiInc };
  }
  const result: Interval = { lo: lo.lo, loInc: lo.loInc, hi: hi.hi, hiInc: hi.hiInc };
  if (result.hi !== null) {
    const c = cmp(result.lo, result.hi);
    if (c > 0 || (c === 0 && !(result.loInc && result.hiInc))) return null;
  }
  return result;
}

function intersectSets(a: VersionSet, b: VersionSet): VersionSet {
  const out: VersionSet = [];
  for (const x of a) for (const y of b) {
    const both = intersect(x, y);
    if (both) out.push(both);
  }
  return out;
}

/** Parse a constraint; null when it is not a version constraint this module understands. */
export function parseConstraint(text: string): VersionSet | null {
  const source = text.trim();
  if (!source) return null;
  const union: VersionSet = [];
  for (const alternative of source.split('||')) {
    const part = alternative.trim();
    if (!part) continue;
    const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(part);
    if (hyphen) {
      const lo = comparator('>=', hyphen[1]!);
      const hi = comparator('<=', hyphen[2]!);
      if (!lo || !hi) return null;
      const both = intersect(lo, hi);
      if (both) union.push(both);
      continue;
    }
    let set: VersionSet = [ALL];
    // "^1.2 <3", ">=3.11,<3.13", ">= 18": comparators separated by commas or spaces.
    const tokens = part.replace(/(>=|<=|~=|==|!=|>|<|=|\^|~)\s+/g, '$1').split(/[\s,]+/).filter(Boolean);
    if (tokens.length === 0) return null;
    for (const token of tokens) {
      if (token === '*' || token.toLowerCase() === 'x') continue;
      const match = /^(>=|<=|~=|===|==|!=|>|<|=|\^|~)?(.+)$/.exec(token)!;
      const interval = comparator(match[1] ?? '', match[2]!);
      if (!interval) return null;
      set = intersectSets(set, [interval]);
    }
    union.push(...set);
  }
  return union.length > 0 || /\d/.test(source) ? union : null;
}

/** True when some version satisfies both sets. */
export function compatible(a: VersionSet, b: VersionSet): boolean {
  return intersectSets(a, b).length > 0;
}

/** The leading version in a text such as `v20.11.0`, `3.12-slim`, `python-3.11.4`, `1.22`. */
export function leadingVersion(text: string): string | null {
  return /(?:^|[^\d.])v?(\d+(?:\.\d+){0,2})/.exec(text)?.[1] ?? null;
}

/** Node's LTS code names, so `.nvmrc` with `lts/iron` still compares. */
export const NODE_LTS: Record<string, string> = {
  argon: '4', boron: '6', carbon: '8', dubnium: '10', erbium: '12', fermium: '14', gallium: '16', hydrogen: '18', iron: '20', jod: '22', krypton: '24',
};
