/**
 * pino, writing synchronously to stderr: in stdio mode stdout belongs to the
 * MCP protocol, and a synchronous write means the last line before a crash is
 * not lost. Values under keys that usually hold secrets are redacted.
 */
import pino from 'pino';
import type { Logger, LogLevel } from '../../sdk/services.js';

const SECRET_KEYS = ['token', 'password', 'secret', 'apiKey', 'authorization', 'cookie'];

export function resolveLogLevel(configured?: string): LogLevel {
  const fromEnv = process.env.TOOLPACK_LOG_LEVEL;
  const level = (fromEnv || configured || 'info') as LogLevel;
  return (['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const).includes(level) ? level : 'info';
}

export function createRootLogger(level: LogLevel): Logger {
  return pino(
    {
      level,
      base: { name: 'toolpack' },
      redact: { paths: SECRET_KEYS.flatMap((k) => [k, `*.${k}`]), censor: '[redacted]' },
    },
    pino.destination({ fd: 2, sync: true }),
  ) as unknown as Logger;
}
