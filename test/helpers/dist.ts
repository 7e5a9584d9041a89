/**
 * Whether dist/ (what package.json's bin runs, and what the end-to-end tests
 * spawn) was built from the current sources: the build's last output must be newer than
 * every file under core/, sdk/ and plugins/ and than package.json and
 * tsconfig.json. Used by the vitest global setup (which builds when stale) and
 * by assertBuilt when the global setup did not run.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const SOURCE_DIRS = ['core', 'sdk', 'plugins'];
const SOURCE_FILES = ['package.json', 'tsconfig.json'];
// The build's last output (core/cli/build-code-cache.mjs): a build that failed part way is stale.
export const BUNDLE = join('dist', 'toolpack.cjs.cache');

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** The most recently modified source file, relative to the repository. */
export function newestSource(repoRoot: string): { file: string; mtimeMs: number } {
  let newest = { file: '', mtimeMs: 0 };
  const candidates = [...SOURCE_DIRS.flatMap((dir) => [...filesUnder(join(repoRoot, dir))]), ...SOURCE_FILES.map((f) => join(repoRoot, f))];
  for (const file of candidates) {
    const { mtimeMs } = statSync(file);
    if (mtimeMs > newest.mtimeMs) newest = { file: relative(repoRoot, file), mtimeMs };
  }
  return newest;
}

/** null when dist/ is current; otherwise why it is not, in words for a test failure. */
export function distStaleness(repoRoot: string): string | null {
  const bundle = join(repoRoot, BUNDLE);
  if (!existsSync(bundle)) return `${BUNDLE} does not exist`;
  const newest = newestSource(repoRoot);
  const built = statSync(bundle).mtimeMs;
  if (newest.mtimeMs <= built) return null;
  return `${BUNDLE} is older than ${newest.file} (changed ${Math.round((newest.mtimeMs - built) / 1000)} s after the build)`;
}
