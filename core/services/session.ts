/**
 * The MCP session a tool call came from, carried through the call with
 * AsyncLocalStorage so shared services (ai, confirm) talk to the right client
 * when several HTTP clients are connected at once, and the handler knows who
 * is calling (per-user data such as preferences belongs to the caller).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Caller } from '../../sdk/tool.js';
import type { Workspace } from '../../sdk/services.js';

/**
 * The one user of a server without tokens (stdio, `toolpack call`, loopback HTTP without a
 * token): an admin, named "default" so preferences saved before principals existed stay theirs.
 */
export const LOCAL_CALLER: Caller = Object.freeze({ name: 'default', admin: true });

export interface CallSession {
  /**
   * The SDK server of the client's session; null for `toolpack call` from the shell and for
   * stateless HTTP (no session to carry sampling or elicitation), so ai and confirm fall back.
   */
  server: Server | null;
  /** Who is calling; LOCAL_CALLER when absent. */
  caller?: Caller;
  /**
   * Stateless HTTP: the client is connected, but no session remembers its initialize, so what
   * is known of it comes from the request itself (its User-Agent header).
   */
  statelessHttp?: { userAgent?: string };
  /**
   * The workspace narrowed to the client's MCP roots (core/server/client-roots.ts); absent: the
   * whole workspace. The kernel's workspace answers calls of this session with it.
   */
  workspace?: Workspace;
}

const storage = new AsyncLocalStorage<CallSession>();

export function runInSession<T>(session: CallSession, fn: () => T): T {
  return storage.run(session, fn);
}

export function currentSession(): CallSession | undefined {
  return storage.getStore();
}
