/**
 * Full-text search over a pack's own records, the same on both engines:
 * SQLite's FTS5 (a virtual table) and PostgreSQL's tsvector with a GIN index.
 * The index is a table of its own, `<name>`, keyed by the record's key: the
 * pack indexes a record's text when it writes the record (in the same
 * transaction) and removes it when it deletes it. The text passes the store's
 * write filters like any other, so what is searchable is what was stored.
 *
 *   // in a migration
 *   await createSearchIndex(db, context, 'memory_search');
 *   // when writing a record
 *   await indexText(trx, store, 'memory_search', entity.id, [entity.name, entity.notes].join('\n'));
 *   // to search
 *   const hits = await searchText(store.db, store, 'memory_search', 'postgres migration', { limit: 20 });
 */
import type { Kysely } from 'kysely';
import type { StoreDialect } from './services.js';

interface Engine {
  dialect: StoreDialect;
  sql: typeof import('kysely').sql;
}

/** Create the index table `name` (prefixed with the pack id, as every table). Call it from a migration. */
export async function createSearchIndex(db: Kysely<any>, { dialect, sql }: Engine, name: string): Promise<void> {
  if (dialect === 'sqlite') {
    // `key` is stored, not searched; the unicode61 tokenizer folds case and diacritics.
    await sql`CREATE VIRTUAL TABLE ${sql.id(name)} USING fts5(key UNINDEXED, body, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
    return;
  }
  await db.schema
    .createTable(name)
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('document', sql`tsvector`, (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX ${sql.id(`${name}_document`)} ON ${sql.id(name)} USING GIN (document)`.execute(db);
}

/** Index (or re-index) the text of the record `key`. */
export async function indexText(db: Kysely<any>, engine: Engine, name: string, key: string, text: string): Promise<void> {
  await removeText(db, engine, name, key);
  if (engine.dialect === 'sqlite') {
    await db.insertInto(name).values({ key, body: text }).execute();
  } else {
    const { sql } = engine;
    await db.insertInto(name).values({ key, document: sql`to_tsvector('simple', ${text})` }).execute();
  }
}

export async function removeText(db: Kysely<any>, _engine: Engine, name: string, key: string): Promise<void> {
  await db.deleteFrom(name).where('key', '=', key).execute();
}

/** Words of a free-text query: letters and digits only, so no query syntax of either engine gets through. */
const words = (query: string) => query.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, 32) ?? [];

/** Keys of the records containing every word of `query`, best first (bm25 on SQLite, ts_rank on PostgreSQL). */
export async function searchText(db: Kysely<any>, { dialect, sql }: Engine, name: string, query: string, options: { limit?: number } = {}): Promise<Array<{ key: string; rank: number }>> {
  const terms = words(query);
  if (terms.length === 0) return [];
  const limit = Math.max(1, Math.min(options.limit ?? 20, 1000));
  if (dialect === 'sqlite') {
    const match = terms.map((term) => `"${term}"`).join(' ');
    const { rows } = await sql<{ key: string; rank: number }>`SELECT key, bm25(${sql.id(name)}) AS rank FROM ${sql.id(name)} WHERE ${sql.id(name)} MATCH ${match} ORDER BY rank LIMIT ${limit}`.execute(db);
    // bm25 is lower for better matches; report higher-is-better like ts_rank.
    return rows.map((row) => ({ key: row.key, rank: -row.rank }));
  }
  const tsquery = terms.join(' & ');
  const { rows } = await sql<{ key: string; rank: number }>`SELECT key, ts_rank(document, to_tsquery('simple', ${tsquery})) AS rank FROM ${sql.id(name)} WHERE document @@ to_tsquery('simple', ${tsquery}) ORDER BY rank DESC, key LIMIT ${limit}`.execute(db);
  return rows.map((row) => ({ key: row.key, rank: Number(row.rank) }));
}
