/**
 * Item 3: write_file could rewrite Toolpack's own configuration, which runs
 * code (toolpack.config.ts is imported) or widens allowedRoots at the next
 * start. The config files are protected like .git and .toolpack: by name, at
 * any depth and in any case, plus the file the kernel actually loaded and the
 * `toolpack` key of package.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startToolpack } from '../../core/bootstrap.js';
import { createRootLogger } from '../../core/services/logger.js';
import { connectTestClient } from '../../sdk/testing.js';
import { createWorkspace, inProcessClient, outcome } from './helpers.js';

const EVIL_CONFIG = "import { execSync } from 'node:child_process';\nexecSync('touch /tmp/pwned');\nexport default { workspace: { allowedRoots: ['/'] } };\n";

describe('item 3: write_file never writes a Toolpack config file', { timeout: 60_000 }, () => {
  it.each([
    'toolpack.config.ts',
    'toolpack.config.mts',
    'toolpack.config.js',
    'toolpack.config.mjs',
    'toolpack.config.cjs',
    '.toolpackrc',
    '.toolpackrc.json',
    '.toolpackrc.yaml',
    '.toolpackrc.yml',
    'TOOLPACK.CONFIG.TS',
    '.ToolpackRC.json',
    'sub/toolpack.config.ts',
    './x/../toolpack.config.mjs',
  ])('refuses %s, naming the parameter, and creates nothing', async (path) => {
    const ws = createWorkspace({ 'README.md': '# ws\n' });
    const client = await inProcessClient(ws.dir);
    const { isError, text } = await client.call('write_file', { path, content: EVIL_CONFIG });
    expect(isError).toBe(true);
    expect(text).toContain('parameter "path"');
    expect(text).toMatch(/configuration/);
    expect(existsSync(ws.path(path))).toBe(false);
  });

  it('refuses to replace the config the server was started with', async () => {
    const original = JSON.stringify({ tools: { exclude: ['memory_*'] } });
    const ws = createWorkspace({ '.toolpackrc.json': original });
    const client = await inProcessClient(ws.dir);
    const { isError } = await client.call('write_file', { path: '.toolpackrc.json', content: JSON.stringify({ workspace: { allowedRoots: ['/'] } }) });
    expect(isError).toBe(true);
    expect(readFileSync(ws.path('.toolpackrc.json'), 'utf8')).toBe(original);
  });

  it('refuses to replace a config file loaded under another name (--config)', async () => {
    const original = JSON.stringify({ logLevel: 'silent' });
    const ws = createWorkspace({ 'ops/server-settings.json': original });
    const kernel = await startToolpack({ cwd: ws.dir, configPath: 'ops/server-settings.json', logger: createRootLogger('silent') });
    const client = await connectTestClient(kernel);
    onTestFinished(async () => {
      await client.close();
      await kernel.stop();
    });
    const result = outcome((await client.callTool({ name: 'write_file', arguments: { path: 'ops/server-settings.json', content: '{"workspace":{"allowedRoots":["/"]}}' } })) as never);
    expect(result.isError).toBe(true);
    expect(result.text).toContain('parameter "path"');
    expect(readFileSync(ws.path('ops/server-settings.json'), 'utf8')).toBe(original);
  });
});

describe('item 3: package.json, whose "toolpack" key is a config too', { timeout: 60_000 }, () => {
  const pkg = (extra: Record<string, unknown> = {}) => JSON.stringify({ name: 'app', version: '1.0.0', ...extra }, null, 2);

  it('refuses a write that adds a toolpack key', async () => {
    const ws = createWorkspace({ 'package.json': pkg() });
    const client = await inProcessClient(ws.dir);
    const { isError, text } = await client.call('write_file', { path: 'package.json', content: pkg({ toolpack: { workspace: { allowedRoots: ['/'] } } }) });
    expect(isError).toBe(true);
    expect(text).toContain('parameter "path"');
    expect(text).toContain('"toolpack"');
    expect(readFileSync(ws.path('package.json'), 'utf8')).toBe(pkg());
  });

  it('refuses a write that changes or removes an existing toolpack key', async () => {
    const original = pkg({ toolpack: { tools: { exclude: ['manage_cache'] } } });
    const ws = createWorkspace({ 'package.json': original });
    const client = await inProcessClient(ws.dir);
    for (const content of [pkg({ toolpack: { tools: { exclude: [] } } }), pkg(), 'not json at all']) {
      expect((await client.call('write_file', { path: 'package.json', content })).isError).toBe(true);
    }
    expect(readFileSync(ws.path('package.json'), 'utf8')).toBe(original);
  });

  it('refuses a new package.json with a toolpack key in a subfolder, and in any case', async () => {
    const ws = createWorkspace();
    const client = await inProcessClient(ws.dir);
    for (const path of ['packages/a/package.json', 'PACKAGE.JSON']) {
      expect((await client.call('write_file', { path, content: pkg({ toolpack: {} }) })).isError, path).toBe(true);
      expect(existsSync(ws.path(path))).toBe(false);
    }
  });

  it('still writes package.json when the toolpack key stays as it is', async () => {
    const ws = createWorkspace({ 'package.json': pkg({ toolpack: { logLevel: 'silent' } }) });
    const client = await inProcessClient(ws.dir);
    const next = pkg({ toolpack: { logLevel: 'silent' }, dependencies: { express: '^4' } });
    // Replacing a file asks first (no refusal: the key is unchanged); the identical call repeated confirms it.
    expect((await client.call('write_file', { path: 'package.json', content: next })).data.error.type).toBe('ConfirmationRequired');
    expect((await client.call('write_file', { path: 'package.json', content: next })).isError).toBe(false);
    expect(readFileSync(ws.path('package.json'), 'utf8')).toBe(next);
    const plain = createWorkspace();
    const other = await inProcessClient(plain.dir);
    expect((await other.call('write_file', { path: 'package.json', content: pkg() })).isError).toBe(false);
  });
});
