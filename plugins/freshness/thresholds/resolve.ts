/** The thresholds of one call (preset, then explicit objects over it) checked, and a page's level from its age. */
import { StringEnum, Type, ValidationError } from '../../../sdk/index.js';
import { DEFAULT_THRESHOLDS, PRESETS, TIME_UNITS, thresholdMs, type Threshold, type ThresholdSet, type UpdateFrequency } from './presets.js';

export const FRESHNESS_LEVELS = ['fresh', 'warning', 'stale', 'critical'] as const;
export type FreshnessLevel = (typeof FRESHNESS_LEVELS)[number];

/** The parameter schema of one threshold object. */
export const ThresholdSchema = (description: string) =>
  Type.Object(
    {
      value: Type.Number({ exclusiveMinimum: 0 }),
      unit: StringEnum(TIME_UNITS),
    },
    { description, additionalProperties: false },
  );

export interface ThresholdInput {
  preset?: UpdateFrequency | undefined;
  warningThreshold?: Threshold | undefined;
  staleThreshold?: Threshold | undefined;
  criticalThreshold?: Threshold | undefined;
}

const PARAMS = { warning: 'warningThreshold', stale: 'staleThreshold', critical: 'criticalThreshold' } as const;

function checked(value: Threshold | undefined, param: string): Threshold | undefined {
  if (value === undefined) return undefined;
  // The schema checks this too; kept so the function is safe on its own.
  if (typeof value !== 'object' || value === null || !(typeof value.value === 'number' && Number.isFinite(value.value) && value.value > 0) || !TIME_UNITS.includes(value.unit)) {
    throw new ValidationError(`parameter "${param}": expected { value: a positive number, unit: "minutes" | "hours" | "days" }`);
  }
  return { value: value.value, unit: value.unit };
}

/** The preset's triple (or the default) with each explicit threshold over it; ValidationError unless warning < stale < critical. */
export function resolveThresholds(input: ThresholdInput): ThresholdSet {
  const base = input.preset ? PRESETS[input.preset] : DEFAULT_THRESHOLDS;
  const set: ThresholdSet = {
    warning: checked(input.warningThreshold, PARAMS.warning) ?? base.warning,
    stale: checked(input.staleThreshold, PARAMS.stale) ?? base.stale,
    critical: checked(input.criticalThreshold, PARAMS.critical) ?? base.critical,
  };
  const show = (t: Threshold) => `${t.value} ${t.unit}`;
  if (thresholdMs(set.warning) >= thresholdMs(set.stale)) {
    const param = input.staleThreshold && !input.warningThreshold ? PARAMS.stale : PARAMS.warning;
    throw new ValidationError(`parameter "${param}": expected warning < stale, got warning ${show(set.warning)} and stale ${show(set.stale)}${input.preset ? ` (preset ${input.preset} fills the ones not given)` : ''}`);
  }
  if (thresholdMs(set.stale) >= thresholdMs(set.critical)) {
    const param = input.staleThreshold && !input.criticalThreshold ? PARAMS.stale : PARAMS.critical;
    throw new ValidationError(`parameter "${param}": expected stale < critical, got stale ${show(set.stale)} and critical ${show(set.critical)}${input.preset ? ` (preset ${input.preset} fills the ones not given)` : ''}`);
  }
  return set;
}

/** fresh below warning; each level from its threshold (inclusive) up to the next. */
export function levelOf(ageMs: number, set: ThresholdSet): FreshnessLevel {
  if (ageMs >= thresholdMs(set.critical)) return 'critical';
  if (ageMs >= thresholdMs(set.stale)) return 'stale';
  if (ageMs >= thresholdMs(set.warning)) return 'warning';
  return 'fresh';
}
