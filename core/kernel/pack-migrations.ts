/**
 * What a pack's migrations must be: each has a unique id and an `up` function,
 * checked at registration; and every table and index it names is the pack's
 * own, `<packid>_...`, checked statement by statement when it runs (the store's
 * table guard, store-guard.ts, which reads raw SQL with `namedObjects` below).
 * One store holds every pack's tables; the prefix keeps two packs (or a pack
 * and the kernel) from ever touching the same one.
 */
import type { Migration } from '../../sdk/plugin.js';
import { KernelError, KernelErrorCodes } from '../errors.js';

const MIGRATION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

const IDENT = String.raw`(?:"(?:[^"]|"")+"|` + '`[^`]+`' + String.raw`|\[[^\]]+\]|[A-Za-z_][\w$]*)`;
/** An optionally schema-qualified name: `name` or `schema.name`. */
const NAME = String.raw`(${IDENT}(?:\s*\.\s*${IDENT})?)`;
const IF_NOT_EXISTS = String.raw`(?:IF\s+NOT\s+EXISTS\s+)?`;

/** What a statement names, and the role it names it in. */
const NAMED: Array<{ pattern: RegExp; roles: string[] }> = [
  { pattern: new RegExp(String.raw`\bCREATE\s+((?:UNIQUE\s+|TEMP(?:ORARY)?\s+|VIRTUAL\s+)*)(TABLE|INDEX|VIEW|TRIGGER)\s+${IF_NOT_EXISTS}${NAME}`, 'gi'), roles: ['modifiers', 'object', 'name'] },
  { pattern: new RegExp(String.raw`\bCREATE\s+(?:UNIQUE\s+)?INDEX\s+${IF_NOT_EXISTS}${IDENT}(?:\s*\.\s*${IDENT})?\s+ON\s+${NAME}`, 'gi'), roles: ['indexed table'] },
  { pattern: new RegExp(String.raw`\bCREATE\s+(?:TEMP(?:ORARY)?\s+)?TRIGGER\s+${IF_NOT_EXISTS}${IDENT}(?:\s*\.\s*${IDENT})?[\s\S]*?\bON\s+${NAME}`, 'gi'), roles: ['trigger table'] },
  { pattern: new RegExp(String.raw`\bALTER\s+TABLE\s+${NAME}(?:\s+RENAME\s+TO\s+(${IDENT}))?`, 'gi'), roles: ['altered table', 'new name'] },
  { pattern: new RegExp(String.raw`\bDROP\s+(TABLE|INDEX|VIEW|TRIGGER)\s+(?:IF\s+EXISTS\s+)?${NAME}`, 'gi'), roles: ['object', 'name'] },
];

/** Comments and string literals say nothing about names: blank them out first. */
const stripLiterals = (sql: string) => sql.replace(/--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'/g, ' ');

const unquote = (ident: string) => {
  const first = ident[0];
  if (first === '"') return ident.slice(1, -1).replaceAll('""', '"');
  if (first === '`' || first === '[') return ident.slice(1, -1);
  return ident;
};

/** `schema.name` split, unquoted: the schema is undefined when not given. */
function splitName(qualified: string): { schema?: string; name: string } {
  const parts = qualified.match(new RegExp(IDENT, 'g')) ?? [qualified];
  return parts.length > 1 ? { schema: unquote(parts[0]!), name: unquote(parts[parts.length - 1]!) } : { name: unquote(parts[0]!) };
}

export interface NamedObject {
  /** table, index, view, trigger, "indexed table", ... */
  role: string;
  name: string;
  schema?: string;
  temporary: boolean;
}

/** Every object a migration's SQL creates, alters, drops or indexes. */
export function namedObjects(sql: string): NamedObject[] {
  const text = stripLiterals(sql);
  const found: NamedObject[] = [];
  for (const { pattern, roles } of NAMED) {
    for (const match of text.matchAll(pattern)) {
      if (roles[0] === 'modifiers') {
        const temporary = /TEMP/i.test(match[1] ?? '');
        found.push({ role: match[2]!.toLowerCase(), ...splitName(match[3]!), temporary });
      } else if (roles[0] === 'object') {
        found.push({ role: match[1]!.toLowerCase(), ...splitName(match[2]!), temporary: false });
      } else {
        found.push({ role: roles[0]!, ...splitName(match[1]!), temporary: false });
        if (match[2]) found.push({ role: roles[1]!, name: unquote(match[2]), temporary: false });
      }
    }
  }
  return found;
}

/** The prefix every schema object of the pack carries: `my-pack` -> `my_pack_`. */
export const tablePrefix = (packId: string) => `${packId.replaceAll('-', '_')}_`;

/** Throws a KernelError (TP_MIGRATION_INVALID) naming the pack, the migration and the cause. `seen`: ids the pack registered before. */
export function checkPackMigrations(packId: string, migrations: readonly Migration[], seen: Set<string>): void {
  const fail = (message: string, details: Record<string, unknown>) => {
    throw new KernelError(KernelErrorCodes.MIGRATION_INVALID, `Pack "${packId}": ${message}`, { pack: packId, ...details });
  };
  if (!Array.isArray(migrations)) fail('registerMigrations takes an array of { id, up }', {});
  for (const [index, migration] of migrations.entries()) {
    const id = (migration as Partial<Migration> | undefined)?.id;
    if (typeof id !== 'string' || !MIGRATION_ID.test(id)) {
      fail(`migration ${index + 1} needs an id of letters, digits, ".", "_" and "-" (e.g. "2026-11-01-tasks"), got ${JSON.stringify(id)}`, { index });
    }
    if (seen.has(id!)) fail(`two migrations have the id "${id}"; ids are how the store records what it applied`, { migration: id });
    seen.add(id!);
    if (typeof migration.up !== 'function') {
      fail(`migration "${id}" needs "up" as a function (db, { dialect, sql }) => Promise<void> that builds its tables with Kysely; got ${typeof migration.up}`, { migration: id });
    }
  }
}
