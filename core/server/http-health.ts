/**
 * GET /healthz: whether this instance answers HTTP at all, for a load balancer's active health
 * check (examples/team-server/Caddyfile `health_uri`). It is answered before the Host, Origin and
 * token checks because a proxy probes each instance by its own address (`toolpack-a:3333`, a
 * Host no client uses) and holds no token; so it says nothing but "ok": no version, no
 * workspace, no store state, and it does no work a caller could make expensive.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const HEALTH_PATH = '/healthz';

export const isHealthCheck = (req: IncomingMessage) => (req.url ?? '/').split('?')[0] === HEALTH_PATH;

/** True when the request was the health check and has been answered. */
export function answerHealthCheck(req: IncomingMessage, res: ServerResponse): boolean {
  if (!isHealthCheck(req)) return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: 'error', message: `Method not allowed: ${HEALTH_PATH} answers GET and HEAD` }));
    return true;
  }
  const body = '{"status":"ok"}';
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body) });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
