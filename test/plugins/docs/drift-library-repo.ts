/**
 * A small TypeScript library with a commander CLI, its docs, and a real git history (real `git`
 * commands) that drifts away from them:
 *   1 (2024-01-10) the library, the CLI and four pages
 *   2 (2024-02-10) createClient renamed to connect (same parameters)  - tagged v1
 *   3 (2024-03-10) --output removed from the CLI; listItems gains a parameter
 *   4 (2024-04-10) docs/guide.md rewritten for the new code (not drift)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface DriftRepo {
  root: string;
  /** Short shas of commits 1 to 4. */
  commits: string[];
}

const client = (name: string, listParams: string) => `/** The netkit client. */
export interface ClientOptions {
  timeout?: number;
}

export function ${name}(url: string, options: ClientOptions = {}) {
  return { url, options };
}

export function listItems(${listParams}) {
  return [client, limit];
}
`;

const cli = (withOutput: boolean) => `#!/usr/bin/env node
import { Command } from 'commander';
const program = new Command('netkit');
program
${withOutput ? "  .option('-o, --output <file>', 'write the items to a file')\n" : ''}  .option('-v, --verbose', 'log every request')
  .option('--retries <n>', 'retry failed requests');
program.parse();
`;

const PAGES: Record<string, string> = {
  'docs/api.md': `# API

Create a client with \`createClient(url, options)\`:

\`\`\`ts
import { createClient, listItems } from 'netkit';
const client = createClient('https://example.com', { timeout: 5 });
const items = listItems(client, 10);
\`\`\`

\`listItems(client, limit)\` returns the first \`limit\` items.
`,
  'docs/cli.md': `# Command line

Run \`netkit --output items.json\` to save the items. With \`--output\` the
items go to the file instead of the terminal. Add \`--verbose\` to see requests.
`,
  'docs/intro.md': `# Introduction

netkit talks to item servers. Pass \`--verbose\` or \`--retries 3\` when a server is slow.
`,
  'docs/guide.md': `# Guide

Old text, rewritten later.
`,
  'README.md': `# netkit

A small client for item servers. See docs/.
`,
};

/** The repository at `root`; the library in its folder `sub` ('' = the top, else e.g. a monorepo's package). */
export function makeDriftRepo(root: string, sub = ''): DriftRepo {
  mkdirSync(root, { recursive: true });
  const write = (_root: string, path: string, text: string) => {
    const file = join(root, sub, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  const git = (args: string[], date?: string) =>
    execFileSync('git', ['-c', 'user.name=Tess', '-c', 'user.email=tess@example.com', '-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false', ...args], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}) },
    });
  const commit = (subject: string, date: string) => {
    git(['add', '-A'], date);
    git(['commit', '-q', '-m', subject], date);
    return git(['log', '-1', '--format=%h']).trim();
  };
  git(['init', '-q', '-b', 'main']);
  write(root, 'package.json', JSON.stringify({ name: 'netkit', version: '1.0.0', type: 'module', main: 'dist/index.js', bin: { netkit: 'bin/cli.js' } }, null, 2));
  write(root, 'src/index.ts', "export { createClient, listItems } from './client.js';\nexport type { ClientOptions } from './client.js';\n");
  write(root, 'src/client.ts', client('createClient', 'client: unknown, limit: number'));
  write(root, 'bin/cli.js', cli(true));
  for (const [path, text] of Object.entries(PAGES)) write(root, path, text);
  const c1 = commit('Add netkit client, CLI and docs', '2024-01-10T10:00:00Z');

  write(root, 'src/index.ts', "export { connect, listItems } from './client.js';\nexport type { ClientOptions } from './client.js';\n");
  write(root, 'src/client.ts', client('connect', 'client: unknown, limit: number'));
  const c2 = commit('Rename createClient to connect', '2024-02-10T10:00:00Z');
  git(['tag', 'v1']);

  write(root, 'bin/cli.js', cli(false));
  write(root, 'src/client.ts', client('connect', 'client: unknown, limit: number, offset = 0'));
  const c3 = commit('Drop --output; page listItems', '2024-03-10T10:00:00Z');

  write(root, 'docs/guide.md', '# Guide\n\nCall `connect(url, options)`, then `listItems(client, limit, offset)`. Use `--verbose` to debug.\n');
  const c4 = commit('Rewrite the guide', '2024-04-10T10:00:00Z');
  return { root, commits: [c1, c2, c3, c4] };
}
