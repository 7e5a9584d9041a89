/**
 * TOML manifests (pyproject.toml, Pipfile, Cargo.toml, rust-toolchain.toml) read with
 * smol-toml, a complete TOML 1.0 parser: arrays of tables ([[bin]]) stay arrays, quoted
 * keys stay whole. A file that is not valid TOML is rejected whole with where and why,
 * so the scan reports it as unreadable rather than guessing at half of it.
 */
import { parse, TomlError } from 'smol-toml';

/** A TOML table: null prototype, so a key such as __proto__ is just a key. Dates come as TomlDate objects. */
export type TomlTable = Record<string, unknown>;

export class TomlParseError extends Error {
  constructor(
    message: string,
    readonly line: number | null,
    readonly column: number | null,
  ) {
    super(message);
    this.name = 'TomlParseError';
  }
}

/** The document's top-level table; throws TomlParseError ("invalid TOML at line 3, column 9: invalid value"). */
export function readToml(text: string): TomlTable {
  try {
    return parse(text) as TomlTable;
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    // smol-toml's message repeats the line with a caret under it; the first line says what is wrong.
    const reason = error.message.split('\n')[0]!.replace(/^Invalid TOML document:\s*/, '');
    throw new TomlParseError(`invalid TOML at line ${error.line}, column ${error.column}: ${reason}`, error.line ?? null, error.column ?? null);
  }
}

const isTable = (value: unknown): value is TomlTable => typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** The table at a dotted path of bare keys (`tool.poetry.dependencies`); undefined when any step is missing or not a table. */
export function tableAt(root: TomlTable, path: string): TomlTable | undefined {
  let current: unknown = root;
  for (const key of path.split('.')) {
    if (!isTable(current)) return undefined;
    current = current[key];
  }
  return isTable(current) ? current : undefined;
}

export { isTable as isTomlTable };
