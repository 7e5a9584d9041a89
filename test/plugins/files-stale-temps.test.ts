/**
 * A write_file killed mid-write (kill -9) leaves its temp file; a later write
 * in that folder removes it once its process is gone and it is old enough, and
 * never touches anyone else's file (issue 25 item 8), through a real MCP client.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, utimesSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STALE_AFTER_MS } from '../../sdk/stale-temp-files.js';
import { createWorkspace, inProcessClient } from '../security/helpers.js';

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('stale temp files of write_file', () => {
  it('removes the temp files a killed writer left, and only those', async () => {
    const ws = createWorkspace({ 'docs/keep.md': '# Keep\n' });
    const dead = deadPid();
    const old = (Date.now() - STALE_AFTER_MS - 60_000) / 1000;
    const plant = (name: string, age: number | null) => {
      const path = ws.write(`docs/${name}`, 'half a file');
      if (age !== null) utimesSync(path, age, age);
      return path;
    };
    const stale = plant(`.guide.md.toolpack-${dead}-0123456789ab.tmp`, old);
    const recent = plant(`.guide.md.toolpack-${dead}-abcdef012345.tmp`, null); // may be another host's write in progress
    const live = plant(`.guide.md.toolpack-${process.pid}-00aa11bb22cc.tmp`, old); // a write of this process
    const foreign = plant('.guide.md.0123456789ab.tmp', old); // not ours: no marker
    const editor = plant('.guide.md.swp', old);

    const client = await inProcessClient(ws.dir);
    const written = await client.call('write_file', { path: 'docs/guide.md', content: '# Guide\n' });
    expect(written.isError, written.text).toBe(false);

    expect(existsSync(stale)).toBe(false);
    for (const kept of [recent, live, foreign, editor]) expect(existsSync(kept), kept).toBe(true);
    // The write itself left no temp file.
    expect(readdirSync(ws.path('docs')).filter((name) => name.includes('.toolpack-')).sort()).toEqual([recent, live].map((p) => p.split('/').pop()).sort());
  }, 60_000);
});
