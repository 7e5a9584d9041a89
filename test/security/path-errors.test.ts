/**
 * Item 11 (the path part): a refused path answered with the absolute
 * workspace root, telling a client where on the host it runs. Errors name the
 * parameter and say the path is outside the workspace, nothing more.
 */
import { symlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createWorkspace, inProcessClient } from './helpers.js';

describe('path errors do not reveal the workspace root', { timeout: 60_000 }, () => {
  it.each([
    ['read_file', { path: '../outside.txt' }, 'path'],
    ['read_file', { path: '/etc/passwd' }, 'path'],
    ['read_file', { path: 'escape/outside.txt' }, 'path'],
    ['write_file', { path: '../evil.txt', content: 'x' }, 'path'],
    ['list_directory', { path: '..' }, 'path'],
    ['analyze_repository', { path: '..' }, 'path'],
    ['analyze_environment', { projectPath: '../..' }, 'projectPath'],
  ])('%s %j names "%s" and hides the root', async (tool, args, param) => {
    const ws = createWorkspace({ 'README.md': '# ws\n' });
    ws.write('../outside.txt', 'outside\n');
    symlinkSync(ws.parent, ws.path('escape'));
    const client = await inProcessClient(ws.dir);
    const { isError, text } = await client.call(tool, args);
    expect(isError).toBe(true);
    expect(text).toContain(`parameter "${param}"`);
    expect(text).toContain('outside the workspace');
    expect(text).not.toContain(ws.dir);
    expect(text).not.toContain(ws.parent);
  });
});
