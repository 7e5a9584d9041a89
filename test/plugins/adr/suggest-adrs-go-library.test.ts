/**
 * Issue 27 item 8: suggest_adrs on a Go library built on the Cosmos SDK (four modules,
 * container files only in its e2e suite, test harness, an example and the docs, and a docs
 * folder bundling Swagger UI). Those files show no separately deployable services and no
 * REST API the library serves: neither is proposed. Through a real MCP client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { project, writeTree } from '../project/fixtures.js';
import { goLibrary } from '../project/go-ibc-monorepo.js';
import { toolClient } from '../../helpers/tool-client.js';

const client = toolClient;

describe('suggest_adrs on a Go library with example Dockerfiles and a docs Swagger UI', () => {
  let library: Awaited<ReturnType<typeof client>>;
  beforeAll(async () => {
    library = await client(project(goLibrary(), 'toolpack-go-library-'));
  }, 60_000);
  afterAll(() => library?.close());

  it('proposes neither splitting into services nor a REST API', async () => {
    const result = await library.call('suggest_adrs', { maxSuggestions: 50 });
    const technologies = result.suggestions.map((s: any) => s.technology);
    expect(technologies).not.toContain('separately deployable services');
    expect(technologies).not.toContain('REST');
    expect(JSON.stringify(result.suggestions)).not.toMatch(/swagger/i);
    // Still a real answer: the four modules are a monorepo no ADR records.
    expect(technologies).toContain('a monorepo');
  }, 60_000);

  it('still proposes a REST API when the product serves one and the docs describe it', async () => {
    const root = project(goLibrary(), 'toolpack-go-rest-');
    writeTree(root, {
      'cmd/server/main.go': 'package main\n\nimport (\n\t"net/http"\n\n\t"github.com/go-chi/chi/v5"\n)\n\nfunc main() { r := chi.NewRouter(); _ = http.ListenAndServe(":8080", r) }\n',
      'api/openapi.yaml': 'openapi: 3.0.3\ninfo:\n  title: Channels API\n  version: 1.0.0\npaths: {}\n',
    });
    const served = await client(root);
    try {
      const result = await served.call('suggest_adrs', { maxSuggestions: 50 });
      expect(result.suggestions.map((s: any) => s.technology)).toContain('REST');
    } finally {
      await served.close();
    }
  }, 60_000);
});
