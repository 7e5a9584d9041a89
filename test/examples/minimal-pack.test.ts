/** The example third-party pack, loaded from its config by relative path, called through a real MCP client over stdio. */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from '../e2e/helpers.js';
import { tempDir } from '../helpers/workspace.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
// The command users run: package.json's bin (the bundled CLI).
const bin = join(repo, (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { bin: { toolpack: string } }).bin.toolpack);

describe('examples/minimal-pack', () => {
  beforeAll(assertBuilt);

  it('is loaded from a config by relative path and its tool answers an MCP client', async () => {
    // A copy outside the repository: no node_modules, so `toolpack/sdk` must come from the kernel's alias.
    const project = tempDir('toolpack-example-');
    cpSync(join(repo, 'examples', 'minimal-pack'), project, { recursive: true });
    writeFileSync(join(project, 'guide.md'), '# Guide\n\nInstall it first.\n\n```sh\nnpm install\n```\n\n## Use\n\nRun the server.\n');

    const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'serve'], cwd: project, env: { ...process.env, TOOLPACK_LOG_LEVEL: 'silent' } as Record<string, string> });
    const client = new Client({ name: 'example-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(['list_directory', 'read_file', 'word_count', 'write_file']);
      const result = await client.callTool({ name: 'word_count', arguments: { path: 'guide.md' } });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({ path: 'guide.md', words: 8, headings: 2, codeBlocks: 1 });
      const outside = await client.callTool({ name: 'word_count', arguments: { path: '../../etc/passwd' } });
      expect(outside.isError).toBe(true);
      expect((outside.structuredContent as { error: { type: string } }).error.type).toBe('FileSystemError');
    } finally {
      await client.close();
    }
  });
});
