/**
 * What `toolpack/testing` hands a test, declared here rather than as the
 * kernel's class or the MCP SDK's Client: a pack author's compiler then reads
 * these few shapes instead of the kernel's internals, zod and ajv (their
 * declarations are thousands of lines and not the author's concern). The
 * objects are the real ones: startTestToolpack returns the kernel, and
 * connectTestClient the MCP SDK's Client; sdk/testing.ts checks at compile
 * time that each still has every member declared here.
 */
import type { PackInfo, Resources, Store } from './services.js';
import type { ProgressUpdate } from './tool.js';

/** One content block of a tool result (MCP `CallToolResult.content`). */
export type TestContentBlock = { type: string; text?: string; [key: string]: unknown };

/** A tool call's answer, as an MCP client receives it. */
export type TestCallResult = {
  content: TestContentBlock[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  [key: string]: unknown;
};

/** A tool as tools/list shows it. */
export type TestToolListing = {
  name: string;
  title?: string;
  description?: string;
  inputSchema: { type: 'object'; properties?: Record<string, object>; required?: string[]; [key: string]: unknown };
  outputSchema?: { type: 'object'; properties?: Record<string, object>; required?: string[]; [key: string]: unknown };
  annotations?: { title?: string; readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean; [key: string]: unknown };
  [key: string]: unknown;
};

/** A started kernel serving the packs under test. */
export interface TestToolpack {
  /** Run a tool as a client's call would (arguments checked, result middleware run), without a transport. */
  call(name: string, args: unknown, options?: { signal?: AbortSignal; progress?: (update: ProgressUpdate) => Promise<void> }): Promise<TestCallResult>;
  /** The exposed tools, as tools/list answers. */
  readonly registry: { listing(): Array<{ name: string; title?: string; description: string; inputSchema: Record<string, unknown>; outputSchema: Record<string, unknown>; annotations?: Record<string, unknown> }> };
  /** Stored results (`toolpack://<kind>/<id>`). */
  readonly resources: Resources;
  /** Each pack's (and module's) state: loaded, disabled, failed; its tools; why it failed. */
  packInfo(): PackInfo[];
  /** The store as pack `packId` sees it. */
  packStore(packId: string): Store;
  /** Start-up notes that are not failures (what `doctor` prints). */
  readonly warnings: string[];
  /** Dispose every pack and close the store. */
  stop(): Promise<void>;
}

/** The client capabilities a test plays: `{ sampling: {} }` and `{ elicitation: {} }` let tool handlers ask the client. */
export interface TestClientCapabilities {
  sampling?: Record<string, unknown>;
  elicitation?: Record<string, unknown>;
  roots?: { listChanged?: boolean };
  experimental?: Record<string, Record<string, unknown>>;
}

/** Options of a client request: cancellation, progress notifications, a time limit in milliseconds. */
export interface TestRequestOptions {
  signal?: AbortSignal;
  timeout?: number;
  onprogress?: (progress: { progress: number; total?: number; message?: string }) => void;
}

/**
 * The MCP client connected to a TestToolpack (the MCP SDK's Client): the requests a pack's
 * tests make. A test that answers sampling or elicitation requests registers a handler with
 * the request schema from `@modelcontextprotocol/sdk/types.js`, e.g.
 * `client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: {...} }))`.
 */
export interface TestClient {
  listTools(params?: { cursor?: string }, options?: TestRequestOptions): Promise<{ tools: TestToolListing[]; nextCursor?: string }>;
  /** `resultSchema` is the MCP SDK's (CallToolResultSchema by default): leave it undefined to pass options. */
  callTool(params: { name: string; arguments?: Record<string, unknown> }, resultSchema?: undefined, options?: TestRequestOptions): Promise<TestCallResult>;
  listResources(params?: { cursor?: string }, options?: TestRequestOptions): Promise<{ resources: Array<{ uri: string; name: string; mimeType?: string; [key: string]: unknown }>; nextCursor?: string }>;
  listResourceTemplates(params?: { cursor?: string }, options?: TestRequestOptions): Promise<{ resourceTemplates: Array<{ uriTemplate: string; name: string; description?: string; [key: string]: unknown }>; nextCursor?: string }>;
  readResource(params: { uri: string }, options?: TestRequestOptions): Promise<{ contents: Array<{ uri: string; mimeType?: string; text?: string; blob?: string; [key: string]: unknown }> }>;
  // The request handler's types come from the MCP SDK's schemas, which this file does not import.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  setRequestHandler(requestSchema: object, handler: (request: any, extra: any) => unknown): void;
  close(): Promise<void>;
}
