// Link checking vs remark-validate-links (issue 25 item 1): check_documentation_links (internal
// links and anchors, no network) and validate_content (links, references, code) against
// remark-validate-links run the way remark-cli runs it (unified-engine over the folder, so links
// to other pages' headings are checked too), on two docs folders: a generated one of 1,000 pages
// (bench/link-corpus.mjs) and a real one, fastify's docs/ taken with `git archive` from the local
// mirror (another generated shape when the mirror is not there: the bench runs offline).
// Ours is timed with a cold outline cache (every page parsed) and warm (a repeat call: nothing
// changed, nothing parsed). Target: cold time <= 1.0x remark-validate-links. Median of runs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearLinkOutlineCache } from '../dist/sdk/markdown.js';
import { startDocsKernel } from './docs.mjs';
import { writeLinkCorpus } from './link-corpus.mjs';

const MIRROR = process.env.TOOLPACK_BENCH_FASTIFY_MIRROR ?? '/work/.mirror/fastify+fastify/repo';

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/** remark-validate-links over `folder` of `root` as remark-cli runs it; null when it is not installed. */
async function remarkValidateLinks(root, folder) {
  let engine, remark, validateLinks;
  try {
    ({ engine } = await import('unified-engine'));
    ({ remark } = await import('remark'));
    ({ default: validateLinks } = await import('remark-validate-links'));
  } catch {
    return null;
  }
  const t0 = performance.now();
  let messages = 0;
  await new Promise((resolve, reject) =>
    engine(
      {
        processor: remark(),
        cwd: root,
        files: [folder],
        extensions: ['md'],
        plugins: [[validateLinks, { repository: false }]],
        quiet: true,
        silent: true,
        output: false,
        out: false,
        color: false,
        streamError: { write() {} },
        reporter: (files) => {
          for (const file of files) messages += file.messages.length;
          return '';
        },
      },
      (error, code) => (error ? reject(error) : resolve(code)),
    ),
  );
  return { ms: performance.now() - t0, messages };
}

async function call(kernel, tool, args) {
  const t0 = performance.now();
  const result = await kernel.call(tool, args);
  const ms = performance.now() - t0;
  if (result.isError) throw new Error(result.content[0].text);
  return { ms, data: result.structuredContent };
}

/** The folder's rows: remark-validate-links, then ours cold and warm, interleaved run by run (drift hits both). */
async function compare(kernel, root, folder, label, runs) {
  const theirs = [];
  const ours = { links: { cold: [], warm: [] }, content: { cold: [], warm: [] } };
  let found = null;
  for (let r = 0; r < runs; r++) {
    const rvl = await remarkValidateLinks(root, folder);
    if (!rvl) return [[label, 'remark-validate-links', 'not installed (npm install)', '', '', 'SKIP']];
    theirs.push(rvl.ms);
    for (const [key, tool, args] of [
      ['links', 'check_documentation_links', { documentation_path: folder, check_external_links: false }],
      ['content', 'validate_content', { contentPath: folder }],
    ]) {
      clearLinkOutlineCache();
      const cold = await call(kernel, tool, args);
      const warm = await call(kernel, tool, args);
      ours[key].cold.push(cold.ms);
      ours[key].warm.push(warm.ms);
      if (key === 'links') found = { ours: cold.data.brokenTotal, pages: cold.data.pagesChecked, theirs: rvl.messages };
    }
  }
  const base = median(theirs);
  const row = (what, times, target) => {
    const ms = median(times);
    const ratio = ms / base;
    return [label, what, `${ms.toFixed(0)} ms (${ratio.toFixed(2)}x)`, target ? '<= 1.0x' : '', target ? (ratio <= 1 ? 'PASS' : 'MISS') : ''];
  };
  return [
    [label, `remark-validate-links (${found.theirs} warnings)`, `${base.toFixed(0)} ms (1.00x)`, '', ''],
    row(`check_documentation_links, cold cache (${found.ours} broken in ${found.pages} pages)`, ours.links.cold, true),
    row('check_documentation_links, warm cache', ours.links.warm, false),
    row('validate_content, cold cache (links, references, code)', ours.content.cold, true),
    row('validate_content, warm cache', ours.content.warm, false),
  ];
}

/** fastify's docs/ from the local mirror; null when the mirror is not there. */
function realDocs(root) {
  if (!existsSync(MIRROR)) return null;
  try {
    mkdirSync(join(root, 'real'), { recursive: true });
    const tar = execFileSync('git', ['--git-dir', MIRROR, 'archive', 'HEAD', 'docs'], { maxBuffer: 256 * 1024 * 1024 });
    execFileSync('tar', ['-x', '-C', join(root, 'real')], { input: tar });
    return { folder: 'real/docs', label: 'fastify docs/ (real)' };
  } catch {
    return null;
  }
}

export async function linkCheckBench({ runs = 3 } = {}) {
  runs = Math.max(1, Math.min(runs, 3)); // 1,000 pages a run, four tools: three runs are plenty
  const root = mkdtempSync(join(tmpdir(), 'toolpack-bench-links-'));
  try {
    const corpus = writeLinkCorpus(join(root, 'generated'), 1000);
    const real = realDocs(root) ?? (writeLinkCorpus(join(root, 'shape2'), 150, 7), { folder: 'shape2', label: 'generated, 150 pages, second shape (mirror not available)' });
    const kernel = await startDocsKernel(root);
    try {
      const planted = Object.values(corpus.planted).reduce((a, b) => a + b, 0);
      const rows = [...(await compare(kernel, root, 'generated', `generated, ${corpus.files} pages`, runs)), ...(await compare(kernel, root, real.folder, real.label, runs))];
      return {
        title: 'Link check vs remark-validate-links (issue 25 item 1)',
        columns: ['Folder', 'Figure', 'Median', 'Target', 'Result'],
        rows,
        notes: [
          `Generated folder: ${planted} links broken on purpose (${Object.entries(corpus.planted).map(([k, v]) => `${v} ${k}`).join(', ')}); remark-validate-links does not report undefined references.`,
          'Cold: the outline cache emptied before the call (each page parsed, in the parse workers); warm: the same call again, nothing changed.',
          'remark-validate-links runs as remark-cli runs it: CommonMark only (no GFM tables, autolinks, footnotes), on this thread, warm after its first folder; ours reads GFM in the parse workers, which retire after 5 s idle (a cold call may start them afresh).',
          `Median of ${runs} runs, interleaved; timings on a shared machine vary: compare ratios, not absolute times.`,
        ],
      };
    } finally {
      await kernel.stop();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./table.mjs');
  printTable(await linkCheckBench({ runs: Number(process.argv[2] ?? 3) }));
  process.exit(0);
}
