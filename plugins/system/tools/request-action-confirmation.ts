import { Params, StringEnum, Type, defineTool } from '../../../sdk/index.js';

export const requestActionConfirmationTool = () =>
  defineTool({
    name: 'request_action_confirmation',
    title: 'Request action confirmation',
    description:
      'Ask the user to approve an action before applying it, such as a destructive change. Without client elicitation it is recorded as pending; repeating it (same action and description) within ten minutes after the user agreed confirms it.',
    input: Params({
      action: Type.String({ minLength: 1, description: 'Short name of the action to approve.' }),
      description: Type.String({ minLength: 1, description: 'What the action will do, in words the user can judge.' }),
      risks: Type.Optional(Type.Array(Type.String(), { description: 'What could go wrong.' })),
      benefits: Type.Optional(Type.Array(Type.String(), { description: 'What the action gains.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      action: Type.String(),
      decision: StringEnum(['confirmed', 'declined', 'cancelled', 'pending'] as const),
      via: StringEnum(['elicitation', 'pending-token', 'second-call'] as const, {
        description: 'elicitation: the user answered a prompt; pending-token: recorded, awaiting a repeat; second-call: confirmed by the client repeating the request, no user was prompted.',
      }),
      token: Type.String({ description: 'Identifier of the recorded confirmation.' }),
      approved: Type.Boolean({ description: 'True only when the decision is confirmed: proceed only then.' }),
      requestedAt: Type.String(),
      decidedAt: Type.Optional(Type.String()),
      expiresAt: Type.Optional(Type.String()),
      comment: Type.Optional(Type.String()),
      message: Type.String(),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    async handler(request, { confirm, signal }) {
      const outcome = await confirm.request(request, { signal });
      // Say who confirmed: the user (elicitation) or only the client, by repeating the request.
      const messages = {
        confirmed:
          outcome.via === 'elicitation'
            ? `The user confirmed "${request.action}" when asked; it may proceed.`
            : `Confirmed "${request.action}" by a repeated identical request from the client (no user prompt: the client does not support elicitation). It may proceed only if the user agreed when shown the pending request.`,
        declined: `The user declined "${request.action}"; do not proceed.`,
        cancelled: `The user dismissed the confirmation for "${request.action}"; do not proceed.`,
        pending: `Confirmation for "${request.action}" is pending: this client cannot ask the user directly. Show the user the action, description and risks; only if they agree, call request_action_confirmation again with the same action and description before ${outcome.expiresAt}.`,
      } as const;
      const summary = `${outcome.decision === 'confirmed' ? 'Approved' : outcome.decision === 'pending' ? 'Pending' : 'Not approved'}: ${messages[outcome.decision]}`;
      return { summary, action: request.action, ...outcome, approved: outcome.decision === 'confirmed', message: messages[outcome.decision] };
    },
  });
