/** The four CLI commands. Each returns the process exit code. */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { startToolpack } from '../bootstrap.js';
import { KernelError } from '../errors.js';
import type { Kernel } from '../kernel/kernel.js';
import { isLoopbackHost, unsafeBindReason } from '../server/http-guard.js';
import { createMcpServer } from '../server/mcp-server.js';
import { BoundedStdioTransport, STDIO_DRAIN_MS } from '../server/stdio.js';
import { UnknownToolError } from '../tools/invoke.js';
import { KERNEL_VERSION } from '../version.js';
import { configuredPrincipals, PrincipalConfigError, principalTable } from '../server/principals.js';
import { UsageError, type CliArgs } from './args.js';
import { probeStore } from './store-probe.js';
import { broadFolder, implicitWorkspaceRefusal } from './workspace-guard.js';

const out = (text: string) => process.stdout.write(`${text}\n`);
const err = (text: string) => process.stderr.write(`${text}\n`);

function start(args: CliArgs, transport?: 'http'): Promise<Kernel> {
  return startToolpack({ cwd: args.cwd, configPath: args.config, preset: args.preset, transport });
}

/** Resolves, with what happened, when the process is asked to stop (signal, or stdin closing in stdio mode). */
function untilShutdown(watchStdin: boolean): Promise<'signal' | 'stdin'> {
  return new Promise((resolvePromise) => {
    process.once('SIGINT', () => resolvePromise('signal'));
    process.once('SIGTERM', () => resolvePromise('signal'));
    if (watchStdin) {
      process.stdin.once('end', () => resolvePromise('stdin'));
      process.stdin.once('close', () => resolvePromise('stdin'));
    }
  });
}

/** Writes why and returns 2 when the workspace would be `/` or the home folder without being named. */
async function refuseImplicitWorkspace(args: CliArgs, command: string): Promise<number | undefined> {
  const refused = await implicitWorkspaceRefusal(args, command);
  if (!refused) return undefined;
  err(`toolpack: ${refused}`);
  return 2;
}

export async function serve(args: CliArgs): Promise<number> {
  const refused = await refuseImplicitWorkspace(args, 'serve');
  if (refused !== undefined) return refused;
  if (args.http) return serveHttp(args);
  const kernel = await start(args);
  const server = createMcpServer(kernel);
  const transport = new BoundedStdioTransport();
  await server.connect(transport);
  // stdin ending is the client's normal goodbye: calls it already sent still get their answers
  // (for up to STDIO_DRAIN_MS); a signal stops at once.
  if ((await untilShutdown(true)) === 'stdin') {
    const signalled = new Promise<number>((resolvePromise) => {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolvePromise(transport.pendingRequests));
    });
    const unanswered = await Promise.race([transport.drain(STDIO_DRAIN_MS), signalled]);
    if (unanswered) err(`toolpack: stdin closed; ${unanswered} call(s) still running were dropped`);
  }
  await server.close();
  await kernel.stop();
  return 0;
}

async function serveHttp(args: CliArgs): Promise<number> {
  const envToken = process.env.TOOLPACK_TOKEN;
  const tokens = args.tokens.length ? args.tokens.filter(Boolean) : envToken ? [envToken] : [];
  const kernel = await start(args, 'http');
  const config = kernel.config.http ?? {};
  const host = args.host ?? config.host ?? '127.0.0.1';
  const stateless = args.stateless ?? config.stateless ?? false;
  let principals;
  try {
    principals = configuredPrincipals(config.principals ?? []);
  } catch (error) {
    if (!(error instanceof PrincipalConfigError)) throw error;
    await kernel.stop();
    err(`toolpack: ${error.message}`);
    return 2;
  }
  const named = principalTable(principals, tokens);
  // Checked before anything listens: off loopback, no token means anyone can run the tools.
  const refused = unsafeBindReason(host, named.length > 0, args.insecure);
  if (refused) {
    await kernel.stop();
    err(`toolpack: ${refused}`);
    return 2;
  }
  if (!named.length && !isLoopbackHost(host)) err(`toolpack: warning: serving ${host} without a token (--insecure): anyone who can reach it can run the tools`);
  // Loaded only here: the HTTP stack is not needed for stdio start-up.
  const { startHttpServer } = await import('../server/http.js');
  const http = await startHttpServer(kernel, {
    host,
    port: args.port ?? config.port ?? 3333,
    tokens,
    principals,
    insecure: args.insecure,
    allowedHosts: [...(config.allowedHosts ?? []), ...args.allowedHosts],
    allowedOrigins: config.allowedOrigins,
    maxSessions: config.maxSessions,
    sessionIdleTimeoutMs: config.sessionIdleTimeoutMs,
    stateless,
  });
  err(`toolpack: serving ${kernel.registry.exposed().length} tools at ${http.url}${named.length ? ` (bearer token required) for ${named.map((p) => p.caller.name + (p.caller.admin ? ' (admin)' : '')).join(', ')}` : ''}${stateless ? ' (stateless)' : ''}`);
  await untilShutdown(false);
  await http.close();
  await kernel.stop();
  return 0;
}

function firstSentence(text: string): string {
  const match = /^(.+?[.!?])(\s|$)/s.exec(text.trim());
  return (match ? match[1]! : text).replace(/\s+/g, ' ');
}

export async function list(args: CliArgs): Promise<number> {
  const kernel = await start(args);
  try {
    const rows = kernel.registry.exposed().map((t) => ({ name: t.definition.name, pack: t.packId, description: firstSentence(t.definition.description) }));
    if (args.json) {
      out(JSON.stringify(rows, null, 2));
    } else {
      const width = Math.max(4, ...rows.map((r) => r.name.length));
      const packWidth = Math.max(4, ...rows.map((r) => r.pack.length));
      out(`${'TOOL'.padEnd(width)}  ${'PACK'.padEnd(packWidth)}  DESCRIPTION`);
      for (const r of rows) out(`${r.name.padEnd(width)}  ${r.pack.padEnd(packWidth)}  ${r.description}`);
    }
    return 0;
  } finally {
    await kernel.stop();
  }
}

async function callArguments(args: CliArgs): Promise<unknown> {
  let text: string | undefined;
  if (typeof args.json === 'string') text = args.json;
  else if (args.file) text = await readFile(resolve(args.cwd ?? process.cwd(), args.file), 'utf8');
  if (text === undefined) return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`tool arguments are not valid JSON: ${(error as Error).message}`);
  }
}

export async function call(args: CliArgs): Promise<number> {
  const name = args.positionals[0];
  if (!name) throw new UsageError('call needs a tool name: toolpack call <tool> --json \'{...}\'');
  const refused = await refuseImplicitWorkspace(args, 'run a tool');
  if (refused !== undefined) return refused;
  const input = await callArguments(args);
  const kernel = await start(args);
  try {
    const result = await kernel.call(name, input);
    out(JSON.stringify(result.structuredContent ?? {}, null, 2));
    if (result.isError) {
      const text = result.content[0];
      if (text?.type === 'text') err(text.text);
      return 1;
    }
    return 0;
  } catch (error) {
    if (error instanceof UnknownToolError) {
      err(`toolpack: ${error.message}`);
      return 2;
    }
    throw error;
  } finally {
    await kernel.stop();
  }
}

export async function doctor(args: CliArgs): Promise<number> {
  const begun = performance.now();
  let kernel: Kernel;
  try {
    // A diagnosis writes nothing: the packs start on an in-memory store, and the configured one is only looked at (store-probe.ts).
    kernel = await startToolpack({ cwd: args.cwd, configPath: args.config, preset: args.preset, storePath: ':memory:' });
  } catch (error) {
    if (!(error instanceof KernelError)) throw error;
    out(`Toolpack kernel ${KERNEL_VERSION}`);
    out(`Start-up failed [${error.code}]:`);
    out(error.message);
    return 2;
  }
  try {
    out(`Toolpack kernel ${KERNEL_VERSION} (Node ${process.version})`);
    out(`Config file: ${kernel.configFile ?? '(none found: serving every built-in pack with defaults)'}`);
    out(`Workspace:   ${kernel.workspaceRoot}`);
    out(`Start-up:    ${Math.round(performance.now() - begun)} ms`);
    // Set by the installed command's launcher (core/cli/launcher.ts); absent when run otherwise.
    const codeCache = (globalThis as Record<symbol, unknown>)[Symbol.for('toolpack.codeCache')];
    if (codeCache === 'missing' || codeCache === 'rejected')
      out(`Warning:     the start-up code cache is ${codeCache} (${codeCache === 'missing' ? 'not built' : 'built by another Node version or with other V8 flags'}): every start compiles the code again; \`npm run build\` rewrites it`);
    const store = await probeStore(kernel.config, kernel.workspaceRoot);
    const state = store.answers ? (store.detail ?? 'answers') : `does not answer (${store.detail})`;
    out(`Store:       ${store.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} at ${store.location}: ${state}`);
    for (const warning of kernel.warnings) out(`Warning:     ${warning}`);
    const broad = args.cwd === undefined && !kernel.config.workspace?.root ? broadFolder(kernel.workspaceRoot) : undefined;
    if (broad) out(`Warning:     the workspace is ${broad}, only because toolpack was started there: serve and call refuse it; start in the project folder or name it with --cwd`);
    out('');
    for (const pack of kernel.packInfo()) {
      const timing = pack.startupMs !== undefined ? ` (${pack.startupMs} ms)` : '';
      out(`${pack.id}@${pack.version}  ${pack.state}${timing}`);
      if (pack.error) out(`  why: ${pack.error}`);
      if (pack.state === 'dependency') out('  loaded for the packs that depend on it; its tools are hidden');
      // Modules under the pack they extend: a failed one under onFailure 'skip' left the pack running without it.
      for (const module of pack.modules ?? []) {
        out(`  module ${module.id}${module.version ? `@${module.version}` : ''}  ${module.state}`);
        if (module.error) out(`    why: ${module.error}`);
      }
      if (pack.tools.length) out(`  tools: ${pack.tools.join(', ')}`);
    }
    out('');
    out(`${kernel.registry.exposed().length} tools exposed`);
    const failed = kernel.packInfo().some((p) => p.state === 'failed' || p.modules?.some((m) => m.state === 'failed'));
    return failed || !store.answers ? 1 : 0;
  } finally {
    await kernel.stop();
  }
}
