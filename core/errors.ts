/**
 * Start-up failures: a stable code per cause (the avvio/Fastify model) so
 * scripts and docs can refer to them, and a message that names the file, the
 * pack and what was expected.
 */
export const KernelErrorCodes = {
  CONFIG_NOT_FOUND: 'TP_CONFIG_NOT_FOUND',
  CONFIG_LOAD_FAILED: 'TP_CONFIG_LOAD_FAILED',
  CONFIG_INVALID: 'TP_CONFIG_INVALID',
  PRESET_UNKNOWN: 'TP_PRESET_UNKNOWN',
  PLUGIN_NOT_FOUND: 'TP_PLUGIN_NOT_FOUND',
  PLUGIN_LOAD_FAILED: 'TP_PLUGIN_LOAD_FAILED',
  PLUGIN_INVALID_MANIFEST: 'TP_PLUGIN_INVALID_MANIFEST',
  PLUGIN_DUPLICATE_ID: 'TP_PLUGIN_DUPLICATE_ID',
  PLUGIN_UNKNOWN_DEPENDENCY: 'TP_PLUGIN_UNKNOWN_DEPENDENCY',
  PLUGIN_DEPENDENCY_CYCLE: 'TP_PLUGIN_DEPENDENCY_CYCLE',
  PLUGIN_KERNEL_MISMATCH: 'TP_PLUGIN_KERNEL_MISMATCH',
  PLUGIN_OPTIONS_INVALID: 'TP_PLUGIN_OPTIONS_INVALID',
  PLUGIN_INIT_FAILED: 'TP_PLUGIN_INIT_FAILED',
  PLUGIN_INIT_TIMEOUT: 'TP_PLUGIN_INIT_TIMEOUT',
  MODULE_TARGET_MISSING: 'TP_MODULE_TARGET_MISSING',
  /** A contribution to an extension point that does not match the point's schema (or that the point refused). */
  CONTRIBUTION_INVALID: 'TP_CONTRIBUTION_INVALID',
  /** A contribution whose id a built-in or an earlier module's contribution already has. */
  CONTRIBUTION_DUPLICATE: 'TP_CONTRIBUTION_DUPLICATE',
  /** No loaded pack provides the service (and it is not marked optional). */
  SERVICE_UNKNOWN: 'TP_SERVICE_UNKNOWN',
  /** A service of a pack the requester lists in neither dependsOn nor optionalDependsOn. */
  SERVICE_UNDECLARED_DEPENDENCY: 'TP_SERVICE_UNDECLARED_DEPENDENCY',
  /** An extension point used by anything but its own pack and that pack's modules. */
  EXTENSION_POINT_FOREIGN: 'TP_EXTENSION_POINT_FOREIGN',
  SERVICE_DUPLICATE: 'TP_SERVICE_DUPLICATE',
  TOOL_DUPLICATE: 'TP_TOOL_DUPLICATE',
  TOOL_INVALID: 'TP_TOOL_INVALID',
  /** A tool whose input or output schema does not compile (e.g. `{ type: 'strin' }`). */
  TOOL_SCHEMA_INVALID: 'TP_TOOL_SCHEMA_INVALID',
  /** A pack's options schema that is not a valid JSON Schema. */
  PLUGIN_OPTIONS_SCHEMA_INVALID: 'TP_PLUGIN_OPTIONS_SCHEMA_INVALID',
  /** A pack migration without a unique id, or naming a table or index not prefixed with the pack id. */
  MIGRATION_INVALID: 'TP_MIGRATION_INVALID',
  /** A pack's query naming a table that is not its own (`<packid>_...`). */
  STORE_TABLE_FOREIGN: 'TP_STORE_TABLE_FOREIGN',
  /** A resource kind that is malformed or registered by two packs. */
  RESOURCE_KIND_INVALID: 'TP_RESOURCE_KIND_INVALID',
} as const;

export type KernelErrorCode = (typeof KernelErrorCodes)[keyof typeof KernelErrorCodes];

export class KernelError extends Error {
  readonly code: KernelErrorCode;
  readonly details?: Record<string, unknown>;

  constructor(code: KernelErrorCode, message: string, details?: Record<string, unknown>, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'KernelError';
    this.code = code;
    this.details = details;
  }
}

export function isKernelError(value: unknown): value is KernelError {
  return value instanceof KernelError;
}

/** Errors thrown by a tool or pack that are not ours: keep the message, never the stack, in results. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
