/** The security pack's tables: the token vault, saved custom rules, settings such as output masking. */
import { VAULT_MIGRATIONS } from './engine/vault.js';

export const SECURITY_MIGRATIONS: readonly string[] = [
  ...VAULT_MIGRATIONS,
  `CREATE TABLE security_custom_rules (
     id TEXT PRIMARY KEY,
     pattern TEXT NOT NULL,
     severity TEXT NOT NULL,
     description TEXT NOT NULL,
     source TEXT NOT NULL,
     created_at TEXT NOT NULL
   );
   CREATE TABLE security_settings (
     key TEXT PRIMARY KEY,
     value TEXT NOT NULL,
     updated_at TEXT NOT NULL
   );`,
];
