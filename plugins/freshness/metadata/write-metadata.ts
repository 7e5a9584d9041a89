/** Freshness metadata written under the page's `toolpack` key; the rest of the page (a documcp block included) is kept byte for byte. */
import { setFrontMatterIn } from '../../../sdk/index.js';
import type { UpdateFrequency } from '../thresholds/presets.js';
import { METADATA_KEY } from './read-metadata.js';

export interface MetadataChanges {
  lastUpdated?: Date;
  lastValidated?: Date;
  validatedAgainstCommit?: string;
  updateFrequency?: UpdateFrequency;
}

/** The page's text with the given fields set (the others under `toolpack` kept). Throws when the front matter cannot be edited. */
export function withMetadata(text: string, changes: MetadataChanges): string {
  const values: Record<string, unknown> = {};
  if (changes.lastUpdated) values.last_updated = changes.lastUpdated.toISOString();
  if (changes.lastValidated) values.last_validated = changes.lastValidated.toISOString();
  if (changes.validatedAgainstCommit) values.validated_against_commit = changes.validatedAgainstCommit;
  if (changes.updateFrequency) values.update_frequency = changes.updateFrequency;
  return setFrontMatterIn(text, METADATA_KEY, values);
}
