// generate_llms_txt at scale (issue 30 item 4): a MkDocs site of 1,000 pages in the four Diataxis
// folders plus 20 release notes, with a nav-less config (sections from the folders). Rows: generate
// with llms-full.txt (pages read with the sitemap's permalinks, two files written) and validate of
// the result (every link resolved against the pages): wall time, longest event-loop stall, the
// answer's size, and whether the counts are right. Run alone: `node bench/llms-txt.mjs` (after a build).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inBenchProject } from './bench-kernel.mjs';
import { watchedCall } from './timed.mjs';

const PAGES = 1000;
const RELEASES = 20;
const SECTIONS = ['tutorials', 'how-to', 'reference', 'explanation'];
const TARGET_MS = 3000;
const STALL_TARGET_MS = 250;
const TARGET_KB = 25;

function fill(root) {
  const write = (path, text) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('mkdocs.yml', 'site_name: Bench\nsite_description: A large documentation site.\nsite_url: https://bench.example.org/\n');
  write('docs/index.md', '# Bench\n\nThe home page.\n');
  for (let i = 0; i < PAGES; i++) {
    write(`docs/${SECTIONS[i % 4]}/page-${i}.md`, `---\ntitle: Page ${i}\n${i % 3 ? '' : `description: What page ${i} is about.\n`}---\n# Page ${i}\n\nPage ${i} explains one thing. It has more text.\n\n${'Body text of the page. '.repeat(40)}\n`);
  }
  for (let i = 0; i < RELEASES; i++) write(`docs/releases/v${i}.md`, `# Release ${i}\n\nWhat changed in ${i}.\n`);
}

export async function llmsTxtBench() {
  return inBenchProject('llms-txt', { plugins: ['project', 'ssg', 'freshness', 'docs'] }, fill, async (kernel) => {
    const generate = await watchedCall(kernel, 'generate_llms_txt', { docsPath: 'docs', includeFullText: true });
    const validate = await watchedCall(kernel, 'generate_llms_txt', { docsPath: 'docs', action: 'validate' });
    const total = PAGES + RELEASES + 1;
    const optional = generate.data.sections?.find((s) => s.title === 'Optional')?.links;
    const row = (name, run, wrong) => {
      const kb = Buffer.byteLength(JSON.stringify(run.data, null, 2)) / 1024;
      const pass = !wrong && run.ms < TARGET_MS && run.stall < STALL_TARGET_MS && kb < TARGET_KB;
      return [name, run.ms.toFixed(0), `< ${TARGET_MS}`, run.stall.toFixed(0), `< ${STALL_TARGET_MS}`, kb.toFixed(1), `< ${TARGET_KB}`, wrong ? `WRONG (${wrong})` : pass ? 'PASS' : 'MISS'];
    };
    return {
      title: `generate_llms_txt (issue 30 item 4): MkDocs site, ${total} pages`,
      columns: ['Call', 'ms', 'Target ms', 'Max stall ms', 'Target stall ms', 'Result KB', 'Target KB', 'Result'],
      rows: [
        row('generate + llms-full.txt', generate, generate.data.linkTotal !== total ? `${generate.data.linkTotal} links` : optional !== RELEASES ? `${optional} optional` : null),
        row('validate', validate, !validate.data.valid ? `${validate.data.findingTotal} findings` : null),
      ],
      notes: [`Written: ${generate.data.files?.map((f) => `${f.path} ${(f.bytes / 1024).toFixed(0)} KB`).join(', ')}.`],
    };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { printTable } = await import('./table.mjs');
  printTable(await llmsTxtBench());
}
