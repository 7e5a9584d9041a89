/**
 * examples/team-server: two stateless instances behind the reverse proxy. Killing one (SIGKILL,
 * mid-load) must leave the other answering every request sent after the kill, instead of the
 * proxy answering 502 and then 503 for whole fail_duration cycles. Runs the real Caddy with the
 * example's own Caddyfile when Caddy is installed, and always a Node proxy that reads its
 * settings from that Caddyfile and implements their documented meaning (balancing-proxy.ts).
 * Also: a stateless client is reported as connected by check_ai_execution_status.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_PATH } from '../../core/server/http-health.js';
import { assertBuilt, createWorkspace, HOOK_TIMEOUT_MS, startHttpServer, type HttpServerProcess } from '../e2e/helpers.js';
import { caddyBinary, closesBodyOnRetry, startCaddy } from './caddy-proxy.js';
import { caddySettings, startBalancingProxy, type RunningProxy } from './balancing-proxy.js';

const caddyfile = readFileSync(fileURLToPath(new URL('../../examples/team-server/Caddyfile', import.meta.url)), 'utf8');
const settings = caddySettings(caddyfile);
const TOKEN = 'failover-test-token-5e2a';
const TEST_TIMEOUT = 120_000;
const CONCURRENCY = 6;
const BEFORE_KILL = 30;
const AFTER_KILL = 60;
const caddy = caddyBinary();

interface Outcome {
  startedAt: number;
  endedAt: number;
  ok: boolean;
  detail: string;
}

/** One tools/call read_file POST, as any MCP client sends it statelessly. */
async function readThroughProxy(url: string, id: number): Promise<Outcome> {
  const startedAt = Date.now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'read_file', arguments: { path: 'RUNBOOK.md' } } }),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    const ok = response.status === 200 && text.includes('Page the on-call');
    // A 200 whose event stream ends without the answer: the instance died after the proxy passed its headers on.
    const detail = response.status === 200 && !ok ? `stream cut: ${text.slice(0, 120)}` : `${response.status} ${text.slice(0, 120)}`;
    return { startedAt, endedAt: Date.now(), ok, detail };
  } catch (error) {
    return { startedAt, endedAt: Date.now(), ok: false, detail: (error as Error).message };
  }
}

describe('examples/team-server Caddyfile', () => {
  it('retries elsewhere when an instance cannot be reached, and health-checks the endpoint the server has', () => {
    // least_conn, not round_robin: a quick call goes to the instance not busy with a heavy one, and
    // Caddy's round robin could find no upstream (503 at once) while two requests raced past the dead one.
    expect(settings.lbPolicy).toBe('least_conn');
    expect(settings.healthUri).toBe(HEALTH_PATH);
    expect(settings.healthStatus).toBe(200);
    // Long enough to dial the dead instance (dial_timeout) and then the other one.
    expect(settings.tryDurationMs).toBeGreaterThan(2 * settings.dialTimeoutMs);
    // No passive check: it counted a failed retry against the instance still up and took both out (503
    // for everyone); the active check alone takes the dead one out, often enough to keep the window short.
    expect(settings.maxFails).toBe(0);
    expect(settings.healthIntervalMs).toBeLessThanOrEqual(1000);
    // A pooled connection to an instance that just died would fail the next POST with a 502
    // that is not retried; a fresh dial is refused and retried on the other instance.
    expect(settings.keepAlive).toBe(false);
  });
});

describe('team server failover: two stateless instances behind the proxy', () => {
  beforeAll(assertBuilt);
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    await Promise.all(cleanup.splice(0).map((f) => f().catch(() => {})));
  }, HOOK_TIMEOUT_MS);

  async function twoInstances() {
    const ws = createWorkspace({ 'RUNBOOK.md': '# Runbook\n\nPage the on-call engineer, then restart the reconciler.\n' });
    const start = () => startHttpServer(['--stateless', '--token', TOKEN, '--port', '0', '--host', '127.0.0.1'], { cwd: ws.dir });
    const [a, b] = [await start(), await start()];
    for (const instance of [a, b]) cleanup.push(async () => (instance.child.exitCode === null && instance.child.signalCode === null ? instance.stop() : undefined));
    return { a, b };
  }

  const proxies: [string, ((a: HttpServerProcess, b: HttpServerProcess) => Promise<RunningProxy>) | undefined][] = [
    ['the Node proxy with the Caddyfile settings', (a, b) => startBalancingProxy([{ host: '127.0.0.1', port: a.port }, { host: '127.0.0.1', port: b.port }], settings)],
    ['Caddy with the example Caddyfile', caddy ? (a, b) => startCaddy(caddy, caddyfile, { 'toolpack-a': a.port, 'toolpack-b': b.port }) : undefined],
  ];

  for (const [name, startProxy] of proxies) {
    it.skipIf(!startProxy)(`${name}: one instance killed mid-load, the other answers every later request`, { timeout: TEST_TIMEOUT }, async () => {
      const { a, b } = await twoInstances();
      const proxy = await startProxy!(a, b);
      cleanup.push(() => proxy.close());

      const outcomes: Outcome[] = [];
      let killing: number | undefined;
      let killedAt = Infinity;
      let id = 0;
      const afterKill = () => outcomes.filter((o) => o.startedAt > killedAt).length;
      // CONCURRENCY clients in a loop; one instance is SIGKILLed once BEFORE_KILL calls have answered.
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (afterKill() < AFTER_KILL && outcomes.length < BEFORE_KILL + AFTER_KILL * 3) {
            outcomes.push(await readThroughProxy(proxy.url, ++id));
            if (killing === undefined && outcomes.length >= BEFORE_KILL) {
              killing = Date.now();
              // "After the kill" starts when the process is gone: a call sent between the signal and
              // the exit may still have reached it.
              a.child.once('exit', () => (killedAt = Date.now()));
              a.child.kill('SIGKILL');
            }
          }
        }),
      );
      const before = outcomes.filter((o) => o.endedAt < killing!);
      const inFlight = outcomes.filter((o) => o.startedAt <= killedAt && o.endedAt >= killing!);
      const after = outcomes.filter((o) => o.startedAt > killedAt);
      expect(a.child.signalCode).toBe('SIGKILL');
      expect(before.filter((o) => !o.ok).map((o) => o.detail)).toEqual([]);
      // Only calls that reached the instance before it was gone may be lost (they may have written, so
      // the proxy does not send them again): they fail at once, with 502 or a cut stream, never hang.
      for (const lost of inFlight.filter((o) => !o.ok)) expect(lost.detail).toMatch(/^502|^stream cut|fetch failed|terminated/);
      // Every call sent after is answered.
      expect(after.length).toBeGreaterThanOrEqual(AFTER_KILL);
      let failedAfter = after.filter((o) => !o.ok);
      if (name.startsWith('Caddy') && closesBodyOnRetry(caddy!)) {
        // An old Caddy's own defect, not the Caddyfile's: a call it retried on B after the dial to the
        // dead A failed comes back 502 at once, and Caddy logs why. Any other failure still counts.
        const bodyClosed = (proxy.log?.().match(/invalid Read on closed Body/g) ?? []).length;
        const quick502 = failedAfter.filter((o) => o.detail === '502 ' && o.endedAt - o.startedAt < 10_000);
        expect(quick502.length).toBeLessThanOrEqual(bodyClosed);
        failedAfter = failedAfter.filter((o) => !quick502.includes(o));
      }
      expect(failedAfter.map((o) => `${o.detail} after ${o.endedAt - o.startedAt} ms`), `the proxy's log:\n${proxy.log?.()}`).toEqual([]);
      expect(b.child.exitCode).toBeNull();
    });
  }

  it('check_ai_execution_status through the proxy says a client is connected over stateless HTTP, with what the request tells of it', { timeout: TEST_TIMEOUT }, async () => {
    const { a, b } = await twoInstances();
    const proxy = await startBalancingProxy([{ host: '127.0.0.1', port: a.port }, { host: '127.0.0.1', port: b.port }], settings);
    cleanup.push(() => proxy.close());
    const transport = new StreamableHTTPClientTransport(new URL(proxy.url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}`, 'user-agent': 'team-dashboard/2.4.1 (linux)' } } });
    const client = new Client({ name: 'team-dashboard', version: '2.4.1' }, { capabilities: { sampling: {}, elicitation: {} } });
    cleanup.push(() => client.close());
    await client.connect(transport);
    // Twice: with nothing in flight the two calls go to the two instances in turn, and each must say the same.
    for (let i = 0; i < 2; i++) {
      const status = (await client.callTool({ name: 'check_ai_execution_status', arguments: {} })).structuredContent as any;
      expect(status.client).toEqual({ name: 'team-dashboard', version: '2.4.1' });
      expect(status.mode).toBe('deterministic');
      expect(status.sampling.available).toBe(false);
      expect(status.sampling.reason).toMatch(/team-dashboard is connected over stateless HTTP/);
      expect(status.sampling.reason).not.toMatch(/no MCP client|command line/);
      expect(status.elicitation.reason).toMatch(/connected over stateless HTTP.*pending tokens/);
    }
  });

  it(`answers ${HEALTH_PATH} without a token or a client's Host, and tells nothing else`, { timeout: TEST_TIMEOUT }, async () => {
    const { a } = await twoInstances();
    // The proxy probes by the instance's own name, which no --allowed-host lists.
    const health = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: a.port, path: HEALTH_PATH, headers: { host: 'toolpack-a:3333' } }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok' });
    // The MCP endpoint keeps its checks.
    const mcp = await fetch(`http://127.0.0.1:${a.port}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(mcp.status).toBe(401);
    await mcp.body?.cancel();
  });
});
