/**
 * Helpers for the attack suite: each test plays an untrusted MCP client. A
 * client connects to a server started the way users start it: in process with
 * the built-in packs and a real store file (`inProcessClient`), or as the
 * built CLI over stdio (`stdioClient`).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request, type Agent } from 'node:http';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { onTestFinished } from 'vitest';
import { startToolpack } from '../../core/bootstrap.js';
import type { Kernel } from '../../core/kernel/kernel.js';
import { createRootLogger } from '../../core/services/logger.js';
import { connectTestClient } from '../../sdk/testing.js';
import { binPath, serverEnv, SPAWN_TIMEOUT_MS, waitForExit, type HttpServerProcess } from '../e2e/helpers.js';
import { outcome, type CallOutcome } from '../helpers/tool-result.js';

export { createWorkspace, assertBuilt, binPath, serverEnv, startHttpServer, runCli } from '../e2e/helpers.js';
export { outcome };

export interface AttackClient {
  client: Client;
  kernel?: Kernel;
  /** Call a tool and read the result (isError, structured data, first text). */
  call(tool: string, args: Record<string, unknown>): Promise<CallOutcome>;
}

const wrap = (client: Client, kernel?: Kernel): AttackClient => ({
  client,
  kernel,
  call: async (tool, args) => outcome((await client.callTool({ name: tool, arguments: args })) as never),
});

/**
 * Every built-in pack served for `workspace` (its config, if any, is read as the CLI
 * would), store in `<workspace>/.toolpack/toolpack.db`, connected to an SDK client in
 * memory. Closed when the test finishes.
 */
export async function inProcessClient(workspace: string, options: { logLevel?: 'silent' | 'debug' | 'trace'; logFile?: string } = {}): Promise<AttackClient> {
  const logger = createRootLogger(options.logLevel ?? 'silent', options.logFile ? { destination: options.logFile } : undefined);
  const kernel = await startToolpack({ cwd: workspace, logger });
  const client = await connectTestClient(kernel);
  onTestFinished(async () => {
    await client.close().catch(() => {});
    await kernel.stop();
  });
  return wrap(client, kernel);
}

/** `toolpack serve` (the built bin) over stdio in `workspace`, as an MCP client launches it. */
export async function stdioClient(workspace: string, env: Record<string, string> = {}): Promise<AttackClient & { stderr(): string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [binPath, 'serve'], cwd: workspace, env: serverEnv(env), stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'attacker', version: '0.0.0' });
  await client.connect(transport);
  onTestFinished(() => client.close().catch(() => {}));
  return { ...wrap(client), stderr: () => stderr };
}

/**
 * Run `call` and, while it runs, ping from a second client of the same server (at least 5 pings).
 * Returns the call's outcome, the pings' round trips, how many of them were answered before the
 * call ended (`during`) and how long the call took (`callMs`): on a busy machine assert the order
 * (answered during the call, each a fraction of it), not milliseconds.
 */
export async function pingDuring<T>(attacker: AttackClient, call: () => Promise<T>): Promise<{ result: T; pings: number[]; during: number; callMs: number }> {
  const other = await connectTestClient(attacker.kernel!);
  await other.ping(); // warm
  const began = performance.now();
  let ended: number | undefined;
  const running = call().finally(() => (ended = performance.now()));
  const pings: number[] = [];
  let during = 0;
  while (ended === undefined || pings.length < 5) {
    const started = performance.now();
    await other.ping();
    pings.push(performance.now() - started);
    if (ended === undefined) during++;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await other.close();
  return { result: await running, pings, during, callMs: ended! - began };
}

export const storeFile = (workspace: string) => join(workspace, '.toolpack', 'toolpack.db');

// ---- Raw transports: what an attacker sends without an SDK client in the way. ----

export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'attacker', version: '0.0.0' } },
} as const;

export interface RawStdio {
  pid: number;
  /** Write one line (an object is JSON-encoded); strings are written as given, newline included by the caller. */
  send(message: object | string): void;
  /** The first message from the server with this id (null: the next one with id null not seen before). */
  reply(id: string | number | null, timeoutMs?: number): Promise<any>;
  alive(): boolean;
  stderr(): string;
}

/** `toolpack serve` over stdio with raw line access, initialized; killed when the test finishes. */
export async function rawStdio(workspace: string, env: Record<string, string> = {}): Promise<RawStdio> {
  const child = spawn(process.execPath, [binPath, 'serve'], { cwd: workspace, env: serverEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
  onTestFinished(async () => {
    child.kill('SIGKILL');
    await waitForExit(child);
  });
  let buffer = '';
  let stderr = '';
  const messages: any[] = [];
  const waiters: Array<() => void> = [];
  child.stdin.on('error', () => {});
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      messages.push(JSON.parse(buffer.slice(0, newline)));
      buffer = buffer.slice(newline + 1);
    }
    for (const wake of waiters.splice(0)) wake();
  });
  const taken = new Set<any>();
  const raw: RawStdio = {
    pid: child.pid!,
    send: (message) => void child.stdin.write(typeof message === 'string' ? message : `${JSON.stringify(message)}\n`),
    reply: (id, timeoutMs = SPAWN_TIMEOUT_MS) =>
      new Promise((resolvePromise, reject) => {
        const timer = setTimeout(() => reject(new Error(`no reply with id ${id} within ${timeoutMs} ms (alive: ${raw.alive()})\nstderr: ${stderr}`)), timeoutMs);
        const look = () => {
          const found = messages.find((m) => !taken.has(m) && m.id === id);
          if (found) {
            taken.add(found);
            clearTimeout(timer);
            return resolvePromise(found);
          }
          if (!raw.alive()) {
            clearTimeout(timer);
            return reject(new Error(`the server exited (code ${child.exitCode}) before replying to id ${id}\nstderr: ${stderr}`));
          }
          waiters.push(look);
        };
        child.once('exit', () => waiters.splice(0).forEach((wake) => wake()));
        look();
      }),
    alive: () => child.exitCode === null && child.signalCode === null,
    stderr: () => stderr,
  };
  raw.send(INITIALIZE);
  await raw.reply(1);
  raw.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return raw;
}

const ANY_BANNER = /serving (\d+) tools at (http:\/\/(\S+):(\d+)\/mcp)/;

/**
 * `toolpack serve --http ...args` on any host (the e2e helper expects 127.0.0.1),
 * resolved once the banner names the URL; stopped when the test finishes.
 */
export function startHttpAt(args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<HttpServerProcess & { host: string }> {
  const child = spawn(process.execPath, [binPath, 'serve', '--http', '--port', '0', ...args], { cwd: options.cwd, env: serverEnv(options.env), stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return waitForExit(child);
  };
  onTestFinished(async () => void (await stop()));
  let stderr = '';
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL within ${SPAWN_TIMEOUT_MS} ms\nstderr: ${stderr}`)), SPAWN_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`toolpack serve --http exited (code ${code}) before printing its URL\nstderr: ${stderr}`));
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const match = ANY_BANNER.exec(stderr);
      if (!match) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolvePromise({ child, url: match[2]!, host: match[3]!, port: Number(match[4]), toolCount: Number(match[1]), banner: match[0], stderr: () => stderr, stop });
    });
  });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The body as JSON, or as the data line of an SSE event. */
  json(): any;
}

/** One HTTP request with node:http, so Host, Origin and the connection are under the test's control. */
export function rawRequest(url: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; agent?: Agent } = {}): Promise<RawResponse> {
  const target = new URL(url);
  const body = options.body ?? '';
  return new Promise((resolvePromise, reject) => {
    const req = request(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.pathname,
        method: options.method ?? 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'content-length': Buffer.byteLength(body), ...options.headers },
        agent: options.agent ?? false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (c: string) => (text += c));
        res.on('error', reject);
        res.on('end', () =>
          resolvePromise({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text,
            json: () => JSON.parse(/^data: (.*)$/m.exec(text)?.[1] ?? text),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Resident memory of a process in bytes (Linux /proc). */
export function rssBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}
