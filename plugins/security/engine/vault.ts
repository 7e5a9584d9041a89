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
import { ConfigurationError, type Store } from '../../../sdk/index.js';
import type { SecurityTables } from '../store-schema.js';

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
  tokenFor(value: string, ruleId: string): Promise<string>;
  hashFor(value: string): string;
  /** The original value of a token; for the workspace owner's own tooling, not exposed by any tool. */
  reveal(token: string): Promise<string | undefined>;
  /** The workspace key, for masking done on a worker thread. */
  key(): Buffer;
  /** Store token rows sealed elsewhere (existing tokens are kept). */
  saveTokens(rows: readonly SealedToken[]): Promise<void>;
}

/**
 * The key: TOOLPACK_SECRET_KEY, else a key file beside the SQLite store (made once). Instances
 * sharing a PostgreSQL store must seal with one key, so there it must come from the environment.
 */
function vaultKey(store: Store): Buffer {
  const fromEnv = keyFromEnv();
  if (fromEnv) return fromEnv;
  if (store.dialect === 'postgres') {
    throw new ConfigurationError(
      'tokenization and hashing on a PostgreSQL store need TOOLPACK_SECRET_KEY (32 bytes as 64 hex characters or base64), the same for every instance, so that tokens made by one can be revealed by another',
      { variable: 'TOOLPACK_SECRET_KEY' },
    );
  }
  return store.location === ':memory:' ? randomBytes(32) : keyFromFile(store.location);
}

export function createVault(packStore: Store): Vault {
  const store = packStore.typed<SecurityTables>();
  let key: Buffer | undefined;
  const getKey = () => (key ??= vaultKey(store));
  const saveTokens = async (rows: readonly SealedToken[]) => {
    if (!rows.length) return;
    const now = new Date().toISOString();
    // All opaque: the token is an HMAC we derived (looked up as it is), the rest is sealed bytes; masking would break decryption.
    const opaque = store.opaque;
    const values = rows.map((row) => ({
      token: opaque(row.token),
      rule_id: opaque(row.ruleId),
      iv: opaque(Buffer.from(row.iv)),
      tag: opaque(Buffer.from(row.tag)),
      ciphertext: opaque(Buffer.from(row.ciphertext)),
      created_at: now,
    }));
    await store.transaction(async (trx) => {
      for (let at = 0; at < values.length; at += 100) {
        await trx.insertInto('security_tokens').values(values.slice(at, at + 100)).onConflict((oc) => oc.column('token').doNothing()).execute();
      }
    });
  };

  return {
    hashFor: (value) => hashOf(getKey(), value),
    async tokenFor(value, ruleId) {
      const row = sealToken(getKey(), value, ruleId);
      await saveTokens([row]);
      return row.token;
    },
    async reveal(token) {
      const row = await store.db.selectFrom('security_tokens').select(['iv', 'tag', 'ciphertext']).where('token', '=', token).executeTakeFirst();
      if (!row) return undefined;
      const decipher = createDecipheriv('aes-256-gcm', getKey(), row.iv);
      decipher.setAuthTag(row.tag);
      return Buffer.concat([decipher.update(row.ciphertext), decipher.final()]).toString('utf8');
    },
    key: getKey,
    saveTokens,
  };
}
