// A throwaway PostgreSQL cluster for the tests and the benchmarks (plain .mjs so both can
// load it; types in postgres.d.mts): Debian's initdb in a temp folder, pg_ctl on 127.0.0.1
// at a free port, sockets in that folder, run as `nobody` under root (PostgreSQL refuses
// root), stopped and deleted by stop(). Durability is off: a test cluster need not survive
// a crash, and the bench compares the engines' query paths, not the disk's fsync.
// startPostgres() resolves to { url, stop() } or { skipped: reason } (for describe.skipIf titles).
import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, parse } from 'node:path';
import pg from 'pg';

export const POSTGRES_NOT_FOUND = 'PostgreSQL binaries not found (install Debian package postgresql; .ci/run does)';
const NO_NOBODY = 'running as root and there is no user "nobody" to run PostgreSQL as';
const USER = 'toolpack';
const READY_TIMEOUT_MS = 30_000;

/** Debian's highest version's bin folder, else the first PATH folder with initdb and pg_ctl. */
export function findPostgresBin() {
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? readdirSync(debian).filter((v) => /^\d+(\.\d+)?$/.test(v)) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  const candidates = [...versions.map((v) => join(debian, v, 'bin')), ...(process.env.PATH ?? '').split(delimiter).filter(Boolean)];
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
}

function run(file, args, runAs, timeoutMs = 60_000) {
  // A clean locale: initdb refuses locales that are not installed.
  const options = { timeout: timeoutMs, encoding: 'utf8', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', LANG: 'C' }, ...(runAs ?? {}) };
  return new Promise((resolvePromise, reject) => {
    execFile(file, args, options, (error, stdout, stderr) => {
      if (error) reject(new Error(`${file} ${args.join(' ')} failed: ${error.message}\n${stderr}${stdout}`));
      else resolvePromise(stdout);
    });
  });
}

/** Under root, the uid/gid of `nobody`; a string says why there is none. */
function unprivilegedUser() {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const id = (flag) => Number(execFileSync('id', [flag, 'nobody'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return NO_NOBODY;
  }
}

/** Why a cluster cannot be started here, or undefined when it can: synchronous, for describe.skipIf and its title. */
export function postgresUnavailable() {
  if (!findPostgresBin()) return POSTGRES_NOT_FOUND;
  const runAs = unprivilegedUser();
  return typeof runAs === 'string' ? runAs : undefined;
}

/** Every folder from `dir` to the root lets others through, so `nobody` can reach inside. */
function traversable(dir) {
  for (let d = dir; ; d = dirname(d)) {
    if ((statSync(d).mode & 0o001) === 0) return false;
    if (d === parse(d).root) return true;
  }
}

function freePort() {
  return new Promise((resolvePromise, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePromise(port));
    });
  });
}

async function waitUntilReady(url) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not accept connections within ${READY_TIMEOUT_MS} ms: ${error.message}`);
      await new Promise((r) => setTimeout(r, Math.min(50 * 2 ** attempt, 500)));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

function postmasterPid(dataDir) {
  try {
    const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** `max_connections`: two serving instances with their pools of 10 plus the bench's own clients fit. */
export async function startPostgres({ maxConnections = 100 } = {}) {
  const bin = findPostgresBin();
  if (!bin) return { skipped: POSTGRES_NOT_FOUND };
  const runAs = unprivilegedUser();
  if (typeof runAs === 'string') return { skipped: runAs };

  const base = runAs && !traversable(tmpdir()) ? '/tmp' : tmpdir();
  const root = mkdtempSync(join(base, 'toolpack-pg-'));
  const dataDir = join(root, 'data');
  const logFile = join(root, 'server.log');
  const password = `pw-${Math.random().toString(36).slice(2)}`;
  let onExit;
  const remove = () => rmSync(root, { recursive: true, force: true });
  try {
    const pwFile = join(root, 'password');
    writeFileSync(pwFile, `${password}\n`);
    if (runAs) {
      chownSync(root, runAs.uid, runAs.gid);
      chownSync(pwFile, runAs.uid, runAs.gid);
    }
    await run(join(bin, 'initdb'), ['-D', dataDir, '-U', USER, `--pwfile=${pwFile}`, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'], runAs);
    appendFileSync(
      join(dataDir, 'postgresql.conf'),
      ['', "listen_addresses = '127.0.0.1'", `unix_socket_directories = '${root}'`, 'fsync = off', 'synchronous_commit = off', 'full_page_writes = off', "shared_buffers = '32MB'", `max_connections = ${maxConnections}`, ''].join('\n'),
    );
    // The probed port may be taken before the start: try another (the last `port` line wins).
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
    // A process killed without stop() leaves no postmaster behind.
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
      signal(name) {
        // The postmaster and its children (each connection's backend): SIGSTOP on all of them freezes the server as a hung host would.
        const parent = postmasterPid(dataDir);
        if (!parent) throw new Error('PostgreSQL is not running');
        const children = readdirSync('/proc')
          .filter((entry) => /^\d+$/.test(entry))
          .filter((entry) => {
            try {
              return Number(readFileSync(`/proc/${entry}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ')[1]) === parent;
            } catch {
              return false;
            }
          })
          .map(Number);
        for (const pid of [parent, ...children]) {
          try {
            process.kill(pid, name);
          } catch {
            /* exited meanwhile */
          }
        }
      },
      async stop() {
        if (stopped) return;
        stopped = true;
        process.off('exit', onExit);
        try {
          await run(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop'], runAs);
        } catch {
          onExit();
        }
        remove();
      },
    };
  } catch (error) {
    const log = existsSync(logFile) ? `\nserver log:\n${readFileSync(logFile, 'utf8').slice(-4000)}` : '';
    onExit?.();
    if (onExit) process.off('exit', onExit);
    remove();
    throw new Error(`${error.message}${log}`);
  }
}

/** A fresh, empty database `name` on the cluster of `url` (dropped first), so each test file or measurement starts alike; its URL. */
export async function createDatabase(url, name) {
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
