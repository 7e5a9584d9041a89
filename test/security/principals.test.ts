/**
 * Issue 23 item 6: on `serve --http` with several tokens the server did not know
 * who was calling, so any token holder read, exported and reset another user's
 * preferences by naming them in `userId`. Now each token is a principal
 * (http.principals, tokens from the environment or by digest): manage_preferences
 * works on the caller's own preferences, only an admin names another user, and
 * memory_export leaves other users' preference records out; analyses stay shared.
 * manage_cache stats and check_ai_execution_status show no absolute path.
 */
import { createHash } from 'node:crypto';
import { dirname } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { assertBuilt, createWorkspace, outcome, startHttpAt, storeFile } from './helpers.js';

const ALICE = 'alice-token-7f3a9c';
const BOB = 'bob-token-2d81e4';
const ROOT = 'root-token-c09b55';
const EXTRA = 'extra-token-5e6f70';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function clientFor(url: string, token: string) {
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
  const client = new Client({ name: 'team-member', version: '0.0.0' });
  await client.connect(transport);
  onTestFinished(() => client.close().catch(() => {}));
  return {
    client,
    call: async (tool: string, args: Record<string, unknown>) => outcome((await client.callTool({ name: tool, arguments: args })) as never),
  };
}

async function teamServer() {
  const ws = createWorkspace({
    'package.json': JSON.stringify({ name: 'shared-app', version: '1.0.0', dependencies: { express: '^4.0.0' } }),
    'src/index.js': 'console.log("hello");\n',
    'README.md': '# Shared app\n',
    // No secret in the file: two tokens come from the environment, the admin's by digest.
    '.toolpackrc.json': JSON.stringify({
      http: {
        principals: [
          { name: 'alice', tokenEnv: 'ALICE_TOKEN' },
          { name: 'bob', tokenEnv: 'BOB_TOKEN' },
          { name: 'root', tokenSha256: sha256(ROOT), admin: true },
        ],
      },
    }),
  });
  const server = await startHttpAt(['--token', ROOT, '--token', EXTRA], { cwd: ws.dir, env: { ALICE_TOKEN: ALICE, BOB_TOKEN: BOB } });
  return { ws, server };
}

describe('a team server knows who is calling', () => {
  beforeAll(assertBuilt);

  it('two plain --token tokens are two users: neither sees nor names the other\'s preferences', async () => {
    const ws = createWorkspace({ '.toolpackrc.json': JSON.stringify({ plugins: ['memory'] }) });
    const server = await startHttpAt(['--token', ALICE, '--token', BOB], { cwd: ws.dir });
    const first = await clientFor(server.url, ALICE);
    const second = await clientFor(server.url, BOB);
    expect((await first.call('manage_preferences', { action: 'update', preferences: { documentationStyle: 'minimal' } })).isError).toBe(false);
    // The attack: the other token holder reads what the first saved, with or without naming them.
    for (const userId of [undefined, 'default', 'token-1']) {
      const read = await second.call('manage_preferences', { action: 'export', ...(userId ? { userId } : {}) });
      expect(read.text).not.toContain('minimal');
    }
    expect((await second.call('manage_preferences', { action: 'get' })).data).toMatchObject({ userId: 'token-2', isDefault: true });
    const named = await second.call('manage_preferences', { action: 'reset', userId: 'token-1' });
    expect(named.isError).toBe(true);
    expect(named.text).toContain('"userId"');
    expect((await first.call('manage_preferences', { action: 'get' })).data).toMatchObject({ userId: 'token-1', preferences: { documentationStyle: 'minimal' } });
  }, 60_000);

  it('runs each stateless request as its token\'s user too', async () => {
    const ws = createWorkspace({ '.toolpackrc.json': JSON.stringify({ plugins: ['memory'] }) });
    const server = await startHttpAt(['--stateless', '--token', ALICE, '--token', BOB], { cwd: ws.dir });
    const first = await clientFor(server.url, ALICE);
    const second = await clientFor(server.url, BOB);
    await first.call('manage_preferences', { action: 'update', preferences: { expertiseLevel: 'beginner' } });
    expect((await second.call('manage_preferences', { action: 'get' })).data).toMatchObject({ userId: 'token-2', preferences: { expertiseLevel: 'intermediate' } });
    expect((await second.call('manage_preferences', { action: 'get', userId: 'token-1' })).isError).toBe(true);
    expect((await first.call('manage_preferences', { action: 'get' })).data).toMatchObject({ userId: 'token-1', preferences: { expertiseLevel: 'beginner' } });
  }, 60_000);

  it("keeps each caller's preferences their own; only an admin names another user; results stay shared", async () => {
    const { ws, server } = await teamServer();
    expect(server.stderr()).toMatch(/for alice, bob, root \(admin\), token-1/);
    const alice = await clientFor(server.url, ALICE);
    const bob = await clientFor(server.url, BOB);
    const root = await clientFor(server.url, ROOT);
    const extra = await clientFor(server.url, EXTRA);

    const saved = await alice.call('manage_preferences', { action: 'update', preferences: { documentationStyle: 'tutorial-heavy', preferredSSGs: ['Hugo'] } });
    expect(saved.isError, saved.text).toBe(false);
    expect(saved.data).toMatchObject({ userId: 'alice', preferences: { documentationStyle: 'tutorial-heavy' } });

    // Bob sees his own (defaults), not Alice's, whatever he passes.
    const own = await bob.call('manage_preferences', { action: 'get' });
    expect(own.data).toMatchObject({ userId: 'bob', isDefault: true, preferences: { documentationStyle: 'comprehensive' } });
    expect((await bob.call('manage_preferences', { action: 'get', userId: 'default' })).data.userId).toBe('bob');
    for (const action of ['get', 'export', 'reset', 'recommendations', 'update', 'import'] as const) {
      const extraArgs = action === 'update' ? { preferences: { expertiseLevel: 'beginner' } } : action === 'import' ? { json: '{"expertiseLevel":"beginner"}' } : {};
      const refused = await bob.call('manage_preferences', { action, userId: 'alice', ...extraArgs });
      expect(refused.isError, `${action}: ${refused.text}`).toBe(true);
      expect(refused.data.error.type).toBe('ValidationError');
      expect(refused.text).toContain('"userId"');
      expect(refused.text).not.toContain('tutorial-heavy');
    }
    // Nothing of Alice's was changed by the refused calls.
    const still = await alice.call('manage_preferences', { action: 'get' });
    expect(still.data).toMatchObject({ userId: 'alice', isDefault: false, preferences: { documentationStyle: 'tutorial-heavy', expertiseLevel: 'intermediate' } });

    // Nor does the memory export hand Bob Alice's preference record.
    await bob.call('manage_preferences', { action: 'update', preferences: { expertiseLevel: 'advanced' } });
    const bobExport = await bob.call('memory_export', { filter: { type: 'preference' } });
    expect(bobExport.isError, bobExport.text).toBe(false);
    expect(bobExport.data.count).toBe(1);
    expect(bobExport.data.content).not.toContain('tutorial-heavy');
    expect(bobExport.data.content).not.toMatch(/alice/i);

    // An unnamed token is its own user, not an admin.
    expect((await extra.call('manage_preferences', { action: 'get' })).data).toMatchObject({ userId: 'token-1', isDefault: true });
    expect((await extra.call('manage_preferences', { action: 'export', userId: 'alice' })).isError).toBe(true);

    // The admin may name anyone.
    const exported = await root.call('manage_preferences', { action: 'export', userId: 'alice' });
    expect(exported.isError, exported.text).toBe(false);
    expect(JSON.parse(exported.data.json)).toMatchObject({ userId: 'alice', preferences: { documentationStyle: 'tutorial-heavy' } });
    expect((await root.call('memory_export', { filter: { type: 'preference' } })).data.count).toBe(2);
    const reset = await root.call('manage_preferences', { action: 'reset', userId: 'bob' });
    expect(reset.data).toMatchObject({ userId: 'bob', isDefault: true });

    // Stored results are the workspace's: Bob uses the analysis Alice made.
    const analysis = await alice.call('analyze_repository', { path: '.', depth: 'quick' });
    expect(analysis.isError, analysis.text).toBe(false);
    const id = analysis.data.id as string;
    const resource = await bob.client.readResource({ uri: `toolpack://analysis/${id}` });
    expect(resource.contents[0]!.text).toContain(id);
    const recommended = await bob.call('recommend_ssg', { analysisId: id });
    expect(recommended.isError, recommended.text).toBe(false);

    // No absolute path of the host in the system tools' results.
    for (const [tool, args] of [
      ['manage_cache', { action: 'stats' }],
      ['check_ai_execution_status', {}],
    ] as const) {
      const result = await bob.client.callTool({ name: tool, arguments: args });
      const whole = JSON.stringify(result);
      expect(result.isError, whole).toBeFalsy();
      for (const path of [ws.dir, storeFile(ws.dir), ws.parent, dirname(ws.parent)]) expect(whole, `${tool} shows ${path}`).not.toContain(path);
    }
    const stats = await bob.call('manage_cache', { action: 'stats' });
    expect(stats.data.stats.storeLocation).toBe('.toolpack/toolpack.db');
  }, 120_000);

  it('refuses to start when a principal is misconfigured, naming the entry', async () => {
    const ws = createWorkspace({ '.toolpackrc.json': JSON.stringify({ plugins: ['files'], http: { principals: [{ name: 'carol', tokenEnv: 'CAROL_TOKEN' }] } }) });
    await expect(startHttpAt([], { cwd: ws.dir })).rejects.toThrow(/exited \(code 2\)[\s\S]*http\.principals\[0\] \("carol"\)[\s\S]*CAROL_TOKEN/);
  }, 60_000);
});
