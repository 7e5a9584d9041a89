/**
 * Shared helpers for the end-to-end tests: they drive the BUILT command
 * (package.json's bin, the bundled dist/toolpack.mjs) as a user or an MCP client would, each test in its
 * own temporary workspace.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onTestFinished } from 'vitest';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The command users run: package.json's bin. */
export const binPath = join(repoRoot, (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { bin: { toolpack: string } }).bin.toolpack);

/** The tools of the built-in packs, in the order the kernel lists them (project, adr, security, files, system). */
export const PROJECT_TOOLS = ['analyze_project_ecosystem', 'get_architectural_context', 'analyze_environment', 'analyze_repository'] as const;
export const ADR_TOOLS = [
  'discover_existing_adrs',
  'generate_adrs_from_prd',
  'generate_adr_from_decision',
  'suggest_adrs',
  'generate_adr_todo',
  'manage_todo_json',
  'compare_adr_progress',
] as const;
export const SECURITY_TOOLS = [
  'analyze_content_security',
  'generate_content_masking',
  'apply_basic_content_masking',
  'validate_content_masking',
  'configure_custom_patterns',
  'configure_output_masking',
] as const;
export const FILES_TOOLS = ['read_file', 'write_file', 'list_directory'] as const;
export const SYSTEM_TOOLS = ['manage_cache', 'check_ai_execution_status', 'request_action_confirmation'] as const;
export const BUILTIN_TOOLS = [...PROJECT_TOOLS, ...ADR_TOOLS, ...SECURITY_TOOLS, ...FILES_TOOLS, ...SYSTEM_TOOLS] as const;
const PACK_TOOLS: Array<[string, readonly string[]]> = [
  ['project', PROJECT_TOOLS],
  ['adr', ADR_TOOLS],
  ['security', SECURITY_TOOLS],
  ['files', FILES_TOOLS],
  ['system', SYSTEM_TOOLS],
];
export const packOf = (tool: string) => PACK_TOOLS.find(([, tools]) => tools.includes(tool))?.[0] ?? 'unknown';

/** Generous limits: the machine running these may have two cores and other test files running. */
export const SPAWN_TIMEOUT_MS = 45_000;
export const HOOK_TIMEOUT_MS = 60_000;

/** For a beforeAll: a clear failure instead of a confusing spawn error when nobody ran the build. */
export function assertBuilt(): void {
  if (!existsSync(binPath)) {
    throw new Error(`The built CLI is missing: ${binPath} does not exist. Run \`npm run build\` (npm install also builds) before the e2e tests.`);
  }
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

/** The tool-surface spec: test/fixtures/tool-surface.json, or ../shared/spec/tool-surface.json beside the repository. */
export function loadToolSurface(): { file: string; tools: Record<string, SpecParam[]> } {
  const candidates = [join(repoRoot, 'test', 'fixtures', 'tool-surface.json'), resolve(repoRoot, '..', 'shared', 'spec', 'tool-surface.json')];
  const file = candidates.find((f) => existsSync(f));
  if (!file) throw new Error(`No tool-surface spec found; looked for ${candidates.join(' and ')}`);
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { tools: Record<string, SpecParam[]> };
  return { file, tools: parsed.tools };
}
