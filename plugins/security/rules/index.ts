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
import { rpcProviderRules } from './rpc-providers.js';
import { saasAiRules } from './saas-ai.js';
import { saasCollaborationRules } from './saas-collaboration.js';
import { saasDevopsRules } from './saas-devops.js';
import { saasMessagingRules } from './saas-messaging.js';
import { saasPaymentRules } from './saas-payments.js';
import { sensitiveFileRules } from './sensitive-files.js';
import { sourceHostRules } from './source-hosts.js';
import { tokenRules } from './tokens.js';
import type { SecurityRule } from './types.js';
import { vulnerabilityCryptoRules } from './vulnerabilities-crypto.js';
import { vulnerabilityInjectionRules } from './vulnerabilities-injection.js';
import { vulnerabilityUntrustedInputRules } from './vulnerabilities-untrusted-input.js';

export {
  cloudRules,
  configurationRules,
  connectionStringRules,
  genericRules,
  piiRules,
  privateKeyRules,
  registryRules,
  rpcProviderRules,
  saasAiRules,
  saasCollaborationRules,
  saasDevopsRules,
  saasMessagingRules,
  saasPaymentRules,
  sensitiveFileRules,
  sourceHostRules,
  tokenRules,
  vulnerabilityCryptoRules,
  vulnerabilityInjectionRules,
  vulnerabilityUntrustedInputRules,
};

export const BUILTIN_RULES: readonly SecurityRule[] = Object.freeze([
  ...privateKeyRules,
  ...cloudRules,
  ...sourceHostRules,
  ...registryRules,
  ...saasMessagingRules,
  ...saasPaymentRules,
  ...saasAiRules,
  ...saasDevopsRules,
  ...rpcProviderRules,
  ...saasCollaborationRules,
  ...tokenRules,
  ...connectionStringRules,
  ...piiRules,
  ...vulnerabilityInjectionRules,
  ...vulnerabilityUntrustedInputRules,
  ...vulnerabilityCryptoRules,
  ...configurationRules,
  ...sensitiveFileRules,
  ...genericRules,
]);
