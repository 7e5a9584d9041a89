/**
 * The HTTP sessions: one MCP Server and transport each, at most `maxSessions`
 * at once, closed after `idleTimeoutMs` without a request, and each bound to
 * the token that created it (a digest of it), so a session id seen by someone
 * holding another token is of no use to them. Without limits every initialize
 * kept about 40 KB for the life of the process.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Caller } from '../../sdk/tool.js';

export const DEFAULT_MAX_SESSIONS = 1000;
export const DEFAULT_SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;

export interface Session {
  transport: StreamableHTTPServerTransport;
  server: Server;
  /** Digest of the bearer token the session was created with (empty without tokens). */
  tokenDigest: Buffer;
  /** The principal of that token: every tool call of the session runs as it. */
  caller: Caller;
  lastSeen: number;
  /** Requests and open SSE streams of this session not finished yet; a busy session is never idle. */
  active: number;
}

export class SessionTable {
  private readonly sessions = new Map<string, Session>();
  /** Initialize requests admitted but not yet given an id, counted against the cap. */
  private pending = 0;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    readonly maxSessions: number,
    readonly idleTimeoutMs: number,
    private readonly onEvict: (id: string) => void = () => {},
  ) {
    // Check a few times per timeout (at most once a minute); unref'd so it never keeps the process alive.
    const every = Math.max(50, Math.min(60_000, Math.floor(idleTimeoutMs / 4)));
    this.sweeper = setInterval(() => this.sweep(), every);
    this.sweeper.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Reserve a slot for a new session; false when the cap is reached. Pair with `settle`. */
  admit(): boolean {
    if (this.sessions.size + this.pending >= this.maxSessions) return false;
    this.pending++;
    return true;
  }

  settle(): void {
    this.pending--;
  }

  add(id: string, session: Session): void {
    this.sessions.set(id, session);
  }

  get(id: string): Session | undefined {
    return this.sessions.get(id);
  }

  delete(id: string): void {
    this.sessions.delete(id);
  }

  /** Mark a request of the session as started; the returned function marks it finished. */
  touch(session: Session): () => void {
    session.active++;
    session.lastSeen = Date.now();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      session.active--;
      session.lastSeen = Date.now();
    };
  }

  /** Close every session idle for longer than the timeout. */
  sweep(now = Date.now()): void {
    for (const [id, session] of this.sessions) {
      if (session.active > 0 || now - session.lastSeen < this.idleTimeoutMs) continue;
      this.sessions.delete(id);
      this.onEvict(id);
      void session.server.close().catch(() => {});
    }
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(all.map((s) => s.server.close().catch(() => {})));
  }
}
