/** The kernel's own tables. Append steps; never edit an applied one. */
export const CORE_MIGRATIONS: readonly string[] = [
  `CREATE TABLE cache (
     key TEXT PRIMARY KEY,
     value TEXT NOT NULL,
     size INTEGER NOT NULL,
     created_at INTEGER NOT NULL,
     expires_at INTEGER,
     hits INTEGER NOT NULL DEFAULT 0
   );
   CREATE INDEX cache_expires ON cache (expires_at);
   CREATE TABLE resources (
     uri TEXT PRIMARY KEY,
     kind TEXT NOT NULL,
     id TEXT NOT NULL,
     name TEXT NOT NULL,
     mime_type TEXT NOT NULL,
     content TEXT NOT NULL,
     created_at TEXT NOT NULL
   );
   CREATE INDEX resources_kind ON resources (kind, created_at);
   CREATE TABLE confirmations (
     token TEXT PRIMARY KEY,
     fingerprint TEXT NOT NULL,
     action TEXT NOT NULL,
     description TEXT NOT NULL,
     risks TEXT NOT NULL,
     benefits TEXT NOT NULL,
     status TEXT NOT NULL,
     via TEXT NOT NULL,
     comment TEXT,
     requested_at TEXT NOT NULL,
     decided_at TEXT,
     expires_at TEXT NOT NULL
   );
   CREATE INDEX confirmations_fingerprint ON confirmations (fingerprint, status);`,
];
