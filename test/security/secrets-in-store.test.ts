/**
 * Secrets written the way people write them (a quoted assignment, a YAML line, a
 * JSON document, an object whose key says "password") never reach the store file:
 * not through the cache, stored resources, TODO tasks, confirmations, nor a pack's
 * own table written with Kysely. Each reaches the store (masked), through
 * a real MCP client and the tools users call, with the built-in packs and a
 * third-party pack loaded from the workspace config. The rest of each text is kept.
 */
import { existsSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createWorkspace, inProcessClient, storeFile } from './helpers.js';

const SECRETS = {
  quoted: 'S3cr3t!Value9',
  yaml: 'Pg-Pass-8841xQ',
  json: 'J50n-Pa55word!',
  keyed: 'Kx7-Wq2-Lm9-Zr4',
};
const QUOTED = `Staging login: password = "${SECRETS.quoted}"`;
const YAML = `database:\n  host: db.internal\n  user: app\n  DB_PASSWORD: "${SECRETS.yaml}"\n`;
const JSON_TEXT = `{"user": "app", "password": "${SECRETS.json}"}`;

/**
 * A third-party pack: keep_note reads a workspace file and keeps it three ways, as a pack
 * author would: in the cache (its text and, for JSON, the parsed object), as a stored
 * resource, and as a row of its own table written with Kysely.
 */
const NOTES_PACK = `
import { Params, Type, coreServices, definePlugin, defineTool } from 'toolpack/sdk';

export default definePlugin({
  id: 'notes',
  version: '1.0.0',
  kernel: '^0.1.0',
  register(env) {
    env.registerMigrations([
      {
        id: 'entries',
        up: (db) => db.schema.createTable('notes_entries').addColumn('path', 'text', (c) => c.primaryKey()).addColumn('text', 'text', (c) => c.notNull()).execute(),
      },
    ]);
    env.registerResourceKind({ kind: 'notes', name: 'Notes', description: 'Files kept by keep_note.' });
    env.registerInit({
      deps: { cache: coreServices.cache, store: coreServices.store },
      init: ({ cache, store }) => ({
        tools: [
          defineTool({
            name: 'keep_note',
            title: 'Keep a note',
            description: 'Keep a workspace file in the cache, as a resource and in the notes table, for the store tests.',
            input: Params({ path: Type.String({ description: 'File relative to the workspace.' }) }),
            output: Type.Object({ uri: Type.String() }),
            async handler({ path }, { workspace, resources }) {
              const text = await workspace.readText(path, { param: 'path' });
              const note = { path, text, ...(path.endsWith('.json') ? { settings: JSON.parse(text) } : {}) };
              await cache.set('notes:' + path, note);
              await store.db
                .insertInto('notes_entries')
                .values({ path, text })
                .onConflict((oc) => oc.column('path').doUpdateSet({ text }))
                .execute();
              return { uri: (await resources.put({ kind: 'notes', name: path, data: note })).uri };
            },
          }),
        ],
      }),
    });
  },
});
`;

/** Every byte the store holds on disk: the database and its write-ahead log. */
const storeBytes = (dir: string) =>
  [storeFile(dir), `${storeFile(dir)}-wal`]
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file).toString('latin1'))
    .join('');

const leaked = (text: string) => Object.entries(SECRETS).filter(([, secret]) => text.includes(secret)).map(([form]) => form);

describe('secrets in the store', () => {
  it('are masked in the cache, stored resources, tasks, confirmations and a pack table, in the file and its WAL', { timeout: 60_000 }, async () => {
    const ws = createWorkspace({
      'README.md': `# Orders\n\n## ${QUOTED}\n\nAsk ops for access.\n\n## Usage\n\nRun it.\n`,
      'config/database.yml': YAML,
      'config/credentials.json': JSON_TEXT,
      'config/login.json': JSON.stringify({ user: 'admin', password: SECRETS.keyed }),
      'notes-pack.ts': NOTES_PACK,
      '.toolpackrc.json': JSON.stringify({ plugins: ['project', 'adr', 'security', 'system', './notes-pack.ts'] }),
    });
    const logFile = ws.path('server.log');
    const client = await inProcessClient(ws.dir, { logLevel: 'trace', logFile });
    const call = async (tool: string, args: Record<string, unknown>) => {
      const result = await client.call(tool, args);
      expect(result.isError, `${tool}: ${result.text}`).toBe(false);
      return result.data;
    };

    for (const path of ['config/database.yml', 'config/credentials.json', 'config/login.json']) await call('keep_note', { path });
    await call('analyze_repository', { path: '.' });
    await call('analyze_project_ecosystem', {
      projectPath: '.',
      conversationContext: { humanRequest: QUOTED, userGoals: [`Fix the deploy; the config says DB_PASSWORD: "${SECRETS.yaml}"`], constraints: [`Keep the staging login ${JSON_TEXT}`] },
    });
    await call('manage_todo_json', { operation: 'create_task', task: { title: `Rotate it: ${QUOTED}`, description: YAML } });
    await call('manage_todo_json', { operation: 'create_task', task: { title: 'Move the staging login to the vault', description: JSON_TEXT } });
    await call('request_action_confirmation', { action: 'rotate-credentials', description: `Replace ${JSON_TEXT} on staging`, risks: [QUOTED] });

    // Each kind of row was written, and masked: the secret is gone, the text around it kept.
    const db = new Database(storeFile(ws.dir), { readonly: true });
    try {
      const rows = (sql: string) => (db.prepare(sql).pluck().all() as string[]).join('\n');
      const stored = {
        cache: rows("SELECT value FROM cache WHERE key LIKE 'notes:%'"),
        resources: rows('SELECT content FROM resources'),
        tasks: rows('SELECT data FROM adr_tasks'),
        confirmations: rows("SELECT description || ' ' || risks FROM confirmations"),
        packTable: rows('SELECT text FROM notes_entries'),
      };
      for (const [where, text] of Object.entries(stored)) {
        expect(text, where).toContain('[MASKED_');
        expect(leaked(text), where).toEqual([]);
      }
      const notes = (db.prepare("SELECT value FROM cache WHERE key LIKE 'notes:%' ORDER BY key").pluck().all() as string[]).map((value) => JSON.parse(value));
      expect(notes.map((note) => note.path)).toEqual(['config/credentials.json', 'config/database.yml', 'config/login.json']);
      expect(notes[1].text).toBe('database:\n  host: db.internal\n  user: app\n  DB_PASSWORD: "[MASKED_GENERIC_PASSWORD_ASSIGNMENT]"\n');
      expect(notes[0].settings).toEqual({ user: 'app', password: '[MASKED_GENERIC_PASSWORD_ASSIGNMENT]' });
      expect(notes[2].settings).toEqual({ user: 'admin', password: '[MASKED_GENERIC_PASSWORD_ASSIGNMENT]' });
      expect(stored.resources).toContain('Staging login: password = \\"[MASKED_GENERIC_PASSWORD_ASSIGNMENT]\\"'); // the README heading
      expect(stored.resources).toContain('Keep the staging login {\\"user\\": \\"app\\", \\"password\\": \\"[MASKED_GENERIC_PASSWORD_ASSIGNMENT]\\"}'); // the ecosystem report's constraints
      expect(stored.tasks).toContain('DB_PASSWORD: \\"[MASKED_GENERIC_PASSWORD_ASSIGNMENT]\\"');
      expect(stored.packTable).toContain('{"user": "app", "password": "[MASKED_GENERIC_PASSWORD_ASSIGNMENT]"}');
    } finally {
      db.close();
    }

    const bytes = storeBytes(ws.dir);
    expect(bytes.length).toBeGreaterThan(0);
    expect(leaked(bytes), 'store file and WAL').toEqual([]);
    expect(leaked(readFileSync(logFile, 'utf8')), 'trace log').toEqual([]);
  });
});
