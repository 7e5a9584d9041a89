/**
 * The project pack: what a repository is made of. It provides the project
 * scanner service (`project.scanner`) most other packs stand on, and four tools
 * that report on a project from its files.
 */
import { coreServices, definePlugin, Type } from '../../sdk/index.js';
import { KERNEL_RANGE } from '../kernel-range.js';
import { DEFAULT_MAX_FILES } from './scanner/index.js';
import { projectDecisionsRef, projectImportsRef, projectScannerRef, type ProjectScanner } from './api.js';
import { createProjectDecisions } from './decisions.js';
import { createProjectImports } from './imports/service.js';
import { createProjectScanner } from './service.js';
import { analyzeEnvironmentTool } from './tools/analyze-environment.js';
import { analyzeProjectEcosystemTool } from './tools/analyze-project-ecosystem.js';
import { analyzeRepositoryTool } from './tools/analyze-repository.js';
import { getArchitecturalContextTool } from './tools/get-architectural-context.js';

// The pack's public surface (refs, topics, types) is api.ts: `toolpack/packs/project`.
export * from './api.js';

/** Stored analyses are kept 30 days, the newest 500 at most: later tools take their ids within a piece of work, not forever. */
const ANALYSIS_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const ANALYSIS_MAX_ENTRIES = 500;

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
    env.registerResourceKind({
      kind: 'analysis',
      name: 'Repository analysis',
      description: 'A stored analysis (analyze_repository, analyze_project_ecosystem); its id is the analysisId later tools take.',
      retention: { maxAgeMs: ANALYSIS_MAX_AGE_MS, maxEntries: ANALYSIS_MAX_ENTRIES },
    });
    let scanner: ProjectScanner | undefined;
    env.provideService({
      service: projectScannerRef,
      deps: { cache: coreServices.cache, options: env.options, workspace: coreServices.workspace },
      // The configured roots: one scanner serves every session, whatever roots its first caller's client declared.
      factory: ({ cache, options, workspace }) =>
        (scanner ??= createProjectScanner(cache, { maxFiles: options.maxFiles, roots: workspace.configuredRoots ?? [workspace.root, ...workspace.allowedRoots] })),
    });
    // The import graph get_architectural_context reads, with lines, for other packs (the rules pack).
    env.provideService({ service: projectImportsRef, deps: { scanner: projectScannerRef }, factory: ({ scanner }) => createProjectImports(scanner) });
    const decisions = createProjectDecisions();
    env.provideService({ service: projectDecisionsRef, deps: {}, factory: () => decisions });
    env.registerInit({
      deps: {
        scanner: projectScannerRef,
        decisions: projectDecisionsRef,
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
