/**
 * A { start?, end? } range of ISO dates from a tool's input, checked and made comparable with
 * the stored ISO times: a bare date as end means the end of that day (UTC).
 */
import { ValidationError } from '../../../sdk/index.js';

export interface TimeRange {
  start?: string;
  end?: string;
}

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_LIKE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function bound(value: string | undefined, name: string, endOfDay: boolean): string | undefined {
  if (value === undefined || value === '') return undefined;
  const time = ISO_LIKE.test(value.trim()) ? Date.parse(value.trim()) : NaN;
  if (!Number.isFinite(time)) {
    throw new ValidationError(`parameter "${name}": "${value}" is not an ISO date (expected e.g. 2025-01-31 or 2025-01-31T12:00:00Z)`, { parameter: name });
  }
  const day = endOfDay && BARE_DATE.test(value.trim()) ? 86_400_000 - 1 : 0;
  return new Date(time + day).toISOString();
}

/** The range as ISO instants; ValidationError naming `${param}.start` / `${param}.end` when unreadable or reversed. */
export function parseTimeRange(range: TimeRange | undefined, param = 'timeRange'): TimeRange {
  if (!range) return {};
  const start = bound(range.start, `${param}.start`, false);
  const end = bound(range.end, `${param}.end`, true);
  if (start && end && start > end) {
    throw new ValidationError(`parameter "${param}": start ${range.start} is after end ${range.end}`, { parameter: `${param}.start` });
  }
  return { ...(start ? { start } : {}), ...(end ? { end } : {}) };
}

/** Monday of the ISO week of `iso`, as YYYY-MM-DD. */
export function weekOf(iso: string): string {
  const d = new Date(iso);
  const day = (d.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day)).toISOString().slice(0, 10);
}

export const monthOf = (iso: string) => iso.slice(0, 7);
export const dayOf = (iso: string) => iso.slice(0, 10);
