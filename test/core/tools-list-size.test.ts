/**
 * tools/list as a client receives it on connect, with every built pack: it
 * goes whole into the model's context, so it stays small (under 60 KB for the
 * first five packs' 23 tools, 2.6 KB a tool on average for more), while each
 * tool keeps an output schema the SDK client still validates real results
 * against, and its descriptions name only tools that exist.
 */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtPacks } from '../../core/plugins/catalog.js';
import { advertised, TOOLS_LIST_BUDGET_BYTES, toolsListBudget } from '../../core/tools/listed-schema.js';
import { compileSchema } from '../../core/tools/schema-validator.js';
import { connectTestClient, startTestToolpack } from '../../sdk/testing.js';

const LIMIT_BYTES = 60 * 1024;
/** The packs whose 23 tools issue 10 promised under 60 KB. */
const FIRST_PACKS = ['project', 'adr', 'security', 'files', 'system'];
const PER_TOOL_LIMIT_BYTES = 2.6 * 1024;

let workspace: string;
let kernel: Awaited<ReturnType<typeof startTestToolpack>>;
let client: Awaited<ReturnType<typeof connectTestClient>>;
let tools: Tool[];
let listBytes: number;

beforeAll(async () => {
  workspace = mkdtempSync(join(tmpdir(), 'toolpack-list-size-'));
  const write = (path: string, text: string) => {
    mkdirSync(join(workspace, path, '..'), { recursive: true });
    writeFileSync(join(workspace, path), text);
  };
  write('package.json', JSON.stringify({ name: 'orders-api', version: '1.2.0', dependencies: { express: '^4.19.0', pg: '^8.11.0' }, devDependencies: { vitest: '^1.6.0' } }));
  write('README.md', '# Orders API\n\nServes orders for the shop.\n\n## Install\n\nnpm install\n');
  write('src/server.ts', "import express from 'express';\nimport { orders } from './orders.js';\nexport const app = express().use('/orders', orders);\n");
  write('src/orders.ts', "import { Router } from 'express';\nexport const orders = Router();\n");
  write('Dockerfile', 'FROM node:20-alpine\nWORKDIR /app\nCOPY . .\nRUN npm ci\nUSER node\nCMD ["node", "dist/server.js"]\n');
  write('.env.example', 'DATABASE_URL=\nPORT=3000\n');
  kernel = await startTestToolpack({ workspace, config: { plugins: builtPacks().map((p) => p.id) } });
  client = await connectTestClient(kernel);
  const listed = await client.listTools();
  tools = listed.tools;
  listBytes = Buffer.byteLength(JSON.stringify(listed));
});

afterAll(async () => {
  await client?.close();
  await kernel?.stop();
  rmSync(workspace, { recursive: true, force: true });
});

describe('tools/list with every built pack', () => {
  it(`is under 2.6 KB a tool for all ${builtPacks().flatMap((p) => p.tools).length} tools`, () => {
    expect(tools.map((t) => t.name).sort()).toEqual(builtPacks().flatMap((p) => p.tools).sort());
    expect(toolsListBudget(tools.length)).toBeLessThanOrEqual(Math.max(LIMIT_BYTES, tools.length * PER_TOOL_LIMIT_BYTES));
    expect(listBytes, `tools/list is ${(listBytes / 1024).toFixed(1)} KB`).toBeLessThan(Math.max(LIMIT_BYTES, tools.length * PER_TOOL_LIMIT_BYTES));
  });

  it('is under 60 KB for the 25 tools of the first five packs', async () => {
    const first = await startTestToolpack({ workspace, config: { plugins: FIRST_PACKS } });
    const firstClient = await connectTestClient(first);
    try {
      const listed = await firstClient.listTools();
      expect(listed.tools).toHaveLength(25);
      expect(TOOLS_LIST_BUDGET_BYTES).toBeLessThanOrEqual(LIMIT_BYTES);
      const bytes = Buffer.byteLength(JSON.stringify(listed));
      expect(bytes, `tools/list is ${(bytes / 1024).toFixed(1)} KB`).toBeLessThan(LIMIT_BYTES);
    } finally {
      await firstClient.close();
      await first.stop();
    }
  });

  it('keeps an output schema for every tool, naming every top-level result field, and admitting the error envelope', () => {
    const envelope = { error: { type: 'ValidationError', message: 'parameter "path" is required' } };
    for (const tool of tools) {
      const registered = kernel.registry.exposed().find((t) => t.definition.name === tool.name)!;
      const fields = Object.keys((registered.definition.output as { properties?: object }).properties ?? {});
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(Object.keys(tool.outputSchema?.properties ?? {}), tool.name).toEqual(fields);
      expect(compileSchema(tool.outputSchema!).check(envelope).ok, tool.name).toBe(true);
    }
  });

  it('keeps input descriptions: every top-level parameter of every tool is described', () => {
    for (const tool of tools) {
      for (const [name, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect((schema as { description?: string }).description, `${tool.name}.${name}`).toMatch(/\w{3,}/);
      }
    }
  });

  it('the SDK client validates real results against the trimmed output schemas', async () => {
    // callTool checks structuredContent against the listed outputSchema and throws when it does not match.
    const calls: Array<[string, Record<string, unknown>]> = [
      ['analyze_repository', { path: '.', depth: 'deep' }],
      ['analyze_project_ecosystem', { projectPath: '.' }],
      ['analyze_environment', { projectPath: '.' }],
      ['get_architectural_context', { filePath: 'src/server.ts' }],
      ['analyze_content_security', { content: 'DATABASE_URL=postgres://orders:S3cretPassw0rd@db.internal:5432/orders\n' }],
      ['list_directory', { path: '.' }],
    ];
    for (const [name, args] of calls) {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      expect(result.isError, `${name}: ${JSON.stringify(result.content).slice(0, 300)}`).toBeFalsy();
      expect(result.structuredContent, name).toBeDefined();
    }
  });

  it('a small selection of packs keeps its output schemas whole', async () => {
    const small = await startTestToolpack({ workspace, config: { plugins: ['files', 'system'] } });
    try {
      for (const listed of small.registry.listing()) {
        const registered = small.registry.exposed().find((t) => t.definition.name === listed.name)!;
        expect(listed.outputSchema, listed.name).toEqual(advertised(JSON.parse(JSON.stringify(registered.definition.output))));
      }
    } finally {
      await small.stop();
    }
  });
});
