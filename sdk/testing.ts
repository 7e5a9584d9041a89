/**
 * Test helpers for pack authors (`toolpack/testing`): start a real kernel with
 * an in-memory store and a silent logger around the packs under test, with
 * kernel services replaced by fakes and extension points filled where a test
 * needs it, and connect a real MCP client to it in memory. Tests need nothing
 * from core/. The types a test sees are declared in testing-types.ts, so a pack
 * author's compiler does not read the kernel's or the MCP SDK's declarations.
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
import type { ToolpackConfig } from './config.js';
import type { ModuleManifest, PluginManifest } from './plugin.js';
import type { ExtensionPoint, ServiceRef } from './refs.js';
import type { Logger } from './services.js';
import type { TestClient, TestClientCapabilities, TestToolpack } from './testing-types.js';

export type { TestCallResult, TestClient, TestClientCapabilities, TestContentBlock, TestRequestOptions, TestToolListing, TestToolpack } from './testing-types.js';
export { assertPackContract, runPackContract, PackContractError } from './contract.js';
export type { PackContractFailure, PackContractOptions, PackContractReport } from './contract.js';

/** `[service, replacement]` pairs, each replacement typed by its ref. */
export type ServiceReplacements<S extends readonly unknown[]> = { readonly [K in keyof S]: readonly [service: ServiceRef<S[K]>, replacement: NoInfer<S[K]>] };
/** `[extensionPoint, contribute]` pairs, `contribute` receiving the point's implementation. */
export type ExtensionContributions<E extends readonly unknown[]> = {
  readonly [K in keyof E]: readonly [point: ExtensionPoint<E[K]>, contribute: (impl: NoInfer<E[K]>) => void | Promise<void>];
};

export interface TestToolpackOptions {
  /** Packs and modules under test. */
  plugins?: Array<PluginManifest | ModuleManifest>;
  /** Config as a toolpack.config.ts would give it; `plugins: []` loads no built-in pack. */
  config?: ToolpackConfig;
  /** Workspace root; a fresh temp folder by default. */
  workspace?: string;
  preset?: string;
  /** The store file, for tests of what persists across restarts; in memory by default. */
  storePath?: string;
  /** A PostgreSQL database URL (`postgres://...`) to run the store on instead of SQLite; overrides the config's `store.url` and TOOLPACK_STORE_URL. */
  storeUrl?: string;
  /** Where the kernel and packs log; silent by default. */
  logger?: Logger;
}

/**
 * `services`: kernel services replaced, e.g. `[[coreServices.ai, scriptedAi]]`; packs and tool
 * handlers receive the replacement (workspace, cache, resources, git, events, ai, confirm).
 * `extensions`: e.g. `[[securityRulesExtensionPoint, (rules) => rules.addRule(rule)]]`; each runs
 * with the point's implementation before the owning pack's init, as a module would.
 */
export async function startTestToolpack<const S extends readonly unknown[] = [], const E extends readonly unknown[] = []>(
  options: TestToolpackOptions & { services?: ServiceReplacements<S>; extensions?: ExtensionContributions<E> } = {},
): Promise<TestToolpack> {
  const cwd = options.workspace ?? mkdtempSync(join(tmpdir(), 'toolpack-test-'));
  const config = checkConfig({ plugins: [], ...options.config }, 'test config');
  const loaded: LoadedConfig = { file: null, dir: cwd, config };
  const kernel: TestToolpack = await Kernel.start({
    loaded,
    cwd,
    preset: options.preset,
    storePath: options.storePath ?? ':memory:',
    storeUrl: options.storeUrl,
    logger: options.logger ?? createRootLogger('silent'),
    plugins: options.plugins,
    services: options.services,
    extensions: options.extensions,
  });
  return kernel;
}

/** A connected SDK client over an in-memory transport; `capabilities` lets tests play a client with sampling or elicitation. */
export async function connectTestClient(kernel: TestToolpack, capabilities: TestClientCapabilities = {}): Promise<TestClient> {
  if (!(kernel instanceof Kernel)) throw new TypeError('connectTestClient(kernel): kernel must be what startTestToolpack returned');
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await createMcpServer(kernel).connect(serverTransport);
  const client = new Client({ name: 'toolpack-test-client', version: '0.0.0' }, { capabilities: capabilities as ClientCapabilities });
  await client.connect(clientTransport);
  // Checked member by member; callTool's declared union also holds the pre-2024-11 `{ toolResult }`
  // answer, which this server (current protocol) never sends, so TestClient declares only the current one.
  const checked: Omit<TestClient, 'callTool'> & { callTool(...args: Parameters<TestClient['callTool']>): Promise<unknown> } = client;
  return checked as TestClient;
}
