/**
 * Issue 29 item 5: `npm link` rebuilt everything `npm install` had just built. `prepare` runs
 * core/cli/build-if-stale.mjs, which builds only when dist/ is missing, partial, or older than
 * the sources. Here it runs in a small copy of the layout whose `build` script counts its runs.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';

const OUTPUTS = ['dist/toolpack.mjs', 'dist/toolpack.cjs', 'dist/toolpack.cjs.cache', 'dist/sdk/index.js', 'dist/markdown-worker.js', 'dist/security-scan-worker.js'];
// The stand-in build: writes every output and counts how often it ran.
const FAKE_BUILD = `import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
for (const f of ${JSON.stringify(OUTPUTS)}) { mkdirSync(f.slice(0, f.lastIndexOf('/')), { recursive: true }); writeFileSync(f, 'built'); }
appendFileSync('builds.log', 'x');`;

const DEV_DEPS = ['typescript', 'esbuild', '@types/node'];

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function project(): { dir: string; prepare: () => { status: number | null; output: string }; builds: () => number } {
  const dir = mkdtempSync(join(tmpdir(), 'toolpack-prepare-'));
  dirs.push(dir);
  for (const sub of ['core/cli', 'sdk', 'plugins/files']) mkdirSync(join(dir, sub), { recursive: true });
  copyFileSync(join(repoRoot, 'core/cli/build-if-stale.mjs'), join(dir, 'core/cli/build-if-stale.mjs'));
  writeFileSync(join(dir, 'fake-build.mjs'), FAKE_BUILD);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'fake', private: true, type: 'module', scripts: { build: 'node fake-build.mjs' } }));
  writeFileSync(join(dir, 'tsconfig.json'), '{}');
  writeFileSync(join(dir, 'sdk/index.ts'), 'export const a = 1;\n');
  writeFileSync(join(dir, 'plugins/files/index.ts'), 'export const b = 1;\n');
  // Stand-ins for the development dependencies the build needs.
  for (const name of DEV_DEPS) {
    mkdirSync(join(dir, 'node_modules', name), { recursive: true });
    writeFileSync(join(dir, 'node_modules', name, 'package.json'), JSON.stringify({ name, main: 'index.js' }));
    writeFileSync(join(dir, 'node_modules', name, 'index.js'), '');
  }
  const env = { ...process.env };
  delete env.npm_execpath; // as when run by hand; under npm it re-runs that npm
  return {
    dir,
    prepare: () => {
      const run = spawnSync(process.execPath, ['core/cli/build-if-stale.mjs'], { cwd: dir, env, encoding: 'utf8' });
      return { status: run.status, output: run.stdout + run.stderr };
    },
    builds: () => {
      try {
        return readFileSync(join(dir, 'builds.log'), 'utf8').length;
      } catch {
        return 0;
      }
    },
  };
}

describe('prepare builds only what is not built', () => {
  it('builds a fresh clone, then skips while nothing changed', { timeout: 60_000 }, () => {
    const p = project();
    expect(p.prepare().status).toBe(0);
    expect(p.builds()).toBe(1);
    const again = p.prepare();
    expect(again.status, again.output).toBe(0);
    expect(again.output).toContain('build skipped');
    expect(p.builds()).toBe(1);
  });

  it('rebuilds when a source, a new source file or the lock file changes', { timeout: 60_000 }, () => {
    const p = project();
    p.prepare();
    writeFileSync(join(p.dir, 'sdk/index.ts'), 'export const a = 2;\n');
    p.prepare();
    expect(p.builds()).toBe(2);
    writeFileSync(join(p.dir, 'plugins/files/extra.ts'), 'export {};\n');
    p.prepare();
    expect(p.builds()).toBe(3);
    writeFileSync(join(p.dir, 'package-lock.json'), '{"lockfileVersion":3}');
    p.prepare();
    expect(p.builds()).toBe(4);
    p.prepare();
    expect(p.builds()).toBe(4);
  });

  it('rebuilds a partial dist/ (an output missing) and does not stamp a failed build', { timeout: 60_000 }, () => {
    const p = project();
    p.prepare();
    rmSync(join(p.dir, 'dist/toolpack.cjs.cache'));
    p.prepare();
    expect(p.builds()).toBe(2);

    writeFileSync(join(p.dir, 'sdk/index.ts'), 'export const a = 3;\n');
    writeFileSync(join(p.dir, 'fake-build.mjs'), "process.exit(3);\n");
    expect(p.prepare().status).not.toBe(0);
    writeFileSync(join(p.dir, 'fake-build.mjs'), FAKE_BUILD);
    p.prepare();
    expect(p.builds()).toBe(3);
  });

  it('without the development dependencies (npm install --omit=dev) says what is missing instead of failing in tsc', { timeout: 60_000 }, () => {
    const p = project();
    rmSync(join(p.dir, 'node_modules/typescript'), { recursive: true });
    const run = p.prepare();
    expect(run.status).not.toBe(0);
    expect(run.output).toMatch(/needs the development dependencies \(typescript missing\)/);
    expect(p.builds()).toBe(0);
  });

  it('an up-to-date dist/ is kept when the development dependencies are pruned afterwards', { timeout: 60_000 }, () => {
    const p = project();
    p.prepare();
    rmSync(join(p.dir, 'node_modules'), { recursive: true });
    const run = p.prepare();
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain('build skipped');
  });
});
