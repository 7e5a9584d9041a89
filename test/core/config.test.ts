import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config/load.js';
import { KernelError } from '../../core/errors.js';
import { startToolpack } from '../../core/bootstrap.js';
import { builtPacks } from '../../core/plugins/catalog.js';
import { createRootLogger } from '../../core/services/logger.js';
import { startTestToolpack } from '../../sdk/testing.js';
import { tempDir } from '../helpers/workspace.js';

function project(files: Record<string, string>): string {
  const dir = tempDir('toolpack-config-');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

async function loadError(cwd: string, configPath?: string): Promise<KernelError> {
  try {
    await loadConfig({ cwd, configPath });
  } catch (error) {
    expect(error).toBeInstanceOf(KernelError);
    return error as KernelError;
  }
  throw new Error('expected the config to be refused');
}

describe('config discovery', () => {
  it('finds nothing in an empty folder and falls back to the built-in default', async () => {
    const loaded = await loadConfig({ cwd: project({}) });
    expect(loaded.file).toBeNull();
    expect(loaded.config).toEqual({});
  });

  it.each([
    ['.toolpackrc.json', JSON.stringify({ plugins: ['files'], logLevel: 'warn' })],
    ['.toolpackrc.yaml', 'plugins:\n  - files\nlogLevel: warn\n'],
    ['toolpack.config.mjs', "export default { plugins: ['files'], logLevel: 'warn' };\n"],
    ['toolpack.config.ts', "import { defineConfig } from 'toolpack/sdk';\nconst level: 'warn' = 'warn';\nexport default defineConfig({ plugins: ['files'], logLevel: level });\n"],
    ['package.json', JSON.stringify({ name: 'app', toolpack: { plugins: ['files'], logLevel: 'warn' } })],
  ])('loads %s', async (name, text) => {
    const dir = project({ [name]: text });
    const loaded = await loadConfig({ cwd: dir });
    expect(loaded.file).toBe(join(dir, name));
    expect(loaded.config).toEqual({ plugins: ['files'], logLevel: 'warn' });
  });

  it('ignores a package.json without a toolpack key', async () => {
    const loaded = await loadConfig({ cwd: project({ 'package.json': '{"name":"app"}' }) });
    expect(loaded.file).toBeNull();
  });

  it('loads an explicit --config path', async () => {
    const dir = project({ 'conf/tp.json': JSON.stringify({ plugins: ['system'] }) });
    const loaded = await loadConfig({ cwd: dir, configPath: 'conf/tp.json' });
    expect(loaded.config.plugins).toEqual(['system']);
    expect(loaded.dir).toBe(join(dir, 'conf'));
  });

  it('says so when an explicit config file does not exist', async () => {
    const error = await loadError(project({}), 'missing.json');
    expect(error.code).toBe('TP_CONFIG_NOT_FOUND');
    expect(error.message).toContain('missing.json');
  });
});

describe('config validation', () => {
  it('refuses an unknown key, naming the file and the key', async () => {
    const dir = project({ '.toolpackrc.json': JSON.stringify({ plugin: ['files'] }) });
    const error = await loadError(dir);
    expect(error.code).toBe('TP_CONFIG_INVALID');
    expect(error.message).toContain(join(dir, '.toolpackrc.json'));
    expect(error.message).toContain('unknown key "plugin"');
  });

  it('refuses a wrong type, naming the key path and the expected type', async () => {
    const dir = project({ '.toolpackrc.json': JSON.stringify({ packs: { files: { enabled: 'no' } } }) });
    const error = await loadError(dir);
    expect(error.message).toContain('key "packs.files.enabled" must be boolean');
  });

  it('refuses a wrong enum value and lists the allowed ones', async () => {
    const dir = project({ '.toolpackrc.json': JSON.stringify({ packs: { files: { onFailure: 'ignore' } } }) });
    const error = await loadError(dir);
    expect(error.message).toContain('key "packs.files.onFailure" must be one of: abort, skip');
  });

  it('reports a syntax error in a TypeScript config with the file name', async () => {
    const dir = project({ 'toolpack.config.ts': 'export default {{ broken' });
    const error = await loadError(dir);
    expect(error.code).toBe('TP_CONFIG_LOAD_FAILED');
    expect(error.message).toContain('toolpack.config.ts');
  });

  it('refuses an unknown pack at start-up, naming it and the file', async () => {
    const dir = project({ '.toolpackrc.json': JSON.stringify({ plugins: ['files', 'nosuchpack'] }) });
    const error = await startToolpack({ cwd: dir, storePath: ':memory:', logger: createRootLogger('silent') }).catch((e: unknown) => e as KernelError);
    expect(error).toBeInstanceOf(KernelError);
    expect(error.code).toBe('TP_PLUGIN_NOT_FOUND');
    expect(error.message).toContain('"nosuchpack"');
    expect(error.message).toContain(join(dir, '.toolpackrc.json'));
  });

  it('refuses invalid pack options, naming the pack and the option', async () => {
    const dir = project({ '.toolpackrc.json': JSON.stringify({ plugins: [['files', { maxReadBytes: 'big' }]] }) });
    const error = await startToolpack({ cwd: dir, storePath: ':memory:', logger: createRootLogger('silent') }).catch((e: unknown) => e as KernelError);
    expect(error.code).toBe('TP_PLUGIN_OPTIONS_INVALID');
    expect(error.message).toContain('pack "files"');
    expect(error.message).toContain('option "maxReadBytes" must be integer');
  });

  it('the repository example config is valid and starts', async () => {
    const root = new URL('../..', import.meta.url).pathname;
    const kernel = await startToolpack({ cwd: root, storePath: ':memory:', logger: createRootLogger('silent') });
    expect(kernel.configFile).toBe(join(root, 'toolpack.config.ts'));
    // It serves every built-in pack (it used to load files and system alone, 6 tools).
    expect(kernel.registry.listing().length).toBe(builtPacks().flatMap((p) => p.tools).length);
    await kernel.stop();
  });

  it('a missing workspace.allowedRoots folder is a TP_CONFIG_INVALID naming the key, for files and for configs passed in code', async () => {
    const dir = tempDir('toolpack-roots-');
    writeFileSync(join(dir, '.toolpackrc.json'), JSON.stringify({ plugins: ['system'], workspace: { allowedRoots: ['../no-such-docs'] } }));
    const fromFile = await loadConfig({ cwd: dir }).then(() => null, (error: unknown) => error as KernelError);
    expect(fromFile).toBeInstanceOf(KernelError);
    expect(fromFile!.code).toBe('TP_CONFIG_INVALID');
    expect(fromFile!.message).toContain(join(dir, '.toolpackrc.json'));
    expect(fromFile!.message).toContain('workspace.allowedRoots[0]');

    const inCode = await startTestToolpack({ workspace: dir, config: { plugins: ['system'], workspace: { allowedRoots: ['../no-such-docs'] } } }).then(
      () => null,
      (error: unknown) => error as KernelError,
    );
    expect(inCode).toBeInstanceOf(KernelError);
    expect(inCode!.code).toBe('TP_CONFIG_INVALID');
    expect(inCode!.message).toContain('workspace.allowedRoots[0]');
  });
});
