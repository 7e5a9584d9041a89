/**
 * Item 4: read_file checked the path, then read it; swapping a symlink in
 * between read files outside the workspace in a fifth of the attempts. The
 * read now opens first (no symlink followed in the last component) and checks
 * the opened descriptor's real location before reading a byte.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createWorkspace as createWorkspaceService } from '../../core/services/workspace.js';
import { isToolError } from '../../sdk/errors.js';
import { openConfined } from '../../sdk/index.js';
import { createWorkspace, inProcessClient } from './helpers.js';

const SECRET = 'OUTSIDE-SECRET-7f3a';
const ATTEMPTS = 200;

/** A separate process swapping `file` between an inside file and a symlink to the secret, and `dir` between a folder and a symlink to an outside folder, as fast as it can. */
function startSwapper(file: string, dir: string, secretFile: string, secretDir: string): void {
  const code = `
    const { renameSync, symlinkSync, writeFileSync, mkdirSync, rmSync } = require('node:fs');
    const [file, dir, secretFile, secretDir] = process.argv.slice(1);
    for (;;) {
      try { symlinkSync(secretFile, file + '.l'); renameSync(file + '.l', file); } catch {}
      try { writeFileSync(file + '.f', 'INSIDE\\n'); renameSync(file + '.f', file); } catch {}
      try { symlinkSync(secretDir, dir + '.l'); rmSync(dir, { recursive: true, force: true }); renameSync(dir + '.l', dir); } catch {}
      try { mkdirSync(dir + '.d', { recursive: true }); writeFileSync(dir + '.d/file.txt', 'INSIDE\\n'); rmSync(dir, { force: true }); renameSync(dir + '.d', dir); } catch {}
    }`;
  const child = spawn(process.execPath, ['-e', code, file, dir, secretFile, secretDir], { stdio: 'ignore' });
  onTestFinished(() => void child.kill('SIGKILL'));
}

describe('item 4: read_file cannot be raced out of the workspace', { timeout: 120_000 }, () => {
  it(`never returns the outside file while a symlink is swapped in and out (${ATTEMPTS} attempts)`, async () => {
    const ws = createWorkspace({ 'swap.txt': 'INSIDE\n', 'swapdir/file.txt': 'INSIDE\n' });
    const secretFile = join(ws.parent, 'secret.txt');
    const secretDir = join(ws.parent, 'secret-dir');
    writeFileSync(secretFile, `${SECRET}\n`);
    mkdirSync(secretDir);
    writeFileSync(join(secretDir, 'file.txt'), `${SECRET}\n`);
    const client = await inProcessClient(ws.dir);
    startSwapper(ws.path('swap.txt'), ws.path('swapdir'), secretFile, secretDir);

    let inside = 0;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      for (const path of ['swap.txt', 'swapdir/file.txt']) {
        const { isError, data, text } = await client.call('read_file', { path });
        expect(text).not.toContain(SECRET);
        if (!isError) {
          expect(data.content).toBe('INSIDE\n');
          inside++;
        }
      }
    }
    // The race was real: reads kept succeeding while the swapper ran.
    expect(inside).toBeGreaterThan(0);
  });
});

describe('item 4: the confined open checks the descriptor, not the name', () => {
  const setup = () => {
    const ws = createWorkspace({ 'inside.txt': 'inside\n' });
    mkdirSync(join(ws.parent, 'out'));
    writeFileSync(join(ws.parent, 'out', 'secret.txt'), `${SECRET}\n`);
    symlinkSync(join(ws.parent, 'out'), ws.path('linkdir'));
    symlinkSync(join(ws.parent, 'out', 'secret.txt'), ws.path('link.txt'));
    return ws;
  };
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => new Error('expected a refusal'),
      (e: unknown) => e,
    );
    expect(isToolError(error), String(error)).toBe(true);
    return error as Error & { type: string };
  };

  it('refuses a descriptor whose real path is outside (a symlinked parent folder the kernel followed)', async () => {
    const ws = setup();
    const error = await refusal(openConfined(ws.path('linkdir/secret.txt'), [ws.dir]));
    expect(error.type).toBe('FileSystemError');
    expect(error.message).toContain('outside the workspace');
    expect(error.message).not.toContain(ws.parent);
  });

  it('refuses a symlink as the last component without following it', async () => {
    const ws = setup();
    expect((await refusal(openConfined(ws.path('link.txt'), [ws.dir]))).type).toBe('FileSystemError');
  });

  it('opens an inside file and reports its real path', async () => {
    const ws = setup();
    const { handle, real } = await openConfined(ws.path('inside.txt'), [ws.dir]);
    try {
      expect(real).toBe(ws.path('inside.txt'));
      expect(await handle.readFile('utf8')).toBe('inside\n');
    } finally {
      await handle.close();
    }
  });

  it('Workspace.openFile and readText refuse the same, naming the parameter', async () => {
    const ws = setup();
    const service = createWorkspaceService(ws.dir);
    for (const path of ['link.txt', 'linkdir/secret.txt']) {
      const error = await refusal(service.readText(path, { param: 'prdPath' }));
      expect(error.message).toContain('"prdPath"');
      expect(error.message).not.toContain(ws.parent);
    }
    expect(await service.readText('inside.txt')).toBe('inside\n');
    const large = await refusal(service.readText('inside.txt', { maxBytes: 3 }));
    expect(large.message).toMatch(/over the 3-byte limit/);
  });
});
