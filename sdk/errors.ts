/**
 * The error model every tool shares (seed 001, section 7). A handler throws one
 * of these; the kernel turns it into `isError: true` with the text
 * `Error executing <tool>: <message>` and `{ error: { type, message, details } }`.
 * Recognised by a global brand rather than `instanceof`, so packs that bundle
 * their own copy of the SDK still produce typed errors.
 */
export type ToolErrorType =
  | 'ValidationError'
  | 'FileSystemError'
  | 'NetworkError'
  | 'ConfigurationError'
  | 'ContentError'
  | 'InternalError';

const BRAND = Symbol.for('toolpack.tool-error');

export class ToolError extends Error {
  readonly type: ToolErrorType;
  readonly details?: Record<string, unknown>;

  constructor(type: ToolErrorType, message: string, details?: Record<string, unknown>, options?: { cause?: unknown }) {
    super(message, options);
    this.type = type;
    this.details = details;
    this.name = type;
    Object.defineProperty(this, BRAND, { value: true });
  }
}

/** Input parameters are invalid: name the parameter and what was expected. */
export class ValidationError extends ToolError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('ValidationError', message, details);
  }
}

/** A file or directory could not be read or written, or lies outside the workspace. */
export class FileSystemError extends ToolError {
  constructor(message: string, details?: Record<string, unknown>, options?: { cause?: unknown }) {
    super('FileSystemError', message, details, options);
  }
}

/** An external service (a deployed site, a git remote) failed or timed out. */
export class NetworkError extends ToolError {
  constructor(message: string, details?: Record<string, unknown>, options?: { cause?: unknown }) {
    super('NetworkError', message, details, options);
  }
}

/** A tool, pack or SSG configuration is invalid. */
export class ConfigurationError extends ToolError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('ConfigurationError', message, details);
  }
}

/** Content is malformed or could not be parsed. */
export class ContentError extends ToolError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('ContentError', message, details);
  }
}

export function isToolError(value: unknown): value is ToolError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}
