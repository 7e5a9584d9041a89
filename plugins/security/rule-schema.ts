/**
 * The schema of one security rule (rules/types.ts's SecurityRule) as data: the
 * `security.rules` extension point declares it, so a rule a module contributes
 * without a category or a severity (which would silently never match) or with
 * a pattern that is not a RegExp fails start-up naming the module and the field.
 * Kept beside the interface: a field added there is added here.
 */
import { StringEnum, Type } from '../../sdk/index.js';

/** Tagged, not `instanceof`: a RegExp made in another realm (a worker, a vm context) is one too. */
const isRegExp = (value: unknown) => Object.prototype.toString.call(value) === '[object RegExp]';
const RegExpValue = Type.Refine(Type.Unknown(), isRegExp, () => 'must be a RegExp (e.g. /acme_[A-Za-z0-9]{32}/), not a string');

export const SecurityRuleSchema = Type.Object({
  id: Type.String({ pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' }),
  category: StringEnum(['secret', 'credential', 'pii', 'vulnerability', 'configuration', 'sensitive-file'] as const),
  description: Type.String({ minLength: 1 }),
  pattern: RegExpValue,
  secretGroup: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.String({ minLength: 1 })])),
  keywords: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
  minEntropy: Type.Optional(Type.Number({ minimum: 0 })),
  validate: Type.Optional(Type.Function([Type.String()], Type.Boolean())),
  severity: StringEnum(['low', 'medium', 'high', 'critical'] as const),
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  recommendation: Type.String({ minLength: 1 }),
  compliance: Type.Optional(Type.Array(StringEnum(['GDPR', 'PCI-DSS', 'HIPAA', 'SOX'] as const))),
  cwe: Type.Optional(Type.String()),
  owasp: Type.Optional(Type.String()),
  allowList: Type.Optional(Type.Array(Type.Union([Type.String(), RegExpValue]))),
  contentTypes: Type.Optional(Type.Array(StringEnum(['code', 'configuration', 'logs', 'documentation', 'mixed'] as const))),
});
