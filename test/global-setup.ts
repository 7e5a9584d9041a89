/**
 * Vitest global setup:
 * - one temporary folder per run: the test workers (started after this) get it
 *   as TMPDIR, so every folder a test or a helper makes with os.tmpdir() is in
 *   it, and it is removed when the run ends. Without it a run left about 500
 *   folders in the system's temporary folder.
 * - the end-to-end tests spawn the built CLI (dist/), so a run that includes
 *   them first rebuilds dist/ when it is older than the sources, rather than
 *   testing a stale build. A run of unit tests alone never builds. A failed
 *   build does not stop the run: assertBuilt fails the tests that need dist/,
 *   with the build's output.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { distStaleness } from './helpers/dist.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by this setup: 'current', 'built', or why dist/ could not be built. */
    distStatus: string;
  }
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Test files that spawn the built CLI say so by calling assertBuilt (directly or through a helper). */
const NEEDS_DIST = /\bassertBuilt\b/;

function runNeedsDist(project: TestProject): boolean {
  // The files of this run (vitest records them before running global setups).
  const files = (project.vitest as { state?: { getPaths?(): string[] } }).state?.getPaths?.() ?? [];
  if (!files.length) return true; // unknown: be safe
  return files.some((file) => {
    try {
      return NEEDS_DIST.test(readFileSync(file, 'utf8'));
    } catch {
      return false;
    }
  });
}

export default function setup(project: TestProject): () => void {
  const runFolder = mkdtempSync(join(tmpdir(), 'toolpack-tests-'));
  process.env.TMPDIR = runFolder;
  buildWhenStale(project);
  return () => rmSync(runFolder, { recursive: true, force: true, maxRetries: 3 });
}

function buildWhenStale(project: TestProject): void {
  if (!runNeedsDist(project)) return;
  const stale = distStaleness(repoRoot);
  if (!stale) {
    project.provide('distStatus', 'current');
    return;
  }
  console.log(`[toolpack tests] ${stale}: running \`npm run build\` before the end-to-end tests`);
  const started = Date.now();
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, encoding: 'utf8', shell: process.platform === 'win32' });
  if (build.status === 0) {
    console.log(`[toolpack tests] built dist/ in ${Math.round((Date.now() - started) / 1000)} s`);
    project.provide('distStatus', 'built');
    return;
  }
  const output = `${build.stdout ?? ''}${build.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n');
  project.provide('distStatus', `dist/ is stale (${stale}) and \`npm run build\` failed (exit ${build.status ?? build.signal}):\n${output}`);
}
