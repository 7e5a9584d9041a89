/**
 * The Preferences object (seed 001), its defaults and its validation. Every problem is a
 * ValidationError naming the field by its path in the input (`preferences.documentationStyle`,
 * `json.preferredSSGs[2]`), so the caller knows exactly what to fix.
 */
import { ValidationError } from '../../../sdk/index.js';
import type { Preferences } from '../api.js';

export const DOCUMENTATION_STYLES = ['minimal', 'comprehensive', 'tutorial-heavy'] as const;
export const EXPERTISE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const DIATAXIS_CATEGORIES = ['tutorials', 'how-to', 'reference', 'explanation'] as const;

/**
 * Defaults: no preferred SSG or technology (recommendations stay neutral), comprehensive
 * documentation for an intermediate reader, all four Diátaxis categories, and nothing applied
 * automatically until the user turns it on.
 */
export const DEFAULT_PREFERENCES: Readonly<Preferences> = Object.freeze<Preferences>({
  preferredSSGs: [],
  documentationStyle: 'comprehensive',
  expertiseLevel: 'intermediate',
  preferredTechnologies: [],
  preferredDiataxisCategories: ['tutorials', 'how-to', 'reference', 'explanation'],
  autoApplyPreferences: false,
});

export const defaultPreferences = (): Preferences => structuredClone(DEFAULT_PREFERENCES) as Preferences;

const MAX_ITEMS = 50;
const MAX_NAME = 100;

const fail = (path: string, problem: string): never => {
  throw new ValidationError(`parameter "${path}": ${problem}`, { parameter: path });
};

function names(value: unknown, path: string): string[] {
  if (!Array.isArray(value)) fail(path, `expected an array of names, got ${typeof value}`);
  const list = value as unknown[];
  if (list.length > MAX_ITEMS) fail(path, `at most ${MAX_ITEMS} entries (got ${list.length})`);
  const seen = new Map<string, string>();
  list.forEach((item, i) => {
    if (typeof item !== 'string' || !item.trim()) fail(`${path}[${i}]`, 'expected a non-empty string');
    const name = (item as string).trim();
    if (name.length > MAX_NAME) fail(`${path}[${i}]`, `at most ${MAX_NAME} characters`);
    if (!seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  });
  return [...seen.values()];
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], path: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) fail(path, `expected one of ${allowed.join(', ')} (got ${JSON.stringify(value)})`);
  return value as T;
}

/** The fields of `input` checked and normalised; unknown fields refused. `path` prefixes the field names in errors. */
export function validatePreferences(input: unknown, path: string): Partial<Preferences> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return fail(path, 'expected an object of preference fields');
  const out: Partial<Preferences> = {};
  for (const [field, value] of Object.entries(input as Record<string, unknown>)) {
    const at = `${path}.${field}`;
    switch (field) {
      case 'preferredSSGs':
        out.preferredSSGs = names(value, at);
        break;
      case 'preferredTechnologies':
        out.preferredTechnologies = names(value, at);
        break;
      case 'documentationStyle':
        out.documentationStyle = oneOf(value, DOCUMENTATION_STYLES, at);
        break;
      case 'expertiseLevel':
        out.expertiseLevel = oneOf(value, EXPERTISE_LEVELS, at);
        break;
      case 'preferredDiataxisCategories': {
        if (!Array.isArray(value)) fail(at, 'expected an array of Diátaxis categories');
        out.preferredDiataxisCategories = [...new Set((value as unknown[]).map((v, i) => oneOf(v, DIATAXIS_CATEGORIES, `${at}[${i}]`)))];
        break;
      }
      case 'autoApplyPreferences':
        if (typeof value !== 'boolean') fail(at, `expected true or false (got ${JSON.stringify(value)})`);
        out.autoApplyPreferences = value as boolean;
        break;
      default:
        fail(at, 'unknown preference field (expected preferredSSGs, documentationStyle, expertiseLevel, preferredTechnologies, preferredDiataxisCategories, autoApplyPreferences)');
    }
  }
  return out;
}

/** Preferences from `import`'s JSON: an export envelope `{ userId, preferences }` or a bare Preferences object; missing fields take defaults. */
export function parsePreferencesJson(json: string, path = 'json'): Preferences {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    return fail(path, `not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return fail(path, 'expected a JSON object');
  const envelope = parsed as Record<string, unknown>;
  const isEnvelope = 'preferences' in envelope;
  const fields = isEnvelope ? envelope.preferences : parsed;
  return { ...defaultPreferences(), ...validatePreferences(fields, isEnvelope ? `${path}.preferences` : path) };
}
