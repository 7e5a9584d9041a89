/**
 * The security pack's tables: the token vault, saved custom rules, settings such as output
 * masking. Append migrations with new ids; never edit or reorder an applied one (stores from
 * before ids recorded these by position).
 */
import type { Migration } from '../../sdk/index.js';
import { VAULT_MIGRATIONS } from './engine/vault.js';

export const SECURITY_MIGRATIONS: readonly Migration[] = [
  { id: 'security-tokens', up: VAULT_MIGRATIONS[0]! },
  {
    id: 'security-custom-rules-and-settings',
    up: `CREATE TABLE security_custom_rules (
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
  },
];
