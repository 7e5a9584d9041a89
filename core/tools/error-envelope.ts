/**
 * The one error shape of every tool (seed 001, section 7): text
 * `Error executing <tool>: <message>` plus structured `{ error: { type, message, details } }`.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isToolError, type ToolErrorType } from '../../sdk/errors.js';

/** The kernel's own outcomes of a tool's confirm step (confirm-step.ts): the handler did not run. */
export type ConfirmationErrorType = 'ConfirmationRequired' | 'ConfirmationDeclined';

export interface ErrorEnvelope {
  error: { type: ToolErrorType | ConfirmationErrorType; message: string; details?: Record<string, unknown> };
}

export function errorResult(tool: string, type: ToolErrorType | ConfirmationErrorType, message: string, details?: Record<string, unknown>): CallToolResult {
  const envelope: ErrorEnvelope = { error: { type, message, ...(details ? { details } : {}) } };
  return {
    isError: true,
    content: [{ type: 'text', text: `Error executing ${tool}: ${message}` }],
    structuredContent: envelope as unknown as Record<string, unknown>,
  };
}

/** Errnos of a socket, not a file: a service that is down or unreachable. */
const NETWORK_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNABORTED']);

/** Map anything a handler threw to the envelope; unknown errors become InternalError with their message only. */
export function errorResultFrom(tool: string, error: unknown): CallToolResult {
  if (isToolError(error)) return errorResult(tool, error.type, error.message, error.details);
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === 'string' && NETWORK_ERRNO.has(code)) return errorResult(tool, 'NetworkError', (error as Error).message, { code });
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) {
    return errorResult(tool, 'FileSystemError', (error as Error).message, { code });
  }
  return errorResult(tool, 'InternalError', error instanceof Error ? error.message : String(error));
}
