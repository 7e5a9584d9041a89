/** Output schema of a deployment tally (analytics/outcomes.ts Tally), shared by the memory tools that report outcomes. */
import { StringEnum, Type } from '../../../sdk/index.js';

export const VerdictSchema = StringEnum(['succeeded', 'failed', 'configured', 'unverified'] as const, {
  description: 'succeeded: built locally or URL verified; configured: a workflow written, not run; unverified: "succeeded" recorded without such evidence (not a success).',
});

export const TallyFields = {
  recorded: Type.Integer({ description: 'Deployment records, configured ones included.' }),
  succeeded: Type.Integer(),
  failed: Type.Integer(),
  configured: Type.Integer(),
  unverified: Type.Integer(),
  successRate: Type.Union([Type.Number(), Type.Null()], { description: 'succeeded / (succeeded + failed); null without such an attempt.' }),
  last: Type.Union([Type.Object({ verdict: VerdictSchema, at: Type.String(), evidence: Type.String(), project: Type.String() }), Type.Null()]),
};

export const TallySchema = Type.Object(TallyFields);
