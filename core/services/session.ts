/**
 * The MCP session a tool call came from, carried through the call with
 * AsyncLocalStorage so shared services (ai, confirm) talk to the right client
 * when several HTTP clients are connected at once.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

export interface CallSession {
  /**
   * The SDK server of the client's session; null for `toolpack call` from the shell and for
   * stateless HTTP (no session to carry sampling or elicitation), so ai and confirm fall back.
   */
  server: Server | null;
}

const storage = new AsyncLocalStorage<CallSession>();

export function runInSession<T>(session: CallSession, fn: () => T): T {
  return storage.run(session, fn);
}

export function currentSession(): CallSession | undefined {
  return storage.getStore();
}
