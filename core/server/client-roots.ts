/**
 * MCP roots: a client that declares the `roots` capability tells the server which folders it
 * works in. After initialization (and after each notifications/roots/list_changed) the server
 * asks roots/list, and that session's tool calls get the workspace narrowed to those file:// roots,
 * within what the configuration allows (core/services/workspace.ts narrowedTo). A root outside
 * it is ignored with a warning. No capability, an empty or failed answer, or no usable root:
 * the whole workspace, as without roots. The kernel's workspace is shared by every session, so
 * it is never changed; each call carries its session's view (CallSession.workspace).
 */
import { fileURLToPath } from 'node:url';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Logger, Workspace } from '../../sdk/services.js';
import { isKernelWorkspace, type KernelWorkspace } from '../services/workspace.js';

/** How long roots/list may take; a call waits for the answer (then, failed, the whole workspace). */
export const ROOTS_ANSWER_TIMEOUT_MS = 10_000;

/** A file:// URI as a local path, or why it is not one. */
function pathOfUri(uri: string): { path: string } | { why: string } {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return { why: 'is not a URI' };
  }
  if (url.protocol !== 'file:') return { why: `is a ${url.protocol} URI (expected file://)` };
  try {
    return { path: fileURLToPath(url) };
  } catch {
    return { why: 'is not a local file:// URI' };
  }
}

export class ClientRoots {
  private current: Workspace | null = null;
  /** The client's roots may differ from `current`: the next call asks first. */
  private stale = false;
  private pending: Promise<void> | null = null;
  /** Answers may come back out of order: only the latest question's answer is kept. */
  private asked = 0;

  private constructor(
    private readonly server: Server,
    private readonly workspace: KernelWorkspace,
    private readonly logger: Logger,
  ) {}

  /** Follow the client's roots on `server` (one client session); null when the workspace cannot be narrowed (a replaced workspace service). */
  static follow(server: Server, workspace: Workspace, logger: Logger): ClientRoots | null {
    if (!isKernelWorkspace(workspace)) return null;
    const roots = new ClientRoots(server, workspace, logger.child({ component: 'roots' }));
    const previous = server.oninitialized;
    server.oninitialized = () => {
      previous?.();
      roots.changed();
    };
    server.setNotificationHandler(RootsListChangedNotificationSchema, () => roots.changed());
    return roots;
  }

  /** Initialized, or roots/list_changed: the next call asks the client (when it declared roots). */
  changed(): void {
    if (this.server.getClientCapabilities()?.roots) this.stale = true;
  }

  /**
   * The workspace for a call starting now: the view of the client's roots, or undefined for the
   * whole workspace. After a change the call asks roots/list first, as part of the call
   * (`requestId`), so on HTTP the question travels on that call's response stream, which the
   * client is reading, rather than on a standalone stream it may not have opened.
   */
  async view(requestId?: string | number): Promise<Workspace | undefined> {
    if (this.stale) {
      this.stale = false;
      this.ask(requestId);
    }
    while (this.pending) await this.pending;
    return this.current ?? undefined;
  }

  private ask(requestId: string | number | undefined): void {
    const ask = ++this.asked;
    const running = this.narrowed(requestId).then(
      (view) => {
        if (ask === this.asked) this.current = view;
      },
      (error: unknown) => {
        this.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'roots/list failed; tool calls use the whole workspace');
        if (ask === this.asked) this.current = null;
      },
    );
    this.pending = running;
    void running.finally(() => {
      if (this.pending === running) this.pending = null;
    });
  }

  private async narrowed(requestId: string | number | undefined): Promise<Workspace | null> {
    const { roots } = await this.server.listRoots(undefined, { timeout: ROOTS_ANSWER_TIMEOUT_MS, ...(requestId === undefined ? {} : { relatedRequestId: requestId }) });
    const paths: string[] = [];
    for (const root of roots) {
      const parsed = pathOfUri(root.uri);
      if ('why' in parsed) this.logger.warn({ root: root.uri }, `client root ${root.uri} ignored: it ${parsed.why}`);
      else paths.push(parsed.path);
    }
    const { workspace, ignored } = await this.workspace.narrowedTo(paths);
    for (const { path, why } of ignored) this.logger.warn({ root: path }, `client root ${path} ignored: it ${why}`);
    if (!workspace && roots.length > 0) this.logger.warn('no client root is usable; tool calls use the whole workspace');
    else if (workspace) this.logger.debug({ roots: [workspace.root, ...workspace.allowedRoots] }, 'tool calls confined to the client roots');
    return workspace;
  }
}
