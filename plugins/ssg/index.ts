/**
 * The ssg pack: recommend, configure, lay out, deploy, verify and locally test
 * a documentation site. Each static site generator is an adapter (sdk/ssg.ts):
 * the five built in are added to the same registry third-party adapters are
 * contributed to through the `ssg.adapters` extension point.
 */
import { coreServices, definePlugin, optional } from '../../sdk/index.js';
import { KERNEL_RANGE } from '../kernel-range.js';
import { preferenceReaderRef } from '../memory/api.js';
import { projectScannerRef } from '../project/api.js';
import { ssgAdaptersExtensionPoint, ssgAdaptersRef, type SsgAdapters } from './api.js';
import { BUILTIN_ADAPTERS } from './adapters/index.js';
import type { SsgDeps } from './deps.js';
import { createSsgRegistry } from './registry.js';
import { deployPagesTool } from './tools/deploy-pages.js';
import { generateConfigTool } from './tools/generate-config.js';
import { recommendSsgTool } from './tools/recommend-ssg.js';
import { setupStructureTool } from './tools/setup-structure.js';
import { testLocalDeploymentTool } from './tools/test-local-deployment.js';
import { verifyDeploymentTool } from './tools/verify-deployment.js';

// The pack's public surface (extension point, registry ref, adapter types) is api.ts: `toolpack/packs/ssg`.
export * from './api.js';

export default definePlugin({
  id: 'ssg',
  version: '0.1.0',
  kernel: KERNEL_RANGE,
  dependsOn: ['project'],
  // Saved preferences are read when the memory pack is loaded (it records what this pack publishes, events.ts).
  optionalDependsOn: ['memory'],
  description: 'Documentation sites: recommend a static site generator, generate its config, set up Diataxis structure, deploy to Pages, verify, test locally.',
  register(env) {
    const registry = createSsgRegistry(BUILTIN_ADAPTERS);
    // Modules of pluginId 'ssg' add their adapters here before init, so the tools' `ssg` enum includes them.
    env.registerExtensionPoint(ssgAdaptersExtensionPoint, { add: (adapter) => registry.add(adapter) });
    // Read-only for everyone else: adding goes through the extension point, before init.
    const adapters: SsgAdapters = { list: registry.list, get: registry.get };
    env.provideService({ service: ssgAdaptersRef, deps: {}, factory: () => adapters });
    env.registerResourceKind({
      kind: 'config/{ssg}',
      name: 'Generated SSG configuration',
      description: 'The configuration files generate_config wrote (or would have written) for one static site generator.',
      retention: { maxAgeMs: 30 * 24 * 60 * 60 * 1000, maxEntries: 100 },
    });
    env.registerResourceKind({
      kind: 'deployment',
      name: 'Deployment workflow',
      description: 'A deployment workflow deploy_pages wrote, with its settings.',
      retention: { maxAgeMs: 30 * 24 * 60 * 60 * 1000, maxEntries: 100 },
    });
    env.registerInit({
      deps: {
        scanner: projectScannerRef,
        logger: coreServices.logger,
        http: coreServices.http,
        events: coreServices.events,
        preferences: optional(preferenceReaderRef),
      },
      init(services) {
        const deps: SsgDeps = { adapters, ...services };
        // In the catalogue's order.
        return { tools: [recommendSsgTool(deps), generateConfigTool(deps), setupStructureTool(deps), deployPagesTool(deps), verifyDeploymentTool(deps), testLocalDeploymentTool(deps)] };
      },
    });
  },
});
