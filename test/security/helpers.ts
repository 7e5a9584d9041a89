/**
 * Helpers for the attack suite: each test plays an untrusted MCP client. A
 * client connects to a server started the way users start it: in process with
 * the built-in packs and a real store file (`inProcessClient`), or as the
 * built CLI over stdio (`stdioClient`).
 */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { onTestFinished } from 'vitest';
import { startToolpack } from '../../core/bootstrap.js';
import type { Kernel } from '../../core/kernel/kernel.js';
import { createRootLogger } from '../../core/services/logger.js';
import { connectTestClient } from '../../sdk/testing.js';
import { binPath, serverEnv } from '../e2e/helpers.js';
import { outcome, type CallOutcome } from '../helpers/tool-result.js';

export { createWorkspace, assertBuilt, binPath, serverEnv, startHttpServer, runCli } from '../e2e/helpers.js';
export { outcome };

export interface AttackClient {
  client: Client;
  kernel?: Kernel;
  /** Call a tool and read the result (isError, structured data, first text). */
  call(tool: string, args: Record<string, unknown>): Promise<CallOutcome>;
}

const wrap = (client: Client, kernel?: Kernel): AttackClient => ({
  client,
  kernel,
  call: async (tool, args) => outcome((await client.callTool({ name: tool, arguments: args })) as never),
});

/**
 * Every built-in pack served for `workspace` (its config, if any, is read as the CLI
 * would), store in `<workspace>/.toolpack/toolpack.db`, connected to an SDK client in
 * memory. Closed when the test finishes.
 */
export async function inProcessClient(workspace: string, options: { logLevel?: 'silent' | 'debug' | 'trace'; logFile?: string } = {}): Promise<AttackClient> {
  const logger = createRootLogger(options.logLevel ?? 'silent', options.logFile ? { destination: options.logFile } : undefined);
  const kernel = await startToolpack({ cwd: workspace, logger });
  const client = await connectTestClient(kernel);
  onTestFinished(async () => {
    await client.close().catch(() => {});
    await kernel.stop();
  });
  return wrap(client, kernel);
}

/** `toolpack serve` (the built bin) over stdio in `workspace`, as an MCP client launches it. */
export async function stdioClient(workspace: string, env: Record<string, string> = {}): Promise<AttackClient & { stderr(): string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [binPath, 'serve'], cwd: workspace, env: serverEnv(env), stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'attacker', version: '0.0.0' });
  await client.connect(transport);
  onTestFinished(() => client.close().catch(() => {}));
  return { ...wrap(client), stderr: () => stderr };
}

export const storeFile = (workspace: string) => join(workspace, '.toolpack', 'toolpack.db');
