/**
 * A throwaway PostgreSQL for tests: a cluster made with Debian's `initdb` in a
 * temp folder, started with `pg_ctl` on 127.0.0.1 at a free port (unix sockets
 * in the folder, never the system's), stopped and deleted by `stop()`.
 * PostgreSQL refuses to run as root, so under root the binaries run as
 * `nobody` (the folder is chowned to it). Without the binaries, `startPostgres`
 * returns `{ skipped }` with the reason, for `describe.skipIf(...)` titles.
 */
import { execFile, execFileSync, type ExecFileOptions } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, parse } from 'node:path';
import pg from 'pg';

export const POSTGRES_NOT_FOUND = 'PostgreSQL binaries not found (install Debian package postgresql; .ci/run does)';

export interface RunningPostgres {
  /** postgres://toolpack:<password>@127.0.0.1:<port>/postgres */
  url: string;
  stop(): Promise<void>;
}

export type StartedPostgres = RunningPostgres | { skipped: string };

const USER = 'toolpack';
const READY_TIMEOUT_MS = 30_000;

/** The folder holding initdb and pg_ctl: Debian's highest version, else the first on PATH. */
export function findPostgresBin(): string | undefined {
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? readdirSync(debian).filter((v) => /^\d+(\.\d+)?$/.test(v)) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  const candidates = [...versions.map((v) => join(debian, v, 'bin')), ...(process.env.PATH ?? '').split(delimiter).filter(Boolean)];
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
}

const NO_NOBODY = 'running as root and there is no user "nobody" to run PostgreSQL as';

/**
 * Why a cluster cannot be started here, or undefined when it can: synchronous, for
 * `describe.skipIf(reason !== undefined)` and a test title that says why.
 */
export function postgresUnavailable(): string | undefined {
  if (!findPostgresBin()) return POSTGRES_NOT_FOUND;
  if (process.getuid?.() !== 0) return undefined;
  try {
    execFileSync('id', ['-u', 'nobody'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return NO_NOBODY;
  }
}

interface RunAs {
  uid: number;
  gid: number;
}

function run(file: string, args: string[], runAs: RunAs | undefined, timeoutMs = 60_000): Promise<string> {
  // A clean locale: initdb refuses locales that are not installed.
  const options: ExecFileOptions = { timeout: timeoutMs, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', LANG: 'C' }, ...(runAs ?? {}) };
  return new Promise((resolvePromise, reject) => {
    execFile(file, args, { ...options, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${file} ${args.join(' ')} failed: ${error.message}\n${stderr}${stdout}`));
      else resolvePromise(stdout);
    });
  });
}

/** Root cannot run PostgreSQL: run it as `nobody` (libuv drops the supplementary groups when it switches). */
async function unprivilegedUser(): Promise<RunAs | undefined | string> {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const uid = Number((await run('id', ['-u', 'nobody'], undefined)).trim());
    const gid = Number((await run('id', ['-g', 'nobody'], undefined)).trim());
    return { uid, gid };
  } catch {
    return NO_NOBODY;
  }
}

/** Every folder from `dir` up to the root lets others through, so `nobody` can reach a folder inside it. */
function traversable(dir: string): boolean {
  for (let d = dir; ; d = dirname(d)) {
    if ((statSync(d).mode & 0o001) === 0) return false;
    if (d === parse(d).root) return true;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePromise(port));
    });
  });
}

async function waitUntilReady(url: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not accept connections within ${READY_TIMEOUT_MS} ms: ${(error as Error).message}`);
      await new Promise((r) => setTimeout(r, Math.min(50 * 2 ** attempt, 500)));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/** The postmaster's pid from its pid file, if it is running. */
function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export async function startPostgres(): Promise<StartedPostgres> {
  const bin = findPostgresBin();
  if (!bin) return { skipped: POSTGRES_NOT_FOUND };
  const runAs = await unprivilegedUser();
  if (typeof runAs === 'string') return { skipped: runAs };

  const base = runAs && !traversable(tmpdir()) ? '/tmp' : tmpdir();
  const root = mkdtempSync(join(base, 'toolpack-pg-'));
  const dataDir = join(root, 'data');
  const logFile = join(root, 'server.log');
  const password = `pw-${Math.random().toString(36).slice(2)}`;
  let onExit: (() => void) | undefined;
  const remove = () => rmSync(root, { recursive: true, force: true });
  try {
    const pwFile = join(root, 'password');
    writeFileSync(pwFile, `${password}\n`);
    if (runAs) {
      chownSync(root, runAs.uid, runAs.gid);
      chownSync(pwFile, runAs.uid, runAs.gid);
    }
    // trust: loopback and the socket in our own folder need no password; the URL carries one anyway.
    await run(join(bin, 'initdb'), ['-D', dataDir, '-U', USER, `--pwfile=${pwFile}`, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'], runAs);

    // Fast and small: a test cluster need not survive a crash, and CI has two cores.
    appendFileSync(
      join(dataDir, 'postgresql.conf'),
      ['', "listen_addresses = '127.0.0.1'", `unix_socket_directories = '${root}'`, 'fsync = off', 'synchronous_commit = off', 'full_page_writes = off', "shared_buffers = '16MB'", 'max_connections = 100', ''].join('\n'),
    );
    // The free port may be taken between the probe and the start: try another (the last `port` line wins).
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      appendFileSync(join(dataDir, 'postgresql.conf'), `port = ${port}\n`);
      try {
        await run(join(bin, 'pg_ctl'), ['-D', dataDir, '-l', logFile, '-w', '-t', '30', 'start'], runAs);
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
    // If the test process dies without stop(), do not leave a postmaster behind.
    onExit = () => {
      const pid = postmasterPid(dataDir);
      if (pid) {
        try {
          process.kill(pid, 'SIGQUIT');
        } catch {
          /* already gone */
        }
      }
    };
    process.once('exit', onExit);
    const url = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
    await waitUntilReady(url);

    let stopped = false;
    return {
      url,
      async stop() {
        if (stopped) return;
        stopped = true;
        process.off('exit', onExit!);
        try {
          await run(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop'], runAs);
        } catch {
          onExit!();
        }
        remove();
      },
    };
  } catch (error) {
    const log = existsSync(logFile) ? `\nserver log:\n${readFileSync(logFile, 'utf8').slice(-4000)}` : '';
    onExit?.();
    if (onExit) process.off('exit', onExit);
    remove();
    throw new Error(`${(error as Error).message}${log}`);
  }
}

/**
 * A fresh database `name` on the server of `url` (dropped first if a previous run left one),
 * so each test file works in its own; returns its URL.
 */
export async function createDatabase(url: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}" ENCODING 'UTF8'`);
  } finally {
    await client.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}
