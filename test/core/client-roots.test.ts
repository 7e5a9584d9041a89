/**
 * MCP roots (issue 26 item 4): a client that declares `roots` narrows its own session's
 * workspace to its file:// roots, within what the configuration allows; list_changed is
 * honoured; a client without roots, on the same kernel, still sees the whole workspace.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolpack } from '../../core/bootstrap.js';
import type { Kernel } from '../../core/kernel/kernel.js';
import { startHttpServer } from '../../core/server/http.js';
import { createMcpServer } from '../../core/server/mcp-server.js';
import { createRootLogger } from '../../core/services/logger.js';
import { runInSession } from '../../core/services/session.js';
import { isKernelWorkspace } from '../../core/services/workspace.js';
import { connectTestClient } from '../../sdk/testing.js';
import { tempDir } from '../helpers/workspace.js';
import { outcome } from '../helpers/tool-result.js';

const outer = tempDir('toolpack-roots-');
const ws = join(outer, 'project');
const elsewhere = join(outer, 'elsewhere');
const logFile = join(outer, 'server.log');
mkdirSync(join(ws, 'a', 'deep'), { recursive: true });
mkdirSync(join(ws, 'b'), { recursive: true });
mkdirSync(join(ws, '.git'), { recursive: true });
mkdirSync(elsewhere, { recursive: true });
writeFileSync(join(ws, 'top.md'), '# Top\n');
writeFileSync(join(ws, 'a', 'one.md'), '# One\n');
writeFileSync(join(ws, 'a', 'deep', 'deeper.md'), '# Deeper\n');
writeFileSync(join(ws, 'b', 'two.md'), '# Two\n');
writeFileSync(join(ws, '.git', 'config'), '[core]\n');
writeFileSync(join(elsewhere, 'secret.txt'), 'not yours\n');
// A symlink inside root a that leads to b: inside the workspace, outside the session's roots.
symlinkSync(join(ws, 'b'), join(ws, 'a', 'to-b'));
symlinkSync(join(ws, 'top.md'), join(ws, 'a', 'top-link.md'));

const uri = (path: string) => pathToFileURL(path).href;

let kernel: Kernel;
beforeAll(async () => {
  kernel = await startToolpack({ cwd: ws, logger: createRootLogger('warn', { destination: logFile }) });
});
afterAll(async () => {
  await kernel?.stop();
});

/** A real MCP client declaring roots, answering roots/list with whatever `roots` holds now. */
async function rootsClient(initial: string[]) {
  const state = { roots: initial, asked: 0 };
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await createMcpServer(kernel).connect(serverTransport);
  const client = new Client({ name: 'roots-client', version: '0.0.0' }, { capabilities: { roots: { listChanged: true } } });
  client.setRequestHandler(ListRootsRequestSchema, async () => {
    state.asked++;
    return { roots: state.roots.map((r) => ({ uri: r, name: r.split('/').pop() })) };
  });
  await client.connect(clientTransport);
  const call = async (tool: string, args: Record<string, unknown>) => outcome((await client.callTool({ name: tool, arguments: args })) as never);
  const setRoots = async (roots: string[]) => {
    state.roots = roots;
    await client.sendRootsListChanged();
  };
  return { client, call, setRoots, state };
}

const read = async (c: { call: (tool: string, args: Record<string, unknown>) => Promise<ReturnType<typeof outcome>> }, path: string) => c.call('read_file', { path });

describe('client roots', () => {
  it('narrow what read_file and list_directory accept to the client roots', async () => {
    const c = await rootsClient([uri(join(ws, 'a'))]);
    try {
      // Inside the root: relative to it, and absolute.
      expect((await read(c, 'one.md')).data.content).toBe('# One\n');
      expect(c.state.asked).toBe(1);
      expect((await read(c, join(ws, 'a', 'deep', 'deeper.md'))).data.content).toBe('# Deeper\n');
      const listing = await c.call('list_directory', { path: '.' });
      expect(listing.isError).toBe(false);
      expect(listing.data.entries.map((e: { name: string }) => e.name)).toContain('one.md');
      expect(listing.data.entries.map((e: { name: string }) => e.name)).not.toContain('a');
      // In the workspace but outside the client's roots: refused as a path outside the workspace is.
      for (const path of ['../b/two.md', '../top.md', join(ws, 'b', 'two.md'), 'deep/../../top.md', 'to-b/two.md', 'top-link.md']) {
        const refused = await read(c, path);
        expect(refused.isError, path).toBe(true);
        expect(refused.data.error.type, path).toBe('FileSystemError');
        expect(refused.text, path).toContain('outside the workspace');
        expect(refused.text, path).not.toContain(ws);
      }
      // Writes too: a new file lands in the root; one outside it is refused and not written.
      expect((await c.call('write_file', { path: 'new.md', content: '# New\n' })).isError).toBe(false);
      expect(readFileSync(join(ws, 'a', 'new.md'), 'utf8')).toBe('# New\n');
      const write = await c.call('write_file', { path: '../b/planted.md', content: 'x' });
      expect(write.isError).toBe(true);
      expect(write.text).toContain('outside the workspace');
      expect(existsSync(join(ws, 'b', 'planted.md'))).toBe(false);
      for (const path of ['..', 'to-b', join(ws, 'b')]) {
        const refused = await c.call('list_directory', { path });
        expect(refused.isError, path).toBe(true);
        expect(refused.text, path).toContain('outside the workspace');
      }
    } finally {
      await c.client.close();
    }
  });

  it('relative paths resolve against the first root; the others stay usable by absolute path', async () => {
    const c = await rootsClient([uri(join(ws, 'b')), uri(join(ws, 'a'))]);
    try {
      expect((await read(c, 'two.md')).data.content).toBe('# Two\n');
      const missing = await read(c, 'one.md');
      expect(missing.isError).toBe(true);
      expect(missing.text).toContain('does not exist');
      expect((await read(c, join(ws, 'a', 'one.md'))).data.content).toBe('# One\n');
      expect((await read(c, join(ws, 'top.md'))).isError).toBe(true);
    } finally {
      await c.client.close();
    }
  });

  it('ignores a root outside what the config allows, with a warning', async () => {
    const c = await rootsClient([uri(elsewhere), uri(join(ws, 'b')), uri(join(ws, '.git')), uri(join(ws, 'missing'))]);
    try {
      expect((await read(c, 'two.md')).data.content).toBe('# Two\n');
      const outside = await read(c, join(elsewhere, 'secret.txt'));
      expect(outside.isError).toBe(true);
      expect(outside.text).toContain('outside the workspace');
      expect((await read(c, join(ws, '.git', 'config'))).isError).toBe(true);
      expect((await read(c, join(ws, 'top.md'))).isError).toBe(true);
      const log = readFileSync(logFile, 'utf8');
      expect(log).toContain(`client root ${elsewhere} ignored`);
      expect(log).toContain(`client root ${join(ws, '.git')} ignored`);
      expect(log).toContain(`client root ${join(ws, 'missing')} ignored`);
    } finally {
      await c.client.close();
    }
  });

  it('uses the whole workspace when no root is usable or the list is empty', async () => {
    for (const roots of [[uri(elsewhere)], []]) {
      const c = await rootsClient(roots);
      try {
        expect((await read(c, 'top.md')).data.content).toBe('# Top\n');
        expect((await read(c, join(elsewhere, 'secret.txt'))).isError).toBe(true);
      } finally {
        await c.client.close();
      }
    }
  });

  it('a root around the workspace allows the workspace, not what is around it', async () => {
    const c = await rootsClient([uri(outer)]);
    try {
      expect((await read(c, 'top.md')).data.content).toBe('# Top\n');
      expect((await read(c, join(elsewhere, 'secret.txt'))).isError).toBe(true);
    } finally {
      await c.client.close();
    }
  });

  it('asks again on roots/list_changed and follows the new roots', async () => {
    const c = await rootsClient([uri(join(ws, 'a'))]);
    try {
      expect((await read(c, 'one.md')).data.content).toBe('# One\n');
      expect((await read(c, join(ws, 'b', 'two.md'))).isError).toBe(true);
      expect(c.state.asked).toBe(1);
      await c.setRoots([uri(join(ws, 'b'))]);
      expect((await read(c, 'two.md')).data.content).toBe('# Two\n');
      expect(c.state.asked).toBe(2);
      expect((await read(c, join(ws, 'b', 'two.md'))).data.content).toBe('# Two\n');
      expect((await read(c, join(ws, 'a', 'one.md'))).isError).toBe(true);
      // Back to no roots: the whole workspace again.
      await c.setRoots([]);
      expect((await read(c, 'top.md')).data.content).toBe('# Top\n');
    } finally {
      await c.client.close();
    }
  });

  it('a second client without roots still sees the whole workspace', async () => {
    const narrowed = await rootsClient([uri(join(ws, 'a'))]);
    const plain = await connectTestClient(kernel);
    try {
      const [mine, theirs] = await Promise.all([read(narrowed, '../top.md'), plain.callTool({ name: 'read_file', arguments: { path: 'top.md' } })]);
      expect(mine.isError).toBe(true);
      expect(outcome(theirs as never).data.content).toBe('# Top\n');
      expect(outcome((await plain.callTool({ name: 'read_file', arguments: { path: 'b/two.md' } })) as never).data.content).toBe('# Two\n');
      expect((await read(narrowed, 'one.md')).data.content).toBe('# One\n');
    } finally {
      await narrowed.client.close();
      await plain.close();
    }
  });

  it('follow an HTTP session; stateless HTTP has no session and keeps the whole workspace', async () => {
    for (const stateless of [false, true]) {
      const http = await startHttpServer(kernel, { host: '127.0.0.1', port: 0, stateless });
      const client = new Client({ name: 'roots-http', version: '0.0.0' }, { capabilities: { roots: { listChanged: true } } });
      client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: uri(join(ws, 'a')) }] }));
      try {
        await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
        const inRoot = outcome((await client.callTool({ name: 'read_file', arguments: { path: 'one.md' } })) as never);
        const top = outcome((await client.callTool({ name: 'read_file', arguments: { path: 'top.md' } })) as never);
        if (stateless) {
          expect(inRoot.isError, 'stateless').toBe(true);
          expect(top.data.content, 'stateless').toBe('# Top\n');
        } else {
          expect(inRoot.data.content).toBe('# One\n');
          expect(top.isError).toBe(true);
        }
      } finally {
        await client.close();
        await http.close();
      }
    }
  });

  it("the workspace a pack kept from init answers with the calling session's view", async () => {
    const workspace = kernel.workspace;
    if (!isKernelWorkspace(workspace)) throw new Error('expected the kernel workspace');
    const { workspace: view } = await workspace.narrowedTo([join(ws, 'a')]);
    expect(view).not.toBeNull();
    await runInSession({ server: null, workspace: view! }, async () => {
      expect(workspace.root).toBe(join(ws, 'a'));
      expect(await workspace.readText('one.md')).toBe('# One\n');
      await expect(workspace.readText('../top.md')).rejects.toThrow(/outside the workspace/);
      await expect(workspace.resolve('to-b/two.md')).rejects.toThrow(/outside the workspace/);
      expect(workspace.configuredRoots).toEqual([ws]);
    });
    // Outside a session (or in one without roots): the whole workspace.
    expect(workspace.root).toBe(ws);
    expect(await workspace.readText('top.md')).toBe('# Top\n');
  });
});
