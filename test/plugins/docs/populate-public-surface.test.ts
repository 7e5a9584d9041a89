/**
 * Issue 28 item 4, through a real MCP client: populate_diataxis_content documents the public
 * surface. On a Typer-like Python CLI library (themed MkDocs site, private _vendor package,
 * docs_src/ examples, scripts/, shell-completion internals) and on a JavaScript framework
 * (docs/Reference and docs/Guides, server options in lib/, scripts/ reading GITHUB_TOKEN):
 * reference flags come from the package's own CLI, configuration pages list the documented
 * configuration, getting-started installs the published package, and existing section folders
 * are reused whatever their case.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { project } from '../project/fixtures.js';
import { pythonCliLibrary } from './python-cli-library-repo.js';
import { GUIDES_INDEX, REFERENCE_INDEX, SERVER_OPTIONS, serverOptionsFramework } from './server-options-framework-repo.js';
import { toolClient } from '../../helpers/tool-client.js';

/** A real MCP client on a kernel with every pack, analysis done. */
async function client(root: string) {
  const { call, close } = await toolClient(root);
  onTestFinished(close);
  const analysisId = (await call('analyze_repository', { path: '.' })).id as string;
  return { call, analysisId };
}

const pagesOf = (result: any) => result.pages as Array<{ path: string; status: string }>;

describe('populate_diataxis_content documents the public surface', () => {
  it('on a Typer-like CLI library: flags of its own commands, no completion or script variables, pip install of the package, into docs/tutorial', async () => {
    // uv.lock makes `uv sync` the contributors' setup, which getting-started used to teach.
    const root = project({ ...pythonCliLibrary(), 'uv.lock': 'version = 1\nrequires-python = ">=3.9"\n' }, 'toolpack-populate-cli-');
    const { call, analysisId } = await client(root);
    const result = await call('populate_diataxis_content', { analysisId, docsPath: 'docs', populationLevel: 'comprehensive' });
    const read = (path: string) => readFileSync(join(root, path), 'utf8');
    const written = pagesOf(result).filter((p) => p.status === 'written').map((p) => p.path);
    const all = written.map(read).join('\n');

    // The site's own folder for tutorials (docs/tutorial) is reused; the hand-written home page is kept.
    expect(result.docsRoot).toBe('docs');
    expect(written).toContain('docs/tutorial/getting-started.md');
    expect(existsSync(join(root, 'docs/tutorials'))).toBe(false);
    expect(pagesOf(result).find((p) => p.path === 'docs/index.md')?.status).toBe('kept');

    const start = read('docs/tutorial/getting-started.md');
    expect(start).toContain('```sh\npip install climber\n```');
    expect(start).not.toContain('uv sync');
    expect(read('docs/how-to/development-setup.md')).toContain('```sh\nuv sync\n```');

    // The climber command's options, grouped by subcommand, with their help.
    const docsCommand = read('docs/reference/command-docs.md');
    expect(docsCommand).toContain("- `--name`: The app's name in the docs title.");
    expect(docsCommand).toContain('- `--output`: Where to write the Markdown.');
    expect(docsCommand).toContain('- `--title`: A title instead of the app');
    expect(read('docs/reference/command-run.md')).toContain('- `--dry-run`');
    // Example sources' and maintainer scripts' flags are not the package's.
    for (const flag of ['--force', '--lastname', '--run-id']) expect(all, flag).not.toContain(flag);

    // Configuration: what users set, never completion internals, a private package's or a script's variables.
    const configuration = written.filter((p) => p.includes('/configuration')).map(read).join('\n');
    expect(configuration).toContain('`CLIMBER_THEME`');
    for (const name of ['_CLIMBER_COMPLETE', 'COMP_WORDS', 'COMP_CWORD', 'CLIMBER_COMPLETE_SHELL', 'CLICKY_PAGER', 'GITHUB_TOKEN', 'DOCS_LANGUAGE', 'TUTORIAL_GREETING', '_CLIMBER_DEBUG_PARSE']) {
      expect(all, name).not.toContain(name);
    }
    // The vendored toolkit's classes are not the library's API.
    const api = read('docs/reference/api.md');
    expect(api).toContain('`App`');
    expect(api).not.toMatch(/`Context`|`command`|_vendor|docs_src/);
  }, 90_000);

  it('on a JavaScript framework: the server options, npm install of the package, pages in docs/Reference and docs/Guides', async () => {
    const root = project(serverOptionsFramework(), 'toolpack-populate-framework-');
    const { call, analysisId } = await client(root);
    const result = await call('populate_diataxis_content', { analysisId, docsPath: 'docs', populationLevel: 'comprehensive' });
    const read = (path: string) => readFileSync(join(root, path), 'utf8');
    const written = pagesOf(result).filter((p) => p.status === 'written').map((p) => p.path);
    const all = written.map(read).join('\n');

    // One folder per section, the project's own where it has one (Linux would happily make a second).
    expect(readdirSync(join(root, 'docs')).filter((n) => !n.endsWith('.md')).sort()).toEqual(['Guides', 'Reference', 'tutorials']);
    expect(written).toEqual(expect.arrayContaining(['docs/Reference/configuration.md', 'docs/Guides/development-setup.md', 'docs/tutorials/getting-started.md']));
    expect(read('docs/Reference/Index.md')).toBe(REFERENCE_INDEX);
    expect(read('docs/Guides/Index.md')).toBe(GUIDES_INDEX);

    // The configuration page lists the options vantage(options) takes, with their defaults, and no script's token.
    const configuration = read('docs/Reference/configuration.md');
    for (const option of SERVER_OPTIONS) expect(configuration, option).toContain(`\`${option}\``);
    expect(configuration).toContain('- `keepAliveTimeout`: default 72000');
    expect(all).not.toContain('GITHUB_TOKEN');
    expect(all).not.toContain('BENCH_CONNECTIONS');
    expect(all).not.toMatch(/--dry-run|--since-tag/);

    // Users install the package; the clone's `npm ci` is the contributors' guide.
    const start = read('docs/tutorials/getting-started.md');
    expect(start).toContain('```sh\nnpm install vantage\n```');
    expect(start).not.toContain('npm ci');
    expect(read('docs/Guides/development-setup.md')).toContain('```sh\nnpm ci\n```');
  }, 90_000);
});
