// Bounded work that still tells the truth (issue 25 item 7): generate_adr_todo on 500 ADRs
// (MADR and Nygard), manage_sitemap generate on 30,000 pages with git history, and
// detect_documentation_gaps on a 10,000-file TypeScript monorepo whose tests sort first.
// Each row: wall time of one call (after a warm-up, median of `runs`), the longest stall
// of the event loop while it ran (a 5 ms timer's worst lateness: what another client
// waits), and whether the answer is right. Run alone: `node bench/bounded-work.mjs`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { watchedCall } from './timed.mjs';
import { checkConfig } from '../dist/core/config/load.js';
import { Kernel } from '../dist/core/kernel/kernel.js';
import { createRootLogger } from '../dist/core/services/logger.js';
import { write } from './bench-files.mjs';

const ADRS = 500;
const ADR_TARGET_MS = 2000;
const PAGES = 30_000;
const SITEMAP_TARGET_MS = 10_000;
const GAP_FILES = 10_000;
const GAP_TARGET_MS = 10_000;
const STALL_TARGET_MS = 250;


// ---- generators ----

const AREAS = ['orders', 'billing', 'search', 'identity', 'catalogue', 'shipping', 'reporting', 'notifications', 'payments', 'inventory'];
const TECH = ['PostgreSQL', 'Kafka', 'Redis', 'gRPC', 'OpenTelemetry', 'Terraform', 'Vitest', 'GraphQL', 'S3', 'Keycloak'];

/** ADR `i`: Nygard (odd) or MADR (even), accepted but for every seventh, with a decision and consequences asking for work. */
export function adrText(i) {
  const area = AREAS[i % AREAS.length];
  const tech = TECH[(i * 7) % TECH.length];
  const status = i % 7 === 0 ? 'Proposed' : 'Accepted';
  if (i % 2) {
    return `# ${i}. Use ${tech} for ${area} ${i}

Date: 2024-0${1 + (i % 9)}-1${i % 10}

## Status

${status}

## Context

The ${area} service handles ${i * 13} requests per second at peak. Losing an event there means an audit gap; the current setup
has no replication and its backups are manual. Teams asked for a supported option that operations can run.

## Decision

We will run ${tech} for the ${area} service, configured by the platform module, with encryption at rest and access through the service account.

## Consequences

We need to add a migration step for ${area} to the deploy pipeline.
Every service that reads ${area} data must use the shared ${tech} client module.
We will have to write runbooks for failover of ${tech}.
Operations get one more system to watch. Costs rise by about ${i % 40} percent.
`;
  }
  return `---
status: ${status.toLowerCase()}
date: 2024-0${1 + (i % 9)}-2${i % 10}
deciders: platform team
---
# Adopt ${tech} in ${area} ${i}

## Context and Problem Statement

The ${area} team must choose how to store and move ${area} data; the present way loses data on failover and fails the compliance audit.

## Considered Options

* ${tech}
* Keep the current setup
* A managed service

## Decision Outcome

Chosen option: "${tech}", because it is the only one that meets the recovery objective of ${i % 30} minutes.

### Consequences

* Good, because failover no longer loses writes.
* Bad, because the team has to learn ${tech}.
* Neutral, because costs stay about the same.
* We must migrate the ${area} records to ${tech} before the next release.
* Implement retention rules for ${area} data.

## Pros and Cons of the Options

### ${tech}

* Good, because it is widely used.
* Bad, because it is one more system.
`;
}

export function writeAdrProject(root, count = ADRS) {
  write(root, 'package.json', '{"name":"adr-bench","version":"1.0.0"}\n');
  write(root, 'src/index.ts', 'export const ready = true;\n');
  for (let i = 1; i <= count; i++) write(root, `docs/adrs/${String(i).padStart(4, '0')}-decision-${i}.md`, adrText(i));
  const accepted = Array.from({ length: count }, (_, k) => k + 1).filter((i) => i % 7 !== 0).length;
  return { accepted };
}

const SECTIONS = ['tutorials', 'how-to', 'reference', 'explanation'];

/** `pages` Markdown pages under docs/, committed in 20 back-dated commits (git history for lastmod). */
export function writeSitemapRepository(root, pages = PAGES) {
  const git = (args, env = {}) =>
    execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore' });
  git(['init', '-q']);
  write(root, 'mkdocs.yml', 'site_name: Bench\n');
  const commits = 20;
  const now = Date.now();
  for (let c = 0; c < commits; c++) {
    for (let i = c * (pages / commits); i < (c + 1) * (pages / commits); i++) {
      const section = SECTIONS[i % 4];
      write(root, `docs/${section}/group-${i % 50}/page-${i}.md`, `---\ntitle: Page ${i}\ndescription: About page ${i}\n---\n# Page ${i}\n\nText of page ${i} in ${section}.\n`);
    }
    const date = new Date(now - (commits - c) * 5 * 86_400_000).toISOString();
    git(['add', '-A']);
    git(['commit', '-q', '-m', `pages ${c}`], { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date });
  }
}

/**
 * A TypeScript monorepo of `total` files where tests, e2e suites, examples and fixtures sort
 * before the product (packages/<name>/src): the shape that defeated a path-order cap.
 */
export function writeMonorepo(root, total = GAP_FILES) {
  write(root, 'package.json', JSON.stringify({ name: 'mono', private: true, workspaces: ['packages/*'] }, null, 2));
  write(root, 'docs/index.md', '# Mono\n\nSee the packages.\n');
  const packages = 20;
  const product = Math.floor(total * 0.35);
  const perPackage = Math.floor(product / packages);
  let written = 2;
  for (let p = 0; p < packages; p++) {
    const name = `pkg-${String(p).padStart(2, '0')}`;
    write(root, `packages/${name}/package.json`, JSON.stringify({ name: `@mono/${name}`, main: 'dist/index.js', types: 'dist/index.d.ts' }, null, 2));
    const modules = [];
    for (let m = 0; m < perPackage - 2; m++) {
      const file = `module-${m}`;
      modules.push(file);
      write(root, `packages/${name}/src/${file}.ts`, `import { helper } from './util.js';\n\nexport function ${camel(name)}Feature${m}(input: string): string {\n  return helper(input) + '${m}';\n}\n\nexport const ${camel(name)}Limit${m} = ${m};\n`);
    }
    write(root, `packages/${name}/src/util.ts`, `export const helper = (s: string) => s.trim();\n`);
    write(root, `packages/${name}/src/index.ts`, modules.map((m) => `export * from './${m}.js';`).join('\n') + '\n');
    written += perPackage + 1;
  }
  // The rest: tests and suites that sort first (__tests__, e2e), examples, fixtures.
  const rest = total - written;
  const kinds = [
    ['__tests__/unit', 0.45, (i) => `import { describe, it } from 'vitest';\n\ndescribe('case ${i}', () => { it('works', () => {}); });\n`],
    ['e2e/flows', 0.2, (i) => `export const flow${i} = async () => { await fetch('http://localhost/${i}'); };\n`],
    ['examples/app', 0.15, (i) => `export function exampleApp${i}() { return ${i}; }\n`],
    ['fixtures/projects', 0.2, (i) => `export const fixture${i} = { id: ${i} };\n`],
  ];
  for (const [folder, share, body] of kinds) {
    const n = Math.floor(rest * share);
    for (let i = 0; i < n; i++) write(root, `${folder}/group-${i % 40}/case-${String(i).padStart(5, '0')}.test.ts`, body(i));
  }
  return { packages, product: packages * (perPackage + 1) };
}

const camel = (name) => name.replace(/-(\w)/g, (_, c) => c.toUpperCase());

// ---- measuring ----


async function rowFor(kernel, label, tool, args, runs, targetMs, check) {
  await watchedCall(kernel, tool, args); // warm-up: first-use imports and workers
  const times = [];
  let stall = 0;
  let wrong = null;
  for (let r = 0; r < runs; r++) {
    const run = await watchedCall(kernel, tool, args);
    times.push(run.ms);
    stall = Math.max(stall, run.stall);
    wrong ??= check(run.data);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const pass = !wrong && median < targetMs && stall < STALL_TARGET_MS;
  return [label, median.toFixed(0), `< ${targetMs}`, stall.toFixed(0), `< ${STALL_TARGET_MS}`, wrong ? `WRONG (${wrong})` : pass ? 'PASS' : 'MISS'];
}

async function withKernel(root, plugins, body) {
  const kernel = await Kernel.start({
    // No plugin list: every built-in pack, as a user runs it (the security pack's store write filter included).
    loaded: { file: null, dir: root, config: checkConfig(plugins ? { plugins } : {}, 'bench config') },
    cwd: root,
    storePath: ':memory:',
    logger: createRootLogger('silent'),
  });
  try {
    return await body(kernel);
  } finally {
    await kernel.stop();
  }
}

const tempRoot = (name) => realpathSync(mkdtempSync(join(tmpdir(), `toolpack-bench-${name}-`)));

/** Two rows: the first run (every task created and written; the kernel warmed on another project) and re-runs (every task kept). */
export async function adrTodoRows(runs) {
  const root = tempRoot('adr-todo');
  try {
    const { accepted } = writeAdrProject(root);
    writeAdrProject(join(root, 'warm'), 3);
    const check = (d) => (d.adrs.accepted === accepted && d.counts.totalTasks > accepted * 4 ? null : `${d.adrs.accepted} accepted, ${d.counts.totalTasks} tasks`);
    return await withKernel(root, undefined, async (kernel) => {
      await watchedCall(kernel, 'generate_adr_todo', { projectPath: 'warm' });
      const first = await watchedCall(kernel, 'generate_adr_todo', {});
      const wrong = check(first.data);
      const pass = !wrong && first.ms < ADR_TARGET_MS && first.stall < STALL_TARGET_MS;
      const created = [`generate_adr_todo, ${ADRS} ADRs (MADR + Nygard), first run: ${first.data.counts.created} tasks created`, first.ms.toFixed(0), `< ${ADR_TARGET_MS}`, first.stall.toFixed(0), `< ${STALL_TARGET_MS}`, wrong ? `WRONG (${wrong})` : pass ? 'PASS' : 'MISS'];
      const again = await rowFor(kernel, `generate_adr_todo, ${ADRS} ADRs, re-run: every task kept`, 'generate_adr_todo', {}, runs, ADR_TARGET_MS, check);
      return [created, again];
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

export async function sitemapRow(runs) {
  const root = tempRoot('sitemap');
  try {
    writeSitemapRepository(root);
    return await withKernel(root, ['freshness'], (kernel) =>
      rowFor(kernel, `manage_sitemap generate, ${PAGES} pages (git lastmod)`, 'manage_sitemap', { action: 'generate', docsPath: 'docs', baseUrl: 'https://docs.example.org' }, runs, SITEMAP_TARGET_MS, (d) =>
        d.urlTotal === PAGES && d.pages.lastmodFromGit === PAGES && d.valid ? null : `${d.urlTotal} URLs, ${d.pages.lastmodFromGit} git dates, valid ${d.valid}`,
      ),
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

export async function gapsRow(runs) {
  const root = tempRoot('gaps');
  try {
    writeMonorepo(root);
    return await withKernel(root, ['project', 'docs'], (kernel) =>
      rowFor(kernel, `detect_documentation_gaps, ${GAP_FILES}-file TS monorepo`, 'detect_documentation_gaps', { repositoryPath: '.' }, runs, GAP_TARGET_MS, (d) =>
        (d.counts.surface.export ?? 0) > 0 && d.truncated ? null : `${d.counts.surface.export ?? 0} exports, truncated ${d.truncated}`,
      ),
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

export async function boundedWorkBench({ runs = 3 } = {}) {
  const n = Math.min(runs, 3); // each call is seconds long: three runs are enough for a median
  return {
    title: 'Bounded work (issue 25 item 7): large inputs, one call at a time',
    columns: ['Operation', 'Median ms', 'Target ms', 'Max stall ms', 'Target stall ms', 'Result'],
    rows: [...(await adrTodoRows(n)), await sitemapRow(n), await gapsRow(n)],
    notes: ['Max stall: the worst lateness of a 5 ms timer during the calls, i.e. how long another client could wait.'],
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { printTable } = await import('./table.mjs');
  const only = process.argv[2];
  const runs = Number(process.argv[3] ?? 1);
  if (only) {
    const rows = await { adr: adrTodoRows, sitemap: sitemapRow, gaps: gapsRow }[only](runs);
    for (const row of Array.isArray(rows[0]) ? rows : [rows]) console.log(row.join(' | '));
  } else printTable(await boundedWorkBench({ runs }));
}
