/**
 * The YAML front matter that marks a page as generated (`generated_by: toolpack`):
 * populate_diataxis_content only replaces pages carrying it when asked to
 * preserve existing ones, and update_existing_documentation's moderate
 * strategy only fixes those. Read and written through the SDK's front matter reader.
 */
import { readFrontMatter, writeFrontMatter } from '../../../sdk/index.js';

export const GENERATED_BY = 'toolpack';

export const isGenerated = (text: string) => readFrontMatter(text).data?.generated_by === GENERATED_BY;

/** The page with `data` as its front matter, a blank line, and the body from its first non-blank character. */
export function withFrontMatter(data: Record<string, unknown>, body: string): string {
  return writeFrontMatter(data, `\n${body.replace(/^\s+/, '')}`);
}

/** The page as it would be regenerated, the timestamp left out: equal texts need no write. */
export function withoutTimestamp(text: string): string {
  const { data, body } = readFrontMatter(text);
  if (!data) return text;
  const { generated_at: _ignored, ...rest } = data;
  return `${JSON.stringify(rest)}\n${body.trim()}`;
}
