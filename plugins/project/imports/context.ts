/**
 * get_architectural_context's two answers, built from an import graph and the
 * project's ADRs: the context of one file (layer, module, imports both ways,
 * cycles, ADRs mentioning it) or of the whole project (components, their
 * dependencies and cycles, the most imported files, third-party packages, ADRs).
 */
import type { Static } from '../../../sdk/index.js';
import type { FolderKind, Manifest } from '../scanner/index.js';
import { adrsMentioning, describe, type ProjectAdrs } from './adr-mentions.js';
import { componentView, cyclesThrough } from './components.js';
import type { ArchitecturalContextOutput } from './context-schema.js';
import { sourceLanguage } from './extract.js';
import type { ImportGraph } from './graph.js';
import { layerConventions, layerOf } from './layers.js';

type Output = Static<typeof ArchitecturalContextOutput>;

const LIST_CAP = 50;
const TOP = 10;

export function graphStats(graph: ImportGraph, cached: boolean): Output['graph'] {
  const { skipped, ...stats } = graph.stats;
  return { ...stats, skipped: skipped.length, skippedExamples: skipped.slice(0, 5), cached };
}

function adrHeader(adrs: ProjectAdrs) {
  return { directory: adrs.directory, source: adrs.source, total: adrs.records.length };
}

/** `kind`: the listed file's folder kind (null: the product's own). */
/** `symbols`: the names the file defines (definitions.ts), matched against the ADRs. */
export function fileContext(graph: ImportGraph, path: string, adrs: ProjectAdrs, listed: boolean, kind: FolderKind | null = null, symbols: readonly string[] = []): { file: NonNullable<Output['file']>; adrs: Output['adrs']; summary: string } {
  const { mapper } = graph;
  const module = mapper.moduleOf(path);
  const conventions = layerConventions(graph);
  const { layer, evidence } = layerOf(path, conventions);
  const imports = graph.files.get(path);
  const language = sourceLanguage(path) ?? null;
  const note = imports
    ? undefined
    : !language
      ? 'not a JS/TS, Python or Go source file: no imports read'
      : !listed
        ? 'not in the project listing (ignored by .gitignore, or in a vendored or generated folder): no imports read'
        : kind && kind !== 'test'
          ? `in a ${kind} folder, not the product's code: no imports read`
          : 'not read (see graph.skippedExamples)';

  const internal = (imports?.internal ?? []).map((edge) => ({
    path: edge.target || '.',
    kind: edge.targetKind,
    specifier: edge.specifier,
    module: mapper.moduleOfTarget(edge.target, edge.targetKind),
    layer: layerOf(edge.targetKind === 'file' ? edge.target : `${edge.target}/_`, conventions).layer,
    ...(edge.typeOnly ? { typeOnly: true } : {}),
  }));
  // A Go file is imported through its package: the importers of its folder.
  const targetKey = path.endsWith('.go') ? (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '') : path;
  const importers = graph.importers.get(targetKey) ?? [];
  const byModule = new Map<string, number>();
  for (const importer of importers) byModule.set(mapper.moduleOf(importer), (byModule.get(mapper.moduleOf(importer)) ?? 0) + 1);

  const fileName = path.slice(path.lastIndexOf('/') + 1);
  const mentioning = adrsMentioning(adrs, { path, fileName, module, symbols });
  const cycles = imports ? cyclesThrough(graph, path) : [];

  const file: NonNullable<Output['file']> = {
    path,
    language,
    layer,
    layerEvidence: evidence,
    module,
    inGraph: Boolean(imports),
    ...(note ? { note } : {}),
    imports: {
      internal: internal.slice(0, LIST_CAP),
      internalCount: internal.length,
      external: imports?.external ?? [],
      builtin: imports?.builtin ?? [],
      unresolved: (imports?.unresolved ?? []).slice(0, LIST_CAP),
    },
    importedBy: {
      count: importers.length,
      files: importers.slice(0, LIST_CAP).map((importer) => ({ path: importer, module: mapper.moduleOf(importer), layer: layerOf(importer, conventions).layer })),
      modules: [...byModule].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name, files]) => ({ module: name, files })),
    },
    cycles,
  };
  const summary =
    `${path} is in module ${module}, layer ${layer}${evidence ? ` (from ${evidence})` : ''}. ` +
    `It imports ${internal.length} project file(s)/package(s) and ${file.imports.external.length} third-party package(s); ` +
    `${importers.length} file(s) import it` +
    (cycles.length > 0 ? `; it is part of an import cycle (${cycles[0]!.join(' → ')})` : '') +
    (adrs.read ? `. ${mentioning.length} ADR(s) mention it or its module.` : `. ADRs ${adrs.source}.`);
  return { file, adrs: { ...adrHeader(adrs), mentioning }, summary };
}

export function projectContext(graph: ImportGraph, adrs: ProjectAdrs, manifests: readonly Manifest[]) {
  const view = componentView(graph, { components: 40, top: TOP });
  const declared = new Set(manifests.flatMap((m) => m.dependencies.flatMap((d) => providedNames(d.name, m.ecosystem))));
  const components = view.components.map((component) => ({
    ...component,
    adrs: adrsMentioning(adrs, { module: component.name }).map((mention) => mention.number).filter((n): n is number => n !== null),
  }));
  const accepted = adrs.records.filter((adr) => adr.status === 'accepted');
  const adrSummary: Output['adrs'] = {
    ...adrHeader(adrs),
    byStatus: { ...adrs.byStatus },
    accepted: accepted.slice(0, TOP).map(describe),
    acceptedCount: accepted.length,
  };
  const externalDependencies = view.externalPackages.map(({ name, files }) => ({ name, files, declared: declared.has(normalise(name)) }));
  const cycleText = view.componentCycles.length > 0 ? `${view.componentCycles.length} cycle(s) between components (${view.componentCycles[0]!.loop.join(' → ')})` : 'no cycles between components';
  const summary =
    `${view.componentCount} component(s) from ${graph.stats.parsedFiles} source file(s) with ${graph.stats.internalEdges} internal import(s); ${cycleText}; ` +
    `${view.fileCycles.count} file-level cycle group(s)` +
    (view.testCycles.length ? `; ${view.testCycles.length} loop(s) closed only by in-package Go test files (go test rejects them)` : '') +
    '. ' +
    (adrs.read ? `${adrSummary.total} ADR(s), ${accepted.length} accepted.` : `ADRs ${adrs.source}.`);
  return {
    components,
    componentCount: view.componentCount,
    dependencies: view.edges,
    cycles: { components: view.componentCycles, files: view.fileCycles, ...(view.testCycles.length ? { tests: view.testCycles } : {}) },
    mostImported: view.mostImported,
    externalDependencies,
    adrs: adrSummary,
    summary,
  };
}

/** Package names compare loosely: PyPI treats -, _ and . alike and ignores case. */
const normalise = (name: string) => name.toLowerCase().replace(/[-_.]+/g, '-');

/** Distribution suffixes of a reduced build of the same package (approvaltests-minimal provides approvaltests). */
const VARIANT_SUFFIX = /-(minimal|lite|slim)$/;

/**
 * The module names a declared dependency provides: its own name, and for a Python distribution
 * whose import name differs, the part before its first '-' (approvaltests-minimal, google-cloud-x),
 * the name without a variant suffix, and without a python-/py- prefix (python-dateutil is dateutil).
 */
export function providedNames(name: string, ecosystem: string): string[] {
  const own = normalise(name);
  if (ecosystem !== 'pypi' || !own.includes('-')) return [own];
  return [...new Set([own, own.slice(0, own.indexOf('-')), own.replace(VARIANT_SUFFIX, ''), own.replace(/^(python|py)-/, '')])];
}
