// What a model reads on connect: the tools/list answer's size (bytes and an estimate of tokens)
// for the default start, each built-in preset and every tool, against the targets of issue 26.
// Run alone with `node bench/tools-list.mjs [--detail]` (per-tool bytes, largest first).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';

const dist = new URL('../dist/', import.meta.url);
const { startToolpack } = await import(new URL('core/bootstrap.js', dist));
const { createMcpServer } = await import(new URL('core/server/mcp-server.js', dist));
const { createRootLogger } = await import(new URL('core/services/logger.js', dist));

const KB = 1024;
// About 4 bytes a token for JSON-heavy English (a common rule of thumb for BPE tokenizers).
const tokens = (bytes) => Math.round(bytes / 4);
const CASES = [
  { name: 'default (no config)', preset: undefined, maxTools: 25, maxBytes: 40 * KB },
  { name: 'preset adr', preset: 'adr', maxBytes: 100 * KB },
  { name: 'preset docs', preset: 'docs', maxBytes: 100 * KB },
  { name: 'preset security', preset: 'security', maxBytes: 100 * KB },
  { name: 'all tools (--preset all)', preset: 'all', maxBytes: 100 * KB },
];

async function listed(cwd, preset) {
  const kernel = await startToolpack({ cwd, preset, logger: createRootLogger('silent') });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(kernel).connect(serverSide);
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(clientSide);
  try {
    return (await client.listTools()).tools;
  } finally {
    await client.close();
    await kernel.stop();
  }
}

export async function toolsListBench() {
  const cwd = mkdtempSync(join(tmpdir(), 'toolpack-list-bench-'));
  try {
    const rows = [];
    for (const c of CASES) {
      const tools = await listed(cwd, c.preset);
      const bytes = Buffer.byteLength(JSON.stringify({ tools }));
      const ok = bytes <= c.maxBytes && (!c.maxTools || tools.length <= c.maxTools);
      rows.push([
        c.name,
        `${tools.length}${c.maxTools ? ` (<= ${c.maxTools})` : ''}`,
        `${(bytes / KB).toFixed(1)} (<= ${c.maxBytes / KB})`,
        tokens(bytes),
        ok ? 'PASS' : 'MISS',
      ]);
    }
    return {
      title: 'tools/list as a client receives it on connect (issue 26)',
      columns: ['Served', 'Tools (target)', 'KB (target)', '~tokens', 'Result'],
      rows,
      notes: ['Tokens estimated at 4 bytes each.'],
    };
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./table.mjs');
  printTable(await toolsListBench());
  if (process.argv.includes('--detail')) {
    const cwd = mkdtempSync(join(tmpdir(), 'toolpack-list-bench-'));
    const tools = await listed(cwd, 'all');
    rmSync(cwd, { recursive: true, force: true });
    const size = (v) => Buffer.byteLength(JSON.stringify(v ?? ''));
    const rows = tools
      .map((t) => [t.name, size(t), size(t.description), size(t.inputSchema), size(t.outputSchema)])
      .sort((a, b) => b[1] - a[1]);
    printTable({ title: 'Per tool (bytes), --preset all', columns: ['Tool', 'Total', 'Description', 'Input schema', 'Output schema'], rows });
  }
}
