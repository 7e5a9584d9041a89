/**
 * Offsets to 1-based line and column, by binary search over line starts
 * computed once per text, on first use: a text with no finding never needs them.
 */
export class LineIndex {
  private computed?: ArrayLike<number>;

  /** `starts`: the line starts when already known (another thread indexed the same text). */
  constructor(
    readonly text: string,
    starts?: ArrayLike<number>,
  ) {
    this.computed = starts;
  }

  /** The offset each line starts at, ascending. */
  get starts(): ArrayLike<number> {
    if (!this.computed) {
      // A typed array sized for 32-character lines, doubled when short: twice as fast as pushing to an array.
      const text = this.text;
      let starts = new Int32Array((text.length >> 5) + 16);
      let count = 1;
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
        if (count === starts.length) {
          const grown = new Int32Array(count * 2);
          grown.set(starts);
          starts = grown;
        }
        starts[count++] = i + 1;
      }
      this.computed = starts.subarray(0, count);
    }
    return this.computed;
  }

  get lineCount(): number {
    return this.starts.length;
  }

  position(offset: number): { line: number; column: number } {
    const starts = this.starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  }

  /** Offset of the first character of a 1-based line. */
  lineStart(line: number): number {
    return this.starts[line - 1] ?? this.text.length;
  }

  /** The text of a 1-based line, without its newline. */
  lineText(line: number): string {
    const start = this.starts[line - 1] ?? this.text.length;
    const next = this.starts[line];
    return this.text.slice(start, next === undefined ? undefined : next - 1).replace(/\r$/, '');
  }
}
