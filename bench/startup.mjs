// Start-up benchmark: spawn -> initialize -> tools/list completed, toolpack vs a bare SDK server.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const TARGET_RATIO = 1.3;
// tools/list goes whole into the client model's context on connect (core/tools/listed-schema.ts):
// 40 KB up to 25 tools (a session's start), 1.5 KB a tool more, at most 100 KB (issue 26).
const listTargetKb = (tools) => Math.min(100, 40 + Math.max(0, tools - 25) * 1.5);
const root = fileURLToPath(new URL('..', import.meta.url));
// What users run: package.json's bin, the bundled CLI (dist/toolpack.mjs).
const bin = join(root, JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).bin.toolpack);
// The same CLI as tsc emits it, one ESM file per module, compiled at every start; shown for reference.
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

// Every pack (no config, no preset) and each built-in preset: a preset loads only its packs'
// code (and what they depend on), so each is compared with a bare server serving its list.
const CONFIGURATIONS = [
  { name: 'no config (all packs, default toolsets)', args: [] },
  { name: 'all tools (--preset all)', args: ['--preset', 'all'] },
  { name: 'preset adr', args: ['--preset', 'adr'] },
  { name: 'preset docs', args: ['--preset', 'docs'] },
  { name: 'preset security', args: ['--preset', 'security'] },
];

export async function startup({ runs = 7 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'toolpack-bench-tools-'));
  try {
    const cases = [];
    for (const [i, config] of CONFIGURATIONS.entries()) {
      const toolpackArgs = [bin, 'serve', ...config.args];
      // The bare server's list comes from toolpack itself, so the two always match.
      const { tools } = await timeOnce(toolpackArgs);
      const toolsFile = join(dir, `tools-${i}.json`);
      writeFileSync(toolsFile, JSON.stringify(tools));
      const bareArgs = [bareServer, toolsFile];
      // Warm-up pays one-off costs (OS file cache) outside the numbers.
      await timeOnce(toolpackArgs);
      const warm = await timeOnce(bareArgs);
      if (JSON.stringify(warm.tools) !== JSON.stringify(tools)) throw new Error(`bare server tool list differs (${config.name})`);
      cases.push({ ...config, tools, toolpackArgs, bareArgs, tp: [], bare: [] });
    }
    const unbundled = [];
    // Alternate so drift in machine load hits both sides equally.
    for (let i = 0; i < runs; i++) {
      for (const c of cases) {
        c.tp.push((await timeOnce(c.toolpackArgs)).ms);
        c.bare.push((await timeOnce(c.bareArgs)).ms);
      }
      unbundled.push((await timeOnce([unbundledBin, 'serve'])).ms);
    }

    const verdict = (ok) => (ok ? 'PASS' : 'MISS');
    const rows = cases.map((c) => {
      const ratio = median(c.tp) / median(c.bare);
      const listKb = Buffer.byteLength(JSON.stringify({ tools: c.tools })) / 1024;
      const listTarget = listTargetKb(c.tools.length);
      return [
        c.name,
        c.tools.length,
        `${fmt(median(c.tp))} (${fmt(Math.min(...c.tp))}-${fmt(Math.max(...c.tp))})`,
        `${fmt(median(c.bare))} (${fmt(Math.min(...c.bare))}-${fmt(Math.max(...c.bare))})`,
        `${ratio.toFixed(2)} ${verdict(ratio <= TARGET_RATIO)}`,
        `${listKb.toFixed(1)} (< ${listTarget.toFixed(1)}) ${verdict(listKb < listTarget)}`,
      ];
    });
    const all = cases[1];
    return {
      title: `Start-up: spawn to tools/list, toolpack serve (bundled bin) vs a bare SDK server with the same list (${runs} runs each, alternating)`,
      columns: ['Packs', 'Tools', 'toolpack median ms (min-max)', 'bare median ms (min-max)', `Ratio (target <= ${TARGET_RATIO})`, 'tools/list KB (target)'],
      rows,
      notes: [
        `Unbundled dist (reference, all packs): median ${fmt(median(unbundled))} ms, ratio ${(median(unbundled) / median(all.bare)).toFixed(2)} ` +
          '(Node 20 has no module compile cache, so loading many small ESM files dominates; the bin runs one bundle from V8\'s code cache, core/cli/launcher.ts)',
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
