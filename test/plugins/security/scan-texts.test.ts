/**
 * scanTexts (the security scanner service's scan of many texts, e.g. a
 * repository's files): texts are batched, the batches run as jobs at once, and
 * the pool gives each its own worker, so a scan of two large files uses both
 * workers. The evidence is the thread each batch reports (its trace), not timing.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { batchTexts, scanTexts, type JobRunner } from '../../../plugins/security/worker/scan-batches.js';
import { ScanPool } from '../../../plugins/security/worker/scan-pool.js';
import { findWorkerFile } from '../../../plugins/security/worker/worker-file.js';
import { FAKE } from './fake-secrets.js';

/** A source file of `lines` harmless lines with one secret-bearing line at `secretLine` (1-based). */
function sourceFile(lines: number, secretLine: number, secret: string): string {
  return Array.from({ length: lines }, (_, i) => (i + 1 === secretLine ? secret : `export const handler${i} = (req, res) => res.json({ id: req.params.id, n: ${i} });`)).join('\n');
}

const workerFile = findWorkerFile();
const pool = workerFile && new ScanPool(workerFile, { size: 2, timeoutMs: 60_000, setup: () => ({ rules: [] }) });
/** The scanner service's run, always on the pool (the service keeps small jobs in process). */
const onPool: JobRunner = { run: (job, input, options) => pool!.run({ job, input, custom: [], presets: [] }, options?.signal) as never };

afterAll(() => pool?.close());

describe('scanTexts', () => {
  it('groups consecutive texts up to the batch size, a longer text alone', () => {
    const t = (name: string, size: number) => ({ name, content: 'x'.repeat(size) });
    const batches = batchTexts([t('a', 10), t('b', 20), t('c', 50), t('d', 5), t('e', 40)], 40);
    expect(batches.map((b) => b.map((x) => x.name))).toEqual([['a', 'b'], ['c'], ['d'], ['e']]);
  });

  it('refuses a text over the 16 MiB limit before any work, naming it', async () => {
    const runner: JobRunner = { run: () => Promise.reject(new Error('no job should run')) };
    const error = await scanTexts(runner, [{ name: 'ok.txt', content: 'x' }, { name: 'dump.sql', content: 'x'.repeat(16 * 1024 * 1024 + 1) }]).catch((e: Error) => e);
    expect((error as Error).message).toContain('texts[1] ("dump.sql")');
  });

  it.runIf(pool)('scans two files given at once on two different workers, each finding at its line', async () => {
    const files = [
      { name: 'src/api.ts', content: sourceFile(4000, 1234, `const key = "${FAKE.githubToken}";`) },
      { name: 'config/db.env', content: sourceFile(4000, 3210, `AWS_ACCESS_KEY_ID=${FAKE.awsAccessKeyId}`) },
    ];
    const { results, batches } = await scanTexts(onPool, files, { workers: 2 });

    expect(batches.map((b) => b.names)).toEqual([['src/api.ts'], ['config/db.env']]);
    const threads = batches.map((b) => b.threadId);
    expect(threads.every((id) => id > 0)).toBe(true); // on worker threads, not in process
    expect(new Set(threads).size).toBe(2);

    expect(results.map((r) => r.name)).toEqual(['src/api.ts', 'config/db.env']);
    expect(results[0]!.findings).toEqual([expect.objectContaining({ rule: 'github-personal-access-token', severity: 'critical', line: 1234, column: 14 })]);
    expect(results[1]!.findings).toEqual([expect.objectContaining({ rule: 'aws-access-key-id', line: 3210, column: 19 })]);
    expect(results[1]!.riskLevel).toBe('critical');
    // Values never leave the scan whole.
    expect(JSON.stringify(results)).not.toContain(FAKE.githubToken);
    expect(JSON.stringify(results)).not.toContain(FAKE.awsAccessKeyId);
  });

  it.runIf(pool)('keeps many small files in order and reports a clean file as such', async () => {
    const files = Array.from({ length: 30 }, (_, i) => ({ name: `f${i}.ts`, content: sourceFile(200, 7, i === 17 ? `password = "${FAKE.dbPassword}"` : 'const ok = 1;') }));
    const { results, batches } = await scanTexts(onPool, files, { workers: 2 });
    expect(results.map((r) => r.name)).toEqual(files.map((f) => f.name));
    expect(batches.flatMap((b) => b.names)).toEqual(files.map((f) => f.name));
    expect(results.filter((r) => r.totalFindings > 0).map((r) => r.name)).toEqual(['f17.ts']);
    expect(results[0]).toEqual({ name: 'f0.ts', totalFindings: 0, riskLevel: 'none', findings: [] });
  });
});
