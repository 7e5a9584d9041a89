/**
 * The store's write path: every string a write carries passes the write filters,
 * masked before JSON escapes its quotes; only values marked opaque pass as they are.
 * The filter here reads `key = "value"` / `key: "value"` like the security pack's
 * assignment rules do (test/security/secrets-in-store.test.ts runs the real ones).
 */
import { describe, expect, it } from 'vitest';
import { createCache } from '../../core/services/cache.js';
import { ResourceKinds } from '../../core/services/resource-kinds.js';
import { createResources } from '../../core/services/resources.js';
import { createStore } from '../../core/services/store.js';

const ASSIGNMENT = /(\w*(?:password|secret))("?\s*[:=]\s*")([^"\\]+)"/gi;

function maskingStore() {
  const store = createStore(':memory:');
  const seen: string[] = [];
  store.addWriteFilter((text) => {
    seen.push(text);
    return text.replace(ASSIGNMENT, '$1$2[masked]"');
  });
  store.exec('CREATE TABLE notes (id TEXT PRIMARY KEY, body TEXT, data BLOB)');
  return { store, seen };
}

describe('store write path', () => {
  it('masks a quoted secret inside a string before the JSON text escapes its quotes', () => {
    const { store } = maskingStore();
    const cache = createCache(store);
    cache.set('settings', { note: 'use password = "S3cr3t!Value9" on staging', yaml: 'db:\n  password: "Pg-Pass-8841xQ"\n', json: '{"password": "J50n-Pa55word!"}' });
    expect(cache.get('settings')).toEqual({
      note: 'use password = "[masked]" on staging',
      yaml: 'db:\n  password: "[masked]"\n',
      json: '{"password": "[masked]"}',
    });
  });

  it('reads a value under a key that names a secret in that key’s context', () => {
    const { store } = maskingStore();
    const cache = createCache(store);
    cache.set('login', { user: 'app', password: 'S3cr3t!Value9', nested: [{ clientSecret: 'Bl4ck-Sw4n-77' }], passwordHint: 'ask ops' });
    expect(cache.get('login')).toEqual({ user: 'app', password: '[masked]', nested: [{ clientSecret: '[masked]' }], passwordHint: 'ask ops' });
  });

  it('masks object keys, and stored resources the same way', () => {
    const { store } = maskingStore();
    const kinds = new ResourceKinds();
    kinds.register({ kind: 'analysis', name: 'Analysis', description: 'A stored analysis.' }, 'project');
    const resources = createResources(store, kinds);
    const stored = resources.put({ kind: 'analysis', name: 'report', data: { lines: { 'password = "S3cr3t!Value9"': 3 }, text: 'password: "S3cr3t!Value9"' } });
    const text = resources.get(stored.uri)!.text;
    expect(text).not.toContain('S3cr3t!Value9');
    expect(JSON.parse(text)).toEqual({ lines: { 'password = "[masked]"': 3 }, text: 'password: "[masked]"' });
  });

  it('filters every string parameter of prepare().run, named ones too; opaque values pass as they are', () => {
    const { store } = maskingStore();
    store.prepare('INSERT INTO notes (id, body) VALUES (?, ?)').run('n1', 'password = "S3cr3t!Value9"');
    store.prepare('INSERT INTO notes (id, body) VALUES (@id, @body)').run({ id: 'n2', body: 'secret: "Bl4ck-Sw4n-77"' });
    store.prepare('INSERT INTO notes (id, body, data) VALUES (?, ?, ?)').run('n3', store.opaque('password = "kept-as-given"'), store.opaque(Buffer.from([1, 2, 3])));
    const rows = store.prepare('SELECT id, body, data FROM notes ORDER BY id').all<{ id: string; body: string; data: Buffer | null }>();
    expect(rows.map((row) => row.body)).toEqual(['password = "[masked]"', 'secret: "[masked]"', 'password = "kept-as-given"']);
    expect([...rows[2]!.data!]).toEqual([1, 2, 3]);
  });

  it('refuses binary that is not marked opaque, and rows written through exec', () => {
    const { store } = maskingStore();
    expect(() => store.prepare('INSERT INTO notes (id, data) VALUES (?, ?)').run('n1', Buffer.from('password = "S3cr3t!Value9"'))).toThrow(/parameter 2 .*binary.*store\.opaque/);
    expect(() => store.exec(`INSERT INTO notes (id, body) VALUES ('n1', 'password = "S3cr3t!Value9"')`)).toThrow(/schema statements.*prepare\(sql\)\.run/);
    expect(store.prepare('SELECT COUNT(*) AS n FROM notes').get<{ n: number }>()!.n).toBe(0);
  });

  it('filters each distinct string once per write and a serialised value not again as a whole', () => {
    const { store, seen } = maskingStore();
    const cache = createCache(store);
    const row = { language: 'TypeScript', path: 'src/index.ts' };
    cache.set('report', { files: Array.from({ length: 50 }, () => row) });
    expect(seen.filter((text) => text === 'TypeScript')).toHaveLength(1);
    expect(seen.filter((text) => text.startsWith('{'))).toEqual([]);
  });
});
