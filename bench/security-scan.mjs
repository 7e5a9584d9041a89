// Scoring pack (issue 16): deployment_readiness security_scan over this repository's own
// files (the project scanner's listing: git's tracked files plus untracked ones not ignored),
// side by side with secretlint (recommended preset) over the same files read into memory.
// Files per second and MB/s; no target is given, so the result is informational. Median of
// `runs` calls after a warm-up for ours; secretlint timed the same way over one pass of the files.
import { execFileSync } from 'node:child_process';
import { openSync, readSync, closeSync, fstatSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { lintSource } from '@secretlint/core';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';
import { checkConfig } from '../dist/core/config/load.js';
import { Kernel } from '../dist/core/kernel/kernel.js';
import { createRootLogger } from '../dist/core/services/logger.js';
import { timedCalls } from './timed.mjs';

const ROOT = realpathSync(join(dirname(fileURLToPath(import.meta.url)), '..'));
/** The same limits as the scan: files over 1 MB and binaries (a NUL byte in the first 8 KB) are not read. */
const MAX_BYTES = 1024 * 1024;
const PEEK = 8 * 1024;

/** The listing the project scanner makes in a git repository, read as the scan reads it. */
function readRepositoryFiles() {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--exclude=node_modules/'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })
    .split('\0')
    .filter(Boolean);
  const files = [];
  for (const path of new Set(listed)) {
    let fd;
    try {
      fd = openSync(join(ROOT, path), 'r');
      const { size } = fstatSync(fd);
      if (size > MAX_BYTES) continue;
      const buffer = Buffer.alloc(size);
      readSync(fd, buffer, 0, size, 0);
      if (buffer.subarray(0, PEEK).includes(0)) continue;
      files.push({ path, content: buffer.toString('utf8'), bytes: size });
    } catch {
      // Listed but gone (deleted in the working tree) or unreadable: the scan skips it too.
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }
  return { listed: new Set(listed).size, files };
}

async function secretlintPass(files) {
  let found = 0;
  for (const file of files) {
    const result = await lintSource({
      source: { filePath: join(ROOT, file.path), content: file.content, contentType: 'text' },
      options: { config: { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: recommended }] }, noPhysicFilePath: true },
    });
    found += result.messages.length;
  }
  return found;
}

export async function securityScanBench({ runs = 7 } = {}) {
  const { listed, files } = readRepositoryFiles();
  const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
  const kernel = await Kernel.start({
    loaded: { file: null, dir: ROOT, config: checkConfig({ plugins: ['project', 'adr', 'security', 'scoring'] }, 'bench config') },
    cwd: ROOT,
    storePath: ':memory:',
    logger: createRootLogger('silent'),
  });
  let ours;
  let last;
  try {
    ours = await timedCalls(kernel, 'deployment_readiness', { operation: 'security_scan', strictMode: false }, runs, (d) => {
      last = d.security;
      // Every listed file is either scanned or skipped with a reason (within 1%: the tree may change while the bench runs).
      const seen = d.security.filesScanned + d.security.skippedTotal;
      return Math.abs(seen - listed) <= Math.ceil(listed / 100) ? null : `${seen} files scanned or skipped, ${listed} listed`;
    });
  } finally {
    await kernel.stop();
  }

  await secretlintPass(files); // warm-up
  const times = [];
  let theirFindings = 0;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    theirFindings = await secretlintPass(files);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const theirs = times[Math.floor(times.length / 2)];

  const mb = (n) => (n / 1e6).toFixed(2);
  const row = (name, fileCount, byteCount, ms, findings, wrong) => [name, String(fileCount), mb(byteCount), ms.toFixed(0), ((fileCount / ms) * 1000).toFixed(0), (byteCount / 1e6 / (ms / 1000)).toFixed(2), String(findings), wrong ? `WRONG (${wrong})` : 'info'];
  return {
    title: `Security scan of this repository's files (${listed} listed)`,
    columns: ['Scanner', 'Files', 'MB', 'Median ms', 'Files/s', 'MB/s', 'Findings', 'Result'],
    rows: [
      row('deployment_readiness security_scan (listing, read, scan, sensitive names)', last.filesScanned, last.bytesScanned, ours.median, last.totalFindings, ours.wrong),
      row('secretlint (recommended preset, files already in memory)', files.length, bytes, theirs, theirFindings, null),
    ],
  };
}
