/**
 * The kernel services a pack can depend on, as interfaces and refs. Packs
 * receive them in `init` (deps) and tool handlers get the per-call ones in
 * their context. Implementations live in core/services.
 */
import type { EventTopic } from './events.js';
import { createServiceRef } from './refs.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Logger {
  error(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  info(obj: object | string, msg?: string): void;
  debug(obj: object | string, msg?: string): void;
  child(bindings: Record<string, unknown>): Logger;
}

export interface Workspace {
  /** The project root every relative path is resolved against (a real path). */
  readonly root: string;
  /** Further folders tools may touch (real paths). */
  readonly allowedRoots: readonly string[];
  /**
   * Every root the configuration allows (root and allowedRoots as configured), even when a
   * client's MCP roots narrowed root/allowedRoots for its session: what counts as the project's
   * own (code, PATH entries, git directories). Absent: [root, ...allowedRoots].
   */
  readonly configuredRoots?: readonly string[];
  /**
   * Resolve `path` (relative to the root, or absolute) to a real path inside the
   * workspace, following symlinks. Throws FileSystemError (naming `param`) if it
   * leaves the workspace. For paths that do not exist yet the nearest existing
   * ancestor is resolved, so a symlinked parent cannot smuggle a write outside.
   */
  resolve(path: string, param?: string): Promise<string>;
  /** The path relative to the root, with forward slashes, for results. */
  relative(absolute: string): string;
  contains(absolute: string): boolean;
  /**
   * Resolve `path` and open it for reading, confined: a symlink as the last
   * component is refused, and the opened descriptor's real path must be inside
   * the workspace before anything is read (a symlink swapped in after `resolve`
   * cannot leak a file from outside). Confinement refusals are FileSystemErrors
   * naming `param`; other fs errors (ENOENT, ...) are thrown as they come. The
   * caller closes the handle.
   */
  openFile(path: string, param?: string): Promise<import('./confined-fs.js').ConfinedFile>;
  /** The UTF-8 text of a file opened as openFile does; every problem is a FileSystemError naming `param` (details.code: ENOENT, TOO_LARGE, ...). */
  readText(path: string, options?: { param?: string; maxBytes?: number }): Promise<string>;
  /**
   * A text about to be written into the workspace with its secrets masked (the security
   * pack's masking, the same as the store's): writeWorkspaceText applies it, so a tool that
   * copies text from one file into another never copies a secret. Identity without the pack.
   */
  maskForWrite(text: string): string;
}

/** Which database engine holds the store: the embedded SQLite file, or a team's PostgreSQL. */
export type StoreDialect = 'sqlite' | 'postgres';

/**
 * The store as a pack sees it: a Kysely instance over the pack's own tables (named
 * `<packid>_...`, made by its migrations), on SQLite or PostgreSQL. Write the query
 * with Kysely's builder and it runs on both; for the rare query that must differ,
 * branch on `dialect` (full-text search: sdk/store-search.ts).
 *
 * Every string a write (INSERT, UPDATE) sends passes the write filters first (the
 * security pack masks secrets there); `opaque` and `serialize` mark what passes as it is.
 * Reads persist nothing and are not filtered.
 *
 * `DB` types the pack's tables: `store.typed<AdrTables>()` gives the same store typed.
 */
export interface Store<DB = any> {
  readonly dialect: StoreDialect;
  /** Where the data lives, for people: the database file, ":memory:", or the URL with its password masked. */
  readonly location: string;
  /** Queries on the pack's tables; a query naming another pack's or the kernel's table is refused (TP_STORE_TABLE). */
  readonly db: import('kysely').Kysely<DB>;
  /** Kysely's raw-SQL template tag, for what the builder cannot say (given here so a pack need not load Kysely at start-up). */
  readonly sql: typeof import('kysely').sql;
  /** Run `fn` in one transaction: all of it commits, or none. SQLite: retried whole while another process holds the write lock. */
  transaction<T>(fn: (trx: import('kysely').Transaction<DB>) => Promise<T>): Promise<T>;
  /** The same store with its tables typed. */
  typed<T>(): Store<T>;
  /** Answers when the database does; throws when it cannot: a NetworkError "the store at ... is unavailable" when it is down, frozen or locked, a ConfigurationError otherwise (credentials, no such database). */
  ping(): Promise<void>;
  /** Size in bytes (SQLite: file plus write-ahead log; PostgreSQL: the database). */
  sizeBytes(): Promise<number>;
  /**
   * Register a filter every persisted text passes through (the security pack masks secrets here).
   * `prepare` loads what the filter needs from the store (saved custom rules): the store runs it
   * once when it opens, before it answers any other query, with a `db` of its own to read with.
   */
  addWriteFilter(filter: (text: string) => string, options?: { prepare?: (db: import('kysely').Kysely<DB>) => Promise<void> }): void;
  /** Apply the write filters to a text about to be persisted. */
  filterForWrite(text: string): string;
  /**
   * `value` as JSON (JSON.stringify's rules, `space` as there) with every string in it, keys
   * included, through the write filters first, and a string under a key that names a secret
   * (password, secret, token, apiKey...) read as `key: "value"`. Filtering the JSON text
   * instead misses secrets whose quotes it escaped. Ready to write: not filtered again.
   */
  serialize(value: unknown, space?: number): string;
  /**
   * Mark a value to be written as it is: binary, ciphertext, digests and ids the pack made
   * (never text from a user or a file), or text already through `filterForWrite`. Use the
   * result only as a query value (a string is returned as a String object the store unwraps).
   */
  opaque<T extends string | Uint8Array>(value: T): T;
}

export interface CacheStats {
  entries: number;
  expired: number;
  totalBytes: number;
  hits: number;
  oldestCreatedAt: string | null;
  newestCreatedAt: string | null;
}

/** Keyed JSON entries with an optional time to live, kept in the store (shared by every instance on it). */
export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, options?: { ttlMs?: number }): Promise<void>;
  delete(key: string): Promise<boolean>;
  clear(): Promise<number>;
  /** Remove expired entries; returns how many were removed. */
  cleanup(): Promise<number>;
  stats(): Promise<CacheStats>;
  getOrCompute<T>(key: string, compute: () => Promise<T>, options?: { ttlMs?: number }): Promise<T>;
}

/**
 * Publish/subscribe between packs on typed topics (`createEventTopic`). Each pack
 * gets its own view: a failing subscriber is logged with the topic and its pack,
 * and never breaks the publisher or the other subscribers.
 */
export interface Events {
  /**
   * Deliver `payload` to every subscriber, asynchronously. Resolves when all have run, to the ids of the
   * packs whose subscriber handled it without error (empty when none listens). Await it only when the
   * call's result depends on the subscribers having run (a record visible to the next call).
   */
  publish<T>(topic: EventTopic<T>, payload: T): Promise<string[]>;
  /** Returns a function that unsubscribes. A pack that fails to start loses its subscriptions. */
  subscribe<T>(topic: EventTopic<T>, handler: (payload: T) => void | Promise<void>): () => void;
}

export interface AiCompletion {
  text: string;
  model: string;
}

export interface Ai {
  /** True when the client of the current call offers MCP sampling. */
  available(): boolean;
  /**
   * Name and version the current call's client reported, or null outside an MCP session. Over
   * stateless HTTP (no session) they come from the request's User-Agent and `stateless` is true.
   */
  client(): { name: string; version: string; stateless?: boolean } | null;
  /** Ask the client's model. Throws when unavailable: callers keep a deterministic path. */
  complete(request: { prompt: string; system?: string; maxTokens?: number; signal?: AbortSignal }): Promise<AiCompletion>;
}

export interface ConfirmationRequest {
  action: string;
  description: string;
  risks?: string[];
  benefits?: string[];
}

export interface ConfirmationOutcome {
  /** confirmed/declined come from the user; pending means a second identical request will confirm. */
  decision: 'confirmed' | 'declined' | 'cancelled' | 'pending';
  via: 'elicitation' | 'pending-token' | 'second-call';
  token: string;
  comment?: string;
  requestedAt: string;
  decidedAt?: string;
  expiresAt?: string;
}

export interface Confirm {
  /** True when the client of the current call supports elicitation. */
  supportsElicitation(): boolean;
  /**
   * `binding`: text the pending fallback also matches on, besides action and description (the
   * kernel passes the tool and a digest of its arguments, so only the identical call confirms).
   */
  request(request: ConfirmationRequest, options?: { signal?: AbortSignal; binding?: string }): Promise<ConfirmationOutcome>;
}

export interface StoredResource {
  uri: string;
  kind: string;
  id: string;
  name: string;
  mimeType: string;
  createdAt: string;
}

export interface Resources {
  /** Store a result; `kind` may contain a slash (`config/hugo`). Returns its `toolpack://kind/id` URI. */
  put(entry: { kind: string; id?: string; name: string; data: unknown; mimeType?: string }): Promise<StoredResource>;
  get(uri: string): Promise<{ resource: StoredResource; text: string } | undefined>;
  list(options?: { kind?: string; limit?: number }): Promise<StoredResource[]>;
}

export interface Git {
  /**
   * A simple-git instance bound to `dir` (default: the workspace root), which must be inside the workspace,
   * hardened as sdk/git.ts describes (the repository's config cannot make git run a command). Give
   * GIT_DIFF_FLAGS to commands that produce diffs.
   */
  at(dir?: string): Promise<import('simple-git').SimpleGit>;
  isRepo(dir?: string): Promise<boolean>;
  /** The real git directory git uses for `dir`, or null when it is not in a repository or its git directory is outside the workspace (then `at` refuses it). */
  gitDir(dir?: string): Promise<string | null>;
}

/** The kernel's HTTP client (coreServices.http); see sdk/http-client.ts. */
export type HttpClient = import('./http-client.js').HttpClient;

export interface PackInfo {
  id: string;
  version: string;
  state: 'loaded' | 'disabled' | 'failed' | 'dependency';
  tools: string[];
  error?: string;
  startupMs?: number;
  /** The modules extending the pack, in load order. */
  modules?: ModuleInfo[];
}

export interface ModuleInfo {
  id: string;
  version?: string;
  /** 'failed': refused or threw; under onFailure 'skip' the pack started without it (`error` says why). */
  state: 'loaded' | 'disabled' | 'failed';
  error?: string;
}

export interface KernelInfo {
  kernelVersion: string;
  configFile: string | null;
  packs(): PackInfo[];
}

export const coreServices = {
  logger: createServiceRef<Logger>({ id: 'core.logger', scope: 'plugin' }),
  /** The pack's own options, validated against its options schema, defaults applied. */
  config: createServiceRef<Record<string, unknown>>({ id: 'core.config', scope: 'plugin' }),
  workspace: createServiceRef<Workspace>({ id: 'core.workspace' }),
  store: createServiceRef<Store>({ id: 'core.store' }),
  cache: createServiceRef<Cache>({ id: 'core.cache' }),
  git: createServiceRef<Git>({ id: 'core.git' }),
  events: createServiceRef<Events>({ id: 'core.events' }),
  ai: createServiceRef<Ai>({ id: 'core.ai' }),
  confirm: createServiceRef<Confirm>({ id: 'core.confirm' }),
  resources: createServiceRef<Resources>({ id: 'core.resources' }),
  /** Fetch URLs named by content under the config's `network` policy (sdk/http-client.ts): non-public addresses refused at every hop. */
  http: createServiceRef<HttpClient>({ id: 'core.http' }),
  kernel: createServiceRef<KernelInfo>({ id: 'core.kernel' }),
} as const;
