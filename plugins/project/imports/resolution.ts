/** What a specifier turned out to be, whatever the language. */
export type Resolution =
  /** A file of the project, or a Go package folder of the project (targetKind 'package'). */
  | { kind: 'internal'; target: string; targetKind: 'file' | 'package' }
  /** A third-party package, by the name it is installed under (npm name, Python top-level module, Go module). */
  | { kind: 'external'; name: string }
  /** The language's standard library (node:fs, os, net/http). */
  | { kind: 'builtin'; name: string }
  /** Looks like the project's own code but names nothing in the listing. */
  | { kind: 'unresolved'; specifier: string; reason: string };
