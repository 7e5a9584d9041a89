/**
 * Test helpers for pack authors (`toolpack/testing`): start a real kernel with
 * an in-memory store and a silent logger around the packs under test, and
 * connect a real MCP client to it in memory.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { checkConfig, type LoadedConfig } from '../core/config/load.js';
import { Kernel } from '../core/kernel/kernel.js';
import { createRootLogger } from '../core/services/logger.js';
import { createMcpServer } from '../core/server/mcp-server.js';
import type { ToolpackConfig } from '../core/config/schema.js';
import type { ModuleManifest, PluginManifest } from './plugin.js';

export interface TestToolpackOptions {
  /** Packs and modules under test. */
  plugins?: Array<PluginManifest | ModuleManifest>;
  /** Config as a toolpack.config.ts would give it; `plugins: []` loads no built-in pack. */
  config?: ToolpackConfig;
  /** Workspace root; a fresh temp folder by default. */
  workspace?: string;
  preset?: string;
}

export async function startTestToolpack(options: TestToolpackOptions = {}): Promise<Kernel> {
  const cwd = options.workspace ?? mkdtempSync(join(tmpdir(), 'toolpack-test-'));
  const config = checkConfig({ plugins: [], ...options.config }, 'test config');
  const loaded: LoadedConfig = { file: null, dir: cwd, config };
  return Kernel.start({ loaded, cwd, preset: options.preset, storePath: ':memory:', logger: createRootLogger('silent'), plugins: options.plugins });
}

/** A connected SDK client over an in-memory transport; `capabilities` lets tests play a client with sampling or elicitation. */
export async function connectTestClient(kernel: Kernel, capabilities: ClientCapabilities = {}): Promise<Client> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await createMcpServer(kernel).connect(serverTransport);
  const client = new Client({ name: 'toolpack-test-client', version: '0.0.0' }, { capabilities });
  await client.connect(clientTransport);
  return client;
}
