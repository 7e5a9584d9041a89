/**
 * No head-of-line blocking (issue 25 item 2): while heavy tools work on large
 * repository-controlled input, another client's quick call still answers
 * promptly. Push scans started three git processes per outgoing commit, and
 * each process start blocks the event loop; README optimisation rendered the
 * whole README once per section it moved, in one synchronous stretch.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setMarkdownBudgetScale } from '../../sdk/markdown.js';
import { connectTestClient } from '../../sdk/testing.js';
import { writeHistory } from '../plugins/deployment/long-history-repo.js';
import { tempDir } from '../helpers/workspace.js';
import { inProcessClient, type AttackClient } from './helpers.js';

/**
 * Run `work` and, while it runs, make quick calls (read_file of a small file) from a second client.
 * `during`: the latencies of the quick calls answered before the work ended; `workMs`: how long it ran.
 */
async function quickCallsDuring(attacker: AttackClient, work: () => Promise<unknown>): Promise<{ results: unknown; latencies: number[]; during: number[]; workMs: number }> {
  const other = await connectTestClient(attacker.kernel!);
  const quick = () => other.callTool({ name: 'read_file', arguments: { path: 'NOTES.md' } });
  await quick(); // warm
  const began = performance.now();
  let ended: number | undefined;
  const running = work().finally(() => (ended = performance.now()));
  const latencies: number[] = [];
  const during: number[] = [];
  while (ended === undefined || latencies.length < 5) {
    const started = performance.now();
    await quick();
    latencies.push(performance.now() - started);
    if (ended === undefined) during.push(latencies.at(-1)!);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const results = await running;
  await other.close();
  return { results, latencies, during, workMs: ended! - began };
}

/**
 * The quick calls were not stuck behind the heavy work: asserted as order, not milliseconds (the
 * issue's 250 ms p95 target is measured by bench/head-of-line.mjs; a busy machine slows the heavy
 * work and the quick calls alike). Quick calls kept being answered while the work ran (at least 5),
 * and 95 % of them waited under a tenth of the work: work that holds the event loop answers none
 * until it ends, or makes one wait about as long as the work.
 */
function expectNotStuck({ latencies, during, workMs }: { latencies: number[]; during: number[]; workMs: number }) {
  const detail = `${during.length} quick calls answered during ${workMs.toFixed(0)} ms of work; all (ms): ${latencies.map((l) => l.toFixed(0)).join(' ')}`;
  expect(during.length, detail).toBeGreaterThanOrEqual(5);
  expect(percentile(latencies, 95), detail).toBeLessThan(workMs / 10);
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

describe('a quick call is not stuck behind heavy tools', () => {
  // What is asserted is order, not speed: a busy machine must not trip the Markdown parse budget of a large README.
  beforeEach(() => setMarkdownBudgetScale(20));
  afterEach(() => setMarkdownBudgetScale(1));

  it('two smart_git_push security checks of 1,500 unpushed commits at once', async () => {
    const workspace = tempDir('tp-hol-push-');
    writeFileSync(join(workspace, 'NOTES.md'), '# Notes\n\nShort.\n');
    const repo = join(workspace, 'repo');
    mkdirSync(repo);
    execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: repo });
    // A project of 3,000 modules, six rewritten per commit: what a real repository's history looks like to the scan.
    writeHistory(repo, { commits: 1500, files: 3000, lines: 60, perCommit: 6 });
    const client = await inProcessClient(workspace);

    const quick = await quickCallsDuring(client, () => Promise.all([1, 2].map(() => client.call('smart_git_push', { operation: 'security_check', projectPath: 'repo' }))));
    for (const result of quick.results as Array<{ isError: boolean; text: string; data: any }>) {
      expect(result.isError, result.text).toBe(false);
      expect(result.data.outgoingCommits).toBe(1500);
    }
    expectNotStuck(quick);
  }, 240_000);

  it('optimize_readme on a README of 1,200 sections', async () => {
    const workspace = tempDir('tp-hol-readme-');
    writeFileSync(join(workspace, 'NOTES.md'), '# Notes\n\nShort.\n');
    const sections = Array.from({ length: 1200 }, (_, i) => `## Topic ${i}\n\nWhat topic ${i} covers, in a sentence.\n\n- one point\n- another point\n\nSee [the guide](docs/guide.md#topic-${i}).\n`);
    writeFileSync(join(workspace, 'README.md'), `# Big project\n\nA project with a very long README.\n\n${sections.join('\n')}`);
    const client = await inProcessClient(workspace);

    const quick = await quickCallsDuring(client, () => client.call('optimize_readme', { readme_path: 'README.md', max_length: 6000, create_docs_directory: false }));
    const result = quick.results as { isError: boolean; text: string; data: any };
    expect(result.isError, result.text).toBe(false);
    expect(result.data.linesAfter).toBeLessThanOrEqual(6000);
    expectNotStuck(quick);
  }, 240_000);
});
