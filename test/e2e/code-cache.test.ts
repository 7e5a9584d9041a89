/**
 * The installed command runs the bundled CLI from V8's code cache (core/cli/launcher.ts,
 * written by core/cli/build-code-cache.mjs). The cache is only an optimisation: without it,
 * or with one V8 rejects, the command works the same and `doctor` says why starts are slower.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Module from 'node:module';
import { promisify } from 'node:util';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, binPath, createWorkspace, HOOK_TIMEOUT_MS, repoRoot, runCli, serverEnv, SPAWN_TIMEOUT_MS } from './helpers.js';

const run = promisify(execFile);

/** A copy of the launcher and the bundle (with node_modules reachable), with `cache` as its code cache. */
function installCopy(parent: string, cache: Buffer | undefined): string {
  const dist = join(parent, 'install', 'dist');
  mkdirSync(dist, { recursive: true });
  symlinkSync(join(repoRoot, 'node_modules'), join(parent, 'install', 'node_modules'));
  for (const file of ['toolpack.mjs', 'toolpack.cjs']) copyFileSync(join(repoRoot, 'dist', file), join(dist, file));
  if (cache) writeFileSync(join(dist, 'toolpack.cjs.cache'), cache);
  return join(dist, 'toolpack.mjs');
}

/** initialize + tools/list over stdio to `bin`; the names listed. */
async function listedTools(bin: string, cwd: string): Promise<string[]> {
  const lines = [
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '0' } } },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'tools/list' },
  ];
  const child = execFile(process.execPath, [bin, 'serve'], { cwd, env: serverEnv(), maxBuffer: 16 * 1024 * 1024, timeout: SPAWN_TIMEOUT_MS });
  let out = '';
  child.stdout!.on('data', (chunk: string) => {
    out += chunk;
    if (out.includes('"id":2')) child.stdin!.end();
  });
  for (const line of lines) child.stdin!.write(`${JSON.stringify(line)}\n`);
  await new Promise((resolve) => child.once('close', resolve));
  const answer = out.split('\n').find((line) => line.includes('"id":2'));
  return (JSON.parse(answer!) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name);
}

describe('start-up code cache', () => {
  beforeAll(assertBuilt, HOOK_TIMEOUT_MS);

  it('is used by the installed command: doctor has no warning about it', async () => {
    const ws = createWorkspace();
    const doctor = await runCli(['doctor'], { cwd: ws.dir });
    expect(doctor.stdout).toContain('Start-up:');
    expect(doctor.stdout).not.toContain('code cache');
  });

  it('a rejected cache (another Node build, damaged file) still serves every tool, and doctor names it', async () => {
    const ws = createWorkspace();
    const expected = await listedTools(binPath, ws.dir);
    const bin = installCopy(ws.parent, Buffer.from('not a V8 code cache'.repeat(64)));
    expect(await listedTools(bin, ws.dir)).toEqual(expected);
    const doctor = await run(process.execPath, [bin, 'doctor'], { cwd: ws.dir, env: serverEnv() }).catch((e: { stdout: string }) => e);
    expect(doctor.stdout).toContain('the start-up code cache is rejected');
  });

  it('a missing cache still serves every tool, and doctor names it', async () => {
    const ws = createWorkspace();
    const expected = await listedTools(binPath, ws.dir);
    const bin = installCopy(ws.parent, undefined);
    expect(await listedTools(bin, ws.dir)).toEqual(expected);
    const doctor = await run(process.execPath, [bin, 'doctor'], { cwd: ws.dir, env: serverEnv() }).catch((e: { stdout: string }) => e);
    expect(doctor.stdout).toContain('the start-up code cache is missing');
    rmSync(join(ws.parent, 'install'), { recursive: true, force: true });
  });

  it('the cache the build wrote is accepted by V8 for the bundle the launcher runs', () => {
    const bundle = join(repoRoot, 'dist', 'toolpack.cjs');
    const script = new vm.Script(Module.wrap(readFileSync(bundle, 'utf8')), {
      filename: bundle,
      cachedData: readFileSync(join(repoRoot, 'dist', 'toolpack.cjs.cache')),
    });
    expect(script.cachedDataRejected).toBe(false);
  });
});
