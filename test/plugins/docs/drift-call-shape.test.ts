/**
 * detect_documentation_drift reports a signature change only when a documented call would break:
 * fastify's `fastify(options)` becoming `fastify(serverOptions)` is no drift; a new required
 * parameter, a removed one or a changed destructured key is, and in Python a renamed keyword is.
 */
import { describe, expect, it } from 'vitest';
import { callShape } from '../../../plugins/docs/drift/signatures.js';

const same = (a: string, b: string, file = 'src/index.ts') => callShape(a, file) === callShape(b, file);

describe('drift call shape', () => {
  it('ignores renamed positional parameters and new type annotations in JavaScript and TypeScript', () => {
    expect(same('fastify(options)', 'fastify(serverOptions)', 'fastify.js')).toBe(true);
    expect(same('connect(url: string, options?: Options)', 'connect(address: URL | string, opts?: ClientOptions)')).toBe(true);
    expect(same('route(path, handler = () => {})', 'route(p, h = defaultHandler)')).toBe(true);
  });

  it('reports added, removed or made-required parameters and changed destructured keys', () => {
    expect(same('createClient(url, options)', 'createClient(url)')).toBe(false);
    expect(same('listen(port = 3000)', 'listen(port)')).toBe(false);
    expect(same('listen({ port, host })', 'listen({ port, address })')).toBe(false);
    expect(same('log(...args)', 'log(message)')).toBe(false);
  });

  it('compares keyword names in Python', () => {
    expect(same('fetch(url, timeout=10)', 'fetch(url, deadline=10)', 'pkg/client.py')).toBe(false);
    expect(same('fetch(url: str, timeout: float = 10)', 'fetch(url, timeout=10.0)', 'pkg/client.py')).toBe(true);
  });
});
