import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createWorkspace } from '../../core/services/workspace.js';
import { isToolError } from '../../sdk/errors.js';
import { tempDir } from '../helpers/workspace.js';

async function refusal(promise: Promise<unknown>): Promise<{ type: string; message: string }> {
  const error = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e,
  );
  expect(isToolError(error)).toBe(true);
  return error as { type: string; message: string };
}

describe('workspace confinement', () => {
  const outer = tempDir('toolpack-ws-');
  const root = join(outer, 'project');
  const shared = join(outer, 'shared');
  mkdirSync(join(root, 'src'), { recursive: true });
  mkdirSync(shared);
  writeFileSync(join(outer, 'outside.txt'), 'secret');
  writeFileSync(join(root, 'src', 'a.ts'), 'export {}');
  symlinkSync('/etc/passwd', join(root, 'passwd-link'));
  symlinkSync(outer, join(root, 'escape-dir'));
  symlinkSync(join(root, 'src'), join(root, 'src-link'));
  const ws = createWorkspace(root, [shared]);

  it('resolves relative and absolute paths inside the root', async () => {
    expect(await ws.resolve('src/a.ts')).toBe(join(root, 'src', 'a.ts'));
    expect(await ws.resolve(join(root, 'src'))).toBe(join(root, 'src'));
    expect(await ws.resolve('.')).toBe(root);
  });

  it('follows symlinks that stay inside', async () => {
    expect(await ws.resolve('src-link/a.ts')).toBe(join(root, 'src', 'a.ts'));
  });

  it('refuses .. out of the root', async () => {
    const error = await refusal(ws.resolve('../outside.txt'));
    expect(error.type).toBe('FileSystemError');
    expect(error.message).toContain('outside the workspace');
  });

  it('refuses a .. hidden in the middle of a path', async () => {
    expect((await refusal(ws.resolve('src/../../outside.txt'))).type).toBe('FileSystemError');
  });

  it('refuses absolute paths outside', async () => {
    expect((await refusal(ws.resolve('/etc/passwd'))).type).toBe('FileSystemError');
  });

  it('refuses a symlink to a file outside', async () => {
    expect((await refusal(ws.resolve('passwd-link'))).type).toBe('FileSystemError');
  });

  it('refuses a not-yet-existing file under a symlinked folder that points outside', async () => {
    expect((await refusal(ws.resolve('escape-dir/new/file.txt'))).type).toBe('FileSystemError');
  });

  it('allows a configured extra root', async () => {
    expect(await ws.resolve(join(shared, 'notes.md'))).toBe(join(shared, 'notes.md'));
  });

  it('refuses empty paths and NUL bytes as validation errors naming the parameter', async () => {
    const empty = await refusal(ws.resolve('', 'filePath'));
    expect(empty.type).toBe('ValidationError');
    expect(empty.message).toContain('"filePath"');
    expect((await refusal(ws.resolve('a\0b'))).type).toBe('ValidationError');
  });
});

describe('protected paths (issue 23 item 3)', () => {
  const root = tempDir('toolpack-ws-protected-');
  mkdirSync(join(root, '.git'), { recursive: true });
  writeFileSync(join(root, '.git', 'config'), '[core]\n');
  mkdirSync(join(root, '.toolpack'), { recursive: true });
  writeFileSync(join(root, '.toolpack', 'security.key'), 'k');
  mkdirSync(join(root, 'data'), { recursive: true });
  writeFileSync(join(root, 'data', 'app.db'), '');
  writeFileSync(join(root, 'notes.md'), '# notes\n');
  symlinkSync('.toolpack', join(root, 'innocent'));
  const ws = createWorkspace(root, [], { storePath: (real) => join(real, 'data', 'app.db'), configFile: join(root, 'ops', 'server.json') });

  it.each(['.git/config', '.GIT/config', 'sub/.git', 'a/.Git/new/file.md', '.toolpack', '.toolpack/security.key', 'x/../.TOOLPACK/k', 'innocent/security.key', 'toolpack.config.ts', 'sub/.toolpackrc.json', 'data/app.db', 'data/app.db-wal', 'data/security.key', 'ops/server.json', join(root, '.git')])(
    'refuses %s as a FileSystemError naming the parameter, reason protected',
    async (path) => {
      const error = (await refusal(ws.resolve(path, 'docsPath'))) as { type: string; message: string; details?: { reason?: string; parameter?: string } };
      expect(error.type).toBe('FileSystemError');
      expect(error.message).toContain('parameter "docsPath"');
      expect(error.details?.reason).toBe('protected');
      expect(error.message).not.toContain(root);
    },
  );

  it('refuses reads through openFile and readText too', async () => {
    expect((await refusal(ws.readText('.git/config', { param: 'filePath' }))).message).toContain('"filePath"');
    expect((await refusal(ws.openFile('innocent/security.key', 'filePath'))).type).toBe('FileSystemError');
  });

  it('resolves the root, a folder holding .git, and ordinary files', async () => {
    expect(await ws.resolve('.')).toBe(root);
    expect(await ws.resolve(root)).toBe(root);
    expect(await ws.readText('notes.md')).toBe('# notes\n');
    expect(await ws.resolve('data/readme.md')).toBe(join(root, 'data', 'readme.md'));
  });
});
