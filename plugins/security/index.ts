/**
 * The security pack: deterministic detection and masking of secrets, personal
 * data, code vulnerabilities and configuration issues. Rules are data added
 * through the `security.rules` extension point, by this pack's built-in rule
 * files and by third-party modules alike.
 */
import { coreServices, definePlugin, Type, type Logger, type Static, type Store } from '../../sdk/index.js';
import { KERNEL_RANGE } from '../kernel-range.js';
import { outputMaskingMiddleware } from './output-masking.js';
import { securityRulesExtensionPoint, securityScannerRef, type SecurityRulesExtension } from './api.js';
import { createRuleRegistry } from './rule-registry.js';
import { BUILTIN_RULES } from './rules/index.js';
import { createSecurityScanner, DEFAULT_SCAN_TIMEOUT_MS, DEFAULT_SCAN_WORKERS, type SecurityScanner } from './scanner-service.js';
import { SECURITY_MIGRATIONS } from './store-schema.js';
import { analyzeContentSecurityTool } from './tools/analyze-content-security.js';
import { applyBasicContentMaskingTool } from './tools/apply-basic-content-masking.js';
import { configureCustomPatternsTool } from './tools/configure-custom-patterns.js';
import { configureOutputMaskingTool } from './tools/configure-output-masking.js';
import { generateContentMaskingTool } from './tools/generate-content-masking.js';
import { validateContentMaskingTool } from './tools/validate-content-masking.js';

// The pack's public surface (refs, extension point, rule types) is api.ts: `toolpack/packs/security`.
export * from './api.js';

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
      description: 'Worker threads that run large scans off the event loop (started on first use); more run several large scans at once. With two or more, the analysis of one text of 1 MiB or more is shared by two workers, each scanning one half of the text.',
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
    const rules = createRuleRegistry(BUILTIN_RULES);
    // What modules receive as `security.rules`; the built-in rules are added through it first, with the same checks.
    const extension: SecurityRulesExtension = { addRule: (rule) => rules.addRule(rule) };
    for (const rule of BUILTIN_RULES) extension.addRule(rule);
    let scanner: SecurityScanner | undefined;
    let logger: Logger | undefined;
    const scannerFor = (store: Store, options: Static<typeof securityOptions>) =>
      (scanner ??= createSecurityScanner(store, rules.builtin, rules.added, { scanTimeoutMs: options.scanTimeoutMs, scanWorkers: options.scanWorkers, logger: () => logger }));
    env.registerExtensionPoint(securityRulesExtensionPoint, extension);
    env.provideService({
      service: securityScannerRef,
      deps: { store: coreServices.store, options: env.options },
      factory: ({ store, options }) => scannerFor(store, options),
    });
    env.registerMigrations(SECURITY_MIGRATIONS);
    // The mask stage: after every other pack's middleware, so none can add a secret after the masking.
    env.registerResultMiddleware(outputMaskingMiddleware(() => scanner, () => logger), { stage: 'mask' });
    env.registerLogFilter((text) => {
      try {
        return scanner?.maskSecrets(text, 'standard').text ?? text;
      } catch {
        return '[log text withheld: masking it took too long]';
      }
    });
    env.registerInit({
      deps: { store: coreServices.store, workspace: coreServices.workspace, options: env.options, logger: coreServices.logger },
      init({ store, options, logger: packLogger }) {
        logger = packLogger;
        const service = scannerFor(store, options);
        // Nothing secret reaches the store: every persisted text is masked first.
        store.addWriteFilter((text) => service.maskSecrets(text, 'standard').text, { prepare: (db) => service.refreshCustomRules(db) });
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
