/**
 * A short, readable summary of how an existing file differs from the content
 * a tool would write: line counts and the first differing line, so a result
 * says why a file was left alone without dumping both versions.
 */
export interface DiffSummary {
  added: number;
  removed: number;
  /** 1-based line of the first difference, with both versions of it (trimmed to 120 characters). */
  firstDifference?: { line: number; existing: string | null; proposed: string | null };
  text: string;
}

const clip = (line: string | undefined) => (line === undefined ? null : line.length > 120 ? `${line.slice(0, 117)}...` : line);

export function diffSummary(existing: string, proposed: string): DiffSummary {
  const a = existing.split('\n');
  const b = proposed.split('\n');
  const common = lcsLength(a, b);
  const removed = a.length - common;
  const added = b.length - common;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const differs = i < a.length || i < b.length;
  const firstDifference = differs ? { line: i + 1, existing: clip(a[i]), proposed: clip(b[i]) } : undefined;
  const where = firstDifference
    ? `; first difference at line ${firstDifference.line}: existing ${JSON.stringify(firstDifference.existing ?? '(end of file)')}, generated ${JSON.stringify(firstDifference.proposed ?? '(end of file)')}`
    : '';
  return { added, removed, firstDifference, text: `${added} line(s) only in the generated version, ${removed} only in the existing file${where}` };
}

/** Longest common subsequence of lines; big files fall back to a multiset count (config files are small). */
function lcsLength(a: string[], b: string[]): number {
  if (a.length * b.length > 4_000_000) {
    const counts = new Map<string, number>();
    for (const line of a) counts.set(line, (counts.get(line) ?? 0) + 1);
    let common = 0;
    for (const line of b) {
      const n = counts.get(line) ?? 0;
      if (n > 0) {
        common++;
        counts.set(line, n - 1);
      }
    }
    return common;
  }
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) row[j] = a[i - 1] === b[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, row[j - 1]!);
    prev = row;
  }
  return prev[b.length]!;
}
