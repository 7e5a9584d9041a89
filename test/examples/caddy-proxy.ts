/**
 * Runs the real Caddy (when a `caddy` binary is on PATH) with examples/team-server/Caddyfile
 * itself, only re-addressed for loopback: the site's :8080 becomes a free port and the
 * toolpack-a:3333 / toolpack-b:3333 upstreams the given ports. Caddy's admin endpoint is off
 * and its data and config folders are a temporary one, so nothing of the machine's is touched.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningProxy } from './balancing-proxy.js';

/** The caddy binary on PATH, or undefined. */
export function caddyBinary(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v caddy'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : undefined;
}

/**
 * Caddy before 2.11.2 closes a request's body when the dial to the first upstream fails, so the
 * retry on the other one answers 502 "invalid Read on closed Body" (caddyserver/caddy#7546,
 * fixed by #7547 in March 2026). Debian 12 ships 2.6.2.
 */
export function closesBodyOnRetry(binary: string): boolean {
  const match = /v(\d+)\.(\d+)\.(\d+)/.exec(spawnSync(binary, ['version'], { encoding: 'utf8' }).stdout ?? '');
  if (!match) return true;
  const [major, minor, patch] = match.slice(1).map(Number) as [number, number, number];
  return major < 2 || (major === 2 && (minor < 11 || (minor === 11 && patch < 2)));
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

export async function startCaddy(binary: string, caddyfile: string, upstreams: Record<string, number>): Promise<RunningProxy> {
  const port = await freePort();
  let config = caddyfile.replace(/^:8080 \{/m, `http://127.0.0.1:${port} {`);
  for (const [name, upstreamPort] of Object.entries(upstreams)) config = config.replaceAll(`${name}:3333`, `127.0.0.1:${upstreamPort}`);
  const dir = mkdtempSync(join(tmpdir(), 'toolpack-caddy-'));
  const file = join(dir, 'Caddyfile');
  writeFileSync(file, `{\n\tadmin off\n\tauto_https off\n}\n${config}`);
  const child = spawn(binary, ['run', '--config', file, '--adapter', 'caddyfile'], {
    env: { PATH: process.env.PATH ?? '', HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  // Each JSON log line shortened to what tells a failure apart (time, logger, message, upstream, error).
  const brief = (line: string) => {
    try {
      const { ts, logger, msg, host, error, upstream, duration, status } = JSON.parse(line);
      return JSON.stringify({ ts, logger, msg, host, error, upstream, duration, status });
    } catch {
      return line;
    }
  };
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (log = (log + chunk.split('\n').map(brief).join('\n')).slice(-200_000)));
  const deadline = Date.now() + 20_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`caddy did not start listening on ${port}:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    log: () => log,
    async close() {
      const exited = new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
