/**
 * What a model sees (issue 26): with no config a short list of the flows' entry points, and
 * toolsets it can list, describe and enable by name; a preset or config serves what it names.
 */
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, describe, expect, it } from 'vitest';
import { startToolpack } from '../../core/bootstrap.js';
import { KernelError } from '../../core/errors.js';
import { builtPacks } from '../../core/plugins/catalog.js';
import { createMcpServer } from '../../core/server/mcp-server.js';
import { createRootLogger } from '../../core/services/logger.js';
import { DEFAULT_TOOLS } from '../../core/tools/toolsets.js';
import { connectModelHost } from '../helpers/model-host.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function workspace(config?: Record<string, unknown>): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'toolpack-toolsets-')));
  if (config) writeFileSync(join(dir, '.toolpackrc.json'), JSON.stringify(config));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const connect = connectModelHost;

const listBytes = (tools: unknown[]) => Buffer.byteLength(JSON.stringify({ tools }));
const structured = (result: unknown) => (result as { structuredContent: Record<string, any> }).structuredContent;
const allTools = builtPacks().flatMap((p) => p.tools);

describe('toolsets', () => {
  it('with no config, serves at most 25 tools in at most 40 KB: the flow entry points and the three toolset tools', async () => {
    const { client } = await connect(workspace());
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names.length).toBeLessThanOrEqual(25);
    expect(listBytes(tools)).toBeLessThanOrEqual(40 * 1024);
    expect(names).toEqual(expect.arrayContaining([...DEFAULT_TOOLS, 'list_available_toolsets', 'get_toolset_tools', 'enable_toolset']));
    // Both services' first steps are there; a deep tool of a flow is not.
    expect(names).toContain('analyze_repository');
    expect(names).toContain('discover_existing_adrs');
    expect(names).not.toContain('memory_export');
  });

  it('lists every toolset with its tools and state, and describes one', async () => {
    const { client } = await connect(workspace());
    const listed = structured(await client.callTool({ name: 'list_available_toolsets', arguments: {} }));
    expect(listed.summary).toMatch(/^15 toolsets/);
    const byName = new Map<string, any>(listed.toolsets.map((s: any) => [s.name, s]));
    expect([...byName.keys()].sort()).toEqual(builtPacks().map((p) => p.id).sort());
    expect(byName.get('memory').state).toBe('not enabled');
    expect(byName.get('adr').state).toBe('partly');
    expect(listed.toolsets.flatMap((s: any) => s.tools).sort()).toEqual([...allTools].sort());

    const described = structured(await client.callTool({ name: 'get_toolset_tools', arguments: { toolset: 'memory' } }));
    expect(described.tools.map((t: any) => t.name)).toEqual(builtPacks().find((p) => p.id === 'memory')!.tools);
    expect(described.tools.every((t: any) => t.description.length > 20 && t.served === false)).toBe(true);
  });

  it('enabling a toolset sends list_changed, and the next list holds its tools; again changes nothing', async () => {
    const { client, changes } = await connect(workspace());
    const enabled = structured(await client.callTool({ name: 'enable_toolset', arguments: { toolset: 'memory' } }));
    expect(enabled.added).toContain('memory_export');
    await expect.poll(changes).toBe(1);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(builtPacks().find((p) => p.id === 'memory')!.tools));
    const again = structured(await client.callTool({ name: 'enable_toolset', arguments: { toolset: 'memory' } }));
    expect(again.added).toEqual([]);
    expect(changes()).toBe(1);
  });

  it('enabling "all" serves everything, and the toolset tools leave the list', async () => {
    const { client } = await connect(workspace());
    await client.callTool({ name: 'enable_toolset', arguments: { toolset: 'all' } });
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names.sort()).toEqual([...allTools].sort());
  });

  it('an unknown toolset is a validation error naming the parameter and the toolsets', async () => {
    const { client } = await connect(workspace());
    const result = (await client.callTool({ name: 'enable_toolset', arguments: { toolset: 'memroy' } })) as { isError?: boolean; content: Array<{ text: string }> };
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(/parameter "toolset": no toolset "memroy"; toolsets: .*memory/);
  });

  it('a tool not yet listed can still be called by name', async () => {
    const { client } = await connect(workspace());
    const result = (await client.callTool({ name: 'memory_recall', arguments: { query: 'hugo' } })) as { isError?: boolean };
    expect(result.isError).toBeFalsy();
  });

  it('one client enabling a toolset does not change another client\'s list', async () => {
    const dir = workspace();
    const { client, kernel } = await connect(dir);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer(kernel).connect(serverSide);
    const other = new Client({ name: 'other', version: '0' });
    await other.connect(clientSide);
    cleanups.push(() => other.close());
    await client.callTool({ name: 'enable_toolset', arguments: { toolset: 'memory' } });
    expect((await other.listTools()).tools.map((t) => t.name)).not.toContain('memory_export');
  });

  it('a preset serves its tools from the start, without toolset tools when nothing is left to enable', async () => {
    const { client } = await connect(workspace(), 'security');
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('analyze_content_security');
    expect(names).not.toContain('enable_toolset');
  });

  it('config toolsets chooses what is served from the start', async () => {
    const { client } = await connect(workspace({ toolsets: ['default', 'memory'] }));
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining([...DEFAULT_TOOLS, 'memory_export', 'enable_toolset']));
    expect(names).not.toContain('read_file');
  });

  it('a config toolset that does not exist fails start-up naming the key', async () => {
    const error = await startToolpack({ cwd: workspace({ toolsets: ['docs', 'nosuch'] }), logger: createRootLogger('silent') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KernelError);
    expect((error as Error).message).toMatch(/key "toolsets\[1\]" names "nosuch"/);
  });
});

describe('tool filters naming no tool', () => {
  it('tools.include with a typo fails start-up naming the entry and the likely tool', async () => {
    const error = await startToolpack({ cwd: workspace({ tools: { include: ['read_fiel'] } }), logger: createRootLogger('silent') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KernelError);
    expect((error as Error).message).toMatch(/key "tools\.include\[0\]" names "read_fiel", which matches no tool \(did you mean "read_file"\?\)/);
  });

  it('a pack filter naming another pack\'s tool fails, and a glob that matches is fine', async () => {
    const error = await startToolpack({ cwd: workspace({ packs: { files: { tools: { exclude: ['memory_export'] } } } }), logger: createRootLogger('silent') }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/key "packs\.files\.tools\.exclude\[0\]" names "memory_export", which matches no tool/);
    const kernel = await startToolpack({ cwd: workspace({ tools: { exclude: ['memory_*'] } }), logger: createRootLogger('silent') });
    cleanups.push(() => kernel.stop());
    expect(kernel.registry.get('memory_export')).toBeUndefined();
  });
});
