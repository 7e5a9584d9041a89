/**
 * `toolpack serve` over stdio, driven by the MCP SDK's own client exactly as
 * an editor or agent would start it: no config in the folder, so every
 * built-in pack is loaded and the flows' entry points are listed (toolsets add the rest).
 */
import { TOOLSET_TOOL_NAMES } from '../../core/server/toolset-tools.js';
import { DEFAULT_TOOLS } from '../../core/tools/toolsets.js';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { assertBuilt, binPath, BUILTIN_TOOLS, STARTING_TOOLS, createWorkspace, loadToolSurface, serverEnv, waitForExit, type Workspace } from './helpers.js';

const TEST_TIMEOUT = 60_000;

interface Connected {
  client: Client;
  transport: StdioClientTransport;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /** Errors the client saw on the wire (a non-JSON-RPC line on stdout lands here). */
  wireErrors: Error[];
}

/** Start `node dist/core/cli/bin.js serve` in the workspace with the SDK client; closed when the test ends. */
async function connect(ws: Workspace, env: Record<string, string> = serverEnv(), args: string[] = []): Promise<Connected> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [binPath, 'serve', ...args], cwd: ws.dir, env, stderr: 'pipe' });
  let stderr = '';
  transport.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'toolpack-e2e', version: '1.0.0' });
  const wireErrors: Error[] = [];
  client.onerror = (error) => wireErrors.push(error);
  onTestFinished(async () => {
    await client.close().catch(() => {});
  });
  await client.connect(transport);
  return { client, transport, stderr: () => stderr, wireErrors };
}

const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;

type ErrorEnvelope = { error: { type: string; message: string; details?: Record<string, unknown> } };
const envelope = (result: CallToolResult) => result.structuredContent as unknown as ErrorEnvelope;
const firstText = (result: CallToolResult) => {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
};

describe('toolpack serve (stdio) with the MCP SDK client', () => {
  beforeAll(assertBuilt);

  it('lists the flows\' entry points and the toolset tools, and with --preset all exactly the built-in tools', { timeout: TEST_TIMEOUT }, async () => {
    const ws = createWorkspace({ 'README.md': '# Inventory service\n\nTracks stock levels across warehouses.\n' });
    const start = await connect(ws);
    expect((await start.client.listTools()).tools.map((t) => t.name).sort()).toEqual([...DEFAULT_TOOLS, ...TOOLSET_TOOL_NAMES].sort());
    const { client, wireErrors, stderr } = await connect(ws, serverEnv(), ['--preset', 'all']);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...BUILTIN_TOOLS].sort());
    expect(new Set(tools.map((t) => t.name)).size).toBe(tools.length);
    expect(client.getServerVersion()?.name).toBe('toolpack');
    expect(wireErrors).toEqual([]);
    // TOOLPACK_LOG_LEVEL=silent: nothing at all on stderr.
    expect(stderr()).toBe('');
  });

  it('publishes the input schemas of the tool-surface spec, and a full-sentence description per tool', { timeout: TEST_TIMEOUT }, async () => {
    const spec = loadToolSurface();
    const ws = createWorkspace();
    const { client } = await connect(ws, serverEnv(), ['--preset', 'all']);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(BUILTIN_TOOLS.length);
    for (const tool of tools) {
      const where = `${tool.name} (spec ${spec.file})`;
      const params = spec.tools[tool.name];
      expect(params, `${where}: tool missing from the spec`).toBeDefined();
      const schema = tool.inputSchema as { type: string; properties?: Record<string, Record<string, unknown>>; required?: string[] };
      expect(schema.type, where).toBe('object');
      expect(Object.keys(schema.properties ?? {}).sort(), where).toEqual(params!.map((p) => p.name).sort());
      expect([...(schema.required ?? [])].sort(), where).toEqual(params!.filter((p) => p.required).map((p) => p.name).sort());
      for (const param of params!) {
        const property = schema.properties![param.name]!;
        const at = `${where}: parameter ${param.name}`;
        expect(property.type, at).toBe(param.type);
        if (param.enum) expect(property.enum, at).toEqual(param.enum);
        else expect(property.enum, at).toBeUndefined();
        if ('default' in param) expect(property.default, at).toEqual(param.default);
        else expect(property, at).not.toHaveProperty('default');
      }
      expect(typeof tool.description, where).toBe('string');
      expect(tool.description!.trim().length, `${where}: description too short`).toBeGreaterThan(40);
      expect(tool.description!.trim(), `${where}: description must end a sentence`).toMatch(/\.$/);
      expect(tool.description!.trim(), `${where}: description must start a sentence`).toMatch(/^[A-Z]/);
    }
  });

  it('read_file returns the file content in structuredContent', { timeout: TEST_TIMEOUT }, async () => {
    const adr = [
      '# 0007. Use PostgreSQL for the order store',
      '',
      '## Status',
      'Accepted',
      '',
      '## Context',
      'Orders need transactions across line items; the team already runs PostgreSQL 15.',
      '',
    ].join('\n');
    const ws = createWorkspace({ 'docs/adr/0007-use-postgresql.md': adr });
    const { client, wireErrors } = await connect(ws);
    const result = await call(client, 'read_file', { path: 'docs/adr/0007-use-postgresql.md' });
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as { path: string; content: string; size: number; lines: number; encoding: string };
    expect(structured.content).toBe(adr);
    expect(structured.path).toBe('docs/adr/0007-use-postgresql.md');
    expect(structured.size).toBe(Buffer.byteLength(adr));
    expect(structured.lines).toBe(7);
    expect(structured.encoding).toBe('utf8');
    // The text content carries the same result for clients that ignore structuredContent.
    expect(JSON.parse(firstText(result))).toEqual(structured);
    expect(wireErrors).toEqual([]);
  });

  it('refuses a path that climbs out of the workspace', { timeout: TEST_TIMEOUT }, async () => {
    const ws = createWorkspace({ 'notes.md': 'inside\n' });
    writeFileSync(join(ws.parent, 'outside.txt'), 'DATABASE_PASSWORD=hunter2-outside-the-workspace\n');
    const { client } = await connect(ws);
    const result = await call(client, 'read_file', { path: '../outside.txt' });
    expect(result.isError).toBe(true);
    expect(envelope(result).error.type).toBe('FileSystemError');
    expect(firstText(result)).toMatch(/^Error executing read_file:/);
    expect(JSON.stringify(result)).not.toContain('hunter2');
  });

  it('refuses a symlink inside the workspace that points outside it', { timeout: TEST_TIMEOUT }, async () => {
    const ws = createWorkspace({ 'notes.md': 'inside\n' });
    expect(existsSync('/etc/passwd')).toBe(true);
    symlinkSync('/etc/passwd', ws.path('users.txt'));
    const { client } = await connect(ws);
    const result = await call(client, 'read_file', { path: 'users.txt' });
    expect(result.isError).toBe(true);
    expect(envelope(result).error.type).toBe('FileSystemError');
    expect(firstText(result)).toMatch(/^Error executing read_file:/);
    expect(JSON.stringify(result)).not.toContain('root:');
  });

  it('answers an invalid argument with a ValidationError naming the parameter', { timeout: TEST_TIMEOUT }, async () => {
    const ws = createWorkspace();
    const { client } = await connect(ws);
    const result = await call(client, 'manage_cache', { action: 'explode' });
    expect(result.isError).toBe(true);
    const { error } = envelope(result);
    expect(error.type).toBe('ValidationError');
    expect(error.message).toContain('"action"');
    expect(error.message).toContain('explode');
    expect(firstText(result)).toMatch(/^Error executing manage_cache:/);
  });

  it('rejects a call to an unknown tool with a protocol error', { timeout: TEST_TIMEOUT }, async () => {
    const ws = createWorkspace();
    const { client } = await connect(ws);
    const error = await client.callTool({ name: 'delete_everything', arguments: {} }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
    expect((error as McpError).message).toContain('delete_everything');
    // The session survives the error.
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...DEFAULT_TOOLS, ...TOOLSET_TOOL_NAMES].sort());
  });

  it('write_file then read_file round-trips, and the file lands on disk', { timeout: TEST_TIMEOUT }, async () => {
    const ws = createWorkspace();
    const changelog = '# Changelog\n\n## 1.4.0 - 2024-05-02\n- Added CSV export of stock reports (é, ü, 漢字 kept as UTF-8).\n';
    const { client } = await connect(ws);
    const written = await call(client, 'write_file', { path: 'docs/CHANGELOG.md', content: changelog });
    expect(written.isError).toBeFalsy();
    expect(written.structuredContent).toMatchObject({ path: 'docs/CHANGELOG.md', bytesWritten: Buffer.byteLength(changelog), created: true, previousSize: null });
    expect(readFileSync(ws.path('docs/CHANGELOG.md'), 'utf8')).toBe(changelog);

    const read = await call(client, 'read_file', { path: 'docs/CHANGELOG.md' });
    expect(read.isError).toBeFalsy();
    expect((read.structuredContent as { content: string }).content).toBe(changelog);

    // Replacing asks first: this client has no elicitation, so the answer is a pending confirmation
    // (nothing written), and the identical call repeated confirms it.
    const asked = await call(client, 'write_file', { path: 'docs/CHANGELOG.md', content: '# Changelog\n' });
    expect(asked.isError).toBe(true);
    expect(envelope(asked).error.type).toBe('ConfirmationRequired');
    expect(firstText(asked)).toContain('repeat this exact call');
    expect(readFileSync(ws.path('docs/CHANGELOG.md'), 'utf8')).toBe(changelog);
    const replaced = await call(client, 'write_file', { path: 'docs/CHANGELOG.md', content: '# Changelog\n' });
    expect(replaced.structuredContent).toMatchObject({ created: false, previousSize: Buffer.byteLength(changelog) });
    expect(readFileSync(ws.path('docs/CHANGELOG.md'), 'utf8')).toBe('# Changelog\n');
    // The atomic write leaves no temporary file behind.
    expect(readdirSync(ws.path('docs'))).toEqual(['CHANGELOG.md']);
  });

  it('write_file refuses a path outside the workspace and creates nothing there', { timeout: TEST_TIMEOUT }, async () => {
    const ws = createWorkspace();
    const { client } = await connect(ws);
    const result = await call(client, 'write_file', { path: '../x.txt', content: 'should never be written\n' });
    expect(result.isError).toBe(true);
    expect(envelope(result).error.type).toBe('FileSystemError');
    expect(firstText(result)).toMatch(/^Error executing write_file:/);
    expect(existsSync(join(ws.parent, 'x.txt'))).toBe(false);
    expect(readdirSync(ws.parent)).toEqual(['workspace']);
  });

  it('logs to stderr, never stdout, when TOOLPACK_LOG_LEVEL=debug', { timeout: TEST_TIMEOUT }, async () => {
    const ws = createWorkspace({ 'a.txt': 'alpha\n' });
    const { client, stderr, wireErrors } = await connect(ws, serverEnv({ TOOLPACK_LOG_LEVEL: 'debug' }));
    const result = await call(client, 'read_file', { path: 'a.txt' });
    expect((result.structuredContent as { content: string }).content).toBe('alpha\n');
    await vi.waitFor(
      () => {
        expect(stderr()).toContain('kernel started');
        expect(stderr()).toContain('tool call');
      },
      { timeout: 10_000, interval: 50 },
    );
    const lines = stderr()
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as { level: number; msg: string; tool?: string });
    expect(lines.some((l) => l.msg === 'kernel started' && l.level === 20)).toBe(true);
    expect(lines.some((l) => l.msg === 'tool call' && l.tool === 'read_file')).toBe(true);
    // Had any of those lines gone to stdout, the client would have seen a parse error.
    expect(wireErrors).toEqual([]);
  });

  it('writes nothing but JSON-RPC messages to stdout (raw pipe, debug logging on)', { timeout: TEST_TIMEOUT }, async () => {
    const ws = createWorkspace({ 'a.txt': 'alpha\n' });
    const child = spawn(process.execPath, [binPath, 'serve'], { cwd: ws.dir, env: serverEnv({ TOOLPACK_LOG_LEVEL: 'debug' }), stdio: ['pipe', 'pipe', 'pipe'] });
    onTestFinished(async () => {
      child.kill('SIGKILL');
      await waitForExit(child);
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    await vi.waitFor(() => expect(stdout).toContain('"id":1'), { timeout: 30_000, interval: 50 });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'read_file', arguments: { path: 'a.txt' } } });
    send({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'read_file', arguments: { path: '../nope.txt' } } });
    // Requests run concurrently, so responses may come in any order: wait for all four lines.
    await vi.waitFor(() => expect(stdout.split('\n').filter((l) => l !== '').length).toBeGreaterThanOrEqual(4), { timeout: 30_000, interval: 50 });
    child.stdin.end();
    const exit = await waitForExit(child);
    expect(exit).toMatchObject({ code: 0, killed: false });

    const lines = stdout.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(4);
    const messages = lines
      .map((l) => JSON.parse(l) as { jsonrpc: string; id: number; result?: { tools?: unknown[]; isError?: boolean } })
      .sort((a, b) => a.id - b.id);
    for (const m of messages) expect(m.jsonrpc).toBe('2.0');
    expect(messages.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(messages[2]!.result!.isError).toBeFalsy();
    expect(messages[1]!.result!.tools).toHaveLength(STARTING_TOOLS.length);
    expect(messages[3]!.result!.isError).toBe(true);
    // The logs did happen: on stderr.
    expect(stderr).toContain('"msg":"kernel started"');
  });
});
