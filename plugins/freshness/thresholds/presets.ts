/**
 * How old a page may get before it is a warning, stale, critical: the default
 * triple and one per update frequency. The same names are the update_frequency
 * a page declares in its metadata: a page is overdue once it is older than its
 * frequency's warning threshold.
 */
export const TIME_UNITS = ['minutes', 'hours', 'days'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

export interface Threshold {
  value: number;
  unit: TimeUnit;
}

export interface ThresholdSet {
  warning: Threshold;
  stale: Threshold;
  critical: Threshold;
}

export const UPDATE_FREQUENCIES = ['realtime', 'active', 'recent', 'weekly', 'monthly', 'quarterly'] as const;
export type UpdateFrequency = (typeof UPDATE_FREQUENCIES)[number];

const min = (value: number): Threshold => ({ value, unit: 'minutes' });
const h = (value: number): Threshold => ({ value, unit: 'hours' });
const d = (value: number): Threshold => ({ value, unit: 'days' });

/** Without a preset or explicit thresholds. */
export const DEFAULT_THRESHOLDS: ThresholdSet = { warning: d(7), stale: d(30), critical: d(90) };

export const PRESETS: Record<UpdateFrequency, ThresholdSet> = {
  realtime: { warning: min(30), stale: h(1), critical: h(6) }, // status pages, generated API listings
  active: { warning: h(1), stale: h(6), critical: h(24) }, // pages edited through the day
  recent: { warning: h(24), stale: d(7), critical: d(30) }, // release notes, changelogs
  weekly: { warning: d(7), stale: d(14), critical: d(30) },
  monthly: { warning: d(30), stale: d(60), critical: d(90) },
  quarterly: { warning: d(90), stale: d(180), critical: d(365) },
};

const UNIT_MS: Record<TimeUnit, number> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 };

export const thresholdMs = (threshold: Threshold): number => threshold.value * UNIT_MS[threshold.unit];

export const isUpdateFrequency = (value: unknown): value is UpdateFrequency => typeof value === 'string' && (UPDATE_FREQUENCIES as readonly string[]).includes(value);
