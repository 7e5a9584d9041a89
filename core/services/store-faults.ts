/**
 * A store that is down, frozen or locked fails clearly: whatever the engine
 * raised (ECONNREFUSED from `pg`, a timeout, SQLITE_BUSY once the waiting is
 * over, a file that cannot be opened) reaches the tool as a NetworkError
 * "the store at <location> is unavailable: ...", the location with its password
 * masked, instead of a bare errno the envelope would call a file-system error.
 * Errors about the query itself (a syntax error, a constraint) pass unchanged.
 */
import type { CompiledQuery, DatabaseConnection, Driver, QueryResult } from 'kysely';
import { NetworkError } from '../../sdk/errors.js';

export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;

/** Socket-level failures: the server is not there (any more). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'EPIPE', 'ECONNABORTED']);
/** PostgreSQL SQLSTATEs of a server that cannot serve: connection exceptions (08...), shutdown, cancel (statement_timeout), too many clients. */
const PG_UNAVAILABLE = /^(?:08|57P0[1-4]$|57014$|53300$)/;
/** SQLite result codes of a file that cannot be opened or stays locked. */
const SQLITE_UNAVAILABLE = /^SQLITE_(?:BUSY|LOCKED|CANTOPEN|IOERR|PERM|NOTADB|READONLY_DBMOVED)/;
/** What `pg` and its pool say, without a code, when a server does not answer or went away. */
const PG_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection terminated due to connection timeout|the database system is (?:starting up|shutting down)/i;
/** File-system errnos met while creating the SQLite file's folder. */
const FILE_CODES = new Set(['EACCES', 'EPERM', 'ENOTDIR', 'EEXIST', 'EROFS', 'ENOSPC', 'EISDIR', 'ENOENT']);

export function isStoreUnavailable(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  if (NETWORK_CODES.has(code) || PG_UNAVAILABLE.test(code) || SQLITE_UNAVAILABLE.test(code)) return true;
  return PG_MESSAGES.test(error instanceof Error ? error.message : String(error));
}

export interface FaultContext {
  location: string;
  dialect: 'sqlite' | 'postgres';
  /** The message with every secret the store knows (its URL) replaced by the masked location. */
  redact(message: string): string;
}

/** The NetworkError a tool answers with, whatever the engine raised. */
export function unavailable(context: FaultContext, error: unknown, opening = false): NetworkError {
  if (error instanceof NetworkError) return error;
  const raw = error instanceof Error ? error.message : String(error);
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  const reason = context.redact(
    code === '57014' || /Query read timeout/.test(raw)
      ? `it did not answer a query within the statement timeout (store.statementTimeoutMs): ${raw}`
      : /^SQLITE_BUSY/.test(code)
        ? `${raw} (another process holds its lock past the ${opening ? 'connect timeout, store.connectTimeoutMs' : 'statement timeout, store.statementTimeoutMs'})`
        : /connection timeout|timeout exceeded when trying to connect/i.test(raw) || (opening && /timeout/i.test(raw))
          ? `${raw} (connect timeout, store.connectTimeoutMs)`
          : raw,
  );
  return new NetworkError(`the store at ${context.location} is unavailable: ${reason}`, {
    store: context.location,
    dialect: context.dialect,
    ...(code ? { code } : {}),
  });
}

/** Whether an error met while opening is the store being unavailable (else it is the configuration's fault). */
export const openingUnavailable = (error: unknown) => isStoreUnavailable(error) || FILE_CODES.has(String((error as { code?: unknown } | null)?.code ?? ''));

/**
 * `engine` with every failure of the store being unavailable mapped to the NetworkError.
 * A bare SQLITE_BUSY is left as it is: the driver's own waits give up with the NetworkError
 * already, so a bare one comes from inside a transaction, for the store's whole-transaction
 * retry (store.ts) to see; once that gives up it maps it.
 */
export function faultMapped(engine: Driver, context: FaultContext): Driver {
  const map = (error: unknown): unknown => (isStoreUnavailable(error) && !/^SQLITE_BUSY$/.test(String((error as { code?: unknown }).code ?? '')) ? unavailable(context, error) : error);
  const guard = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw map(error);
    }
  };
  const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const unwrap = (connection: DatabaseConnection) => inner.get(connection) ?? connection;
  return {
    init: () => guard(() => engine.init()),
    async acquireConnection() {
      const connection = await guard(() => engine.acquireConnection());
      const view: DatabaseConnection = {
        executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> => guard(() => connection.executeQuery<R>(query)),
        streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => connection.streamQuery<R>(query, chunkSize),
      };
      inner.set(view, connection);
      return view;
    },
    beginTransaction: (connection, settings) => guard(() => engine.beginTransaction(unwrap(connection), settings)),
    commitTransaction: (connection) => guard(() => engine.commitTransaction(unwrap(connection))),
    rollbackTransaction: (connection) => guard(() => engine.rollbackTransaction(unwrap(connection))),
    ...(engine.savepoint && {
      savepoint: (connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['savepoint']>>[2]) => guard(() => engine.savepoint!(unwrap(connection), name, compile)),
      rollbackToSavepoint: (connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['savepoint']>>[2]) =>
        guard(() => engine.rollbackToSavepoint!(unwrap(connection), name, compile)),
      releaseSavepoint: (connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['savepoint']>>[2]) =>
        guard(() => engine.releaseSavepoint!(unwrap(connection), name, compile)),
    }),
    releaseConnection: (connection) => engine.releaseConnection(unwrap(connection)),
    destroy: () => engine.destroy(),
  };
}
