// Start-up benchmark: spawn -> initialize -> tools/list completed, toolpack vs a bare SDK server.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const TARGET_RATIO = 1.3;
// tools/list goes whole into the client model's context on connect (core/tools/listed-schema.ts).
// 60 KB for the first five packs' 23 tools (issue 10), 2.6 KB a tool on average beyond (core/tools/listed-schema.ts).
const listTargetKb = (tools) => Math.max(60, tools * 2.6);
const root = fileURLToPath(new URL('..', import.meta.url));
// What users run: package.json's bin, the bundled CLI (dist/toolpack.mjs).
const bin = join(root, JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).bin.toolpack);
// The same CLI as tsc emits it, one ESM file per module; shown for reference.
const unbundledBin = join(root, 'dist/core/cli/bin.js');
const bareServer = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));

// One spawn + connect + listTools. Timing includes process spawn and module loading,
// which is what a user's MCP host pays on every start. The child is awaited on close
// (StdioClientTransport.close waits for exit, escalating to SIGTERM/SIGKILL) so no run
// overlaps the next one.
async function timeOnce(args) {
  // Fresh empty cwd each run: no toolpack config is found (all built-in packs load)
  // and nothing a previous run left behind can make this one faster.
  const cwd = mkdtempSync(join(tmpdir(), 'toolpack-bench-'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args,
    cwd,
    env: { TOOLPACK_LOG_LEVEL: 'silent' }, // merged over the SDK's safe default env
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d) => (stderr += d)); // drained so a chatty child can't block
  const client = new Client({ name: 'toolpack-bench', version: '0.0.0' });
  try {
    const t0 = performance.now();
    await client.connect(transport);
    const { tools } = await client.listTools();
    const ms = performance.now() - t0;
    return { ms, tools };
  } catch (err) {
    throw new Error(`${args.join(' ')} failed: ${err.message}\n${stderr}`);
  } finally {
    await client.close();
    rmSync(cwd, { recursive: true, force: true });
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (ms) => ms.toFixed(1);

export async function startup({ runs = 7 } = {}) {
  const toolpackArgs = [bin, 'serve'];
  // The bare server's list comes from toolpack itself, so the two always match.
  const { tools } = await timeOnce(toolpackArgs);
  const dir = mkdtempSync(join(tmpdir(), 'toolpack-bench-tools-'));
  const toolsFile = join(dir, 'tools.json');
  writeFileSync(toolsFile, JSON.stringify(tools));
  const bareArgs = [bareServer, toolsFile];

  try {
    // Warm-up pays one-off costs (OS file cache, compile cache) outside the numbers.
    await timeOnce(toolpackArgs);
    const warm = await timeOnce(bareArgs);
    if (JSON.stringify(warm.tools) !== JSON.stringify(tools)) throw new Error('bare server tool list differs');

    // Alternate so drift in machine load hits both sides equally.
    const tp = [], bare = [], unbundled = [];
    for (let i = 0; i < runs; i++) {
      tp.push((await timeOnce(toolpackArgs)).ms);
      bare.push((await timeOnce(bareArgs)).ms);
      unbundled.push((await timeOnce([unbundledBin, 'serve'])).ms);
    }

    const ratio = median(tp) / median(bare);
    const listKb = Buffer.byteLength(JSON.stringify({ tools })) / 1024;
    const row = (name, xs) => [name, tools.length, fmt(median(xs)), fmt(Math.min(...xs)), fmt(Math.max(...xs))];
    return {
      title: `Start-up: spawn to tools/list (${runs} runs each, alternating)`,
      columns: ['Server', 'Tools', 'Median ms', 'Min ms', 'Max ms'],
      rows: [row('toolpack serve (bundled bin)', tp), row('bare SDK Server', bare), row('toolpack serve (unbundled dist, reference)', unbundled)],
      notes: [
        `Ratio median(toolpack)/median(bare): ${ratio.toFixed(2)} ` +
          `(target <= ${TARGET_RATIO}) ${ratio <= TARGET_RATIO ? 'PASS' : 'MISS'}`,
        `tools/list size: ${listKb.toFixed(1)} KB for ${tools.length} tools (target < ${listTargetKb(tools.length).toFixed(1)} KB) ${listKb < listTargetKb(tools.length) ? 'PASS' : 'MISS'}`,
        `Unbundled reference ratio: ${(median(unbundled) / median(bare)).toFixed(2)} (Node 20 has no module compile cache, so loading many small ESM files dominates; the bin is one esbuild bundle)`,
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
