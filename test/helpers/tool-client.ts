/**
 * A real MCP client on a kernel with every built-in pack, started in `root`: `call` runs a
 * tool, fails the test on an error result, and returns the whole structured result (reading
 * a stored resource when the answer was cut at 25 KB).
 */
import { expect } from 'vitest';
import { startToolpack } from '../../core/bootstrap.js';
import { createRootLogger } from '../../core/services/logger.js';
import { connectTestClient } from '../../sdk/testing.js';
import { fullResult } from './full-result.js';
import { outcome } from './tool-result.js';

export interface ToolClient {
  call: (name: string, args: Record<string, unknown>) => Promise<any>;
  close: () => Promise<void>;
}

export async function toolClient(root: string): Promise<ToolClient> {
  const kernel = await startToolpack({ cwd: root, preset: 'all', logger: createRootLogger('silent') });
  const mcp = await connectTestClient(kernel);
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = outcome((await mcp.callTool({ name, arguments: args })) as never);
    expect(result.isError, `${name}: ${result.text}`).toBe(false);
    return fullResult(mcp, result.data);
  };
  return { call, close: async () => (await mcp.close(), await kernel.stop()) };
}
