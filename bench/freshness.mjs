// Freshness pack (issue 15): track_documentation_freshness and manage_sitemap (generate)
// on 1,000 pages in a git repository whose history has ten back-dated commits (one hundred
// pages each, 1 to 200 days old). Target < 2 s each. Median (and worst) of `runs` calls
// after a warm-up; each answer is checked against what the history says.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkConfig } from '../dist/core/config/load.js';
import { Kernel } from '../dist/core/kernel/kernel.js';
import { createRootLogger } from '../dist/core/services/logger.js';
import { timedCalls } from './timed.mjs';

const PAGES = 1000;
const COMMITS = 10;
const SECTIONS = ['tutorials', 'how-to', 'reference', 'explanation'];
const TARGET_MS = 2000;
const DAY = 86_400_000;
/** Age in days of the pages of each commit: two commits per freshness level and two more critical. */
const AGES = [1, 3, 10, 20, 40, 60, 100, 150, 180, 200];

/** The repository; returns the expected count per level with the default thresholds (7, 30, 90 days). */
function writeRepository(root) {
  const git = (args, env = {}) => execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore' });
  git(['init', '-q']);
  writeFileSync(join(root, 'mkdocs.yml'), 'site_name: Bench\n');
  const expected = { fresh: 0, warning: 0, stale: 0, critical: 0 };
  const now = Date.now();
  for (let c = 0; c < COMMITS; c++) {
    const age = AGES[COMMITS - 1 - c]; // oldest first, so each commit is newer than the last
    for (let i = c * (PAGES / COMMITS); i < (c + 1) * (PAGES / COMMITS); i++) {
      const dir = join(root, 'docs', SECTIONS[i % 4]);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `page-${i}.md`), `---\ntitle: Page ${i}\n---\n# Page ${i}\n\nText of page ${i}.\n`);
    }
    expected[age < 7 ? 'fresh' : age < 30 ? 'warning' : age < 90 ? 'stale' : 'critical'] += PAGES / COMMITS;
    const date = new Date(now - age * DAY).toISOString();
    git(['add', '-A']);
    git(['commit', '-q', '-m', `pages ${c}`], { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date });
  }
  return expected;
}

export async function freshnessBench({ runs = 7 } = {}) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'toolpack-bench-freshness-')));
  try {
    const expected = writeRepository(root);
    const kernel = await Kernel.start({
      loaded: { file: null, dir: root, config: checkConfig({ plugins: ['freshness'] }, 'bench config') },
      cwd: root,
      storePath: ':memory:',
      logger: createRootLogger('silent'),
    });
    try {
      const track = await timedCalls(kernel, 'track_documentation_freshness', { docsPath: 'docs', storeInKG: false }, runs, (d) => {
        const got = d.counts ?? d;
        const wrongLevels = Object.keys(expected).filter((level) => got[level] !== expected[level]);
        return wrongLevels.length === 0 && got.total === PAGES ? null : `counts ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`;
      });
      const sitemap = await timedCalls(kernel, 'manage_sitemap', { action: 'generate', docsPath: 'docs', baseUrl: 'https://docs.example.org' }, runs, (d) =>
        d.urlTotal === PAGES ? null : `${d.urlTotal} URLs, ${PAGES} pages`,
      );
      const row = (op, r) => [op, r.median.toFixed(0), r.worst.toFixed(0), `< ${TARGET_MS}`, r.wrong ? `WRONG (${r.wrong})` : r.median < TARGET_MS ? 'PASS' : 'MISS'];
      return {
        title: `Freshness: ${PAGES} pages, ${COMMITS} back-dated commits`,
        columns: ['Operation', 'Median ms', 'Worst ms', 'Target ms', 'Result'],
        rows: [row('track_documentation_freshness (git dates)', track), row('manage_sitemap generate (git lastmod)', sitemap)],
      };
    } finally {
      await kernel.stop();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
