/**
 * The built-in rules, as data. Order: the most specific rules first (private
 * keys, provider-prefixed tokens), then structural ones (tokens, connection
 * strings), personal data, code and configuration checks, file names, and the
 * generic secret-named assignments last.
 */
import { cloudRules } from './cloud.js';
import { configurationRules } from './configuration.js';
import { connectionStringRules } from './connection-strings.js';
import { genericRules } from './generic.js';
import { piiRules } from './pii.js';
import { privateKeyRules } from './private-keys.js';
import { registryRules } from './registries.js';
import { saasRules } from './saas.js';
import { sensitiveFileRules } from './sensitive-files.js';
import { sourceHostRules } from './source-hosts.js';
import { tokenRules } from './tokens.js';
import type { SecurityRule } from './types.js';
import { vulnerabilityRules } from './vulnerabilities.js';

export {
  cloudRules,
  configurationRules,
  connectionStringRules,
  genericRules,
  piiRules,
  privateKeyRules,
  registryRules,
  saasRules,
  sensitiveFileRules,
  sourceHostRules,
  tokenRules,
  vulnerabilityRules,
};

export const BUILTIN_RULES: readonly SecurityRule[] = Object.freeze([
  ...privateKeyRules,
  ...cloudRules,
  ...sourceHostRules,
  ...registryRules,
  ...saasRules,
  ...tokenRules,
  ...connectionStringRules,
  ...piiRules,
  ...vulnerabilityRules,
  ...configurationRules,
  ...sensitiveFileRules,
  ...genericRules,
]);
