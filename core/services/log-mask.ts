/**
 * Masking of log line arguments: every string (message, field values, error
 * messages and stacks) goes through the registered filters. Long strings are
 * cut first so a filter never scans megabytes for one log line.
 */
export type LogFilter = (text: string) => string;

const MAX_STRING = 16 * 1024;
const MAX_DEPTH = 5;

function maskString(text: string, filters: readonly LogFilter[]): string {
  let out = text.length > MAX_STRING ? `${text.slice(0, MAX_STRING)}…[${text.length - MAX_STRING} more characters]` : text;
  for (const filter of filters) {
    try {
      out = filter(out);
    } catch {
      // A failing filter must not let the unmasked text through.
      return '[unloggable: a log filter failed]';
    }
  }
  return out;
}

function maskValue(value: unknown, filters: readonly LogFilter[], depth: number): unknown {
  if (typeof value === 'string') return maskString(value, filters);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[nested too deep to log]';
  if (value instanceof Error) {
    const code = (value as NodeJS.ErrnoException).code;
    return {
      type: value.name,
      message: maskString(value.message, filters),
      ...(code !== undefined ? { code } : {}),
      ...(value.stack ? { stack: maskString(value.stack, filters) } : {}),
    };
  }
  if (Array.isArray(value)) return value.map((item) => maskValue(item, filters, depth + 1));
  const proto = Object.getPrototypeOf(value);
  // Buffers, Maps and class instances are logged as pino would; only data is walked.
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = maskValue(item, filters, depth + 1);
  return out;
}

export function maskLogArguments(args: readonly unknown[], filters: readonly LogFilter[]): unknown[] {
  return args.map((arg) => maskValue(arg, filters, 0));
}
