/** Schemas several security tools share. */
import { StringEnum, Type } from '../../../sdk/index.js';
import { SEVERITIES } from '../rules/types.js';

export const SeverityEnum = StringEnum(SEVERITIES);

export const ComplianceStatus = Type.Object({
  compliant: Type.Boolean(),
  issues: Type.Array(Type.String(), { description: 'The first 100 issues, one line each.' }),
  totalIssues: Type.Integer({ description: 'How many issues there are in all.' }),
  assessed: Type.Boolean({ description: 'False when complianceFrameworks left this framework out.' }),
});
