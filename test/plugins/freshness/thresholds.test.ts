/** Thresholds: presets, explicit objects over them, the order check naming the parameter, and the level boundaries. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLDS, PRESETS, UPDATE_FREQUENCIES, thresholdMs } from '../../../plugins/freshness/thresholds/presets.js';
import { levelOf, resolveThresholds } from '../../../plugins/freshness/thresholds/resolve.js';

const DAY = 86_400_000;

describe('freshness thresholds', () => {
  it('has a preset per update frequency, each in increasing order, and 7/30/90 days by default', () => {
    expect(Object.keys(PRESETS).sort()).toEqual([...UPDATE_FREQUENCIES].sort());
    for (const set of [DEFAULT_THRESHOLDS, ...Object.values(PRESETS)]) {
      expect(thresholdMs(set.warning)).toBeLessThan(thresholdMs(set.stale));
      expect(thresholdMs(set.stale)).toBeLessThan(thresholdMs(set.critical));
    }
    expect(resolveThresholds({})).toEqual({ warning: { value: 7, unit: 'days' }, stale: { value: 30, unit: 'days' }, critical: { value: 90, unit: 'days' } });
  });

  it('puts explicit thresholds over the preset and names the parameter that breaks the order', () => {
    expect(resolveThresholds({ preset: 'monthly', warningThreshold: { value: 2, unit: 'days' } })).toEqual({ ...PRESETS.monthly, warning: { value: 2, unit: 'days' } });
    expect(() => resolveThresholds({ staleThreshold: { value: 3, unit: 'days' } })).toThrow(/parameter "staleThreshold".*warning < stale/);
    expect(() => resolveThresholds({ warningThreshold: { value: 40, unit: 'days' } })).toThrow(/parameter "warningThreshold"/);
    expect(() => resolveThresholds({ preset: 'realtime', criticalThreshold: { value: 59, unit: 'minutes' } })).toThrow(/parameter "criticalThreshold".*stale < critical/);
    expect(() => resolveThresholds({ warningThreshold: { value: 0, unit: 'days' } })).toThrow(/parameter "warningThreshold"/);
  });

  it('classifies ages with each threshold inclusive', () => {
    const set = DEFAULT_THRESHOLDS;
    expect(levelOf(7 * DAY - 1, set)).toBe('fresh');
    expect(levelOf(7 * DAY, set)).toBe('warning');
    expect(levelOf(30 * DAY, set)).toBe('stale');
    expect(levelOf(90 * DAY, set)).toBe('critical');
    expect(levelOf(Number.POSITIVE_INFINITY, set)).toBe('critical');
  });
});
