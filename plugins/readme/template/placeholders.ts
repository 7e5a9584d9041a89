/**
 * The one way a generated README marks a value the user must fill in: `{{FILL: what}}`.
 * Visible on GitHub and in any viewer (an HTML comment would hide it), easy to grep.
 */
export const FILL_PATTERN = /\{\{FILL: ([^}]*)\}\}/g;

/** A marker for the hint `what` (no braces inside: they would end the marker). */
export const fill = (what: string): string => `{{FILL: ${what.replace(/[{}]/g, '')}}}`;

export interface Placeholder {
  /** 1-based line of the marker. */
  line: number;
  /** The hint inside the marker. */
  text: string;
}

/** Every marker in `text`, in order, one entry per occurrence. */
export function findPlaceholders(text: string): Placeholder[] {
  const found: Placeholder[] = [];
  text.split('\n').forEach((lineText, index) => {
    for (const match of lineText.matchAll(FILL_PATTERN)) found.push({ line: index + 1, text: match[1]! });
  });
  return found;
}
