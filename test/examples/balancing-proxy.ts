/**
 * A loopback reverse proxy with the load-balancing semantics examples/team-server/Caddyfile
 * asks of Caddy, for machines without Caddy: the available upstream with the fewest requests in
 * flight (least_conn; ties taken in turn, where Caddy picks one at random); an active health
 * check (GET health_uri every health_interval, health_status expected); a passive one when the
 * Caddyfile sets max_fails (that many failures within fail_duration take an upstream out); a request whose upstream cannot be
 * connected to is tried on the next one until lb_try_duration has passed (every lb_try_interval
 * when none is available), and answered 503 then; a request that reached an upstream which
 * then failed is not sent again (502). Settings are read from the Caddyfile itself.
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxySettings {
  lbPolicy: string;
  tryDurationMs: number;
  tryIntervalMs: number;
  healthUri: string;
  healthIntervalMs: number;
  healthTimeoutMs: number;
  healthStatus: number;
  /** Passive health check, off when the Caddyfile sets no max_fails. */
  failDurationMs: number;
  maxFails: number;
  dialTimeoutMs: number;
  /** keepalive off: one upstream connection per request (this proxy never pools: agent false). */
  keepAlive: boolean;
}

const durationMs = (value: string) => {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(value);
  if (!match) throw new Error(`not a Caddy duration: ${value}`);
  return Number(match[1]) * { ms: 1, s: 1000, m: 60_000 }[match[2] as 'ms' | 's' | 'm'];
};

/** The reverse_proxy settings of a Caddyfile (the directives this proxy implements). */
export function caddySettings(caddyfile: string): ProxySettings {
  const optional = (name: string) => new RegExp(`^\\s*${name}\\s+(\\S+)\\s*$`, 'm').exec(caddyfile)?.[1];
  const value = (name: string) => {
    const found = optional(name);
    if (found === undefined) throw new Error(`the Caddyfile sets no ${name}`);
    return found;
  };
  return {
    lbPolicy: value('lb_policy'),
    tryDurationMs: durationMs(value('lb_try_duration')),
    tryIntervalMs: durationMs(value('lb_try_interval')),
    healthUri: value('health_uri'),
    healthIntervalMs: durationMs(value('health_interval')),
    healthTimeoutMs: durationMs(value('health_timeout')),
    healthStatus: Number(value('health_status')),
    failDurationMs: optional('max_fails') ? durationMs(value('fail_duration')) : 0,
    maxFails: Number(optional('max_fails') ?? 0),
    dialTimeoutMs: durationMs(value('dial_timeout')),
    keepAlive: value('keepalive') !== 'off',
  };
}

interface Upstream {
  host: string;
  port: number;
  healthy: boolean;
  failures: number[];
  inFlight: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface RunningProxy {
  url: string;
  /** What the proxy logged (Caddy's stderr), shown when a call fails. */
  log?: () => string;
  close(): Promise<void>;
}

export async function startBalancingProxy(upstreams: { host: string; port: number }[], settings: ProxySettings): Promise<RunningProxy> {
  if (settings.lbPolicy !== 'least_conn') throw new Error(`lb_policy ${settings.lbPolicy} is not implemented here`);
  const pool: Upstream[] = upstreams.map((u) => ({ ...u, healthy: true, failures: [], inFlight: 0 }));
  let next = 0;

  const available = (u: Upstream, now: number) => {
    u.failures = u.failures.filter((t) => now - t < settings.failDurationMs);
    return u.healthy && (settings.maxFails === 0 || u.failures.length < settings.maxFails);
  };
  const pick = (): Upstream | undefined => {
    const now = Date.now();
    const start = next++;
    let best: Upstream | undefined;
    for (let i = 0; i < pool.length; i++) {
      const u = pool[(start + i) % pool.length]!;
      if (available(u, now) && (!best || u.inFlight < best.inFlight)) best = u;
    }
    return best;
  };

  const probe = (u: Upstream) =>
    new Promise<void>((resolve) => {
      const req = request({ host: u.host, port: u.port, path: settings.healthUri, method: 'GET', timeout: settings.healthTimeoutMs, agent: false }, (res) => {
        u.healthy = res.statusCode === settings.healthStatus;
        res.resume();
        resolve();
      });
      req.on('timeout', () => req.destroy(new Error('health check timed out')));
      req.on('error', () => {
        u.healthy = false;
        resolve();
      });
      req.end();
    });
  const checker = setInterval(() => pool.forEach((u) => void probe(u)), settings.healthIntervalMs);

  /** One attempt: 'unreachable' when no connection was made (the request may go elsewhere). */
  const attempt = (u: Upstream, req: IncomingMessage, body: Buffer, res: import('node:http').ServerResponse) =>
    new Promise<'done' | 'unreachable' | 'failed'>((settle) => {
      let connected = false;
      u.inFlight++;
      let settled = false;
      const resolve = (outcome: 'done' | 'unreachable' | 'failed') => {
        if (!settled) (settled = true), u.inFlight--;
        settle(outcome);
      };
      const out = request({ host: u.host, port: u.port, path: req.url, method: req.method, headers: req.headers, agent: false }, (upstream) => {
        res.writeHead(upstream.statusCode ?? 502, upstream.headers);
        upstream.pipe(res);
        upstream.on('error', () => res.destroy());
        upstream.on('end', () => resolve('done'));
        res.on('close', () => resolve('done'));
      });
      const dial = setTimeout(() => out.destroy(new Error('dial timeout')), settings.dialTimeoutMs);
      out.on('socket', (socket) => socket.once('connect', () => ((connected = true), clearTimeout(dial))));
      out.on('error', () => {
        clearTimeout(dial);
        u.failures.push(Date.now());
        resolve(connected ? 'failed' : 'unreachable');
      });
      out.end(body);
    });

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const deadline = Date.now() + settings.tryDurationMs;
    for (;;) {
      const upstream = pick();
      const outcome = upstream ? await attempt(upstream, req, body, res) : 'unreachable';
      if (outcome === 'done') return;
      if (outcome === 'failed') {
        if (!res.headersSent) res.writeHead(502).end();
        else res.destroy();
        return;
      }
      if (Date.now() >= deadline) return void res.writeHead(upstream ? 502 : 503).end();
      await sleep(settings.tryIntervalMs);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async close() {
      clearInterval(checker);
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
