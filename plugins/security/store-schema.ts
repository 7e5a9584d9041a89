/**
 * The security pack's tables: the token vault, saved custom rules, settings such as output
 * masking. Append migrations with new ids; never edit or reorder an applied one (stores from
 * before ids recorded these by position).
 */
import type { Migration } from '../../sdk/index.js';

export interface SecurityTables {
  security_tokens: { token: string; rule_id: string; iv: Uint8Array; tag: Uint8Array; ciphertext: Uint8Array; created_at: string };
  security_custom_rules: { id: string; pattern: string; severity: string; description: string; source: string; created_at: string };
  security_settings: { key: string; value: string; updated_at: string };
}

export const SECURITY_MIGRATIONS: readonly Migration[] = [
  {
    id: 'security-tokens',
    async up(db, { dialect }) {
      const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
      await db.schema
        .createTable('security_tokens')
        .addColumn('token', 'text', (c) => c.primaryKey())
        .addColumn('rule_id', 'text', (c) => c.notNull())
        .addColumn('iv', bytes, (c) => c.notNull())
        .addColumn('tag', bytes, (c) => c.notNull())
        .addColumn('ciphertext', bytes, (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  {
    id: 'security-custom-rules-and-settings',
    async up(db) {
      await db.schema
        .createTable('security_custom_rules')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('pattern', 'text', (c) => c.notNull())
        .addColumn('severity', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('security_settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
];
