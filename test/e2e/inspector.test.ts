/**
 * A client nobody here wrote: the MCP Inspector's CLI mode
 * (@modelcontextprotocol/inspector, a devDependency) starts `toolpack serve`
 * over stdio, runs one method and prints the result as JSON.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, binPath, BUILTIN_TOOLS, createWorkspace, repoRoot, serverEnv, SPAWN_TIMEOUT_MS } from './helpers.js';

const TEST_TIMEOUT = 90_000;
const inspectorPackage = join(repoRoot, 'node_modules', '@modelcontextprotocol', 'inspector', 'package.json');

/** node_modules/.bin/<name> for the inspector package's (single) bin entry. */
function inspectorBin(): string {
  if (!existsSync(inspectorPackage)) throw new Error(`@modelcontextprotocol/inspector is not installed (${inspectorPackage} missing); run npm install`);
  const pkg = JSON.parse(readFileSync(inspectorPackage, 'utf8')) as { bin?: string | Record<string, string> };
  const names = typeof pkg.bin === 'string' ? ['inspector'] : Object.keys(pkg.bin ?? {});
  if (names.length !== 1) throw new Error(`expected one bin in ${inspectorPackage}, found: ${names.join(', ') || '(none)'}`);
  const bin = join(repoRoot, 'node_modules', '.bin', names[0]!);
  if (!existsSync(bin)) throw new Error(`${bin} is missing; run npm install`);
  return bin;
}

interface InspectorRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `mcp-inspector --cli <node> <bin.js> serve ...methodArgs`, no shell, in the workspace. */
function inspect(cwd: string, methodArgs: string[]): Promise<InspectorRun> {
  // The bin is a Node script; run it with this Node so the test does not depend on the shebang.
  const args = [inspectorBin(), '--cli', process.execPath, binPath, 'serve', ...methodArgs];
  return new Promise((resolvePromise, reject) => {
    execFile(process.execPath, args, { cwd, env: serverEnv(), timeout: SPAWN_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') return reject(Object.assign(error, { stdout, stderr }));
      resolvePromise({ code: error ? (error.code as number) : 0, stdout, stderr });
    });
  });
}

function parseJson<T>(run: InspectorRun): T {
  try {
    return JSON.parse(run.stdout) as T;
  } catch {
    throw new Error(`the inspector did not print JSON (exit ${run.code})\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
  }
}

describe('MCP Inspector CLI against toolpack serve', () => {
  beforeAll(() => {
    assertBuilt();
    inspectorBin();
  });

  it('tools/list shows the built-in tools with their schemas', { timeout: TEST_TIMEOUT }, async () => {
    // Every toolset from the start (with no config a client first sees the flows' entry points).
    const ws = createWorkspace({ 'notes.md': '# Notes\n', '.toolpackrc.json': JSON.stringify({ toolsets: ['all'] }) });
    const run = await inspect(ws.dir, ['--method', 'tools/list']);
    expect(run.code, run.stderr).toBe(0);
    const { tools } = parseJson<{ tools: { name: string; description: string; inputSchema: { type: string; required?: string[] } }[] }>(run);
    expect(tools.map((t) => t.name).sort()).toEqual([...BUILTIN_TOOLS].sort());
    const readFile = tools.find((t) => t.name === 'read_file')!;
    expect(readFile.inputSchema.type).toBe('object');
    expect(readFile.inputSchema.required).toEqual(['path']);
  });

  it('tools/call read_file returns the file content', { timeout: TEST_TIMEOUT }, async () => {
    const notes = '# Sprint 14 retro\n\n- Flaky checkout test fixed by seeding the clock.\n- Next: move CI to arm64 runners.\n';
    const ws = createWorkspace({ 'notes.md': notes });
    const run = await inspect(ws.dir, ['--method', 'tools/call', '--tool-name', 'read_file', '--tool-arg', 'path=notes.md']);
    expect(run.code, run.stderr).toBe(0);
    const result = parseJson<{ isError?: boolean; structuredContent: { path: string; content: string }; content: { type: string; text: string }[] }>(run);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.path).toBe('notes.md');
    expect(result.structuredContent.content).toBe(notes);
    expect(JSON.parse(result.content[0]!.text).content).toBe(notes);
  });

  it('tools/call on a file outside the workspace comes back as a tool error', { timeout: TEST_TIMEOUT }, async () => {
    const ws = createWorkspace({ 'notes.md': '# Notes\n' });
    const run = await inspect(ws.dir, ['--method', 'tools/call', '--tool-name', 'read_file', '--tool-arg', 'path=../../../etc/hostname']);
    expect(run.code, run.stderr).toBe(0);
    const result = parseJson<{ isError?: boolean; structuredContent: { error: { type: string } }; content: { text: string }[] }>(run);
    expect(result.isError).toBe(true);
    expect(result.structuredContent.error.type).toBe('FileSystemError');
    expect(result.content[0]!.text).toMatch(/^Error executing read_file:/);
  });
});
