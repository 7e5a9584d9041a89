/**
 * detect_documentation_drift through a real MCP client, on a real git repository whose history
 * renames a function, removes a CLI option and changes a signature after the pages were written.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolpack } from '../../../core/bootstrap.js';
import { createRootLogger } from '../../../core/services/logger.js';
import { connectTestClient } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';
import { makeDriftRepo, type DriftRepo } from './drift-library-repo.js';

let workspace: string;
let repo: DriftRepo;
let kernel: Awaited<ReturnType<typeof startToolpack>>;
let client: Awaited<ReturnType<typeof connectTestClient>>;

const drift = async (args: Record<string, unknown>) => outcome((await client.callTool({ name: 'detect_documentation_drift', arguments: { repositoryPath: 'netkit', ...args } })) as never);

beforeAll(async () => {
  workspace = tempDir('toolpack-drift-');
  repo = makeDriftRepo(`${workspace}/netkit`);
  // A real MCP client on the kernel with every built-in pack.
  kernel = await startToolpack({ cwd: workspace, preset: 'all', logger: createRootLogger('silent') });
  client = await connectTestClient(kernel);
}, 60_000);
afterAll(async () => (await client?.close(), await kernel?.stop()));

describe('detect_documentation_drift', () => {
  it('ranks the pages that name renamed, removed and re-signed code, with the commits that changed it', async () => {
    const { isError, data, text } = await drift({});
    expect(isError, text).toBe(false);
    const [c1, c2, c3] = repo.commits;
    expect(data.summary).toMatch(/^2 of 5 page\(s\) describe code that changed after them: docs\/api\.md names createClient, renamed to connect in /);
    expect(data.summary).toContain(c2);
    expect(data.counts).toMatchObject({ documentationPath: 'docs', pagesRead: 5, pagesCompared: 5, pagesDrifted: 2, notCommitted: 0 });
    // api.md: createClient (3 mentions, renamed: x2) + listItems (3 mentions, signature: x1) = 9; cli.md: --output (2, removed: x3) = 6.
    expect(data.pages.map((p: any) => [p.path, p.score])).toEqual([
      ['docs/api.md', 9],
      ['docs/cli.md', 6],
    ]);
    const api = data.pages[0];
    expect(api.lastCommit).toMatchObject({ sha: c1, subject: 'Add netkit client, CLI and docs' });
    const renamed = api.changes.find((c: any) => c.name === 'createClient');
    expect(renamed).toMatchObject({
      kind: 'export',
      change: 'renamed',
      newName: 'connect',
      mentions: 3,
      line: 3,
      definedAt: 'src/client.ts:6',
      oldSignature: 'createClient(url: string, options: ClientOptions = {})',
      newSignature: 'connect(url: string, options: ClientOptions = {})',
    });
    expect(renamed.commits.map((c: any) => c.sha)).toEqual([c2]);
    expect(renamed.commits[0]).toMatchObject({ subject: 'Rename createClient to connect', date: expect.stringMatching(/^2024-02-10/) });
    const resigned = api.changes.find((c: any) => c.name === 'listItems');
    expect(resigned).toMatchObject({ change: 'signature-changed', definedAt: 'src/client.ts:10', oldSignature: 'listItems(client: unknown, limit: number)', newSignature: 'listItems(client: unknown, limit: number, offset = 0)' });
    expect(resigned.commits.map((c: any) => c.sha)).toEqual([c3]);

    const cli = data.pages[1];
    expect(cli.changes).toEqual([expect.objectContaining({ name: '--output', kind: 'cli-flag', change: 'removed', mentions: 2, line: 3, definedAt: 'bin/cli.js:5' })]);
    expect(cli.changes[0].commits.map((c: any) => c.sha)).toEqual([c3]);
    // The guide changed after commit 3 (it names listItems and connect as they are now); the intro names only flags that remain.
    expect(data.pages.map((p: any) => p.path)).not.toContain('docs/guide.md');
    expect(data.pages.map((p: any) => p.path)).not.toContain('docs/intro.md');
    expect(JSON.stringify(data).length).toBeLessThan(25 * 1024);
  });

  it('reads a package inside a larger repository with project-relative paths', async () => {
    const mono = makeDriftRepo(`${workspace}/mono`, 'packages/netkit');
    const { isError, data, text } = await drift({ repositoryPath: 'mono/packages/netkit' });
    expect(isError, text).toBe(false);
    expect(data.pages.map((p: any) => [p.path, p.score])).toEqual([
      ['docs/api.md', 9],
      ['docs/cli.md', 6],
    ]);
    expect(data.pages[1].changes[0]).toMatchObject({ name: '--output', definedAt: 'bin/cli.js:5', commits: [expect.objectContaining({ sha: mono.commits[2] })] });
  });

  it('limits the commits to those after `since`, a tag or a date', async () => {
    const [, , c3] = repo.commits;
    for (const since of ['v1', '2024-02-20']) {
      const { isError, data, text } = await drift({ since });
      expect(isError, text).toBe(false);
      // The rename happened at v1: only commit 3 counts, so the removed option now weighs most.
      expect(data.pages.map((p: any) => [p.path, p.score])).toEqual([
        ['docs/cli.md', 6],
        ['docs/api.md', 3],
      ]);
      expect(data.pages[1].changes.map((c: any) => c.name)).toEqual(['listItems']);
      expect(data.pages[1].comparedFrom).toBe(repo.commits[1]);
      expect(data.pages.flatMap((p: any) => p.changes.flatMap((c: any) => c.commits.map((k: any) => k.sha)))).toEqual([c3, c3]);
      expect(data.summary).toContain(`(commits after ${since})`);
    }
    const { data } = await drift({ since: 'HEAD' });
    expect(data.pages).toEqual([]);
    expect(data.summary).toMatch(/^None of 5 page\(s\)/);
  });

  it('refuses a `since` that is neither a ref nor a date, naming the parameter', async () => {
    for (const since of ['no-such-tag', '2024-13-45', '--all']) {
      const { isError, text } = await drift({ since });
      expect(isError).toBe(true);
      expect(text).toMatch(/since/);
      expect(text).toMatch(/not a ref of this repository nor a date/);
    }
  });

  it('says so for a repository without commits, and for a folder outside any repository', async () => {
    const empty = `${workspace}/empty`;
    mkdirSync(`${empty}/docs`, { recursive: true });
    writeFileSync(`${empty}/docs/index.md`, '# Empty\n\nCall `start()`.\n');
    execFileSync('git', ['init', '-q'], { cwd: empty });
    const { isError, data, text } = await drift({ repositoryPath: 'empty' });
    expect(isError, text).toBe(false);
    expect(data.summary).toMatch(/no commits yet/);
    expect(data.pages).toEqual([]);
    expect(data.counts.notCommitted).toBe(1);

    const plain = `${workspace}/plain`;
    mkdirSync(`${plain}/docs`, { recursive: true });
    writeFileSync(`${plain}/docs/index.md`, '# Plain\n');
    const outside = await drift({ repositoryPath: 'plain' });
    expect(outside.isError).toBe(true);
    expect(outside.text).toMatch(/parameter "repositoryPath": "plain" has no git history to read: it is not inside a git repository/);
  });
});
