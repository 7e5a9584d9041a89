/**
 * A small TOML reader: enough of the format for manifests (pyproject.toml,
 * Pipfile, Cargo.toml, netlify.toml). Tables and array-of-tables headers,
 * bare, quoted and dotted keys, strings (basic, literal, multi-line), numbers,
 * booleans, dates as text, arrays over several lines and inline tables.
 * A line it cannot read is skipped rather than failing the whole file.
 */

export type TomlValue = string | number | boolean | TomlValue[] | { [key: string]: TomlValue };

/** Section header (`tool.poetry.dependencies`, '' for the top) to its keys (dotted keys kept whole: `serde.workspace`). */
export type TomlSections = Map<string, Record<string, TomlValue>>;

export function readToml(text: string): TomlSections {
  const sections: TomlSections = new Map([['', emptyTable()]]);
  let current = sections.get('')!;
  const reader = new Reader(text);
  while (reader.skipBlank()) {
    const start = reader.pos;
    try {
      if (reader.peek() === '[') {
        const name = reader.header();
        current = sections.get(name) ?? emptyTable();
        sections.set(name, current);
      } else {
        const key = reader.key();
        reader.expect('=');
        const value = reader.value();
        reader.endOfLine(); // before storing: a line with trailing junk is skipped whole
        current[key] = value;
        continue;
      }
      reader.endOfLine();
    } catch {
      reader.pos = start;
      reader.skipLine();
    }
  }
  return sections;
}

/** No prototype, so a key such as __proto__ is just a key. */
const emptyTable = (): { [key: string]: TomlValue } => Object.create(null);

class Reader {
  pos = 0;
  constructor(private readonly text: string) {}

  peek(offset = 0): string {
    return this.text[this.pos + offset] ?? '';
  }

  /** Skip whitespace, newlines and comments; false at the end of the text. */
  skipBlank(): boolean {
    for (;;) {
      const char = this.peek();
      if (char === '#') this.skipLine();
      else if (char === ' ' || char === '\t' || char === '\r' || char === '\n') this.pos++;
      else return char !== '';
    }
  }

  skipLine(): void {
    const end = this.text.indexOf('\n', this.pos);
    this.pos = end < 0 ? this.text.length : end + 1;
  }

  private spaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
  }

  expect(char: string): void {
    this.spaces();
    if (this.peek() !== char) throw new Error(`expected ${char}`);
    this.pos++;
  }

  endOfLine(): void {
    this.spaces();
    const char = this.peek();
    if (char === '#' || char === '\n' || char === '\r' || char === '') return this.skipLine();
    throw new Error('unexpected text after value');
  }

  header(): string {
    this.pos++;
    const isArray = this.peek() === '[';
    if (isArray) this.pos++;
    const name = this.key();
    this.expect(']');
    if (isArray) this.expect(']');
    return name;
  }

  /** A dotted key with each part unquoted: `tool . "poetry"` reads as `tool.poetry`. */
  key(): string {
    const parts: string[] = [];
    for (;;) {
      this.spaces();
      const char = this.peek();
      if (char === '"' || char === "'") parts.push(this.string());
      else {
        const match = /^[A-Za-z0-9_-]+/.exec(this.text.slice(this.pos, this.pos + 256));
        if (!match) throw new Error('expected a key');
        parts.push(match[0]);
        this.pos += match[0].length;
      }
      this.spaces();
      if (this.peek() !== '.') return parts.join('.');
      this.pos++;
    }
  }

  value(): TomlValue {
    this.spaces();
    const char = this.peek();
    if (char === '"' || char === "'") return this.string();
    if (char === '[') return this.array();
    if (char === '{') return this.inlineTable();
    const match = /^[^\s,\]}#]+/.exec(this.text.slice(this.pos, this.pos + 256));
    if (!match) throw new Error('expected a value');
    this.pos += match[0].length;
    const token = match[0];
    if (token === 'true' || token === 'false') return token === 'true';
    const number = Number(token.replaceAll('_', ''));
    return Number.isNaN(number) ? token : number;
  }

  string(): string {
    const quote = this.peek();
    const triple = quote.repeat(3);
    if (this.text.startsWith(triple, this.pos)) {
      const end = this.text.indexOf(triple, this.pos + 3);
      if (end < 0) throw new Error('unterminated string');
      const body = this.text.slice(this.pos + 3, end).replace(/^\r?\n/, '');
      this.pos = end + 3;
      return body;
    }
    this.pos++;
    let out = '';
    for (;;) {
      const char = this.peek();
      if (char === '' || char === '\n') throw new Error('unterminated string');
      this.pos++;
      if (char === quote) return out;
      if (char === '\\' && quote === '"') {
        const escaped = this.peek();
        this.pos++;
        out += ({ n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\' } as Record<string, string>)[escaped] ?? escaped;
      } else out += char;
    }
  }

  private array(): TomlValue[] {
    this.pos++;
    const items: TomlValue[] = [];
    for (;;) {
      this.skipBlank();
      if (this.peek() === ']') {
        this.pos++;
        return items;
      }
      items.push(this.value());
      this.skipBlank();
      if (this.peek() === ',') this.pos++;
      else if (this.peek() !== ']') throw new Error('expected , or ]');
    }
  }

  private inlineTable(): { [key: string]: TomlValue } {
    this.pos++;
    const table = emptyTable();
    for (;;) {
      this.spaces();
      if (this.peek() === '}') {
        this.pos++;
        return table;
      }
      const key = this.key();
      this.expect('=');
      table[key] = this.value();
      this.spaces();
      if (this.peek() === ',') this.pos++;
      else if (this.peek() !== '}') throw new Error('expected , or }');
    }
  }
}
