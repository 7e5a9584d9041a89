/**
 * The scoring pack's public surface (`toolpack/packs/scoring`): its options, the
 * `scoring` entry of a config's pack options, and the readiness types other packs
 * may read. It offers no service or extension point.
 */
import { Type, type Static } from '../../sdk/index.js';

export type { ReadinessCheck, ReadinessReport, SecurityFinding, SecurityScanReport, TargetEnvironment } from './readiness/types.js';

export const scoringOptions = Type.Object(
  {
    networkAudit: Type.Boolean({
      default: false,
      description: 'Let dependency_audit run `npm audit --json` (it contacts the registry). Off: the audit is offline lockfile inspection only, and says npm audit was not run.',
    }),
    testTimeoutSeconds: Type.Integer({ minimum: 1, maximum: 3600, default: 300, description: "Longest validate_tests lets the project's test command run before stopping it." }),
  },
  { additionalProperties: false },
);

export type ScoringOptions = Static<typeof scoringOptions>;
