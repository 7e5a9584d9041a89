/**
 * One pass over a text that finds every rule keyword at once (Aho-Corasick as
 * a flat DFA over bytes, with ASCII case folding built into the table),
 * instead of one `includes` per keyword: with hundreds of keywords those scans
 * cost more than the rules. Hits are reported per line (the start offset of
 * each line a keyword occurs on), which is all windowed rule matching needs.
 */
const BYTES = 256;
const SHIFT = 8; // state index = entry >> SHIFT
/** Newline transitions are flagged like keyword ends, so the same pass records where lines start. */
const NEWLINE = 10;

export class KeywordMatcher {
  /**
   * Transitions by byte. An entry is the next state times BYTES (one add per
   * byte in the loop), bit-inverted (negative) when that state completes a keyword.
   */
  private readonly table: Int32Array;
  /** For each state, the keyword ids it completes (empty for most). */
  private readonly outputs: number[][];
  readonly keywords: string[] = [];

  constructor(keywords: Iterable<string>) {
    const next: number[][] = [new Array(BYTES).fill(-1)];
    const outputs: number[][] = [[]];
    for (const raw of new Set([...keywords].map((k) => k.toLowerCase()))) {
      if (!raw || /[^\x00-\x7f]/.test(raw)) continue;
      const id = this.keywords.push(raw) - 1;
      let state = 0;
      for (let i = 0; i < raw.length; i++) {
        const c = raw.charCodeAt(i);
        if (next[state]![c] === -1) {
          next[state]![c] = next.length;
          next.push(new Array(BYTES).fill(-1));
          outputs.push([]);
        }
        state = next[state]![c]!;
      }
      outputs[state]!.push(id);
    }
    // Breadth-first: failure links, with missing transitions filled in.
    const fail = new Array(next.length).fill(0);
    const queue: number[] = [];
    for (let c = 0; c < BYTES; c++) {
      const s = next[0]![c]!;
      if (s === -1) next[0]![c] = 0;
      else queue.push(s);
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      for (const id of outputs[fail[state]]!) outputs[state]!.push(id);
      for (let c = 0; c < BYTES; c++) {
        const s = next[state]![c]!;
        if (s === -1) next[state]![c] = next[fail[state]]![c]!;
        else {
          fail[s] = next[fail[state]]![c]!;
          queue.push(s);
        }
      }
    }
    // Upper-case ASCII letters move like their lower-case letters.
    for (const row of next) for (let c = 65; c <= 90; c++) row[c] = row[c + 32]!;
    this.table = new Int32Array(next.length * BYTES);
    next.forEach((row, state) => this.table.set(row.map((s, c) => (outputs[s]!.length || c === NEWLINE ? ~(s * BYTES) : s * BYTES)), state * BYTES));
    this.outputs = outputs;
  }

  /**
   * For each keyword found, the offsets of the starts of the lines it occurs on
   * (ascending, one per line); and the start of every line, for a LineIndex.
   */
  scan(text: string): { hits: Map<string, number[]>; lineStarts: number[] } {
    const { table, outputs, keywords } = this;
    // One byte per UTF-16 code unit, so offsets match the string's; a byte loop is several times faster than charCodeAt.
    const bytes = Buffer.from(text, 'latin1');
    const lines: number[][] = keywords.map(() => []);
    const lineStarts = [0];
    const length = bytes.length;
    let state = 0;
    let lineStart = 0;
    for (let i = 0; i < length; i++) {
      const entry = table[state + bytes[i]!]!;
      if (entry >= 0) {
        state = entry;
        continue;
      }
      state = ~entry;
      // latin1 keeps the low byte of each code unit: only a real "\n" starts a line.
      if (bytes[i] === NEWLINE && text.charCodeAt(i) === NEWLINE) lineStarts.push((lineStart = i + 1));
      const ids = outputs[state >> SHIFT]!;
      for (let k = 0; k < ids.length; k++) {
        const list = lines[ids[k]!]!;
        if (list[list.length - 1] !== lineStart) list.push(lineStart);
      }
    }
    const hits = new Map<string, number[]>();
    lines.forEach((list, id) => list.length && hits.set(keywords[id]!, list));
    return { hits, lineStarts };
  }
}
