/**
 * examples/team-server/compose.yaml is documentation that no test runs with
 * Docker; this checks it says what the README promises: PostgreSQL with a
 * volume and a healthcheck, two stateless Toolpack instances on that database
 * with a bearer token, and a proxy balancing across both, with flags the CLI
 * really accepts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseCli } from '../../core/cli/args.js';

const dir = fileURLToPath(new URL('../../examples/team-server/', import.meta.url));
const compose = parse(readFileSync(join(dir, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, { command?: string[]; environment?: Record<string, string>; volumes?: string[]; healthcheck?: { test: string[] }; depends_on?: unknown; image?: string; ports?: string[] }>;
  volumes?: Record<string, unknown>;
};
const INSTANCES = ['toolpack-a', 'toolpack-b'];

describe('examples/team-server/compose.yaml', () => {
  it('has PostgreSQL with a named volume and a healthcheck', () => {
    const postgres = compose.services.postgres!;
    expect(postgres.image).toMatch(/^postgres:/);
    const [volume] = postgres.volumes![0]!.split(':');
    expect(Object.keys(compose.volumes ?? {})).toContain(volume);
    expect(postgres.healthcheck!.test).toContain('pg_isready');
  });

  it.each(INSTANCES)('%s serves stateless HTTP on all interfaces, with a token, on the shared PostgreSQL store', (name) => {
    const service = compose.services[name]!;
    // The command as the CLI parses it (compose variables left as written).
    const args = parseCli(service.command!);
    expect(args).toMatchObject({ command: 'serve', http: true, stateless: true, host: '0.0.0.0', port: 3333 });

    const env = service.environment!;
    expect(env.TOOLPACK_TOKEN).toMatch(/^\$\{TOOLPACK_TOKEN:\?/);
    const store = new URL(env.TOOLPACK_STORE_URL!.replace(/\$\{POSTGRES_PASSWORD[^}]*\}/, 'secret'));
    expect(store.protocol).toBe('postgres:');
    expect(store.hostname).toBe('postgres');
    const db = compose.services.postgres!.environment!;
    expect(store.pathname).toBe(`/${db.POSTGRES_DB}`);
    expect(store.username).toBe(db.POSTGRES_USER);
    expect(service.depends_on).toMatchObject({ postgres: { condition: 'service_healthy' } });
  });

  it('both instances are one definition: the same workspace, command and store', () => {
    const [a, b] = INSTANCES.map((name) => compose.services[name]!);
    expect(a).toEqual(b);
    expect(a!.volumes!.some((v) => v.endsWith(':/workspace'))).toBe(true);
  });

  it('only the proxy is published, and its Caddyfile balances across both instances on their port', () => {
    const published = Object.entries(compose.services).filter(([, s]) => s.ports?.length).map(([name]) => name);
    expect(published).toEqual(['proxy']);
    expect(compose.services.proxy!.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
    const caddyfile = readFileSync(join(dir, 'Caddyfile'), 'utf8');
    const upstreams = /reverse_proxy\s+\/mcp\s+([^{]+)\{/.exec(caddyfile)![1]!.trim().split(/\s+/);
    expect(upstreams.sort()).toEqual(INSTANCES.map((name) => `${name}:3333`));
  });
});
