/**
 * validate_documentation_freshness on a real git repository: metadata written
 * into pages without any (dates from git or the modification time), only the
 * front matter rewritten (CRLF, YAML comments and odd spacing, `---` lines in the
 * body all kept byte for byte), documcp metadata read and left as it is, pages
 * changed in git after the commit they were validated against reported (edits
 * of the metadata alone do not count), and updateExisting recording a review.
 */
import { readFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';
import { commitAt, daysAgo, initRepo, writePage } from './git-site.js';

const ODD_FRONT = '---\r\ntitle:   "Odd  page"    # keep my spacing\r\n# a comment line\r\ntags: [a,   b]\r\n---\r\n';
const ODD_BODY = '# Odd\r\n\r\nA paragraph.\r\n\r\n---\r\n\r\nAfter a thematic break.\r\n---\r\ntrailing: not front matter\r\n';
const LEGACY = '---\ntitle: Legacy\ndocumcp:\n  last_updated: "2026-01-10T00:00:00.000Z"\n  update_frequency: weekly\n---\n# Legacy\n';

const frontOf = (text: string) => parse(/^---\r?\n([\s\S]*?)\r?\n---/.exec(text)![1]!);

describe('validate_documentation_freshness', () => {
  const workspace = tempDir('toolpack-freshness-validate-');
  const repo = join(workspace, 'site');
  const read = (path: string) => readFileSync(join(repo, path), 'utf8');
  let kernel: TestToolpack;
  let firstHead: string;
  const validate = async (args: Record<string, unknown>) => outcome(await kernel.call('validate_documentation_freshness', { docsPath: 'site/docs', projectPath: 'site', ...args }));

  beforeAll(async () => {
    initRepo(repo);
    writePage(repo, 'docs/plain.md', '# Plain\n\nNo front matter at all.\n');
    writePage(repo, 'docs/odd.md', ODD_FRONT + ODD_BODY);
    writePage(repo, 'docs/legacy.md', LEGACY);
    writePage(repo, 'docs/broken.md', '---\ntitle: [unclosed\n---\n# Broken\n');
    firstHead = commitAt(repo, daysAgo(20), 'docs');
    const draft = writePage(repo, 'docs/draft.md', '# Draft\n');
    utimesSync(draft, daysAgo(4), daysAgo(4));
    kernel = await startTestToolpack({ workspace, config: { plugins: ['freshness'] } });
  }, 60_000);
  afterAll(async () => {
    await kernel?.stop();
  });

  it('leaves pages alone when initializeMissing is off', async () => {
    const { isError, data, text } = await validate({ initializeMissing: false });
    expect(isError, text).toBe(false);
    expect(data).toMatchObject({ pages: 5, initializedTotal: 0, updatedTotal: 0, missingMetadata: 3 });
    expect(read('docs/plain.md')).toBe('# Plain\n\nNo front matter at all.\n');
    expect(data.recommendations.join('\n')).toMatch(/initializeMissing: true/);
  });

  it('initialises missing metadata from git dates or modification times, rewriting only the front matter', async () => {
    const started = Date.now();
    const { isError, data, text } = await validate({ updateFrequency: 'weekly' });
    expect(isError, text).toBe(false);
    expect(data.initialized).toEqual(['site/docs/draft.md', 'site/docs/odd.md', 'site/docs/plain.md']);
    expect(data.git).toMatchObject({ repository: 'site', head: firstHead });
    expect(data.skipped).toEqual([{ path: 'site/docs/broken.md', reason: expect.stringMatching(/not valid YAML/) }]);
    expect(read('docs/broken.md')).toBe('---\ntitle: [unclosed\n---\n# Broken\n');

    const plain = read('docs/plain.md');
    expect(plain.endsWith('---\n# Plain\n\nNo front matter at all.\n')).toBe(true);
    const meta = frontOf(plain).toolpack;
    expect(meta).toMatchObject({ validated_against_commit: firstHead, update_frequency: 'weekly' });
    expect(Math.abs(new Date(meta.last_updated).getTime() - daysAgo(20, started).getTime())).toBeLessThan(60_000);
    expect(new Date(meta.last_validated).getTime()).toBeGreaterThanOrEqual(started - 1000);

    // CRLF page: the original YAML lines and the body are byte for byte where they were; the new lines are CRLF too.
    const odd = read('docs/odd.md');
    expect(odd.startsWith(ODD_FRONT.slice(0, -'---\r\n'.length))).toBe(true);
    expect(odd.endsWith(`---\r\n${ODD_BODY}`)).toBe(true);
    expect(odd.replace(/\r\n/g, '')).not.toMatch(/\n/);
    expect(frontOf(odd)).toMatchObject({ title: 'Odd  page', tags: ['a', 'b'], toolpack: { validated_against_commit: firstHead, update_frequency: 'weekly' } });

    // Never committed: dated by its modification time, and not validated against a commit it is not in.
    const draft = frontOf(read('docs/draft.md')).toolpack;
    expect(Math.abs(new Date(draft.last_updated).getTime() - daysAgo(4, started).getTime())).toBeLessThan(60_000);
    expect(draft.validated_against_commit).toBeUndefined();
    // documcp metadata counts as metadata: read, not rewritten.
    expect(read('docs/legacy.md')).toBe(LEGACY);
    const legacy = data.files.find((f: any) => f.path === 'site/docs/legacy.md');
    expect(legacy).toMatchObject({ action: 'unchanged', lastUpdated: '2026-01-10T00:00:00.000Z', updateFrequency: 'weekly', metadataKeys: ['documcp'] });
    expect(data.summary).toMatch(/^5 pages of site\/docs: 3 initialised, 0 updated, 1 skipped; 0 changed in git since they were validated\.$/);
  });

  it('reports pages whose content changed in git after the commit they were validated against', async () => {
    commitAt(repo, daysAgo(2), 'record freshness metadata'); // a metadata-only change of odd.md, plain.md, draft.md
    writePage(repo, 'docs/plain.md', read('docs/plain.md').replace('No front matter at all.', 'Rewritten paragraph.'));
    writePage(repo, 'docs/legacy.md', LEGACY.replace('title: Legacy\n', `title: Legacy\ntoolpack:\n  validated_against_commit: ${'0123456789abcdef'.repeat(2)}01234567\n`));
    const head = commitAt(repo, daysAgo(1), 'edit plain');
    const { data } = await validate({});
    expect(data.git.head).toBe(head);
    expect(data.changedSinceValidation).toEqual([
      { path: 'site/docs/legacy.md', validatedAgainstCommit: '0123456789abcdef0123456789abcdef01234567', status: 'unknown-commit', note: expect.stringMatching(/not in this repository/) },
      { path: 'site/docs/plain.md', validatedAgainstCommit: firstHead, status: 'changed' },
    ]);
    expect(data.initializedTotal).toBe(0);
    expect(data.recommendations[0]).toMatch(/site\/docs\/plain\.md.*updateExisting: true/);
  });

  it('updateExisting records a review: last_validated and the commit of every page, documcp blocks kept', async () => {
    const started = Date.now();
    const { data } = await validate({ updateExisting: true });
    expect(data.updated).toEqual(['site/docs/draft.md', 'site/docs/legacy.md', 'site/docs/odd.md', 'site/docs/plain.md']);
    const head = data.git.head;
    for (const page of ['plain', 'odd', 'draft', 'legacy']) {
      const meta = frontOf(read(`docs/${page}.md`));
      expect(meta.toolpack.validated_against_commit, page).toBe(head);
      expect(new Date(meta.toolpack.last_validated).getTime(), page).toBeGreaterThanOrEqual(started - 1000);
    }
    const legacy = read('docs/legacy.md');
    expect(frontOf(legacy).documcp).toEqual({ last_updated: '2026-01-10T00:00:00.000Z', update_frequency: 'weekly' });
    expect(legacy.endsWith('---\n# Legacy\n')).toBe(true);
    expect(read('docs/odd.md').endsWith(`---\r\n${ODD_BODY}`)).toBe(true);
    // Validated against HEAD now: nothing is reported as changed.
    expect((await validate({})).data.changedSinceValidation).toEqual([]);
  });

  it('records no commit without validateAgainstGit, and names the parameter of a bad path', async () => {
    writePage(repo, 'docs/later.md', '# Later\n');
    const { data } = await validate({ validateAgainstGit: false });
    expect(data.initialized).toEqual(['site/docs/later.md']);
    expect(frontOf(read('docs/later.md')).toolpack.validated_against_commit).toBeUndefined();
    expect(data.git.head).toBeNull();

    const notFolder = await validate({ docsPath: 'site/docs/plain.md' });
    expect(notFolder.isError).toBe(true);
    expect(notFolder.text).toMatch(/docsPath/);
    const outside = await validate({ docsPath: '/etc' });
    expect(outside.isError).toBe(true);
    expect(outside.text).toMatch(/docsPath.*outside the workspace/);
    const noProject = await validate({ projectPath: 'missing' });
    expect(noProject.isError).toBe(true);
    expect(noProject.text).toMatch(/projectPath/);
  });
});
