/**
 * detect_documentation_drift on a Python package (argparse CLI, JSON schema config, __all__
 * exports) whose second commit renames an option, drops a config key and removes a function,
 * with forty recipe pages naming the renamed option: the answer stays bounded.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolpack } from '../../../core/bootstrap.js';
import { createRootLogger } from '../../../core/services/logger.js';
import { connectTestClient } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';

let kernel: Awaited<ReturnType<typeof startToolpack>>;
let client: Awaited<ReturnType<typeof connectTestClient>>;
const commits: string[] = [];
const RECIPES = 40;

const cliPy = (output: string) => `import argparse

def main():
    parser = argparse.ArgumentParser(prog="tasker")
    parser.add_argument("${output}", help="where to write the schedule")
    parser.add_argument("--quiet", action="store_true", help="print nothing")
    return parser.parse_args()
`;

beforeAll(async () => {
  const workspace = tempDir('toolpack-drift-py-');
  const root = `${workspace}/tasker`;
  const write = (path: string, text: string) => (mkdirSync(dirname(join(root, path)), { recursive: true }), writeFileSync(join(root, path), text));
  mkdirSync(root);
  const git = (args: string[], date = '2024-05-01T09:00:00Z') =>
    execFileSync('git', ['-c', 'user.name=Py', '-c', 'user.email=py@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } });
  git(['init', '-q', '-b', 'main']);
  write('pyproject.toml', '[project]\nname = "tasker"\n\n[project.scripts]\ntasker = "tasker.cli:main"\n');
  write('tasker/__init__.py', 'from .core import schedule, cancel\n\n__all__ = ["schedule", "cancel"]\n');
  write('tasker/core.py', 'def schedule(task, when):\n    return (task, when)\n\n\ndef cancel(task_id):\n    return task_id\n');
  write('tasker/cli.py', cliPy('--output'));
  write('config.schema.json', JSON.stringify({ properties: { retries: { type: 'integer' }, backoff: { type: 'number' } } }, null, 2));
  write('docs/cli.md', '# CLI\n\n`tasker --output plan.txt` writes the plan; `--quiet` silences it.\n');
  write('docs/config.md', '# Configuration\n\nSet `retries` and `backoff` in the config file.\n');
  write('docs/api.md', '# API\n\nCall `schedule(task, when)`; undo with `cancel(task_id)`.\n');
  for (let i = 0; i < RECIPES; i++) write(`docs/recipes/recipe-${String(i).padStart(2, '0')}.md`, `# Recipe ${i}\n\nRun \`tasker --output recipe-${i}.txt\`.\n`);
  git(['add', '-A']);
  git(['commit', '-q', '-m', 'Tasker with docs']);
  commits.push(git(['log', '-1', '--format=%h']).trim());
  write('tasker/cli.py', cliPy('--out-file'));
  write('config.schema.json', JSON.stringify({ properties: { retries: { type: 'integer' } } }, null, 2));
  write('tasker/__init__.py', 'from .core import schedule\n\n__all__ = ["schedule"]\n');
  write('tasker/core.py', 'def schedule(task, when):\n    return (task, when)\n');
  git(['add', '-A'], '2024-06-01T09:00:00Z');
  git(['commit', '-q', '-m', 'Rename --output, drop backoff and cancel'], '2024-06-01T09:00:00Z');
  commits.push(git(['log', '-1', '--format=%h']).trim());
  kernel = await startToolpack({ cwd: workspace, preset: 'all', logger: createRootLogger('silent') });
  client = await connectTestClient(kernel);
}, 60_000);
afterAll(async () => (await client?.close(), await kernel?.stop()));

describe('detect_documentation_drift on a Python package', () => {
  it('reports the renamed option, the removed config key and function, bounded to the pages that rely most on them', async () => {
    const { isError, data, text } = await outcome((await client.callTool({ name: 'detect_documentation_drift', arguments: { repositoryPath: 'tasker' } })) as never);
    expect(isError, text).toBe(false);
    expect(text.length).toBeLessThan(25 * 1024);
    expect(data.summary).toMatch(/^43 of 43 page\(s\) describe code that changed after them: /);
    const all = [...data.pages, ...data.otherPages];
    expect(all).toHaveLength(3 + RECIPES);
    expect(data.pages).toHaveLength(20);
    expect(data.otherPages).toHaveLength(23);
    const byPath = Object.fromEntries(data.pages.map((p: any) => [p.path, p]));
    // Removed (x3) outweighs renamed (x2): the config and API pages come first.
    expect(data.pages.slice(0, 2).map((p: any) => p.path).sort()).toEqual(['docs/api.md', 'docs/config.md']);
    expect(byPath['docs/config.md'].changes).toEqual([expect.objectContaining({ name: 'backoff', kind: 'config-key', change: 'removed', definedAt: 'config.schema.json:6' })]);
    expect(byPath['docs/api.md'].changes).toEqual([expect.objectContaining({ name: 'cancel', kind: 'export', change: 'removed', oldSignature: 'cancel(task_id)', definedAt: 'tasker/core.py:5' })]);
    const recipe = data.pages.find((p: any) => p.path.startsWith('docs/recipes/'));
    expect(recipe.changes).toEqual([expect.objectContaining({ name: '--output', kind: 'cli-flag', change: 'renamed', newName: '--out-file', mentions: 1 })]);
    for (const page of data.pages) for (const change of page.changes) expect(change.commits.map((c: any) => c.sha)).toEqual([commits[1]]);
  });
});
