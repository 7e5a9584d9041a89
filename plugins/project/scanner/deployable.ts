/**
 * Whether a container or compose file deploys something of the product. The scan's
 * infrastructure already leaves out samples, docs and fixtures; the product's tests and test
 * harnesses are still in it (an e2e suite's image, a library's sample chain under testing/),
 * and those build no service of the product.
 */
import { classifyPath } from './folders.js';

/** Folders of test harnesses the folder kinds do not name: Go's `testing/` helpers, a Cosmos SDK library's sample app. */
const HARNESS_FOLDER = /(^|\/)(testing|testutils?|simapp|e2e|integration-tests?|interchaintest)\//i;

export function isDeployablePath(path: string): boolean {
  const kind = classifyPath(path);
  return (!kind || kind === 'product') && !HARNESS_FOLDER.test(path);
}
