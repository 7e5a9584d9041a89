/**
 * The project-level view of an import graph: components (modules) with their
 * layer and files, the edges between them counted in file imports, cycles
 * between components and between files, the most imported files or packages,
 * and the third-party packages imported by the most files.
 */
import { loopThrough, stronglyConnected } from './cycles.js';
import type { ImportGraph } from './graph.js';
import { dominantLayer, layerConventions, layerOf, type Layer, type LayerConventions } from './layers.js';

export interface Component {
  name: string;
  layer: Layer;
  /** How the layer was decided: the component folder's own name, or the count of its files per layer. */
  layerEvidence: string;
  files: number;
  dependsOn: Array<{ component: string; imports: number }>;
  /** Files of other components importing into this one. */
  importedBy: number;
  externalPackages: string[];
}

export interface Cycle {
  members: string[];
  loop: string[];
}

export interface ComponentView {
  components: Component[];
  edges: Array<{ from: string; to: string; imports: number }>;
  /** Groups of components that reach each other, with one loop through each group. */
  componentCycles: Cycle[];
  /** Groups only in-package Go test files close (`go test` rejects them; no production cycle). */
  testCycles: Cycle[];
  fileCycles: { count: number; examples: Cycle[] };
  mostImported: Array<{ path: string; kind: 'file' | 'package'; importedBy: number; component: string }>;
  externalPackages: Array<{ name: string; files: number }>;
}

export function componentView(graph: ImportGraph, limits: { components: number; top: number }): ComponentView & { componentCount: number } {
  const { mapper } = graph;
  // runtimeDeps: the deps reached by at least one runtime import; type-only imports make no cycle.
  // testDeps: reached only from in-package Go test files, which `go test` rejects in a loop but production never builds.
  const byName = new Map<string, { files: number; layers: Map<Layer, number>; deps: Map<string, number>; runtimeDeps: Set<string>; testDeps: Set<string>; importers: Set<string>; externals: Map<string, number> }>();
  const entry = (name: string) => {
    let found = byName.get(name);
    if (!found) byName.set(name, (found = { files: 0, layers: new Map(), deps: new Map(), runtimeDeps: new Set(), testDeps: new Set(), importers: new Set(), externals: new Map() }));
    return found;
  };
  const externals = new Map<string, number>();
  const fileGraph = new Map<string, Set<string>>();

  for (const [path, imports] of graph.files) {
    const from = mapper.moduleOf(path);
    const component = entry(from);
    component.files++;
    const { layer } = layerOf(path, layerConventions(graph));
    component.layers.set(layer, (component.layers.get(layer) ?? 0) + 1);
    for (const name of imports.external) {
      externals.set(name, (externals.get(name) ?? 0) + 1);
      component.externals.set(name, (component.externals.get(name) ?? 0) + 1);
    }
    for (const { target, targetKind, typeOnly } of imports.internal) {
      if (targetKind === 'file' && !typeOnly) fileGraph.set(path, (fileGraph.get(path) ?? new Set()).add(target));
      const to = mapper.moduleOfTarget(target, targetKind);
      if (to === from) continue;
      component.deps.set(to, (component.deps.get(to) ?? 0) + 1);
      // An external test package (package x_test) is a package of its own: its imports close no loop at all.
      if (imports.goTest === 'in-package') component.testDeps.add(to);
      else if (!typeOnly && !imports.goTest) component.runtimeDeps.add(to);
      entry(to).importers.add(path);
    }
  }

  const edges = [...byName].flatMap(([from, c]) => [...c.deps].map(([to, imports]) => ({ from, to, imports })));
  edges.sort((a, b) => b.imports - a.imports || a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
  const componentGraph = new Map([...byName].map(([name, c]) => [name, c.runtimeDeps]));
  const componentCycles = stronglyConnected(componentGraph).map((members) => ({ members, loop: loopThrough(members, componentGraph) }));
  const production = new Set(componentCycles.map((cycle) => cycle.members.join('\0')));
  const withTests = new Map([...byName].map(([name, c]) => [name, new Set([...c.runtimeDeps, ...c.testDeps])]));
  const testCycles = stronglyConnected(withTests)
    .filter((members) => !production.has(members.join('\0')))
    .map((members) => ({ members, loop: loopThrough(members, withTests) }));
  const fileGroups = stronglyConnected(fileGraph);

  const components: Component[] = [...byName]
    .map(([name, c]) => {
      const { layer, layerEvidence } = componentLayer(name, c.layers, layerConventions(graph));
      return {
        name,
        layer,
        layerEvidence,
        files: c.files,
        dependsOn: [...c.deps].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([component, imports]) => ({ component, imports })),
        importedBy: c.importers.size,
        externalPackages: top(c.externals, 5).map(([name]) => name),
      };
    })
    .sort((a, b) => b.files + b.importedBy - (a.files + a.importedBy) || a.name.localeCompare(b.name));

  const mostImported = [...graph.importers]
    .map(([target, importers]) => {
      const kind = graph.files.has(target) ? ('file' as const) : ('package' as const);
      return { path: target || '.', kind, importedBy: importers.length, component: mapper.moduleOfTarget(target, kind) };
    })
    .sort((a, b) => b.importedBy - a.importedBy || a.path.localeCompare(b.path))
    .slice(0, limits.top);

  return {
    componentCount: components.length,
    components: components.slice(0, limits.components),
    edges: edges.slice(0, limits.components * 3),
    componentCycles,
    testCycles,
    fileCycles: { count: fileGroups.length, examples: fileGroups.slice(0, 5).map((members) => ({ members: members.slice(0, 20), loop: loopThrough(members, fileGraph) })) },
    mostImported,
    externalPackages: top(externals, limits.top).map(([name, files]) => ({ name, files })),
  };
}

/** File cycles passing through `path`, each as a loop starting and ending at it. */
export function cyclesThrough(graph: ImportGraph, path: string): string[][] {
  const fileGraph = new Map<string, string[]>();
  for (const [from, imports] of graph.files) fileGraph.set(from, imports.internal.filter((i) => i.targetKind === 'file' && !i.typeOnly).map((i) => i.target));
  const group = stronglyConnected(fileGraph).find((members) => members.includes(path));
  if (!group) return [];
  return [loopThrough([path, ...group.filter((member) => member !== path)], fileGraph)];
}

function componentLayer(name: string, counts: ReadonlyMap<Layer, number>, conventions: LayerConventions = {}): { layer: Layer; layerEvidence: string } {
  const own = name === '.' ? null : layerOf(`${name}/_`, conventions);
  if (own && own.layer !== 'unknown') return { layer: own.layer, layerEvidence: `folder name ${own.evidence}` };
  const layer = dominantLayer(counts);
  const described = [...counts].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]).map(([l, n]) => `${n} ${l}`).join(', ');
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  // A layer a few files out of many happen to name does not characterise the component.
  if (layer !== 'unknown' && (counts.get(layer) ?? 0) * 4 < total) return { layer: 'unknown', layerEvidence: `files by layer: ${described}; no layer covers a quarter of the files` };
  return { layer, layerEvidence: `files by layer: ${described || 'none'}` };
}

function top(counts: ReadonlyMap<string, number>, n: number): Array<[string, number]> {
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, n);
}
