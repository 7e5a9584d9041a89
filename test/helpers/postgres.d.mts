/** Types of postgres.mjs: a throwaway PostgreSQL cluster for the tests and the benchmarks. */
export declare const POSTGRES_NOT_FOUND: string;
export interface RunningPostgres {
  /** postgres://toolpack:<password>@127.0.0.1:<port>/postgres */
  url: string;
  stop(): Promise<void>;
  /** Send `signal` to the server and its backends (Linux /proc): SIGSTOP freezes it, SIGCONT thaws it. */
  signal(signal: NodeJS.Signals): void;
}
export type StartedPostgres = RunningPostgres | { skipped: string };
export declare function findPostgresBin(): string | undefined;
export declare function postgresUnavailable(): string | undefined;
export declare function startPostgres(options?: { maxConnections?: number }): Promise<StartedPostgres>;
export declare function createDatabase(url: string, name: string): Promise<string>;
