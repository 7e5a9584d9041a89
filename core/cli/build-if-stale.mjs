// package.json's `prepare`: build dist/ unless it is already built from these sources.
// Why: npm runs `prepare` on every `npm install` and again on `npm link`, and a full build
// (tsc, the bundles, the validators, the code cache) takes minutes on a busy machine; after
// `npm install` built it, `npm link` rebuilt the same thing. The stamp is a hash of what the
// build reads (the sources' paths and bytes, the package and lock files, tsconfig) and of the
// Node that ran it (the code cache is V8's, the SQLite addon is per ABI). A changed source, a
// new dependency or another Node rebuilds; `npm run build` always builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const STAMP = join(root, 'dist', '.build-stamp');
const SOURCE_DIRS = ['core', 'sdk', 'plugins'];
const SOURCE_FILES = ['package.json', 'package-lock.json', 'tsconfig.json'];
// What the installed command and the library entries need; one missing means a partial build.
const OUTPUTS = ['dist/toolpack.mjs', 'dist/toolpack.cjs', 'dist/toolpack.cjs.cache', 'dist/sdk/index.js', 'dist/markdown-worker.js', 'dist/security-scan-worker.js'];

function filesUnder(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(full));
    else if (entry.isFile()) found.push(full);
  }
  return found;
}

export function sourceHash() {
  const hash = createHash('sha256').update(`${process.version} ${process.arch} ${process.platform}\0`);
  const files = [...SOURCE_DIRS.flatMap((dir) => filesUnder(join(root, dir))), ...SOURCE_FILES.map((file) => join(root, file)).filter((file) => existsSync(file))];
  for (const file of files.map((f) => relative(root, f)).sort()) hash.update(`${file}\0`).update(readFileSync(join(root, file))).update('\0');
  return hash.digest('hex');
}

const current = sourceHash();
const stamped = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : '';
const complete = OUTPUTS.every((file) => existsSync(join(root, file)) && statSync(join(root, file)).size > 0);
if (stamped === current && complete) {
  console.log('toolpack: dist/ is up to date with the sources: build skipped (`npm run build` forces one)');
} else {
  // `npm install --omit=dev` leaves out the compilers: say so instead of tsc's "cannot find type definition".
  const resolveHere = createRequire(join(root, 'package.json')).resolve;
  const missing = ['typescript', 'esbuild', '@types/node/package.json'].filter((name) => {
    try {
      resolveHere(name);
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length) {
    console.error(`toolpack: cannot build dist/: the build needs the development dependencies (${missing.join(', ')} missing). Run \`npm install\` without --omit=dev in the clone, then \`npm install --omit=dev\` may prune them: dist/ stays built.`);
    process.exit(1);
  }
  // No stamp while building: a build that fails or is interrupted must not be taken for a finished one.
  rmSync(STAMP, { force: true });
  const npm = process.env.npm_execpath;
  const run = npm ? spawnSync(process.execPath, [npm, 'run', 'build'], { cwd: root, stdio: 'inherit' }) : spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  // The hash taken before the build: a source edited while it ran makes the next prepare build again.
  writeFileSync(STAMP, `${current}\n`);
}
