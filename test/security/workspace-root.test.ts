/**
 * Issue 23 item 8: `toolpack serve` started without --cwd in `/` (as an MCP
 * client may launch it) served the whole file system: `read_file etc/hostname`
 * worked. Now `/` and the home folder are refused as an implicit workspace
 * (exit 2, saying why and what to do) by serve, serve --http and call; naming
 * them with --cwd, or workspace.root in the config, is allowed.
 */
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { assertBuilt, binPath, outcome, runCli, serverEnv } from './helpers.js';

/** A temp folder standing in for the user's home (HOME points at it). */
function fakeHome(files: Record<string, string> = {}): string {
  const home = realpathSync(mkdtempSync(join(tmpdir(), 'toolpack-home-')));
  onTestFinished(() => rmSync(home, { recursive: true, force: true }));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(home, name), text);
  return home;
}

const REFUSAL = /refusing to (serve|run a tool) with (\S+) \((the root of the file system|your home folder)\) as the workspace[\s\S]*--cwd/;
const READ_HOSTNAME = ['call', 'read_file', '--json', JSON.stringify({ path: 'etc/hostname' })];

describe('the workspace is never / or the home folder by accident', () => {
  beforeAll(assertBuilt);

  it('refuses serve, serve --http and call started in / without --cwd (exit 2, saying why)', async () => {
    // A config outside `/` keeps the store in memory, so nothing is written to `/` if a command did start.
    const home = fakeHome({ 'memory.json': JSON.stringify({ plugins: ['files'], store: { path: ':memory:' } }) });
    const env = serverEnv({ HOME: home });
    for (const args of [['serve'], ['serve', '--http', '--port', '0'], READ_HOSTNAME, [...READ_HOSTNAME, '--config', join(home, 'memory.json')]]) {
      const result = await runCli(args, { cwd: '/', env });
      expect(result.code, `${args.join(' ')}: ${result.stdout}`).toBe(2);
      expect(result.stderr).toMatch(REFUSAL);
      expect(result.stderr).toContain('the root of the file system');
      expect(result.stdout).not.toContain(readHostname());
    }
  }, 120_000);

  it('refuses the home folder (HOME) as an implicit workspace, over stdio too', async () => {
    const home = fakeHome({ '.netrc': 'machine example.com password hunter2\n' });
    const env = serverEnv({ HOME: home });
    const called = await runCli(['call', 'read_file', '--json', '{"path":".netrc"}'], { cwd: home, env });
    expect(called.code).toBe(2);
    expect(called.stderr).toMatch(REFUSAL);
    expect(called.stderr).toContain('your home folder');
    expect(called.stdout).not.toContain('hunter2');
    // An MCP client launching serve there gets no server.
    const transport = new StdioClientTransport({ command: process.execPath, args: [binPath, 'serve'], cwd: home, env, stderr: 'pipe' });
    const client = new Client({ name: 'launcher', version: '0.0.0' });
    await expect(client.connect(transport)).rejects.toThrow();
  }, 120_000);

  it('starts when the folder is named explicitly: --cwd, or workspace.root in the config', async () => {
    const home = fakeHome({ 'notes.txt': 'mine\n', 'memory.json': JSON.stringify({ plugins: ['files'], store: { path: ':memory:' } }) });
    const env = serverEnv({ HOME: home });
    const named = await runCli(['call', 'read_file', '--json', '{"path":"notes.txt"}', '--cwd', home, '--config', 'memory.json'], { cwd: home, env });
    expect(named.code, named.stderr).toBe(0);
    expect(named.stdout).toContain('mine');
    const root = await runCli([...READ_HOSTNAME, '--cwd', '/', '--config', join(home, 'memory.json')], { cwd: '/', env });
    expect(root.code, root.stderr).toBe(0);
    expect(root.stdout).toContain(readHostname().trim());

    const configured = fakeHome({ 'notes.txt': 'configured\n', '.toolpackrc.json': JSON.stringify({ plugins: ['files'], workspace: { root: '.' }, store: { path: ':memory:' } }) });
    const transport = new StdioClientTransport({ command: process.execPath, args: [binPath, 'serve'], cwd: configured, env: serverEnv({ HOME: configured }), stderr: 'pipe' });
    const client = new Client({ name: 'launcher', version: '0.0.0' });
    await client.connect(transport);
    onTestFinished(() => client.close().catch(() => {}));
    const read = outcome((await client.callTool({ name: 'read_file', arguments: { path: 'notes.txt' } })) as never);
    expect(read.isError, read.text).toBe(false);
    expect(read.text).toContain('configured');
  }, 120_000);

  it('doctor still explains the setup in / and warns', async () => {
    const home = fakeHome({ 'memory.json': JSON.stringify({ plugins: ['files'], store: { path: ':memory:' } }) });
    const result = await runCli(['doctor', '--config', join(home, 'memory.json')], { cwd: '/', env: serverEnv({ HOME: home }) });
    expect(result.stdout).toMatch(/Workspace:\s+\//);
    expect(result.stdout).toMatch(/Warning:.*root of the file system.*serve and call refuse it/);
  }, 60_000);
});

const readHostname = () => readFileSync('/etc/hostname', 'utf8');
