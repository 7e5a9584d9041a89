/**
 * One pass over a text that finds every rule keyword at once (Aho-Corasick as
 * a flat DFA, ASCII case-folded on the fly), instead of one `includes` per
 * keyword: with hundreds of keywords those scans cost more than the rules.
 * Hits are kept per line (the first hit of a keyword on each line), which is
 * all the windowed rule matching needs.
 */
const ALPHABET = 128;

export class KeywordMatcher {
  /** Transitions; entries are next-state * ALPHABET, so the loop does one add per character. */
  private readonly table: Int32Array;
  /** 1 for states that complete a keyword, indexed by state * ALPHABET. */
  private readonly accepting: Uint8Array;
  /** For each state, the keyword ids it completes (empty for most). */
  private readonly outputs: number[][];
  readonly keywords: string[] = [];

  constructor(keywords: Iterable<string>) {
    const next: number[][] = [new Array(ALPHABET).fill(-1)];
    const outputs: number[][] = [[]];
    for (const raw of new Set([...keywords].map((k) => k.toLowerCase()))) {
      if (!raw || /[^\x00-\x7f]/.test(raw)) continue;
      const id = this.keywords.push(raw) - 1;
      let state = 0;
      for (let i = 0; i < raw.length; i++) {
        const c = raw.charCodeAt(i);
        if (next[state]![c] === -1) {
          next[state]![c] = next.length;
          next.push(new Array(ALPHABET).fill(-1));
          outputs.push([]);
        }
        state = next[state]![c]!;
      }
      outputs[state]!.push(id);
    }
    // Breadth-first: failure links, with missing transitions filled in.
    const fail = new Array(next.length).fill(0);
    const queue: number[] = [];
    for (let c = 0; c < ALPHABET; c++) {
      const s = next[0]![c]!;
      if (s === -1) next[0]![c] = 0;
      else queue.push(s);
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      outputs[state]!.push(...outputs[fail[state]]!);
      for (let c = 0; c < ALPHABET; c++) {
        const s = next[state]![c]!;
        if (s === -1) next[state]![c] = next[fail[state]]![c]!;
        else {
          fail[s] = next[fail[state]]![c]!;
          queue.push(s);
        }
      }
    }
    this.table = new Int32Array(next.length * ALPHABET);
    next.forEach((row, state) => this.table.set(row.map((s) => s * ALPHABET), state * ALPHABET));
    this.accepting = new Uint8Array(next.length * ALPHABET);
    outputs.forEach((ids, state) => (this.accepting[state * ALPHABET] = ids.length ? 1 : 0));
    this.outputs = outputs;
  }

  /** For each keyword found, the offsets of the starts of the lines it occurs on (ascending, one per line). */
  scan(text: string): Map<string, number[]> {
    const { table, accepting, outputs, keywords } = this;
    const lines: number[][] = keywords.map(() => []);
    const lastLine = new Float64Array(keywords.length).fill(-1);
    // One byte per UTF-16 code unit, so offsets match the string's; a byte loop is several times faster than charCodeAt.
    const bytes = Buffer.from(text, 'latin1');
    let state = 0;
    let lineStart = 0;
    for (let i = 0; i < bytes.length; i++) {
      let c = bytes[i]!;
      if (c === 10) lineStart = i + 1;
      if (c >= 65 && c <= 90) c += 32;
      state = c < ALPHABET ? table[state + c]! : 0;
      if (accepting[state] === 0) continue;
      const found = outputs[state / ALPHABET]!;
      for (let k = 0; k < found.length; k++) {
        const id = found[k]!;
        if (lastLine[id] !== lineStart) {
          lastLine[id] = lineStart;
          lines[id]!.push(lineStart);
        }
      }
    }
    const hits = new Map<string, number[]>();
    lines.forEach((list, id) => list.length && hits.set(keywords[id]!, list));
    return hits;
  }
}
