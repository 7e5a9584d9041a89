/**
 * Asking the user before something consequential. With a client that supports
 * MCP elicitation the user answers a form; otherwise the first request is
 * recorded as pending and an identical second request (same action and
 * description, within the expiry) confirms it: the client vouches that its user
 * agreed, nobody here asked the user. Every decision is recorded.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Confirm, ConfirmationOutcome, ConfirmationRequest, Store } from '../../sdk/services.js';
import type { Kysely } from 'kysely';
import type { CoreTables } from './core-tables.js';
import { currentSession } from './session.js';

export const PENDING_CONFIRMATION_TTL_MS = 10 * 60 * 1000;

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

export function createConfirm(kernelStore: Store, now: () => Date = () => new Date()): Confirm {
  const store = kernelStore.typed<CoreTables>();
  const elicitingServer = () => {
    const server = currentSession()?.server;
    return server && server.getClientCapabilities()?.elicitation ? server : null;
  };

  async function record(db: Kysely<CoreTables>, request: ConfirmationRequest, outcome: ConfirmationOutcome, binding?: string): Promise<void> {
    await db
      .insertInto('confirmations')
      // Every text is masked on the way in; the token (a UUID) and the fingerprint (a digest) are ours and looked up as they are.
      .values({
        token: store.opaque(outcome.token),
        fingerprint: store.opaque(fingerprint(request, binding)),
        action: request.action,
        description: request.description,
        risks: store.serialize(request.risks ?? []),
        benefits: store.serialize(request.benefits ?? []),
        status: outcome.decision,
        via: outcome.via,
        comment: outcome.comment ?? null,
        requested_at: outcome.requestedAt,
        decided_at: outcome.decidedAt ?? null,
        expires_at: outcome.expiresAt ?? outcome.requestedAt,
      })
      .onConflict((oc) =>
        oc.column('token').doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          via: eb.ref('excluded.via'),
          comment: eb.ref('excluded.comment'),
          decided_at: eb.ref('excluded.decided_at'),
        })),
      )
      .execute();
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
        await record(store.db, request, outcome, options.binding);
        return outcome;
      }

      // One transaction: two identical requests racing (two instances on one store) cannot both take the same pending token.
      // SQLite: the transaction holds the write lock; PostgreSQL: the pending row is locked (FOR UPDATE), so the second waits, then finds it decided.
      return store.transaction(async (trx) => {
        let query = trx
          .selectFrom('confirmations')
          .select(['token', 'requested_at', 'expires_at'])
          .where('fingerprint', '=', fingerprint(request, options.binding))
          .where('status', '=', 'pending')
          .where('expires_at', '>', requestedAt)
          .orderBy('requested_at', 'desc')
          .limit(1);
        if (store.dialect === 'postgres') query = query.forUpdate();
        const pending = await query.executeTakeFirst();
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
        await record(trx, request, outcome, options.binding);
        return outcome;
      });
    },
  };
}
