/**
 * What the README states is true (issue 29): every figure and list a newcomer reads there
 * (tool and pack counts, the tools/list a client receives, the Debian packages and the two
 * commands CI runs) is compared here with what the code and `.ci/run` really do, so a change
 * that makes the README wrong fails. Also: each client section gives a snippet of the right
 * shape for that client, and every relative link and anchor of README.md and docs/ resolves
 * (the pack author's guide moved to docs/, and links into it must keep working).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolpack } from '../core/bootstrap.js';
import { builtPacks } from '../core/plugins/catalog.js';
import { createRootLogger } from '../core/services/logger.js';
import { TOOLS_LIST_MAX_BYTES, toolsListBudget } from '../core/tools/listed-schema.js';
import { slugsOf } from '../sdk/slug.js';
import { connectTestClient } from '../sdk/testing.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const KB = 1024;

/** The text of the README's `## title` section (up to the next `## `). */
function section(title: string): string {
  const found = readme.split(/^## /m).find((s) => s.startsWith(`${title}\n`));
  expect(found, `README.md has a "## ${title}" section`).toBeDefined();
  return found!;
}

/** The first match of `pattern` in the README, or a failure naming what was looked for. */
function stated(pattern: RegExp, what: string): RegExpMatchArray {
  const match = readme.match(pattern);
  expect(match, `README.md states ${what} (${pattern})`).not.toBeNull();
  return match!;
}

const allTools = builtPacks().flatMap((p) => p.tools);

describe('tool and pack counts', () => {
  it('"N tools in M packs" counts the built packs and their tools', () => {
    const [, tools, packs] = stated(/(\d+) tools in (\d+) packs/, 'how many tools and packs ship');
    expect({ tools: Number(tools), packs: Number(packs) }).toEqual({ tools: allTools.length, packs: builtPacks().length });
  });

  it('every "all N tools" is every tool', () => {
    const all = [...readme.matchAll(/\ball (\d+) tools\b/g)].map((m) => Number(m[1]));
    expect(all.length).toBeGreaterThan(0);
    for (const n of all) expect(n).toBe(allTools.length);
  });
});

describe('what a client receives on connect', () => {
  let workspace: string;
  const listed: Record<string, { count: number; bytes: number }> = {};

  // As bench/tools-list.mjs measures it: a folder with no config, the default start and --preset all.
  beforeAll(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'toolpack-readme-facts-'));
    for (const preset of [undefined, 'all']) {
      const kernel = await startToolpack({ cwd: workspace, preset, logger: createRootLogger('silent') });
      const client = await connectTestClient(kernel);
      try {
        const { tools } = await client.listTools();
        listed[preset ?? 'default'] = { count: tools.length, bytes: Buffer.byteLength(JSON.stringify({ tools })) };
        if (!preset) listed.exposed = { count: kernel.registry.exposed().length, bytes: 0 };
      } finally {
        await client.close();
        await kernel.stop();
      }
    }
  });
  afterAll(() => rmSync(workspace, { recursive: true, force: true }));

  it('the default session lists the stated number of tools: the flows\' entry points and the toolset tools', () => {
    const [, total, entries, toolsetTools] = stated(/session starts with (\d+) tools: the (\d+) entry points[^]*?plus\s+the (\d+) tools/, 'the default session\'s tools');
    expect(Number(total)).toBe(listed.default!.count);
    expect(Number(entries) + Number(toolsetTools)).toBe(listed.default!.count);
    for (const [, n] of readme.matchAll(/session starts with (\d+) tools/g)) expect(Number(n)).toBe(listed.default!.count);
    // The Toolsets section says the same.
    expect(section('Configuration')).toMatch(new RegExp(`flows, ${entries} tools such as`));
  });

  it('tools/list is about the stated size, for the default start and for --preset all', () => {
    const [, defaultKb, allCount, allKb] = stated(/is about (\d+) KB; `--preset all` lists all (\d+) tools in about\s+(\d+)\s+KB/, 'the tools/list sizes');
    expect(Number(allCount)).toBe(listed.all!.count);
    // "about N KB": within one KB either way, so a changed description shows up here.
    expect(Math.abs(listed.default!.bytes / KB - Number(defaultKb)), `default tools/list is ${(listed.default!.bytes / KB).toFixed(1)} KB`).toBeLessThanOrEqual(1);
    expect(Math.abs(listed.all!.bytes / KB - Number(allKb)), `--preset all tools/list is ${(listed.all!.bytes / KB).toFixed(1)} KB`).toBeLessThanOrEqual(1);
  });

  it('the stated limits are the kernel\'s, and both lists are under them', () => {
    const [, smallKb, upTo, maxKb] = stated(/kept under (\d+) KB up to (\d+) tools and under (\d+) KB for every tool/, 'the tools/list limits');
    // The kernel's budget for a session's tools, plus what it keeps for the toolset tools listed beside them.
    expect(toolsListBudget(Number(upTo)) + 2 * KB).toBe(Number(smallKb) * KB);
    expect(TOOLS_LIST_MAX_BYTES).toBe(Number(maxKb) * KB);
    expect(listed.default!.count).toBeLessThanOrEqual(Number(upTo));
    expect(listed.default!.bytes).toBeLessThanOrEqual(Number(smallKb) * KB);
    expect(listed.all!.bytes).toBeLessThanOrEqual(Number(maxKb) * KB);
  });

  it('with no config every tool is exposed (what `toolpack list` prints)', () => {
    expect(listed.exposed!.count).toBe(allTools.length);
  });
});

describe('what the tests need and the commands CI runs', () => {
  const ciRun = readFileSync(join(root, '.ci/run'), 'utf8');

  it('the Debian packages listed are the ones .ci/run installs', () => {
    const needed = [...ciRun.matchAll(/need\+=\(([^)]+)\)/g)].map((m) => m[1]!.trim()).sort();
    expect(needed.length).toBeGreaterThan(0);
    const [, list] = stated(/needs these Debian packages[^:]*:([^(]+)\(/, 'the Debian packages the tests need');
    const inReadme = [...list!.matchAll(/`([a-z0-9.+-]+)`/g)].map((m) => m[1]!).sort();
    expect(inReadme).toEqual(needed);
  });

  it("the commands .ci/run runs are the README's set-up commands", () => {
    const ciCommands = ciRun
      .split('\n')
      .map((line) => line.match(/^\s*(?:time\s+)?npm (install|test|ci|run \S+)/)?.[1])
      .filter((command) => command !== undefined)
      .map((command) => `npm ${command}`);
    expect(ciCommands).toEqual(['npm install', 'npm test']);
    const setUp = section('Set up');
    const block = setUp.match(/```sh\n([^]*?)```/)?.[1] ?? '';
    for (const command of ciCommands) expect(block.split('\n').map((l) => l.split('#')[0]!.trim())).toContain(command);
  });
});

describe('connecting each client', () => {
  const connect = section('Connect an MCP client');
  const bin = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin;

  /** The JSON blocks of one client's `### title` subsection, parsed. */
  function snippets(title: string): Array<Record<string, Record<string, { command?: string; args?: string[]; url?: string; type?: string }>>> {
    const sub = connect.split(/^### /m).find((s) => s.startsWith(`${title}\n`));
    expect(sub, `README.md has a "### ${title}" section`).toBeDefined();
    return [...sub!.matchAll(/```json\n([^]*?)```/g)].map((m) => JSON.parse(m[1]!));
  }

  it('each client gets a snippet with its own file format, running the real bin', () => {
    expect(Object.keys(bin)).toEqual(['toolpack']);
    for (const [client, key] of [['Claude Desktop', 'mcpServers'], ['Cursor', 'mcpServers'], ['VS Code', 'servers']] as const) {
      const blocks = snippets(client);
      expect(blocks.length, client).toBeGreaterThan(0);
      for (const block of blocks) {
        expect(Object.keys(block), client).toContain(key);
        const server = block[key]!.toolpack!;
        if (server.url) expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
        else expect([server.command, ...(server.args ?? [])].join(' ')).toContain(`${bin.toolpack} serve`);
      }
    }
    // VS Code needs the transport type on every server.
    for (const block of snippets('VS Code')) expect(block.servers!.toolpack!.type).toMatch(/^(stdio|http)$/);
    const claudeCode = connect.split(/^### /m).find((s) => s.startsWith('Claude Code\n'))!;
    expect(claudeCode).toContain(`claude mcp add toolpack -- node /path/to/toolpack/${bin.toolpack} serve`);
    expect(claudeCode).toContain('claude mcp add toolpack -- toolpack serve');
  });

  it('troubleshooting starts with `toolpack doctor` and says where the logs go', () => {
    const troubleshooting = section('Troubleshooting');
    expect(troubleshooting.match(/^1\. (.*)$/m)?.[1]).toContain('`toolpack doctor`');
    expect(troubleshooting).toMatch(/stderr/);
    for (const client of ['Claude Desktop', 'Claude Code', 'VS Code', 'Cursor']) expect(troubleshooting).toContain(client);
  });
});

describe('links', () => {
  const files = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
  const anchorsOf = (file: string) => {
    const text = readFileSync(join(root, file), 'utf8').replace(/```[^]*?```/g, '');
    return new Set(slugsOf([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1]!.replace(/`/g, ''))));
  };

  it.each(files)('every relative link and anchor in %s resolves', (file) => {
    const text = readFileSync(join(root, file), 'utf8').replace(/```[^]*?```/g, '');
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const [path, anchor] = target!.split('#');
      const resolved = path ? join(dirname(join(root, file)), path) : join(root, file);
      if (!existsSync(resolved)) broken.push(`${target} (no such file)`);
      else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved.slice(root.length + 1)).has(anchor)) broken.push(`${target} (no such heading)`);
    }
    expect(broken).toEqual([]);
  });

  it('the README stays a user\'s guide: the pack author\'s guide is in docs/, linked', () => {
    expect(readme).toContain('](docs/pack-authors.md)');
    expect(readme).not.toMatch(/^### The store$/m);
    // The security details moved too (docs/security.md); what is left is set-up, clients, config and tools.
    expect(readme).toContain('](docs/security.md)');
    expect(readme.split('\n').length, 'README.md lines (the guide moved out: about 450)').toBeLessThanOrEqual(500);
  });
});
