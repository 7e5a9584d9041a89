/**
 * Go test files and the package they compile into. A `_test.go` file is built only by
 * `go test`: its imports are no production dependency. One declaring `package x_test`
 * is an external test package, a package of its own, so Go lets it import packages
 * that import x back; an in-package test file (`package x`) closing a loop is rejected
 * by `go test` ("import cycle not allowed in test"), yet is still no production cycle.
 */
import { maskGo } from './lex.js';

export type GoTestKind = 'in-package' | 'external';

/** The test kind of a Go file, or undefined for production code. */
export function goTestKind(path: string, text: string): GoTestKind | undefined {
  if (!path.endsWith('_test.go')) return undefined;
  const clause = /^\s*package\s+([A-Za-z_]\w*)/m.exec(maskGo(text).code);
  return clause?.[1]?.endsWith('_test') ? 'external' : 'in-package';
}
