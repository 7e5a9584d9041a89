/**
 * The driver every Kysely instance of the store runs on: a view of the one
 * engine driver (one SQLite connection or one PostgreSQL pool) that
 *  - waits, at its first query, until the store is open and the migrations its
 *    user depends on are applied (`ready`), and
 *  - passes the parameters of every write through the write filters on the way
 *    to the engine (store-write.ts), whichever query builder or raw `sql` made it.
 * Destroying a view leaves the engine alone; the store closes it once.
 */
import type { CompiledQuery, DatabaseConnection, Driver, QueryResult } from 'kysely';
import { filterParams, readParams, WRITES_ROWS, type WriteFilter } from './store-write.js';

const WRITE_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'MergeQueryNode']);

function isWrite(query: CompiledQuery): boolean {
  const kind = query.query?.kind;
  if (kind && WRITE_NODES.has(kind)) return true;
  return kind === 'RawNode' && WRITES_ROWS.test(query.sql);
}

/** The query as the engine gets it: a write's strings filtered, opaque values unwrapped. */
export function filteredQuery(query: CompiledQuery, filter: WriteFilter): CompiledQuery {
  if (query.parameters.length === 0) return query;
  const parameters = isWrite(query) ? filterParams(query.parameters, filter) : readParams(query.parameters);
  return { ...query, parameters };
}

export function storeView(engine: Driver, ready: () => Promise<void>, filter: WriteFilter): Driver {
  const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const unwrap = (connection: DatabaseConnection) => inner.get(connection) ?? connection;
  return {
    init: ready,
    async acquireConnection() {
      const connection = await engine.acquireConnection();
      const view: DatabaseConnection = {
        executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> => connection.executeQuery<R>(filteredQuery(query, filter)),
        streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => connection.streamQuery<R>(filteredQuery(query, filter), chunkSize),
      };
      inner.set(view, connection);
      return view;
    },
    beginTransaction: (connection, settings) => engine.beginTransaction(unwrap(connection), settings),
    commitTransaction: (connection) => engine.commitTransaction(unwrap(connection)),
    rollbackTransaction: (connection) => engine.rollbackTransaction(unwrap(connection)),
    ...(engine.savepoint && {
      savepoint: (connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['savepoint']>>[2]) => engine.savepoint!(unwrap(connection), name, compile),
      rollbackToSavepoint: (connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['savepoint']>>[2]) =>
        engine.rollbackToSavepoint!(unwrap(connection), name, compile),
      releaseSavepoint: (connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['savepoint']>>[2]) =>
        engine.releaseSavepoint!(unwrap(connection), name, compile),
    }),
    releaseConnection: (connection) => engine.releaseConnection(unwrap(connection)),
    destroy: async () => {},
  };
}
