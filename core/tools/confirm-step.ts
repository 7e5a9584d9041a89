/**
 * The confirmation a destructive tool declares (`defineTool({ confirm })`), run
 * by the kernel after the input is validated and before the handler: one way
 * for every tool to ask the user, through MCP elicitation or, for a client
 * without it, a pending confirmation that the identical call repeated confirms.
 * The pending confirmation is bound to the tool, the caller and a digest of its arguments,
 * so a repeat with other arguments asks again instead of going ahead.
 *
 * When the handler must not run, the call ends with the error envelope (a
 * result that is not the tool's own shape can only be an `isError` result):
 * ConfirmationRequired for a pending confirmation, whose message tells the
 * model exactly how to confirm, and ConfirmationDeclined when the user said no.
 */
import { createHash } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Confirm, ConfirmationRequest } from '../../sdk/services.js';
import type { AnyToolDefinition, ToolContext } from '../../sdk/tool.js';
import { errorResult } from './error-envelope.js';

/** JSON with sorted keys, so the same arguments in another key order digest the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Tool, caller and a digest of the arguments: only the same caller's identical call confirms a pending request. */
export function callBinding(tool: string, input: unknown, caller = ''): string {
  return `${tool}\0${caller}\0${createHash('sha256').update(canonical(input)).digest('hex')}`;
}

function checkRequest(tool: string, request: unknown): ConfirmationRequest {
  const r = request as Partial<ConfirmationRequest> | null;
  if (!r || typeof r !== 'object' || typeof r.action !== 'string' || !r.action.trim() || typeof r.description !== 'string' || !r.description.trim()) {
    throw new Error(`the confirm step of tool "${tool}" returned ${JSON.stringify(request)}; expected undefined or { action, description }`);
  }
  return r as ConfirmationRequest;
}

/** Undefined: go ahead with the handler. A result: the call ends here, nothing was done. */
export async function confirmBeforeHandler(definition: AnyToolDefinition, input: unknown, context: ToolContext, confirm: Confirm): Promise<CallToolResult | undefined> {
  const asked = await definition.confirm?.(input, context);
  if (asked === undefined) return undefined;
  return askUser(definition.name, checkRequest(definition.name, asked), input, context, confirm);
}

/** Ask the user about `request` for this exact call (tool and arguments); undefined when they agreed. */
export async function askUser(name: string, request: ConfirmationRequest, input: unknown, context: ToolContext, confirm: Confirm): Promise<CallToolResult | undefined> {
  const outcome = await confirm.request(request, { signal: context.signal, binding: callBinding(name, input, context.caller.name) });
  context.logger.info({ action: request.action, decision: outcome.decision, via: outcome.via, token: outcome.token }, 'confirmation');
  if (outcome.decision === 'confirmed') return undefined;

  const details = {
    decision: outcome.decision,
    via: outcome.via,
    token: outcome.token,
    action: request.action,
    description: request.description,
    ...(request.risks?.length ? { risks: request.risks } : {}),
    ...(outcome.expiresAt ? { expiresAt: outcome.expiresAt } : {}),
    ...(outcome.comment ? { comment: outcome.comment } : {}),
  };
  if (outcome.decision === 'pending') {
    const risks = request.risks?.length ? ` Risks: ${request.risks.join('; ')}.` : '';
    return errorResult(
      name,
      'ConfirmationRequired',
      `"${request.action}" needs the user's confirmation and this client cannot ask them (no MCP elicitation), so nothing was done yet. ` +
        `Show the user: ${request.description}${risks} Only if they agree, repeat this exact call (same tool, same arguments) before ${outcome.expiresAt}: the repeat goes ahead.`,
      { ...details, confirmBy: 'repeat the identical call' },
    );
  }
  const said = outcome.decision === 'declined' ? 'declined' : 'dismissed the confirmation for';
  return errorResult(
    name,
    'ConfirmationDeclined',
    `The user ${said} "${request.action}"; nothing was done. Do not repeat the call unless the user asks for it.${outcome.comment ? ` Their comment: ${outcome.comment}` : ''}`,
    details,
  );
}
