/**
 * How much each readiness check weighs per environment: 'fail' (a blocker), 'warn' (a
 * blocker only in strict mode), or null (does not apply there, reported as a skip).
 * Production is the strictest; development asks for little more than tests and no secrets.
 */
import type { TargetEnvironment } from '../types.js';

export type Level = 'fail' | 'warn' | null;
export type Levels = Record<TargetEnvironment, Level>;

export const CHECK_LEVELS = {
  'tests-present': { development: 'warn', staging: 'fail', production: 'fail' },
  'ci-config': { development: 'warn', staging: 'warn', production: 'fail' },
  'ci-runs-tests': { development: null, staging: 'warn', production: 'fail' },
  'lockfile-committed': { development: 'warn', staging: 'fail', production: 'fail' },
  'no-secrets': { development: 'fail', staging: 'fail', production: 'fail' },
  'dockerfile-base-pinned': { development: 'warn', staging: 'warn', production: 'fail' },
  'dockerfile-non-root': { development: null, staging: 'warn', production: 'fail' },
  'dockerfile-healthcheck': { development: null, staging: null, production: 'warn' },
  'env-documented': { development: 'warn', staging: 'warn', production: 'warn' },
  'readme-present': { development: 'warn', staging: 'warn', production: 'warn' },
} satisfies Record<string, Levels>;

export type CheckId = keyof typeof CHECK_LEVELS;

/** `development: warn, staging: fail, production: fail`, for the evidence. */
export function describeLevels(levels: Levels): string {
  return (Object.entries(levels) as Array<[TargetEnvironment, Level]>).map(([env, level]) => `${env}: ${level ?? 'n/a'}`).join(', ');
}
