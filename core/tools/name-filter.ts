/** Glob-like tool-name filters: `*` matches any run of characters, `?` one. */
import type { ToolFilterValue } from '../config/schema.js';

export function globToRegExp(glob: string): RegExp {
  const body = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${body}$`);
}

export function matchesAny(name: string, globs: readonly string[] | undefined): boolean {
  return (globs ?? []).some((g) => globToRegExp(g).test(name));
}

/** A name passes when it matches `include` (if given) and not `exclude`. */
export function passesFilter(name: string, filter: ToolFilterValue | undefined): boolean {
  if (!filter) return true;
  if (filter.include && !matchesAny(name, filter.include)) return false;
  return !matchesAny(name, filter.exclude);
}
