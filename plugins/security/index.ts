/**
 * The security pack: deterministic detection and masking of secrets, personal
 * data, code vulnerabilities and configuration issues. Rules are data added
 * through the `security.rules` extension point, by this pack's built-in rule
 * files and by third-party modules alike.
 */
import { coreServices, createExtensionPoint, definePlugin, Type, type Logger, type Store } from '../../sdk/index.js';
import { KERNEL_RANGE } from '../kernel-range.js';
import { outputMaskingMiddleware } from './output-masking.js';
import { BUILTIN_RULES } from './rules/index.js';
import type { SecurityRule, SecurityRulesExtension } from './rules/types.js';
import { createSecurityScanner, DEFAULT_SCAN_TIMEOUT_MS, DEFAULT_SCAN_WORKERS, securityScannerRef, type SecurityScanner } from './scanner-service.js';
import { SECURITY_MIGRATIONS } from './store-schema.js';
import { analyzeContentSecurityTool } from './tools/analyze-content-security.js';
import { applyBasicContentMaskingTool } from './tools/apply-basic-content-masking.js';
import { configureCustomPatternsTool } from './tools/configure-custom-patterns.js';
import { configureOutputMaskingTool } from './tools/configure-output-masking.js';
import { generateContentMaskingTool } from './tools/generate-content-masking.js';
import { validateContentMaskingTool } from './tools/validate-content-masking.js';

export const securityRulesExtensionPoint = createExtensionPoint<SecurityRulesExtension>({ id: 'security.rules' });
export { securityScannerRef };
export type { SecurityRule, SecurityRulesExtension, SecurityScanner };

const RULE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const securityOptions = Type.Object(
  {
    scanTimeoutMs: Type.Integer({
      minimum: 1000,
      maximum: 600_000,
      default: DEFAULT_SCAN_TIMEOUT_MS,
      description: 'Time budget of one scan or masking call, in milliseconds; past it the scan worker is stopped and the call fails with a ContentError.',
    }),
    scanWorkers: Type.Integer({
      minimum: 1,
      maximum: 4,
      default: DEFAULT_SCAN_WORKERS,
      description: 'Worker threads that run large scans off the event loop (started on first use); more run several large scans at once.',
    }),
  },
  { additionalProperties: false },
);

export default definePlugin({
  id: 'security',
  version: '0.1.0',
  kernel: KERNEL_RANGE,
  description: 'Content security: secret, PII, vulnerability and configuration detection; masking; validation; custom rules; output masking.',
  options: securityOptions,
  register(env) {
    const added: SecurityRule[] = [];
    let scanner: SecurityScanner | undefined;
    let logger: Logger | undefined;
    const scannerFor = (store: Store, config: Record<string, unknown>) =>
      (scanner ??= createSecurityScanner(store, BUILTIN_RULES, added, { scanTimeoutMs: config.scanTimeoutMs as number, scanWorkers: config.scanWorkers as number, logger: () => logger }));
    env.registerExtensionPoint(securityRulesExtensionPoint, {
      addRule(rule) {
        if (!RULE_ID.test(rule.id) || !(rule.pattern instanceof RegExp)) {
          throw new TypeError(`security rule "${String(rule.id)}" needs a kebab-case id and a RegExp pattern`);
        }
        if ([...BUILTIN_RULES, ...added].some((r) => r.id === rule.id)) throw new TypeError(`security rule "${rule.id}" is already registered`);
        added.push(rule);
      },
    });
    env.provideService({
      service: securityScannerRef,
      deps: { store: coreServices.store, config: coreServices.config },
      factory: ({ store, config }) => scannerFor(store, config),
    });
    env.registerResultMiddleware(outputMaskingMiddleware(() => scanner, () => logger));
    env.registerLogFilter((text) => {
      try {
        return scanner?.maskSecrets(text, 'standard').text ?? text;
      } catch {
        return '[log text withheld: masking it took too long]';
      }
    });
    env.registerInit({
      deps: { store: coreServices.store, workspace: coreServices.workspace, config: coreServices.config, logger: coreServices.logger },
      init({ store, config, logger: packLogger }) {
        store.migrate('security', SECURITY_MIGRATIONS);
        logger = packLogger;
        const service = scannerFor(store, config);
        // Nothing secret reaches the store: every persisted text is masked first.
        store.addWriteFilter((text) => service.maskSecrets(text, 'standard').text);
        return {
          tools: [
            analyzeContentSecurityTool(service),
            generateContentMaskingTool(service),
            applyBasicContentMaskingTool(service),
            validateContentMaskingTool(service),
            configureCustomPatternsTool(service),
            configureOutputMaskingTool(service),
          ],
          // The scan workers are started on first use and stopped with the pack.
          dispose: () => service.close(),
        };
      },
    });
  },
});
