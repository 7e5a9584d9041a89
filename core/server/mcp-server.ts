/**
 * An MCP server over a started kernel, built on the SDK's low-level Server so
 * our JSON Schemas go out exactly as the packs wrote them. One Server per
 * client session (stdio has one; HTTP one per session), all sharing the kernel.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { Caller } from '../../sdk/tool.js';
import type { Kernel } from '../kernel/kernel.js';
import { LOCAL_CALLER } from '../services/session.js';
import { UnknownToolError } from '../tools/invoke.js';
import { KERNEL_VERSION } from '../version.js';
import { getPrompt, listPrompts } from './prompt-handlers.js';
import { ClientRoots } from './client-roots.js';
import { serverInstructions } from './instructions.js';
import { callToolsetTool, isToolsetTool, SessionToolsets, TOOLSET_TOOLS } from './toolset-tools.js';

export interface McpServerOptions {
  /**
   * Stateless HTTP: a request the server sends the client (sampling, elicitation) would be
   * answered in another HTTP request, maybe to another instance, so tool calls run without
   * a session server and take their fallbacks (deterministic results, pending confirmations).
   */
  stateless?: boolean;
  /** Who the client is (the principal of its HTTP token); the local user when absent. */
  caller?: Caller;
  /** Stateless HTTP: the request's User-Agent, all that is known of the client without a session. */
  userAgent?: string;
  /** The toolsets this client has enabled, when they outlive one server (stateless HTTP); else the server's own. */
  toolsets?: SessionToolsets;
}

/** A client's toolsets, starting from what the kernel serves from the start. */
export const sessionToolsets = (kernel: Kernel): SessionToolsets =>
  new SessionToolsets(kernel.toolsets, (tool) => kernel.registry.get(tool)?.definition.description ?? '');

export function createMcpServer(kernel: Kernel, options: McpServerOptions = {}): Server {
  const caller = options.caller ?? LOCAL_CALLER;
  const toolsets = options.toolsets ?? sessionToolsets(kernel);
  const server = new Server(
    { name: 'toolpack', version: KERNEL_VERSION },
    {
      capabilities: { tools: { listChanged: true }, resources: { listChanged: false }, prompts: { listChanged: false } },
      instructions: serverInstructions(toolsets),
    },
  );

  // The client's MCP roots narrow this session's workspace (client-roots.ts); stateless HTTP has no session to ask.
  const roots = options.stateless ? null : ClientRoots.follow(server, kernel.workspace, kernel.logger);

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [...kernel.registry.listing(toolsets.served), ...(toolsets.offersToolsetTools ? TOOLSET_TOOLS : [])] as never,
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    if (isToolsetTool(request.params.name)) {
      return callToolsetTool(request.params.name, request.params.arguments, toolsets, () => server.sendToolListChanged());
    }
    const progressToken = request.params._meta?.progressToken;
    try {
      return await kernel.call(request.params.name, request.params.arguments ?? {}, {
        signal: extra.signal,
        session: options.stateless ? { server: null, caller, statelessHttp: { userAgent: options.userAgent } } : { server, caller, workspace: await roots?.view(extra.requestId) },
        progress: async ({ progress, total, message }) => {
          if (progressToken === undefined) return;
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken, progress, ...(total !== undefined ? { total } : {}), ...(message ? { message } : {}) },
          });
        },
      });
    } catch (error) {
      if (error instanceof UnknownToolError) throw new McpError(ErrorCode.InvalidParams, error.message);
      throw error;
    }
  });

  // The recommended flows as prompts (prompt-handlers.ts); a get enables the toolsets its steps need.
  server.setRequestHandler(ListPromptsRequestSchema, async () => listPrompts(toolsets));
  server.setRequestHandler(GetPromptRequestSchema, async (request) =>
    getPrompt(request.params.name, request.params.arguments, toolsets, () => server.sendToolListChanged()),
  );

  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: (await kernel.resources.list()).map((r) => ({ uri: r.uri, name: r.name, mimeType: r.mimeType, description: `${r.kind} stored ${r.createdAt}` })),
  }));

  // One template per kind of stored result the loaded packs registered (env.registerResourceKind).
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({ resourceTemplates: kernel.resourceKinds.templates() }));

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const found = await kernel.resources.get(request.params.uri);
    if (!found) throw new McpError(ErrorCode.InvalidParams, `Resource not found: ${request.params.uri}`);
    return { contents: [{ uri: found.resource.uri, mimeType: found.resource.mimeType, text: found.text }] };
  });

  return server;
}
