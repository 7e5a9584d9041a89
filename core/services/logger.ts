/**
 * pino, writing synchronously to stderr: in stdio mode stdout belongs to the
 * MCP protocol, and a synchronous write means the last line before a crash is
 * not lost. Values under keys that usually hold secrets are redacted, and every
 * string a line carries passes the log filters packs register (the security
 * pack masks secrets there), because error messages quote tool input.
 */
import pino from 'pino';
import type { Logger, LogLevel } from '../../sdk/services.js';
import { maskLogArguments, type LogFilter } from './log-mask.js';

const SECRET_KEYS = ['token', 'password', 'secret', 'apiKey', 'authorization', 'cookie'];

/** The filters of each root logger; children share their root's list. */
const filtersOf = new WeakMap<object, LogFilter[]>();

export function resolveLogLevel(configured?: string): LogLevel {
  const fromEnv = process.env.TOOLPACK_LOG_LEVEL;
  const level = (fromEnv || configured || 'info') as LogLevel;
  return (['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const).includes(level) ? level : 'info';
}

/** `destination` (a file path) is for tests that read what was logged; the default is stderr. */
export function createRootLogger(level: LogLevel, options: { destination?: string } = {}): Logger {
  const filters: LogFilter[] = [];
  const logger = pino(
    {
      level,
      base: { name: 'toolpack' },
      redact: { paths: SECRET_KEYS.flatMap((k) => [k, `*.${k}`]), censor: '[redacted]' },
      // Runs only for enabled levels, so a quiet logger pays nothing.
      hooks: {
        logMethod(args, method) {
          return method.apply(this, (filters.length ? maskLogArguments(args, filters) : args) as Parameters<typeof method>);
        },
      },
    },
    options.destination ? pino.destination({ dest: options.destination, sync: true }) : pino.destination({ fd: 2, sync: true }),
  );
  filtersOf.set(logger, filters);
  return logger as unknown as Logger;
}

/**
 * Pass every string of every later log line of `logger` (a logger from
 * createRootLogger, and its children) through `filter`. Returns false for a
 * logger made elsewhere, which cannot be filtered.
 */
export function addLogFilter(logger: Logger, filter: LogFilter): boolean {
  const filters = filtersOf.get(logger);
  filters?.push(filter);
  return filters !== undefined;
}

/** Take back a filter added with addLogFilter (its pack failed to start and was skipped). */
export function removeLogFilter(logger: Logger, filter: LogFilter): boolean {
  const filters = filtersOf.get(logger);
  const at = filters?.indexOf(filter) ?? -1;
  if (at !== -1) filters!.splice(at, 1);
  return at !== -1;
}
