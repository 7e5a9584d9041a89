/**
 * Asking the user before something consequential. With a client that supports
 * MCP elicitation the user answers a form; otherwise the first request is
 * recorded as pending and an identical second request (same action and
 * description, within the expiry) confirms it: the client vouches that its user
 * agreed, nobody here asked the user. Every decision is recorded.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Confirm, ConfirmationOutcome, ConfirmationRequest, Store } from '../../sdk/services.js';
import { currentSession } from './session.js';

export const PENDING_CONFIRMATION_TTL_MS = 10 * 60 * 1000;

interface PendingRow {
  token: string;
  requested_at: string;
  expires_at: string;
}

/** `binding` ties a pending confirmation to one exact tool call (see Confirm.request). */
function fingerprint(request: ConfirmationRequest, binding = ''): string {
  const hash = createHash('sha256').update(request.action).update('\0').update(request.description);
  return (binding ? hash.update('\0').update(binding) : hash).digest('hex');
}

function elicitationMessage(request: ConfirmationRequest): string {
  const lines = [`Confirm action: ${request.action}`, '', request.description];
  if (request.risks?.length) lines.push('', 'Risks:', ...request.risks.map((r) => `- ${r}`));
  if (request.benefits?.length) lines.push('', 'Benefits:', ...request.benefits.map((b) => `- ${b}`));
  return lines.join('\n');
}

export function createConfirm(store: Store, now: () => Date = () => new Date()): Confirm {
  const elicitingServer = () => {
    const server = currentSession()?.server;
    return server && server.getClientCapabilities()?.elicitation ? server : null;
  };

  function record(request: ConfirmationRequest, outcome: ConfirmationOutcome, binding?: string): void {
    store
      .prepare(
        `INSERT INTO confirmations (token, fingerprint, action, description, risks, benefits, status, via, comment, requested_at, decided_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(token) DO UPDATE SET status = excluded.status, via = excluded.via, comment = excluded.comment, decided_at = excluded.decided_at`,
      )
      // run() masks every text; the token (a UUID) and the fingerprint (a digest) are ours and looked up as they are.
      .run(
        store.opaque(outcome.token),
        store.opaque(fingerprint(request, binding)),
        request.action,
        request.description,
        store.serialize(request.risks ?? []),
        store.serialize(request.benefits ?? []),
        outcome.decision,
        outcome.via,
        outcome.comment ?? null,
        outcome.requestedAt,
        outcome.decidedAt ?? null,
        outcome.expiresAt ?? outcome.requestedAt,
      );
  }

  return {
    supportsElicitation: () => elicitingServer() !== null,
    async request(request, options = {}) {
      const at = now();
      const requestedAt = at.toISOString();
      const server = elicitingServer();
      if (server) {
        const answer = await server.elicitInput(
          {
            message: elicitationMessage(request),
            requestedSchema: {
              type: 'object',
              properties: {
                confirm: { type: 'boolean', title: 'Proceed', description: `Allow "${request.action}" to go ahead` },
                comment: { type: 'string', title: 'Comment', description: 'Optional note recorded with the decision' },
              },
              required: ['confirm'],
            },
          },
          { signal: options.signal },
        );
        const accepted = answer.action === 'accept' && answer.content?.confirm === true;
        const outcome: ConfirmationOutcome = {
          decision: accepted ? 'confirmed' : answer.action === 'cancel' ? 'cancelled' : 'declined',
          via: 'elicitation',
          token: randomUUID(),
          requestedAt,
          decidedAt: now().toISOString(),
          ...(typeof answer.content?.comment === 'string' && answer.content.comment ? { comment: answer.content.comment } : {}),
        };
        record(request, outcome, options.binding);
        return outcome;
      }

      // One transaction: two identical requests racing (two servers on one workspace) cannot both take the same pending token.
      return store.transaction(() => {
        const pending = store
          .prepare(`SELECT token, requested_at, expires_at FROM confirmations WHERE fingerprint = ? AND status = 'pending' AND expires_at > ? ORDER BY requested_at DESC LIMIT 1`)
          .get<PendingRow>(fingerprint(request, options.binding), requestedAt);
        // No user was asked here: the client repeated the request (what `via: 'second-call'` says).
        const outcome: ConfirmationOutcome = pending
          ? { decision: 'confirmed', via: 'second-call', token: pending.token, requestedAt: pending.requested_at, decidedAt: requestedAt, expiresAt: pending.expires_at }
          : {
              decision: 'pending',
              via: 'pending-token',
              token: randomUUID(),
              requestedAt,
              expiresAt: new Date(at.getTime() + PENDING_CONFIRMATION_TTL_MS).toISOString(),
            };
        record(request, outcome, options.binding);
        return outcome;
      });
    },
  };
}
