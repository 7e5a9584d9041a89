/**
 * One pass over a text that finds every rule keyword at once (Aho-Corasick as
 * a flat DFA, with ASCII case folding built into the table), instead of one
 * `includes` per keyword: with hundreds of keywords those scans cost more than
 * the rules. Hits are reported per line (the start offset of each line a
 * keyword occurs on), which is all windowed rule matching needs.
 *
 * Speed (the profile's top cost before): bytes map to a few dozen classes (the
 * characters keywords use, and "other"), so the table fits in cache; and the
 * text is walked as two halves at once, because a DFA walk waits on each
 * table load before the next and two independent walks overlap those waits.
 * The second half starts (longest keyword - 1) bytes early, so a keyword that
 * straddles the middle is found by it whole.
 */
/** Class 0: bytes no keyword uses. */
const OTHER = 0;

export class KeywordMatcher {
  /**
   * Transitions by class. An entry is the next state times the class count (one
   * add per byte in the loop), bit-inverted (negative) when that state completes a keyword.
   */
  private readonly table: Int32Array;
  /** Class of each byte (upper-case ASCII letters share their lower-case letter's class). */
  private readonly classOf = new Uint8Array(256);
  private readonly classes: number;
  /** For each state, the keyword ids it completes (empty for most). */
  private readonly outputs: number[][];
  private readonly longest: number;
  private walk?: Walkers;
  readonly keywords: string[] = [];

  constructor(keywords: Iterable<string>) {
    const accepted = [...new Set([...keywords].map((k) => k.toLowerCase()))].filter((k) => k && !/[^\x00-\x7f]/.test(k));
    let classes = OTHER + 1;
    for (const keyword of accepted) for (let i = 0; i < keyword.length; i++) if (!this.classOf[keyword.charCodeAt(i)]) this.classOf[keyword.charCodeAt(i)] = classes++;
    for (let c = 65; c <= 90; c++) this.classOf[c] = this.classOf[c + 32]!;
    this.classes = classes;
    this.longest = Math.max(1, ...accepted.map((k) => k.length));
    const next: number[][] = [new Array(classes).fill(-1)];
    const outputs: number[][] = [[]];
    for (const raw of accepted) {
      const id = this.keywords.push(raw) - 1;
      let state = 0;
      for (let i = 0; i < raw.length; i++) {
        const c = this.classOf[raw.charCodeAt(i)]!;
        if (next[state]![c] === -1) {
          next[state]![c] = next.length;
          next.push(new Array(classes).fill(-1));
          outputs.push([]);
        }
        state = next[state]![c]!;
      }
      outputs[state]!.push(id);
    }
    // Breadth-first: failure links, with missing transitions filled in.
    const fail = new Array(next.length).fill(0);
    const queue: number[] = [];
    for (let c = 0; c < classes; c++) {
      const s = next[0]![c]!;
      if (s === -1) next[0]![c] = 0;
      else queue.push(s);
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      for (const id of outputs[fail[state]]!) outputs[state]!.push(id);
      for (let c = 0; c < classes; c++) {
        const s = next[state]![c]!;
        if (s === -1) next[state]![c] = next[fail[state]]![c]!;
        else {
          fail[s] = next[fail[state]]![c]!;
          queue.push(s);
        }
      }
    }
    this.table = new Int32Array(next.length * classes);
    next.forEach((row, state) => this.table.set(row.map((s) => (outputs[s]!.length ? ~(s * classes) : s * classes)), state * classes));
    this.outputs = outputs;
  }

  /**
   * For each keyword found, the offsets of the starts of the lines it occurs on (ascending, one per line).
   * `textBytes`: the text as one byte per character, when the caller has it (a text shared between threads).
   */
  scan(text: string, textBytes?: Uint8Array): { hits: Map<string, number[]> } {
    if (!this.keywords.length) return { hits: new Map() };
    // One byte per UTF-16 code unit, so offsets match the string's; a byte loop is several times faster than charCodeAt.
    const bytes = textBytes ?? Buffer.from(text, 'latin1');
    const middle = bytes.length >> 1;
    // (state, offset) pairs where keywords end, in text order per half.
    const firstEnds: number[] = [];
    const secondEnds: number[] = [];
    // The second half starts early enough to see whole any keyword that ends in it.
    const second = Math.max(0, middle - (this.longest - 1));
    this.walk ??= walkers(this.table, this.classOf);
    const secondState = this.walk.two(bytes, middle, second, firstEnds, secondEnds);
    this.walk.one(bytes, secondState, second + middle, middle, secondEnds);
    const lines: number[][] = this.keywords.map(() => []);
    let lineStart = -1;
    let lineEnd = -1;
    for (const ends of [firstEnds, secondEnds]) {
      for (let k = 0; k < ends.length; k += 2) {
        const at = ends[k + 1]!;
        // Only a real "\n" ends a line (latin1 keeps just the low byte of a code unit).
        if (at >= lineEnd || at < lineStart) {
          lineStart = text.lastIndexOf('\n', at) + 1;
          const end = text.indexOf('\n', at);
          lineEnd = end === -1 ? text.length : end;
        }
        for (const id of this.outputs[(ends[k]! / this.classes) | 0]!) {
          const list = lines[id]!;
          if (list[list.length - 1] !== lineStart) list.push(lineStart);
        }
      }
    }
    const hits = new Map<string, number[]>();
    lines.forEach((list, id) => list.length && hits.set(this.keywords[id]!, list));
    return { hits };
  }
}

/** The two walks over one matcher's table (see `walkers`). */
interface Walkers {
  two(bytes: Uint8Array, middle: number, second: number, firstEnds: number[], secondEnds: number[]): number;
  one(bytes: Uint8Array, state: number, from: number, middle: number, ends: number[]): void;
}

/**
 * The walks as closures over one matcher's tables: V8 compiles them with the
 * tables fixed, a fifth faster than with the tables passed at each call.
 */
function walkers(table: Int32Array, classOf: Uint8Array): Walkers {
  return {
    /**
     * The two halves in step: bytes [0, middle) from the root, and as many bytes
     * from `second`. Records (state, offset) where keywords end, the second half's
     * only from `middle` on (before it the first half reports them). Returns the
     * second walk's state.
     */
    two(bytes, middle, second, firstEnds, secondEnds) {
      let a = 0;
      let b = 0;
      for (let i = 0, j = second; i < middle; i++, j++) {
        const ea = table[a + classOf[bytes[i]!]!]!;
        const eb = table[b + classOf[bytes[j]!]!]!;
        a = ea < 0 ? ~ea : ea;
        b = eb < 0 ? ~eb : eb;
        if ((ea | eb) < 0) {
          if (ea < 0) firstEnds.push(a, i);
          if (eb < 0 && j >= middle) secondEnds.push(b, j);
        }
      }
      return b;
    },
    /** The rest of the text from `from`, in `state`; keyword ends from `middle` on. */
    one(bytes, state, from, middle, ends) {
      for (let j = from; j < bytes.length; j++) {
        const e = table[state + classOf[bytes[j]!]!]!;
        state = e < 0 ? ~e : e;
        if (e < 0 && j >= middle) ends.push(state, j);
      }
    },
  };
}
