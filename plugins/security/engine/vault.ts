/**
 * Keyed masking: hashing is HMAC-SHA-256 with a per-workspace key
 * (deterministic, irreversible); tokenization derives a stable token from the
 * same key and keeps the token-to-value mapping in the store, encrypted with
 * AES-256-GCM, never in a result. The key comes from TOOLPACK_SECRET_KEY (hex or
 * base64, 32 bytes) or a key file beside the store, created once with mode 0600.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Store } from '../../../sdk/index.js';

export const VAULT_MIGRATIONS = [
  `CREATE TABLE security_tokens (
     token TEXT PRIMARY KEY,
     rule_id TEXT NOT NULL,
     iv BLOB NOT NULL,
     tag BLOB NOT NULL,
     ciphertext BLOB NOT NULL,
     created_at TEXT NOT NULL
   )`,
];

function keyFromEnv(): Buffer | null {
  const raw = process.env.TOOLPACK_SECRET_KEY;
  if (!raw) return null;
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new Error('TOOLPACK_SECRET_KEY must be 32 bytes, as 64 hex characters or base64');
  return key;
}

function keyFromFile(storePath: string): Buffer {
  const file = join(dirname(storePath), 'security.key');
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  } catch {
    mkdirSync(dirname(file), { recursive: true });
    const key = randomBytes(32);
    try {
      writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex'); // another process created it first
    }
  }
}

/** A token's row, sealed with the key: what tokenization stores (built where the masking runs, a worker or not). */
export interface SealedToken {
  token: string;
  ruleId: string;
  iv: Uint8Array;
  tag: Uint8Array;
  ciphertext: Uint8Array;
}

const mac = (key: Uint8Array, purpose: string, value: string) => createHmac('sha256', key).update(purpose).update('\0').update(value).digest('hex');

/** Keyed, irreversible, deterministic: the same value always gives the same digest in one workspace. */
export const hashOf = (key: Uint8Array, value: string) => `hmac-sha256:${mac(key, 'hash', value).slice(0, 24)}`;

/** A stable token for a value; the value itself is only in the sealed row. */
export const tokenOf = (key: Uint8Array, value: string, ruleId: string) => `TOKEN_${ruleId.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_${mac(key, 'token', value).slice(0, 12)}`;

export function sealToken(key: Uint8Array, value: string, ruleId: string): SealedToken {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return { token: tokenOf(key, value, ruleId), ruleId, iv, tag: cipher.getAuthTag(), ciphertext };
}

export interface Vault {
  tokenFor(value: string, ruleId: string): string;
  hashFor(value: string): string;
  /** The original value of a token; for the workspace owner's own tooling, not exposed by any tool. */
  reveal(token: string): string | undefined;
  /** The workspace key, for masking done on a worker thread. */
  key(): Buffer;
  /** Store token rows sealed elsewhere (existing tokens are kept). */
  saveTokens(rows: readonly SealedToken[]): void;
}

export function createVault(store: Store): Vault {
  let key: Buffer | undefined;
  const getKey = () => (key ??= keyFromEnv() ?? (store.path === ':memory:' ? randomBytes(32) : keyFromFile(store.path)));
  const saveTokens = (rows: readonly SealedToken[]) => {
    if (!rows.length) return;
    store.transaction(() => {
      const insert = store.prepare('INSERT OR IGNORE INTO security_tokens (token, rule_id, iv, tag, ciphertext, created_at) VALUES (?, ?, ?, ?, ?, ?)');
      const now = new Date().toISOString();
      // All opaque: the token is an HMAC we derived (looked up as it is), the rest is sealed bytes; masking would break decryption.
      const opaque = store.opaque.bind(store);
      for (const row of rows) insert.run(opaque(row.token), opaque(row.ruleId), opaque(Buffer.from(row.iv)), opaque(Buffer.from(row.tag)), opaque(Buffer.from(row.ciphertext)), now);
    });
  };

  return {
    hashFor: (value) => hashOf(getKey(), value),
    tokenFor(value, ruleId) {
      const row = sealToken(getKey(), value, ruleId);
      saveTokens([row]);
      return row.token;
    },
    reveal(token) {
      const row = store.prepare('SELECT iv, tag, ciphertext FROM security_tokens WHERE token = ?').get<{ iv: Buffer; tag: Buffer; ciphertext: Buffer }>(token);
      if (!row) return undefined;
      const decipher = createDecipheriv('aes-256-gcm', getKey(), row.iv);
      decipher.setAuthTag(row.tag);
      return Buffer.concat([decipher.update(row.ciphertext), decipher.final()]).toString('utf8');
    },
    key: getKey,
    saveTokens,
  };
}
