/** availableTime ("30m", "2 hours", "1 day", "half a day") in minutes, and the number of steps that fits. */

const UNITS: Array<[RegExp, number]> = [
  [/^(m|min|mins|minute|minutes)$/, 1],
  [/^(h|hr|hrs|hour|hours)$/, 60],
  // A working day and week, not a calendar one.
  [/^(d|day|days)$/, 8 * 60],
  [/^(w|wk|wks|week|weeks)$/, 5 * 8 * 60],
];

export function parseMinutes(text: string): number | null {
  const lower = text.toLowerCase().replace(/half an? /g, '0.5 ').replace(/\ban? (?=[a-z])/g, '1 ');
  let total = 0;
  let matched = false;
  for (const m of lower.matchAll(/(\d+(?:\.\d+)?)\s*([a-z]+)/g)) {
    const unit = UNITS.find(([re]) => re.test(m[2]!));
    if (!unit) continue;
    total += Number(m[1]) * unit[1];
    matched = true;
  }
  return matched ? Math.round(total) : null;
}

/** The rule, stated in results: one step per block of time, from 3 (an hour or less) to all of them (a day or more). */
export const STEP_RULE = 'up to 1 hour: 3 steps; up to 4 hours: 5; up to 1 working day (8 h): 7; more: every step';

export function stepBudget(minutes: number | null): number {
  if (minutes === null) return Infinity;
  if (minutes <= 60) return 3;
  if (minutes <= 240) return 5;
  if (minutes <= 480) return 7;
  return Infinity;
}
