/**
 * Shared helpers for the end-to-end tests: they drive the BUILT command
 * (package.json's bin, the bundled dist/toolpack.mjs) as a user or an MCP client would, each test in its
 * own temporary workspace.
 */
import { TOOLSET_TOOL_NAMES } from '../../core/server/toolset-tools.js';
import { DEFAULT_TOOLS } from '../../core/tools/toolsets.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject, onTestFinished } from 'vitest';
import { builtPacks, PACK_CATALOG } from '../../core/plugins/catalog.js';
import { distStaleness } from '../helpers/dist.js';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The command users run: package.json's bin. */
export const binPath = join(repoRoot, (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { bin: { toolpack: string } }).bin.toolpack);

/**
 * Expected tool lists, from the pack catalogue (core/plugins/catalog.ts, checked against the
 * tool-surface spec and the started kernel by test/core/pack-catalog.test.ts): a pack that
 * becomes built adds its tools here with no edit.
 */
const toolsOf = (pack: string): readonly string[] => {
  const entry = PACK_CATALOG.find((p) => p.id === pack);
  if (!entry) throw new Error(`No pack "${pack}" in the catalogue`);
  return entry.tools;
};
export const PROJECT_TOOLS = toolsOf('project');
export const ADR_TOOLS = toolsOf('adr');
export const SECURITY_TOOLS = toolsOf('security');
export const FILES_TOOLS = toolsOf('files');
export const SYSTEM_TOOLS = toolsOf('system');
export const MEMORY_TOOLS = toolsOf('memory');
export const SSG_TOOLS = toolsOf('ssg');
export const DOCS_TOOLS = toolsOf('docs');
export const README_TOOLS = toolsOf('readme');
export const FRESHNESS_TOOLS = toolsOf('freshness');
export const SCORING_TOOLS = toolsOf('scoring');
export const DEPLOYMENT_TOOLS = toolsOf('deployment');
export const WORKFLOW_TOOLS = toolsOf('workflow');
export const RESEARCH_TOOLS = toolsOf('research');
export const RULES_TOOLS = toolsOf('rules');
/** What a client lists with no config: the flows' entry points and the toolset tools (core/tools/toolsets.ts). */
export const STARTING_TOOLS: readonly string[] = [...DEFAULT_TOOLS, ...TOOLSET_TOOL_NAMES];
/** Every tool of the built packs, in the order the kernel lists them (catalogue order). */
export const BUILTIN_TOOLS: readonly string[] = builtPacks().flatMap((p) => p.tools);
export const packOf = (tool: string) => PACK_CATALOG.find((p) => p.tools.includes(tool))?.id ?? 'unknown';

/** Generous limits: the machine running these may have two cores and other test files running. */
export const SPAWN_TIMEOUT_MS = 45_000;
export const HOOK_TIMEOUT_MS = 60_000;

/**
 * For a beforeAll of every test that spawns the built CLI: dist/ must be built from the current
 * sources. The global setup (test/global-setup.ts) rebuilds a stale dist/ before such a run; this
 * fails with its build output when that build failed, and checks freshness itself when the
 * setup did not run (another vitest config).
 */
export function assertBuilt(): void {
  const status = inject('distStatus');
  if (status && status !== 'current' && status !== 'built') throw new Error(status);
  if (!existsSync(binPath)) {
    throw new Error(`The built CLI is missing: ${binPath} does not exist. Run \`npm run build\` (npm install also builds) before the e2e tests.`);
  }
  const stale = status ? null : distStaleness(repoRoot);
  if (stale) throw new Error(`The built CLI is stale: ${stale}. Run \`npm run build\` before the e2e tests.`);
}

/** Environment for a spawned toolpack: silent logs and no token inherited from the developer's shell. */
export function serverEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  delete env.TOOLPACK_TOKEN;
  delete env.TOOLPACK_LOG_LEVEL;
  return { ...env, TOOLPACK_LOG_LEVEL: 'silent', ...extra };
}

export interface Workspace {
  /** The workspace folder (real path), which the server is started in. */
  dir: string;
  /** Its parent, a temp folder of this test alone: files here are "outside the workspace". */
  parent: string;
  /** Absolute path of a workspace-relative path. */
  path(relative: string): string;
  /** Write a file relative to the workspace, creating folders. */
  write(relative: string, content: string): string;
}

/**
 * A fresh workspace for the current test: <tmp>/toolpack-e2e-XXXX/workspace,
 * removed (with its parent) when the test finishes. Must be called inside a test.
 */
export function createWorkspace(files: Record<string, string> = {}): Workspace {
  const parent = realpathSync(mkdtempSync(join(tmpdir(), 'toolpack-e2e-')));
  const dir = join(parent, 'workspace');
  mkdirSync(dir);
  onTestFinished(() => rmSync(parent, { recursive: true, force: true }));
  const ws: Workspace = {
    dir,
    parent,
    path: (relative) => join(dir, relative),
    write(relative, content) {
      const full = join(dir, relative);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, content);
      return full;
    },
  };
  for (const [name, content] of Object.entries(files)) ws.write(name, content);
  return ws;
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Run the built CLI to completion: `node <bin> ...args`, stdin
 * closed (so `serve` in stdio mode ends by itself), killed after `timeoutMs`.
 */
export function runCli(args: string[], options: { cwd: string; env?: Record<string, string>; timeoutMs?: number }): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [binPath, ...args], {
      cwd: options.cwd,
      env: options.env ?? serverEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`toolpack ${args.join(' ')} did not finish within ${options.timeoutMs ?? SPAWN_TIMEOUT_MS} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, options.timeoutMs ?? SPAWN_TIMEOUT_MS);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code, signal, stdout, stderr });
    });
  });
}

/** Wait for a child to exit (or return at once if it already has); SIGKILL after `timeoutMs`. */
export function waitForExit(child: ChildProcess, timeoutMs = 20_000): Promise<{ code: number | null; signal: NodeJS.Signals | null; killed: boolean }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode, killed: false });
  }
  return new Promise((resolvePromise) => {
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code, signal, killed });
    });
  });
}

export interface HttpServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  toolCount: number;
  /** The line announcing the URL. */
  banner: string;
  stderr(): string;
  /** SIGTERM, then wait for the exit (SIGKILL if it takes more than 20 s). */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null; killed: boolean }>;
}

const BANNER = /serving (\d+) tools at (http:\/\/127\.0\.0\.1:(\d+)\/mcp)/;

/** Start `toolpack serve --http ...args` and wait for the banner on stderr that names the URL. */
export function startHttpServer(args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<HttpServerProcess> {
  const child = spawn(process.execPath, [binPath, 'serve', '--http', ...args], {
    cwd: options.cwd,
    env: options.env ?? serverEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return waitForExit(child);
  };
  return new Promise((resolvePromise, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${why}\nstdout: ${stdout}\nstderr: ${stderr}`));
    };
    const timer = setTimeout(() => fail(`toolpack serve --http printed no URL within ${SPAWN_TIMEOUT_MS} ms`), SPAWN_TIMEOUT_MS);
    child.once('error', (error) => fail(`cannot spawn toolpack: ${error.message}`));
    child.once('exit', (code, signal) => fail(`toolpack serve --http exited (code ${code}, signal ${signal}) before printing its URL`));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const line = stderr.split('\n').find((l) => BANNER.test(l));
      if (!line) return;
      const match = BANNER.exec(line)!;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.removeAllListeners('error');
      resolvePromise({
        child,
        url: match[2]!,
        port: Number(match[3]),
        toolCount: Number(match[1]),
        banner: line,
        stderr: () => stderr,
        stop,
      });
    });
  });
}

export interface SpecParam {
  name: string;
  type: string;
  required: boolean;
  enum?: string[];
  default?: unknown;
}

/**
 * The tool-surface spec: test/fixtures/tool-surface.json, kept in the repository so no test
 * depends on ../shared (test/contract.test.ts compares it with ../shared/spec when present).
 */
/** Every tool's parameters: the seeds' spec (tool-surface.json) and the tools added beyond it (tool-additions.json). */
export function loadToolSurface(): { file: string; tools: Record<string, SpecParam[]> } {
  const file = join(repoRoot, 'test', 'fixtures', 'tool-surface.json');
  const read = (path: string) => (JSON.parse(readFileSync(path, 'utf8')) as { tools: Record<string, SpecParam[]> }).tools;
  return { file, tools: { ...read(file), ...read(join(repoRoot, 'test', 'fixtures', 'tool-additions.json')) } };
}
