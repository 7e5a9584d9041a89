import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestToolpack } from '../../sdk/testing.js';
import { tempDir } from '../helpers/workspace.js';
import { outcome } from '../helpers/tool-result.js';

async function filesKernel(options: Record<string, unknown> = {}) {
  const outer = tempDir('toolpack-files-');
  const root = join(outer, 'app');
  mkdirSync(join(root, 'src', 'lib'), { recursive: true });
  writeFileSync(join(outer, 'outside.txt'), 'not yours');
  writeFileSync(join(root, 'README.md'), '# App\n\nA small service.\n');
  writeFileSync(join(root, 'src', 'index.ts'), "import { x } from './lib/x.js';\nconsole.log(x);\n");
  writeFileSync(join(root, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
  writeFileSync(join(root, '.gitignore'), 'dist/\n*.log\n');
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'debug.log'), 'trace');
  symlinkSync('/etc/passwd', join(root, 'passwd'));
  symlinkSync(outer, join(root, 'up'));
  const kernel = await startTestToolpack({ workspace: root, config: { plugins: [['files', options]] } });
  const call = async (name: string, args: unknown) => {
    const result = await kernel.call(name, args);
    return outcome(result);
  };
  return { kernel, root, outer, call };
}

describe('read_file', () => {
  it('returns the text with size, line count and modification time', async () => {
    const { call, kernel } = await filesKernel();
    const { data, isError } = await call('read_file', { path: 'README.md' });
    expect(isError).toBe(false);
    expect(data).toMatchObject({ path: 'README.md', content: '# App\n\nA small service.\n', size: 24, lines: 3, encoding: 'utf8' });
    expect(Number.isNaN(Date.parse(data.modified))).toBe(false);
    await kernel.stop();
  });

  it.each([['../outside.txt'], ['passwd'], ['up/outside.txt'], ['/etc/passwd']])('refuses %s as a FileSystemError', async (path) => {
    const { call, kernel } = await filesKernel();
    const result = await call('read_file', { path });
    expect(result.isError).toBe(true);
    expect(result.data.error.type).toBe('FileSystemError');
    expect(result.text).toMatch(/^Error executing read_file: access denied/);
    expect(result.text).not.toContain('root:');
    await kernel.stop();
  });

  it('refuses binary files, folders, missing files and files over the size limit', async () => {
    const { call, kernel } = await filesKernel({ maxReadBytes: 20 });
    const binary = await call('read_file', { path: 'logo.png' });
    expect(binary.data.error.type).toBe('ContentError');
    expect(binary.data.error.message).toContain('binary');
    expect((await call('read_file', { path: 'src' })).data.error.message).toContain('is a directory; use list_directory');
    const missing = await call('read_file', { path: 'nope.md' });
    expect(missing.data.error).toMatchObject({ type: 'FileSystemError', message: '"nope.md": does not exist' });
    const big = await call('read_file', { path: 'README.md' });
    expect(big.data.error.message).toContain('over the 20-byte read limit');
    await kernel.stop();
  });

  it('reads UTF-8 text with multi-byte characters', async () => {
    const { call, kernel, root } = await filesKernel();
    writeFileSync(join(root, 'notes.md'), 'Zürich – 東京 ✓\n');
    expect((await call('read_file', { path: 'notes.md' })).data.content).toBe('Zürich – 東京 ✓\n');
    await kernel.stop();
  });
});

describe('write_file', () => {
  it('creates parent folders and reports whether the file was new', async () => {
    const { call, kernel, root } = await filesKernel();
    const first = await call('write_file', { path: 'docs/adr/0001-use-postgres.md', content: '# Use PostgreSQL\n' });
    expect(first.data).toEqual({ summary: 'Created docs/adr/0001-use-postgres.md (17 bytes).', path: 'docs/adr/0001-use-postgres.md', bytesWritten: 17, created: true, previousSize: null });
    expect(readFileSync(join(root, 'docs/adr/0001-use-postgres.md'), 'utf8')).toBe('# Use PostgreSQL\n');
    // Replacing asks first; without elicitation the identical call repeated confirms it.
    const asked = await call('write_file', { path: 'docs/adr/0001-use-postgres.md', content: 'x' });
    expect(asked.data.error).toMatchObject({ type: 'ConfirmationRequired', details: { decision: 'pending', action: 'Replace docs/adr/0001-use-postgres.md' } });
    expect(readFileSync(join(root, 'docs/adr/0001-use-postgres.md'), 'utf8')).toBe('# Use PostgreSQL\n');
    const second = await call('write_file', { path: 'docs/adr/0001-use-postgres.md', content: 'x' });
    expect(second.data).toMatchObject({ created: false, previousSize: 17, bytesWritten: 1 });
    expect(readFileSync(join(root, 'docs/adr/0001-use-postgres.md'), 'utf8')).toBe('x');
    expect(readdirSync(join(root, 'docs/adr'))).toEqual(['0001-use-postgres.md']);
    await kernel.stop();
  });

  it('keeps the mode of a replaced file', async () => {
    const { call, kernel, root } = await filesKernel();
    writeFileSync(join(root, 'run.sh'), '#!/bin/sh\n', { mode: 0o755 });
    expect((await call('write_file', { path: 'run.sh', content: '#!/bin/sh\necho hi\n' })).data.error.type).toBe('ConfirmationRequired');
    expect((await call('write_file', { path: 'run.sh', content: '#!/bin/sh\necho hi\n' })).isError).toBe(false);
    expect(readFileSync(join(root, 'run.sh'), 'utf8')).toBe('#!/bin/sh\necho hi\n');
    expect(statSync(join(root, 'run.sh')).mode & 0o777).toBe(0o755);
    await kernel.stop();
  });

  it.each([['../evil.txt'], ['up/evil.txt'], ['/tmp/toolpack-evil.txt']])('refuses to write %s and creates nothing', async (path) => {
    const { call, kernel, outer } = await filesKernel();
    const result = await call('write_file', { path, content: 'pwned' });
    expect(result.data.error.type).toBe('FileSystemError');
    expect(existsSync(join(outer, 'evil.txt'))).toBe(false);
    expect(existsSync('/tmp/toolpack-evil.txt')).toBe(false);
    await kernel.stop();
  });

  it('refuses to write into .git or the store, and onto a folder', async () => {
    const { call, kernel, root } = await filesKernel();
    mkdirSync(join(root, '.git', 'hooks'), { recursive: true });
    expect((await call('write_file', { path: '.git/hooks/pre-commit', content: 'rm -rf /' })).isError).toBe(true);
    expect(existsSync(join(root, '.git', 'hooks', 'pre-commit'))).toBe(false);
    expect((await call('write_file', { path: '.toolpack/toolpack.db', content: '' })).isError).toBe(true);
    expect((await call('write_file', { path: 'src', content: '' })).data.error.message).toContain('is a directory');
    await kernel.stop();
  });

  it('refuses content over the write limit without touching the file', async () => {
    const { call, kernel, root } = await filesKernel({ maxWriteBytes: 4 });
    const result = await call('write_file', { path: 'README.md', content: 'too long' });
    expect(result.data.error).toMatchObject({ type: 'ValidationError' });
    expect(result.data.error.message).toContain('"content"');
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toBe('# App\n\nA small service.\n');
    await kernel.stop();
  });
});

describe('list_directory', () => {
  it('lists folders first, then files by name, flagging .gitignore matches and symlinks', async () => {
    const { call, kernel } = await filesKernel();
    const { data } = await call('list_directory', { path: '.' });
    expect(data.path).toBe('.');
    expect(data.entries.map((e: { name: string }) => e.name)).toEqual(['dist', 'src', '.gitignore', 'README.md', 'debug.log', 'logo.png', 'passwd', 'up']);
    const byName = Object.fromEntries(data.entries.map((e: { name: string }) => [e.name, e]));
    expect(byName.dist).toMatchObject({ type: 'directory', gitignored: true, size: 0 });
    expect(byName['debug.log']).toMatchObject({ type: 'file', gitignored: true, size: 5 });
    expect(byName['README.md']).toMatchObject({ type: 'file', gitignored: false, size: 24 });
    expect(byName.passwd.type).toBe('symlink');
    expect(data.total).toBe(8);
    expect(data.truncated).toBe(false);
    await kernel.stop();
  });

  it('hides gitignored entries and truncates when configured', async () => {
    const { call, kernel } = await filesKernel({ hideGitignored: true, maxListEntries: 3 });
    const { data } = await call('list_directory', { path: '.' });
    expect(data.entries.map((e: { name: string }) => e.name)).toEqual(['src', '.gitignore', 'README.md']);
    expect(data.hiddenGitignored).toBe(2);
    expect(data.truncated).toBe(true);
    await kernel.stop();
  });

  it('applies a nested folder .gitignore and refuses paths outside or files', async () => {
    const { call, kernel, root } = await filesKernel();
    writeFileSync(join(root, 'src', '.gitignore'), 'generated.ts\n');
    writeFileSync(join(root, 'src', 'generated.ts'), '');
    const { data } = await call('list_directory', { path: 'src' });
    expect(data.entries.find((e: { name: string }) => e.name === 'generated.ts').gitignored).toBe(true);
    expect(data.entries.find((e: { name: string }) => e.name === 'index.ts').gitignored).toBe(false);
    expect((await call('list_directory', { path: '..' })).data.error.type).toBe('FileSystemError');
    expect((await call('list_directory', { path: 'up' })).data.error.type).toBe('FileSystemError');
    expect((await call('list_directory', { path: 'README.md' })).data.error.message).toContain('use read_file');
    await kernel.stop();
  });
});
