/**
 * A client that writes a call and closes stdin at once (a script piping one
 * request in, an editor shutting down) still gets the answer: `serve` over
 * stdio finishes the calls in flight, writes their answers, then exits.
 * Raw JSON lines on a spawned built CLI, no SDK client, so nothing waits for
 * the answer before closing.
 */
import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, binPath, createWorkspace, serverEnv, waitForExit, type Workspace } from './helpers.js';

/** A repository of a few thousand files: enough that analyze_repository is still running when stdin closes. */
function writeTree(ws: Workspace, files: number): void {
  ws.write('package.json', JSON.stringify({ name: 'warehouse', version: '1.0.0', dependencies: { express: '^4.19.0' } }));
  ws.write('README.md', '# Warehouse\n\nStock levels across sites.\n\n## Install\n\nnpm install\n');
  for (let i = 0; i < files; i++) {
    ws.write(`src/module-${Math.floor(i / 50)}/item-${i}.ts`, `export const item${i} = ${i};\nexport function read${i}(): number {\n  return item${i} * 2;\n}\n`);
  }
}

const line = (message: unknown) => `${JSON.stringify(message)}\n`;

describe('toolpack serve (stdio) when stdin closes', () => {
  beforeAll(assertBuilt);

  it('answers a call still in flight before it exits', { timeout: 120_000 }, async () => {
    const ws = createWorkspace();
    writeTree(ws, 3000);
    const child = spawn(process.execPath, [binPath, 'serve'], { cwd: ws.dir, env: serverEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));

    // Wait for the initialize answer so the call below is read by a started server.
    child.stdin.write(
      line({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pipe', version: '1' } } }),
    );
    await expect.poll(() => stdout.includes('"id":1'), { timeout: 45_000 }).toBe(true);
    child.stdin.write(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    child.stdin.end(line({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'analyze_repository', arguments: { path: '.', depth: 'quick' } } }));

    const exit = await waitForExit(child, 60_000);
    expect(exit.killed, `stderr: ${stderr}`).toBe(false);
    expect(exit.code).toBe(0);
    const answers = stdout
      .split('\n')
      .filter(Boolean)
      .map((text) => JSON.parse(text) as { id?: number; result?: { isError?: boolean; structuredContent?: { structure?: { totalFiles?: number } } } });
    const answer = answers.find((a) => a.id === 2);
    expect(answer, `stdout: ${stdout.slice(0, 2000)}\nstderr: ${stderr}`).toBeDefined();
    expect(answer!.result?.isError).toBeFalsy();
    expect(answer!.result?.structuredContent?.structure?.totalFiles).toBeGreaterThanOrEqual(3000);
  });
});
