/**
 * The YAML front matter that marks a page as generated (`generated_by: toolpack`):
 * populate_diataxis_content only replaces pages carrying it when asked to
 * preserve existing ones, and update_existing_documentation's moderate
 * strategy only fixes those. Read and written with the yaml library.
 */
import { parse, stringify } from 'yaml';

export const GENERATED_BY = 'toolpack';

export interface SplitPage {
  /** The front matter when it is a YAML mapping; null otherwise. */
  data: Record<string, unknown> | null;
  /** The text after the front matter block. */
  body: string;
}

const BLOCK = /^---\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

export function splitFrontMatter(text: string): SplitPage {
  const source = text.replace(/^\uFEFF/, '');
  const match = BLOCK.exec(source);
  if (!match) return { data: null, body: source };
  let data: unknown;
  try {
    data = parse(match[1]!);
  } catch {
    return { data: null, body: source };
  }
  const mapping = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  return { data: mapping, body: source.slice(match[0].length) };
}

export const isGenerated = (text: string) => splitFrontMatter(text).data?.generated_by === GENERATED_BY;

export function withFrontMatter(data: Record<string, unknown>, body: string): string {
  return `---\n${stringify(data, { lineWidth: 0 })}---\n\n${body.replace(/^\s+/, '')}`;
}

/** The page as it would be regenerated, the timestamp left out: equal texts need no write. */
export function withoutTimestamp(text: string): string {
  const { data, body } = splitFrontMatter(text);
  if (!data) return text;
  const { generated_at: _ignored, ...rest } = data;
  return `${JSON.stringify(rest)}\n${body.trim()}`;
}
