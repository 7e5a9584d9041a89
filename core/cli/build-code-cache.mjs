// Writes V8's code cache for the bundled CLI (dist/toolpack.cjs.cache), which the launcher
// (core/cli/launcher.ts) hands to vm.Script so start-up does not compile the CLI's code.
// The cache is taken at the end of a real start: `toolpack serve` with every built-in pack,
// in an empty folder, answering initialize and tools/list, so the functions a start-up
// runs are compiled in it. It only holds compiled code (no data, nothing of the machine),
// and it is valid for this Node version and its V8 flags; another one ignores it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const cacheFile = join(dist, 'toolpack.cjs.cache');
rmSync(cacheFile, { force: true });

const messages = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'toolpack-build', version: '0' } } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
];

const cwd = mkdtempSync(join(tmpdir(), 'toolpack-code-cache-'));
try {
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(dist, 'toolpack.mjs'), 'serve'], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), TOOLPACK_LOG_LEVEL: 'silent', TOOLPACK_BUILD_CODE_CACHE: cacheFile },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      // The answer to tools/list is in: close stdin, and the server exits (writing the cache).
      if (out.includes('"id":2')) child.stdin.end();
    });
    for (const message of messages) child.stdin.write(`${JSON.stringify(message)}\n`);
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0 && existsSync(cacheFile)) resolve();
      else reject(new Error(`toolpack serve exited with ${code} before writing the code cache`));
    });
  });
} finally {
  rmSync(cwd, { recursive: true, force: true });
}
console.log(`wrote the start-up code cache (${Math.round(statSync(cacheFile).size / 1024)} KB) into dist/toolpack.cjs.cache`);
