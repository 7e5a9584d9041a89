/**
 * track_documentation_freshness on a real git repository with back-dated
 * commits: pages 2, 10, 45 and 120 days old are fresh, warning, stale and
 * critical; metadata newer than the last commit wins; the reference server's
 * documcp key is read; uncommitted pages fall back to their modification time.
 * The docs repository is a subfolder of the workspace and the test process runs
 * in Toolpack's own checkout: git must run where the docs are.
 */
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';
import { commitAt, daysAgo, initRepo, writePage } from './git-site.js';

describe('track_documentation_freshness', () => {
  const workspace = tempDir('toolpack-freshness-track-');
  const repo = join(workspace, 'site');
  let kernel: TestToolpack;
  const track = async (args: Record<string, unknown>) => outcome(await kernel.call('track_documentation_freshness', args));
  const byPath = (files: any[]) => Object.fromEntries(files.map((f) => [f.path, f]));

  beforeAll(async () => {
    initRepo(repo);
    const aged: Array<[string, number]> = [
      ['docs/guide/install.md', 2],
      ['docs/guide/configure.md', 10],
      ['docs/reference/api.md', 45],
      ['docs/reference/cli.md', 120],
    ];
    for (const [path, days] of aged.sort((a, b) => b[1] - a[1])) {
      writePage(repo, path, `# ${path}\n\nText.\n`);
      commitAt(repo, daysAgo(days), `add ${path}`, [path]);
    }
    // Committed 120 days ago, but its metadata says it was updated 3 days ago: counts from the metadata.
    writePage(repo, 'docs/changelog.md', `---\ntitle: Changelog\ntoolpack:\n  last_updated: ${daysAgo(3).toISOString()}\n  update_frequency: weekly\n---\n# Changelog\n`);
    // A site the reference server managed: documcp key, 12 days.
    writePage(repo, 'docs/legacy.md', `---\ndocumcp:\n  last_updated: "${daysAgo(12).toISOString()}"\n  update_frequency: realtime\n---\n# Legacy\n`);
    commitAt(repo, daysAgo(120), 'old pages', ['docs/changelog.md', 'docs/legacy.md']);
    // Not committed, no metadata: its modification time, 50 days.
    const draft = writePage(repo, 'docs/draft.md', '# Draft\n');
    utimesSync(draft, daysAgo(50), daysAgo(50));
    // Not pages: build output and dependencies.
    writePage(repo, 'docs/node_modules/pkg/README.md', '# dep\n');
    writePage(repo, 'docs/build/index.md', '# built\n');
    kernel = await startTestToolpack({ workspace, config: { plugins: ['freshness', 'memory'] } });
  }, 60_000);
  afterAll(async () => {
    await kernel?.stop();
  });

  it('classifies pages by the later of last_updated and the last commit, with the default thresholds', async () => {
    const { isError, data, text } = await track({ docsPath: 'site/docs' });
    expect(isError, text).toBe(false);
    expect(data.counts).toEqual({ total: 7, fresh: 2, warning: 2, stale: 2, critical: 1, overdue: 1 });
    const files = byPath(data.files);
    expect(Object.keys(files).sort()).toEqual(['site/docs/changelog.md', 'site/docs/draft.md', 'site/docs/guide/configure.md', 'site/docs/guide/install.md', 'site/docs/legacy.md', 'site/docs/reference/api.md', 'site/docs/reference/cli.md']);
    expect(files['site/docs/guide/install.md']).toMatchObject({ level: 'fresh', source: 'git', age: '2 days' });
    expect(files['site/docs/guide/configure.md']).toMatchObject({ level: 'warning', source: 'git', age: '10 days' });
    expect(files['site/docs/reference/api.md']).toMatchObject({ level: 'stale', source: 'git', age: '45 days' });
    expect(files['site/docs/reference/cli.md']).toMatchObject({ level: 'critical', source: 'git', age: '120 days' });
    expect(files['site/docs/guide/install.md'].ageDays).toBeCloseTo(2, 0);
    expect(files['site/docs/changelog.md']).toMatchObject({ level: 'fresh', source: 'metadata', age: '3 days', updateFrequency: 'weekly', overdue: false, metadataKeys: ['toolpack'] });
    // documcp metadata read; realtime pages are overdue after 30 minutes.
    expect(files['site/docs/legacy.md']).toMatchObject({ level: 'warning', source: 'metadata', age: '12 days', updateFrequency: 'realtime', overdue: true, metadataKeys: ['documcp'] });
    expect(files['site/docs/draft.md']).toMatchObject({ level: 'stale', source: 'filesystem', age: '50 days' });
    expect(data.git.repository).toBe('site');
    expect(data.summary).toMatch(/^7 pages of site\/docs: 2 fresh, 2 warning, 2 stale, 1 critical, 1 overdue .*7 days \/ 30 days \/ 90 days/);
    expect(data.recommendations[0]).toMatch(/1 critical page.*site\/docs\/reference\/cli\.md/);
    expect(data.recommendations.join('\n')).toMatch(/site\/docs\/draft\.md|modification time/);
  });

  it('applies a preset, and explicit thresholds over it', async () => {
    const weekly = (await track({ docsPath: 'site/docs', preset: 'weekly', includeFileList: false })).data;
    // weekly: 7 / 14 / 30 days.
    expect(weekly.counts).toMatchObject({ fresh: 2, warning: 2, stale: 0, critical: 3 });
    expect(weekly.files).toBeUndefined();
    expect(weekly.thresholds).toMatchObject({ preset: 'weekly', warning: { value: 7, unit: 'days' }, critical: { value: 30, unit: 'days' } });

    const quarterly = await track({ docsPath: 'site/docs', preset: 'quarterly', criticalThreshold: { value: 100, unit: 'days' } });
    // quarterly is 90 / 180 / 365 days: a critical threshold of 100 days falls below its stale one and is refused.
    expect(quarterly.isError).toBe(true);
    expect(quarterly.text).toMatch(/criticalThreshold/);
    // 90 / 100 / 110 days: only the 120-day page is past warning, and it is critical.
    const tight = (await track({ docsPath: 'site/docs', preset: 'quarterly', staleThreshold: { value: 100, unit: 'days' }, criticalThreshold: { value: 110, unit: 'days' } })).data;
    expect(tight.counts).toMatchObject({ fresh: 6, warning: 0, stale: 0, critical: 1 });

    const hours = (await track({ docsPath: 'site/docs', warningThreshold: { value: 24, unit: 'hours' }, staleThreshold: { value: 240, unit: 'hours' }, criticalThreshold: { value: 1000, unit: 'hours' } })).data;
    // 1 day / 10 days / ~41.7 days: 2-day and 3-day pages warn, 10 and 12 days stale, 45, 50, 120 critical.
    expect(hours.counts).toMatchObject({ fresh: 0, warning: 2, stale: 2, critical: 3 });
  });

  it('orders the list by staleness, age or path', async () => {
    const staleness = (await track({ docsPath: 'site/docs' })).data.files.map((f: any) => f.path);
    expect(staleness.slice(0, 3)).toEqual(['site/docs/reference/cli.md', 'site/docs/draft.md', 'site/docs/reference/api.md']);
    // Within warning the overdue page comes first.
    expect(staleness.slice(3, 5)).toEqual(['site/docs/legacy.md', 'site/docs/guide/configure.md']);
    const age = (await track({ docsPath: 'site/docs', sortBy: 'age' })).data.files.map((f: any) => f.age);
    expect(age).toEqual(['120 days', '50 days', '45 days', '12 days', '10 days', '3 days', '2 days']);
    const path = (await track({ docsPath: 'site/docs', sortBy: 'path' })).data.files.map((f: any) => f.path);
    expect(path).toEqual([...path].sort());
    expect(path[0]).toBe('site/docs/changelog.md');
  });

  it('refuses thresholds out of order and docs paths that are not folders of the workspace', async () => {
    const order = await track({ docsPath: 'site/docs', warningThreshold: { value: 40, unit: 'days' } });
    expect(order.isError).toBe(true);
    expect(order.text).toMatch(/warningThreshold.*warning < stale/);
    const unit = await track({ docsPath: 'site/docs', staleThreshold: { value: 3, unit: 'weeks' } });
    expect(unit.isError).toBe(true);
    expect(unit.text).toMatch(/staleThreshold/);
    const file = await track({ docsPath: 'site/docs/draft.md' });
    expect(file.isError).toBe(true);
    expect(file.text).toMatch(/docsPath.*not a folder/);
    const outside = await track({ docsPath: '../..' });
    expect(outside.isError).toBe(true);
    expect(outside.text).toMatch(/docsPath/);
  });

  it('records the tracking in memory when storeInKG, and not otherwise', async () => {
    const before = outcome(await kernel.call('memory_recall', { query: 'critical stale' })).data.hits.filter((h: any) => h.type === 'freshness');
    await track({ docsPath: 'site/docs', storeInKG: false });
    expect(outcome(await kernel.call('memory_recall', { query: 'critical stale' })).data.hits.filter((h: any) => h.type === 'freshness')).toHaveLength(before.length);
    const { data } = await track({ docsPath: 'site/docs', projectPath: 'site' });
    const hits = outcome(await kernel.call('memory_recall', { query: 'critical stale' })).data.hits.filter((h: any) => h.type === 'freshness');
    expect(hits.length).toBeGreaterThan(before.length);
    expect(hits.filter((h: any) => h.project === 'site').map((h: any) => h.summary)).toEqual([data.summary]);
  });
});
