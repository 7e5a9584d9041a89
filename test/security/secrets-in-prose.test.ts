/**
 * Item 11 (bare passwords in prose): a password written in a sentence, in a task
 * title or a confirmation description, must be masked before it reaches the store
 * file; ordinary sentences about passwords must not be. And a confirmation that
 * only the client's repeated request gave must not be reported as the user's.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createWorkspace, inProcessClient, storeFile } from './helpers.js';

/** Every byte the store holds on disk: the database and its write-ahead log. */
const storeBytes = (dir: string) =>
  [storeFile(dir), `${storeFile(dir)}-wal`]
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file).toString('latin1'))
    .join('');

const SECRET_TITLES: Array<[string, string]> = [
  ['Rotate the db password hunter2-Staging!9 before Friday', 'hunter2-Staging!9'],
  ['Unlock the signing key: passphrase Blue7Horse!x, then rotate it', 'Blue7Horse!x'],
  ['Set the kiosk password to Winter2024!Kq after the reset', 'Winter2024!Kq'],
  ['Ask ops: pwd: Zq8rT2vLm4 for the jump host', 'Zq8rT2vLm4'],
  ['the password is Marlin-Quay-7781 for pgAdmin', 'Marlin-Quay-7781'],
];
const SECRET_DESCRIPTIONS: Array<[string, string]> = [
  ['log in as admin with password S3cr3t!pass and drop the table', 'S3cr3t!pass'],
  ['connect with passwd Tr0ub4dor&3x and reindex', 'Tr0ub4dor&3x'],
];
const ORDINARY = ['Check that the password field is required', 'Let users reset your password from the profile page', 'Document the config line password: <your-password>'];

describe('bare passwords in prose', () => {
  it('never reach the store file from task titles or confirmation descriptions', async () => {
    const ws = createWorkspace({ 'README.md': '# Demo\n' });
    const client = await inProcessClient(ws.dir);
    for (const [title] of SECRET_TITLES) {
      const result = await client.call('manage_todo_json', { operation: 'create_task', task: { title } });
      expect(result.isError, result.text).toBe(false);
    }
    for (const [description] of SECRET_DESCRIPTIONS) {
      const result = await client.call('request_action_confirmation', { action: 'maintenance', description });
      expect(result.isError, result.text).toBe(false);
    }
    const bytes = storeBytes(ws.dir);
    expect(bytes.length).toBeGreaterThan(0);
    for (const [, secret] of [...SECRET_TITLES, ...SECRET_DESCRIPTIONS]) expect(bytes.includes(secret), `the store holds ${secret}`).toBe(false);
    // The rest of the sentence is kept.
    expect(bytes).toContain('Rotate the db password ');
    expect(bytes).toContain('log in as admin with password ');
  });

  it('leaves ordinary sentences about passwords as they are', async () => {
    const ws = createWorkspace({ 'README.md': '# Demo\n' });
    const client = await inProcessClient(ws.dir);
    for (const title of ORDINARY) await client.call('manage_todo_json', { operation: 'create_task', task: { title } });
    await client.call('request_action_confirmation', { action: 'policy', description: 'Make the password field required and reset your password weekly' });
    const stored = await client.call('manage_todo_json', { operation: 'get_tasks' });
    expect(stored.data.tasks.map((task: { title: string }) => task.title).sort()).toEqual([...ORDINARY].sort());
    const bytes = storeBytes(ws.dir);
    for (const title of ORDINARY) expect(bytes).toContain(title);
    expect(bytes).toContain('Make the password field required and reset your password weekly');
  });
});

describe('the pending-confirmation fallback', () => {
  it('says the client, not the user, confirmed when the request was only repeated', async () => {
    const ws = createWorkspace({ 'README.md': '# Demo\n' });
    const client = await inProcessClient(ws.dir);
    const request = { action: 'drop-table', description: 'Drop the orders_archive table' };
    const first = await client.call('request_action_confirmation', request);
    expect(first.data).toMatchObject({ decision: 'pending', via: 'pending-token' });
    const second = await client.call('request_action_confirmation', request);
    expect(second.data).toMatchObject({ decision: 'confirmed', via: 'second-call', approved: true });
    expect(second.data.message).not.toMatch(/user confirmed/i);
    expect(second.data.message).toMatch(/repeated identical request from the client/);
    expect(second.data.message).toMatch(/no user prompt/);
  });
});
