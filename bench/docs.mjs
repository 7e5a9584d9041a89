// Docs pack (issue 14): check_documentation_links (internal links and anchors, no network)
// and validate_content (links, references, code) on a generated docs folder of 100 pages
// holding 200 code blocks (JSON, YAML, TOML, JS, bash) and ~1,000 links, one in twenty
// broken on purpose. Target < 5 s each. Median (and worst) of `runs` calls after a warm-up;
// each answer is checked against the planted defects.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { checkConfig } from '../dist/core/config/load.js';
import { Kernel } from '../dist/core/kernel/kernel.js';
import { createRootLogger } from '../dist/core/services/logger.js';
import { timedCalls } from './timed.mjs';
import docs from '../dist/plugins/docs/index.js';

const PAGES = 100;
const SECTIONS = ['tutorials', 'how-to', 'reference', 'explanation'];
const TARGET_MS = 5000;
const BLOCKS = [
  ['json', '{\n  "name": "demo",\n  "port": 8080\n}'],
  ['yaml', 'server:\n  port: 8080\n  hosts:\n    - a\n    - b'],
  ['toml', '[server]\nport = 8080\nhosts = ["a", "b"]'],
  ['js', "import { start } from 'demo';\n\nawait start({ port: 8080 });"],
  ['bash', 'npm install demo\nnpx demo --port 8080'],
];

const pagePath = (i) => `docs/${SECTIONS[i % 4]}/page-${i}.md`;

/** Writes the pages; returns how many broken links were planted. */
function writeDocs(root) {
  let broken = 0;
  for (let i = 0; i < PAGES; i++) {
    const lines = [`---\ntitle: Page ${i}\n---`, `# Page ${i}`, ''];
    for (let s = 0; s < 5; s++) {
      lines.push(`## Section ${s}`, '', `Text of section ${s} of page ${i}, with details.`, '');
      for (let l = 0; l < 2; l++) {
        const target = (i * 7 + s * 3 + l) % PAGES;
        const bad = (i * 10 + s * 2 + l) % 20 === 0;
        if (bad) broken++;
        const rel = `../${SECTIONS[target % 4]}/page-${target}.md#section-${bad ? 9 : (s + l) % 5}`;
        lines.push(`- See [page ${target}](${rel}) and [above](#section-${s}).`);
      }
      lines.push('');
      if (s < 2) {
        const [lang, code] = BLOCKS[(i * 2 + s) % BLOCKS.length];
        lines.push('```' + lang, code, '```', '');
      }
    }
    const file = join(root, pagePath(i));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, lines.join('\n'));
  }
  return broken;
}

const FLAGS = 40;
const ENV_VARS = 20;

/** A CLI reading FLAGS flags and ENV_VARS variables, and a reference page naming the even ones; returns how many are undocumented. */
function writeCode(root) {
  const code = ["import { Command } from 'commander';", 'const program = new Command();'];
  for (let f = 0; f < FLAGS; f++) code.push(`program.option('--opt-${f} <value>', 'option ${f}');`);
  for (let v = 0; v < ENV_VARS; v++) code.push(`const setting${v} = process.env.BENCH_VAR_${v};`);
  mkdirSync(join(root, 'src'), { recursive: true });
  writeFileSync(join(root, 'src/cli.js'), code.join('\n'));
  const page = ['# Command line', '', '| Name | Description |', '|---|---|'];
  for (let f = 0; f < FLAGS; f += 2) page.push(`| \`--opt-${f}\` | option ${f} |`);
  for (let v = 0; v < ENV_VARS; v += 2) page.push(`| \`BENCH_VAR_${v}\` | variable ${v} |`);
  writeFileSync(join(root, 'docs/reference/cli.md'), page.join('\n') + '\n');
  return FLAGS / 2 + ENV_VARS / 2;
}

/** A kernel with the project and docs packs over `root`, an in-memory store and no logs (this bench and link-check.mjs). */
export function startDocsKernel(root) {
  return Kernel.start({
    loaded: { file: null, dir: root, config: checkConfig({ plugins: ['project'] }, 'bench config') },
    cwd: root,
    storePath: ':memory:',
    logger: createRootLogger('silent'),
    plugins: [docs],
  });
}

export async function docsBench({ runs = 7 } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'toolpack-bench-docs-'));
  try {
    const broken = writeDocs(root);
    const undocumented = writeCode(root);
    const kernel = await startDocsKernel(root);
    try {
      const links = await timedCalls(kernel, 'check_documentation_links', { documentation_path: 'docs', check_external_links: false }, runs, (d) =>
        d.brokenTotal === broken ? null : `${d.brokenTotal} broken, ${broken} planted`,
      );
      const content = await timedCalls(kernel, 'validate_content', { contentPath: 'docs' }, runs, (d) =>
        d.brokenLinkTotal === broken && d.codeErrorTotal === 0 && d.codeBlocks.total === 2 * PAGES ? null : `${d.brokenLinkTotal} links, ${d.codeErrorTotal} code errors, ${d.codeBlocks.total} blocks`,
      );
      const gaps = await timedCalls(kernel, 'detect_documentation_gaps', { repositoryPath: '.', depth: 'comprehensive' }, runs, (d) =>
        d.counts.gaps === undocumented && d.counts.stale === 0 ? null : `${d.counts.gaps} gaps (${undocumented} planted), ${d.counts.stale} stale`,
      );
      const diataxis = await timedCalls(kernel, 'validate_diataxis_content', { contentPath: 'docs' }, runs, (d) =>
        d.counts.codeBlocks.checked === (2 * PAGES * 4) / 5 && d.counts.codeBlocks.errors === 0 ? null : `${d.counts.codeBlocks.checked} blocks parsed, ${d.counts.codeBlocks.errors} errors`,
      );
      const row = (op, r) => [op, r.median.toFixed(0), r.worst.toFixed(0), `< ${TARGET_MS}`, r.wrong ? `WRONG (${r.wrong})` : r.median < TARGET_MS ? 'OK' : 'MISS'];
      return {
        title: `Docs: ${PAGES} pages, ${2 * PAGES} code blocks, ${PAGES * 20} internal links (${broken} broken)`,
        columns: ['Operation', 'Median ms', 'Worst ms', 'Target ms', 'Result'],
        rows: [row('check_documentation_links (internal + anchors)', links), row('validate_content (links, references, code)', content), row('detect_documentation_gaps (comprehensive)', gaps), row('validate_diataxis_content (all)', diataxis)],
      };
    } finally {
      await kernel.stop();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
