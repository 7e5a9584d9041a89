/**
 * The boundaries between packs, the kernel and the SDK, checked by
 * dependency-cruiser in the tests (test/boundaries.test.ts):
 *
 *   npx depcruise --config .dependency-cruiser.cjs plugins sdk core examples
 *
 * A pack's public surface is its api.ts (`toolpack/packs/<id>`); another pack
 * imports that and nothing else of it. Packs and examples are written against
 * the SDK, never the kernel. Type-only imports count too, except where a rule
 * says otherwise: they tie a pack to another's internal shapes just the same.
 */
/** Files of a pack that hold definitions only (topics, parameter schemas) and import nothing but the SDK: api.ts may load them. */
// Definition files: events, schemas, the stored-result reader, the technology catalogue's data, and small pure readers
// of formats (go.mod, workflow triggers, environment writes); they load only the SDK and a format library.
const DEFINITIONS = '(events|schemas|conversation|analysis-reader|go-mod|rule-schema|technologies/[a-z-]+|environment/(env-writes|workflow-triggers)|populate/sphinx-toctree)\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-cross-pack-internals',
      severity: 'error',
      comment: "A pack imports another pack only through that pack's api.ts (plugins/<id>/api.ts), never its internal files.",
      from: { path: '^plugins/([^/]+)/' },
      to: { path: '^plugins/[^/]+/', pathNot: ['^plugins/$1/', '^plugins/[^/]+/api\\.ts$'] },
    },
    {
      name: 'api-loads-only-definitions',
      severity: 'error',
      comment:
        "A pack's api.ts loads nothing of the pack's implementation, only its definition files (DEFINITIONS above: events, schemas, " +
        'readers and data), and those only the SDK: importing `toolpack/packs/<id>` costs the SDK and a few definitions. ' +
        'Type-only imports are erased and allowed.',
      from: { path: `^plugins/([^/]+)/(api\\.ts$|${DEFINITIONS})` },
      to: { path: '^plugins/', pathNot: [`^plugins/$1/${DEFINITIONS}`, '^plugins/[^/]+/api\\.ts$'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'packs-use-the-sdk',
      severity: 'error',
      comment: 'Packs are written against sdk/ (toolpack/sdk), never the kernel in core/.',
      from: { path: '^plugins/' },
      to: { path: '^core/' },
    },
    {
      name: 'sdk-is-independent-of-the-kernel',
      severity: 'error',
      comment: 'sdk/ loads no kernel code at run time (sdk/testing.ts starts a kernel, and sdk/contract.ts, the contract suite it exports, checks schemas as the kernel does: the exceptions); type-only imports are erased.',
      from: { path: '^sdk/', pathNot: '^sdk/(testing|contract)\\.ts$' },
      to: { path: '^core/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'sdk-knows-no-pack',
      severity: 'error',
      comment: 'The SDK is what packs build on; it never depends on one.',
      from: { path: '^sdk/' },
      to: { path: '^plugins/' },
    },
    {
      name: 'kernel-loads-packs-by-manifest',
      severity: 'error',
      comment: "The kernel knows a built-in pack by its manifest (plugins/<id>/index.ts), as it knows a third-party one, never by its internals.",
      from: { path: '^core/' },
      to: { path: '^plugins/', pathNot: '^plugins/[^/]+/index\\.ts$' },
    },
    {
      name: 'examples-use-the-package',
      severity: 'error',
      comment: "Examples are third-party code: they import 'toolpack/sdk' and 'toolpack/packs/<id>', never the repository's folders.",
      from: { path: '^examples/' },
      to: { path: '^(core|sdk|plugins)/' },
    },
    {
      name: 'no-unresolvable-imports',
      severity: 'error',
      comment: 'Every import resolves, so no dependency escapes the rules above.',
      from: { path: '^(plugins|sdk|core|examples)/' },
      // toolpack/... resolves to the built dist/ (checked by the examples' type-check test), which may not be built yet.
      to: { couldNotResolve: true, pathNot: '^toolpack(/|$)' },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules', '^dist/'] },
    // Type-only imports are dependencies too (and marked "type-only" for the rules that allow them).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
