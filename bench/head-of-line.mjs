// Head-of-line blocking (issue 25 item 2): one client's quick call (read_file of a small
// file) over HTTP to the built server, alone and while another client runs each family of
// heavy tools on large input: link checks x4, push scans x2 (1,500 unpushed commits of a
// 3,000-module project), README parsing (a ~200 KB README), gap detection, sitemap
// generation. Target: the quick call's p95 under 250 ms while any of them runs.
// Run alone: `node bench/head-of-line.mjs` (needs `npm run build`).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { percentile, startServer, stopServer } from './serve-process.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).bin.toolpack);
const TOKEN = 'bench-token-head-of-line';
const TARGET_P95_MS = 250;
const CALL_TIMEOUT_MS = 300_000;

const write = (base, path, text) => {
  mkdirSync(dirname(join(base, path)), { recursive: true });
  writeFileSync(join(base, path), text);
};

/** `commits` commits of a `files`-module project, six modules rewritten per commit, in one git fast-import. */
function history(repo, commits, files) {
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: repo });
  const chunks = [];
  const data = (text) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const module = (f, c) => Array.from({ length: 12 }, (_, i) => `export function handler${f}_${i}(input) {\n  return input + ${c * 31 + i};\n}\n`).join('\n');
  for (let c = 1; c <= commits; c++) {
    chunks.push(`commit refs/heads/main\ncommitter Dana Dev <dana@example.com> ${1_700_000_000 + c * 3600} +0000\n${data(`feat: change ${c}\n`)}`);
    const touched = c === 1 ? Array.from({ length: files }, (_, i) => i) : Array.from({ length: 6 }, (_, i) => (c * 7 + i * 13) % files);
    for (const f of touched) chunks.push(`M 100644 inline src/module-${f}.js\n${data(module(f, c))}`);
  }
  chunks.push('done\n');
  execFileSync('git', ['-c', 'core.hooksPath=/dev/null', 'fast-import', '--quiet', '--done'], { cwd: repo, input: chunks.join(''), maxBuffer: 1 << 30 });
  execFileSync('git', ['reset', '-q', '--hard', 'main'], { cwd: repo });
}

function workspace() {
  const dir = mkdtempSync(join(tmpdir(), 'toolpack-bench-hol-'));
  write(dir, 'NOTES.md', '# Notes\n\nShort.\n');
  write(dir, 'package.json', JSON.stringify({ name: 'hol', version: '1.0.0', type: 'module' }));
  // 600 docs pages linking to each other and to headings.
  for (let i = 0; i < 600; i++) {
    const links = Array.from({ length: 6 }, (_, k) => `- [Page ${(i + k + 1) % 600}](page-${(i + k + 1) % 600}.md#section-${k})`).join('\n');
    const sections = Array.from({ length: 6 }, (_, k) => `## Section ${k}\n\nHow \`handler${i}_${k}\` works, with [the API](../api/index.md) and [above](#section-0).\n\n\`\`\`js\nhandler${i}_${k}(1);\n\`\`\`\n`).join('\n');
    write(dir, `docs/guide/page-${i}.md`, `---\ntitle: Page ${i}\n---\n# Page ${i}\n\n${links}\n\n${sections}`);
  }
  write(dir, 'docs/api/index.md', '# API\n\nEvery handler.\n');
  for (let i = 0; i < 800; i++) write(dir, `src/lib/module-${i}.ts`, Array.from({ length: 8 }, (_, k) => `/** Handler ${k}. */\nexport function handler${i}_${k}(input: number): number {\n  return input + ${k};\n}\n`).join('\n'));
  // A README of ~400 KB: many sections with code, lists, links and prose.
  const sections = Array.from({ length: 1200 }, (_, i) => `## Topic ${i}\n\nWhat topic ${i} covers, and why a reader needs it before moving on. See [the guide](docs/guide/page-${i % 600}.md).\n\n- one point\n- another point\n\n\`\`\`bash\nnpm run topic-${i}\n\`\`\`\n`);
  write(dir, 'README.md', `# Big project\n\nA project with a very long README.\n\n## Installation\n\n\`\`\`bash\nnpm install big-project\n\`\`\`\n\n${sections.join('\n')}`);
  mkdirSync(join(dir, 'repo'));
  history(join(dir, 'repo'), 1500, 3000);
  return dir;
}

async function connect(url) {
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } } });
  const client = new Client({ name: 'toolpack-bench-hol', version: '0.0.0' });
  await client.connect(transport);
  return client;
}

const FAMILIES = [
  ['link checks x4', Array.from({ length: 4 }, () => ['check_documentation_links', { documentation_path: 'docs', check_external_links: false }])],
  ['push scans x2', Array.from({ length: 2 }, () => ['smart_git_push', { operation: 'security_check', projectPath: 'repo' }])],
  ['README parsing (evaluate, analyze, optimize)', [['evaluate_readme_health', { readme_path: 'README.md' }], ['analyze_readme', { project_path: '.' }], ['optimize_readme', { readme_path: 'README.md', create_docs_directory: false }]]],
  ['gap detection', [['detect_documentation_gaps', { repositoryPath: '.', documentationPath: 'docs' }]]],
  ['sitemap generation', [['manage_sitemap', { action: 'generate', docsPath: 'docs', baseUrl: 'https://docs.example.com', sitemapPath: 'out/sitemap.xml' }]]],
];

/** Quick calls every 20 ms while `heavy` runs (at least 10). */
async function quickDuring(quick, heavy) {
  let done = false;
  const outcomes = new Set();
  const running = Promise.all(heavy.map((p) => p.then((r) => outcomes.add(r.isError ? `error: ${String(r.content?.[0]?.text).slice(0, 80)}` : 'ok'), (e) => outcomes.add(`failed: ${e.message.slice(0, 80)}`)))).finally(() => (done = true));
  const latencies = [];
  const t0 = performance.now();
  while (!done || latencies.length < 10) {
    const t = performance.now();
    await quick();
    latencies.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 20));
  }
  await running;
  return { latencies, wallMs: performance.now() - t0, outcome: [...outcomes].join(', ') };
}

export async function headOfLine() {
  const dir = workspace();
  const { child, url } = await startServer(bin, dir, { env: { TOOLPACK_TOKEN: TOKEN } });
  const ms = (x) => (Number.isFinite(x) ? x.toFixed(0) : '-');
  try {
    const [heavyClient, quickClient] = await Promise.all([connect(url), connect(url)]);
    const quick = () => quickClient.callTool({ name: 'read_file', arguments: { path: 'NOTES.md' } });
    const alone = [];
    for (let i = 0; i < 60; i++) {
      const t = performance.now();
      await quick();
      alone.push(performance.now() - t);
    }
    const rows = [['alone', ms(percentile(alone, 50)), ms(percentile(alone, 95)), '-', '-', percentile(alone, 95) < TARGET_P95_MS ? 'PASS' : 'MISS']];
    for (const [name, calls] of FAMILIES) {
      const heavy = calls.map(([tool, args]) => heavyClient.callTool({ name: tool, arguments: args }, undefined, { timeout: CALL_TIMEOUT_MS }));
      const r = await quickDuring(quick, heavy);
      const p95 = percentile(r.latencies, 95);
      rows.push([`while ${name}`, ms(percentile(r.latencies, 50)), ms(p95), ms(r.wallMs), r.outcome, p95 < TARGET_P95_MS ? 'PASS' : 'MISS']);
    }
    await Promise.all([heavyClient.close(), quickClient.close()]);
    return {
      title: 'Head-of-line blocking: a quick call (read_file) while heavy tools run (built server over HTTP, loopback)',
      columns: ['Phase', 'quick p50 ms', 'quick p95 ms', 'heavy wall ms', 'heavy outcome', `p95 < ${TARGET_P95_MS} ms`],
      rows,
      notes: ['Input: 600 docs pages, 800 TypeScript modules, a ~200 KB README, a repository of 1,500 unpushed commits over 3,000 modules. Figures depend on the machine and its load.'],
    };
  } finally {
    await stopServer(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { printTable } = await import('./table.mjs');
  printTable(await headOfLine());
}
