/** Offsets to 1-based line and column, by binary search over line starts computed once per text. */
export class LineIndex {
  private readonly starts: number[];

  /** `starts`: the line starts when already known (the keyword scan records them). */
  constructor(
    readonly text: string,
    starts?: number[],
  ) {
    this.starts = starts ?? [0];
    if (!starts) for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  get lineCount(): number {
    return this.starts.length;
  }

  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo]! + 1 };
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
