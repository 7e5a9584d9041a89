/**
 * A page's freshness metadata from its front matter: the `toolpack` mapping, and
 * the reference server's `documcp` mapping (same field names) so existing sites
 * keep working. Field by field, toolpack wins: a page validated by Toolpack after
 * documcp wrote it has its newer last_validated under toolpack and the rest under documcp.
 */
import { readFrontMatter } from '../../../sdk/index.js';
import { isUpdateFrequency, type UpdateFrequency } from '../thresholds/presets.js';

export const METADATA_KEY = 'toolpack';
export const LEGACY_METADATA_KEY = 'documcp';

export interface FreshnessMetadata {
  lastUpdated: Date | null;
  lastValidated: Date | null;
  validatedAgainstCommit: string | null;
  updateFrequency: UpdateFrequency | null;
  /** Which front matter keys held any of it. */
  keys: Array<typeof METADATA_KEY | typeof LEGACY_METADATA_KEY>;
  /** Values present but unusable (a date that does not parse, an unknown frequency). */
  problems: string[];
}

export interface PageMetadata {
  metadata: FreshnessMetadata;
  /** Why the front matter could not be read (broken YAML, not a mapping); metadata is then empty. */
  error: string | null;
}

const FIELDS = ['last_updated', 'last_validated', 'validated_against_commit', 'update_frequency'] as const;

const mappingAt = (data: Record<string, unknown> | null, key: string): Record<string, unknown> | null => {
  const value = data?.[key];
  return value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) ? (value as Record<string, unknown>) : null;
};

function dateOf(value: unknown, field: string, problems: string[]): Date | null {
  if (value === undefined || value === null || value === '') return null;
  const date = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) {
    problems.push(`${field} is not a date: ${JSON.stringify(value)}`);
    return null;
  }
  return date;
}

export function metadataFromFrontMatter(data: Record<string, unknown> | null): FreshnessMetadata {
  const ours = mappingAt(data, METADATA_KEY);
  const legacy = mappingAt(data, LEGACY_METADATA_KEY);
  const keys: FreshnessMetadata['keys'] = [];
  if (ours && FIELDS.some((f) => ours[f] !== undefined)) keys.push(METADATA_KEY);
  if (legacy && FIELDS.some((f) => legacy[f] !== undefined)) keys.push(LEGACY_METADATA_KEY);
  const field = (name: (typeof FIELDS)[number]) => ours?.[name] ?? legacy?.[name];
  const problems: string[] = [];
  const frequency = field('update_frequency');
  if (frequency !== undefined && frequency !== null && !isUpdateFrequency(frequency)) problems.push(`update_frequency is not one of realtime, active, recent, weekly, monthly, quarterly: ${JSON.stringify(frequency)}`);
  const commit = field('validated_against_commit');
  return {
    lastUpdated: dateOf(field('last_updated'), 'last_updated', problems),
    lastValidated: dateOf(field('last_validated'), 'last_validated', problems),
    validatedAgainstCommit: typeof commit === 'string' && /^[0-9a-f]{4,64}$/i.test(commit.trim()) ? commit.trim() : null,
    updateFrequency: isUpdateFrequency(frequency) ? frequency : null,
    keys,
    problems,
  };
}

export function readPageMetadata(text: string): PageMetadata {
  const { data, error } = readFrontMatter(text);
  return { metadata: metadataFromFrontMatter(data), error };
}

export const hasMetadata = (metadata: FreshnessMetadata) => metadata.keys.length > 0;
