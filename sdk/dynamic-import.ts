/**
 * import() of a package or file the CLI bundle does not hold (cosmiconfig, jiti, simple-git,
 * web-tree-sitter). The installed command runs the bundle as a script from V8's code cache
 * (core/cli/launcher.ts), and Node 20 cannot run import() in code that came from a cache
 * (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING); the launcher, an ES module beside the bundle,
 * lends its own import() for these. Anywhere else (tests, the unbundled dist/) the native one.
 */
const LENT_IMPORT = Symbol.for('toolpack.import');

export function importModule<T>(specifier: string): Promise<T> {
  const lent = (globalThis as Record<symbol, unknown>)[LENT_IMPORT] as ((specifier: string) => Promise<unknown>) | undefined;
  return (lent ? lent(specifier) : import(specifier)) as Promise<T>;
}
