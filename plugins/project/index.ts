/**
 * The project pack: what a repository is made of. It provides the project
 * scanner service (`project.scanner`) most other packs stand on, and four tools
 * that report on a project from its files.
 */
import { coreServices, definePlugin, Type } from '../../sdk/index.js';
import { KERNEL_RANGE } from '../kernel-range.js';
import { DEFAULT_MAX_FILES } from './scanner/index.js';
import { createProjectScanner, projectScannerRef, type ProjectScanner } from './service.js';
import { analyzeEnvironmentTool } from './tools/analyze-environment.js';
import { analyzeProjectEcosystemTool } from './tools/analyze-project-ecosystem.js';
import { analyzeRepositoryTool } from './tools/analyze-repository.js';
import { getArchitecturalContextTool } from './tools/get-architectural-context.js';

export { projectScannerRef };
export type { ProjectScanner };
export type { ProjectScan, FileEntry } from './scanner/index.js';

export const projectOptions = Type.Object(
  {
    maxFiles: Type.Integer({ minimum: 1, default: DEFAULT_MAX_FILES, description: 'Most files a scan lists; beyond it the scan is marked truncated.' }),
  },
  { additionalProperties: false },
);

export default definePlugin({
  id: 'project',
  version: '0.1.0',
  kernel: KERNEL_RANGE,
  description: 'Project analysis: languages, manifests, frameworks, infrastructure, CI, architecture, environment, import graph.',
  options: projectOptions,
  register(env) {
    let scanner: ProjectScanner | undefined;
    env.provideService({
      service: projectScannerRef,
      deps: { cache: coreServices.cache, config: coreServices.config, workspace: coreServices.workspace },
      factory: ({ cache, config, workspace }) =>
        (scanner ??= createProjectScanner(cache, { maxFiles: config.maxFiles as number, roots: [workspace.root, ...workspace.allowedRoots] })),
    });
    env.registerInit({
      deps: {
        scanner: projectScannerRef,
        git: coreServices.git,
        cache: coreServices.cache,
        store: coreServices.store,
        events: coreServices.events,
        logger: coreServices.logger,
      },
      init(deps) {
        return {
          tools: [analyzeProjectEcosystemTool(deps), getArchitecturalContextTool(deps), analyzeEnvironmentTool(deps), analyzeRepositoryTool(deps)],
          dispose: () => deps.scanner.close(),
        };
      },
    });
  },
});
