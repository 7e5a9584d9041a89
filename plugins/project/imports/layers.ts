/**
 * Architectural layer of a file, read from names: a NestJS/Angular-style file
 * suffix (`orders.controller.ts`) first, then the folder nearest the file whose
 * name belongs to a layer. Names are hints, so the matched name is returned as
 * the evidence and "unknown" is said when nothing matches.
 */

export const LAYERS = ['presentation', 'application', 'domain', 'infrastructure', 'shared', 'test', 'unknown'] as const;
export type Layer = (typeof LAYERS)[number];

const FOLDER_LAYERS: Record<Exclude<Layer, 'unknown'>, string[]> = {
  presentation: [
    'controllers', 'controller', 'routes', 'route', 'routers', 'router', 'handlers', 'handler', 'api', 'apis', 'endpoints', 'rest', 'http',
    'web', 'views', 'view', 'pages', 'page', 'components', 'ui', 'cli', 'cmd', 'resolvers', 'graphql', 'grpc', 'middleware', 'middlewares',
    'presentation', 'delivery', 'transport', 'templates', 'screens',
  ],
  application: ['services', 'service', 'usecases', 'usecase', 'use-cases', 'use_cases', 'application', 'ports', 'interactors', 'workflows', 'jobs', 'workers', 'tasks'],
  domain: ['domain', 'domains', 'entities', 'entity', 'models', 'model', 'aggregates', 'valueobjects', 'value-objects', 'schemas'],
  infrastructure: [
    'repositories', 'repository', 'repos', 'repo', 'db', 'database', 'databases', 'persistence', 'infrastructure', 'infra', 'adapters', 'adapter',
    'dao', 'daos', 'gateways', 'gateway', 'clients', 'client', 'storage', 'migrations', 'integrations', 'queue', 'queues', 'messaging', 'cache',
  ],
  shared: ['utils', 'util', 'helpers', 'helper', 'lib', 'libs', 'common', 'shared', 'config', 'configs', 'types', 'constants', 'pkg'],
  test: ['test', 'tests', '__tests__', 'spec', 'specs', 'testing', 'e2e', 'fixtures', '__mocks__'],
};

const BY_FOLDER = new Map<string, Layer>(Object.entries(FOLDER_LAYERS).flatMap(([layer, names]) => names.map((name) => [name, layer as Layer])));

const BY_SUFFIX: Array<[RegExp, Layer]> = [
  [/(\.(test|spec)\.[cm]?[jt]sx?$|_test\.go$|(^|\/)test_[^/]*\.py$|_test\.py$|_spec\.rb$|\.bats$)/, 'test'],
  [/\.(controller|resolver|route|routes|handler|gateway\.http|page|component|view)\.[cm]?[jt]sx?$/, 'presentation'],
  [/\.(service|usecase|use-case|command|query)\.[cm]?[jt]sx?$/, 'application'],
  [/\.(entity|model|aggregate|value-object|vo)\.[cm]?[jt]sx?$/, 'domain'],
  [/\.(repository|repo|dao|adapter|client|migration)\.[cm]?[jt]sx?$/, 'infrastructure'],
];

/** Folders that hold tests and nothing else: anything under them is a test, whatever the folders below are named (tests/domain/...). */
const TEST_ROOTS = new Set(['test', 'tests', '__tests__', 'spec', 'specs', 'e2e', '__mocks__', 'testdata']);

/** Generic folders ("internal", "pkg", "lib") say less than a specific one further up; they only count when nothing else does. */
const WEAK = new Set(['internal', 'pkg', 'lib', 'libs']);

/** What the project is built on changes what some folder names mean (see layerConventions). */
export interface LayerConventions {
  /** A Kubernetes operator (controller-runtime): api/<version>/ holds API types, controllers/ reconcilers. */
  kubernetesOperator?: boolean;
}

/** Go packages whose import makes the project a Kubernetes operator. */
const OPERATOR_PACKAGES = /^sigs\.k8s\.io\/controller-runtime(\/|$)/;
const conventionsByGraph = new WeakMap<object, LayerConventions>();

/** The conventions an import graph's external imports call for (computed once per graph). */
export function layerConventions(graph: { files: ReadonlyMap<string, { external: readonly string[] }> }): LayerConventions {
  let found = conventionsByGraph.get(graph);
  if (!found) {
    found = { kubernetesOperator: [...graph.files.values()].some((file) => file.external.some((name) => OPERATOR_PACKAGES.test(name))) };
    conventionsByGraph.set(graph, found);
  }
  return found;
}

/** API version folders of a Kubernetes operator (api/v1, api/v1alpha1, apis/batch/v2beta1). */
const API_VERSION = /^(.*?(?:^|\/)apis?\/(?:[\w.-]+\/)?v\d+(?:(?:alpha|beta)\d+)?)\//;
const RECONCILERS = /^(.*?(?:^|\/)(?:controllers|controller))\//;

export function layerOf(path: string, conventions: LayerConventions = {}): { layer: Layer; evidence: string | null } {
  const name = path.slice(path.lastIndexOf('/') + 1);
  for (const [pattern, layer] of BY_SUFFIX) if (pattern.test(path)) return { layer, evidence: name };
  if (conventions.kubernetesOperator) {
    // In an operator these are not a presentation layer: the CRD types are the domain, the reconcilers its logic.
    const api = API_VERSION.exec(path);
    if (api) return { layer: 'domain', evidence: `${api[1]}/ (Kubernetes API types)` };
    const reconcilers = RECONCILERS.exec(path);
    if (reconcilers) return { layer: 'application', evidence: `${reconcilers[1]}/ (Kubernetes reconcilers)` };
  }
  const folders = path.split('/').slice(0, -1);
  const testRoot = folders.findIndex((folder) => TEST_ROOTS.has(folder.toLowerCase()));
  if (testRoot >= 0) return { layer: 'test', evidence: `${folders.slice(0, testRoot + 1).join('/')}/` };
  let weak: { layer: Layer; evidence: string } | null = null;
  for (let i = folders.length - 1; i >= 0; i--) {
    const folder = folders[i]!.toLowerCase();
    const layer = BY_FOLDER.get(folder);
    if (!layer) continue;
    if (WEAK.has(folder)) weak ??= { layer, evidence: `${folders.slice(0, i + 1).join('/')}/` };
    else return { layer, evidence: `${folders.slice(0, i + 1).join('/')}/` };
  }
  return weak ?? { layer: 'unknown', evidence: null };
}

/** The layer most files of a component are in (unknown files left out), with the counts it came from. */
export function dominantLayer(counts: ReadonlyMap<Layer, number>): Layer {
  let best: Layer = 'unknown';
  let bestCount = 0;
  for (const layer of LAYERS) {
    if (layer === 'unknown') continue;
    const count = counts.get(layer) ?? 0;
    if (count > bestCount) [best, bestCount] = [layer, count];
  }
  return best;
}
