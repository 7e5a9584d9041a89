/**
 * A client as a model host connects it: the real SDK Client over an in-memory transport to
 * a server of a started kernel, counting the tools/list_changed notifications it receives.
 * Closed (client, then kernel) when the test finishes.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { onTestFinished } from 'vitest';
import { startToolpack } from '../../core/bootstrap.js';
import type { Kernel } from '../../core/kernel/kernel.js';
import { createMcpServer } from '../../core/server/mcp-server.js';
import { createRootLogger } from '../../core/services/logger.js';

export async function connectModelHost(dir: string, preset?: string): Promise<{ client: Client; kernel: Kernel; changes: () => number }> {
  const kernel = await startToolpack({ cwd: dir, preset, logger: createRootLogger('silent') });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(kernel).connect(serverSide);
  const client = new Client({ name: 'model-host', version: '0' });
  let changes = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    changes++;
  });
  await client.connect(clientSide);
  onTestFinished(async () => {
    await client.close();
    await kernel.stop();
  });
  return { client, kernel, changes: () => changes };
}
