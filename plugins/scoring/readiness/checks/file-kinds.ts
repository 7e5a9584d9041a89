/** Test and source files of a listing, by folder kind (from the project scanner) and by name. */
import type { FileEntry } from '../../../project/api.js';

const CODE = /\.(?:[cm]?[jt]sx?|py|go|rs|java|kt|scala|rb|php|cs|fs|swift|c|cc|cpp|h|hpp|dart|ex|exs|clj|groovy|vue|svelte)$/i;
const TEST_NAME = /(?:\.(?:test|spec)\.[cm]?[jt]sx?$|(?:^|\/)test_[^/]+\.py$|_test\.(?:py|go)$|(?:Tests?|IT)\.(?:java|kt|cs|scala)$|_spec\.rb$|_test\.exs$)/;
const TEST_DIR = /(?:^|\/)(?:tests?|__tests__|specs?)\//;
/** Type declarations and config scripts are code files but not what tests cover. */
const NOT_SOURCE = /(?:\.d\.[cm]?ts$|(?:^|\/)[^/]*\.config\.[cm]?[jt]s$|(?:^|\/)(?:setup|conftest)\.py$)/;

export const isCode = (path: string) => CODE.test(path);

export function isTestFile(file: FileEntry): boolean {
  if (!CODE.test(file.path)) return false;
  return TEST_NAME.test(file.path) || file.folder === 'test' || TEST_DIR.test(file.path);
}

/** The product's own code: not tests, fixtures, examples, docs, vendored or generated files. */
export function isSourceFile(file: FileEntry): boolean {
  if (!CODE.test(file.path) || NOT_SOURCE.test(file.path)) return false;
  if (file.folder && file.folder !== ('product' as string)) return false;
  return !TEST_NAME.test(file.path) && !TEST_DIR.test(file.path);
}
