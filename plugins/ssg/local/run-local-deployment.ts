/**
 * test_local_deployment's work: build a site with its real generator, serve it
 * on a local port, check it works (site-verdict.ts: the home page and the pages
 * rendered, not a listing or raw Markdown), and stop everything that was started.
 * Each generator run leads its own process group (process-group.ts); whatever
 * happens (build failure, timeout, cancellation, an exception) the finally
 * block stops every group before the call returns.
 */
import { readdir, stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { readFrontMatter, showCommand, spawnProcess, TOOLCHAIN_ENV, ToolError, ValidationError, type ExitStatus, type GroupProcess, type SsgAdapter, type ToolContext } from '../../../sdk/index.js';
import { parseBuildDiagnostics, type BuildDiagnostic } from './build-diagnostics.js';
import { portFree, waitForHttp } from './http-probe.js';
import { planLocalDeployment } from './plan.js';
import type { LocalDeployment } from './schema.js';
import { judgeSite, type SiteVerdict } from './site-verdict.js';

export interface LocalDeploymentInput {
  repositoryPath: string;
  port: number;
  /** Seconds each phase (the build, the server's start) may take. */
  timeout: number;
  skipBuild: boolean;
}

const OUTPUT_TAIL = 4000;
const MAX_PAGES_COUNTED = 100_000;

type Build = LocalDeployment['build'];
type Server = LocalDeployment['server'];

const NO_PAGES: LocalDeployment['pages'] = { checked: 0, rendered: 0, served: 0, raw: [], missing: [], notListed: 0 };

/** What a finished run is told to whoever records it (memory, through the ssg.deployment topic). */
export interface LocalRun {
  /** The folder repositoryPath named, real path. */
  repository: string;
  result: LocalDeployment;
}

export async function runLocalDeployment(
  adapter: SsgAdapter,
  input: LocalDeploymentInput,
  context: ToolContext,
  onFinished?: (run: LocalRun) => Promise<void>,
): Promise<LocalDeployment> {
  const { workspace } = context;
  // The same plan the user approved (tools/test-local-deployment.ts); the process helper refuses any command it does not name.
  const plan = await planLocalDeployment(adapter, input, workspace);
  const { siteRoot } = plan;
  await ensurePortFree(input.port);
  const show = (command: readonly string[]) => showCommand([adapter.requires.binary, ...command.slice(1)]);

  const running = new Set<GroupProcess>();
  const start = (command: string[]) => {
    const child = spawnProcess(command[0]!, command.slice(1), {
      workspace,
      cwd: siteRoot,
      inheritEnv: TOOLCHAIN_ENV,
      // Generators that tell CI from a terminal should not wait for input nor colour their output.
      env: { CI: 'true', NO_COLOR: '1' },
      pathPrefix: plan.pathPrefix,
      execution: context.execution,
    });
    running.add(child);
    return child;
  };
  const notes: string[] = [];
  const outputDir = join(siteRoot, adapter.build.outputDir);
  const timeoutMs = Math.round(input.timeout * 1000);
  let tick = 0;
  const progress = (message: string) => void context.progress({ progress: ++tick, message }).catch(() => {});

  try {
    // Build.
    let build: Build = {
      ok: true,
      skipped: true,
      ms: 0,
      command: show(plan.build),
      outputDir: workspace.relative(outputDir),
      pages: 0,
      errors: [],
    };
    if (!input.skipBuild) {
      progress(`building with ${adapter.name}: ${show(plan.build)}`);
      const began = Date.now();
      const child = start(plan.build);
      // Progress says what the generator last printed, so a slow build shows where it is.
      let lastLine = '';
      child.onOutput((text) => {
        // eslint-disable-next-line no-control-regex
        const line = text.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '').trim().split('\n').pop()?.trim();
        if (line) lastLine = line.slice(0, 120);
      });
      const ended = await waitPhase(child, timeoutMs, context.signal, () =>
        progress(`building with ${adapter.name} (${Math.round((Date.now() - began) / 1000)} s)${lastLine ? `: ${lastLine}` : ''}`),
      );
      if (ended === 'cancelled') throw cancelled('the build');
      if (ended === 'timeout') await child.stop();
      const status = ended === 'timeout' ? undefined : ended;
      const output = child.output();
      const errors = await locate(parseBuildDiagnostics(output, siteRoot), siteRoot, workspace);
      const ok = status !== undefined && status.code === 0 && !status.error;
      if (status?.error) errors.unshift({ message: `could not start ${show(plan.build)}: ${status.error}` });
      if (ended === 'timeout') errors.unshift({ message: `the build did not finish within ${input.timeout} s (parameter "timeout") and was stopped` });
      build = {
        ok,
        skipped: false,
        ms: Date.now() - began,
        command: show(plan.build),
        outputDir: workspace.relative(outputDir),
        pages: ok ? await countPages(outputDir) : 0,
        exitCode: status?.code ?? null,
        ...(ended === 'timeout' ? { timedOut: true } : {}),
        errors,
        ...(ok ? {} : { outputTail: output.slice(-OUTPUT_TAIL) }),
      };
      if (!ok && errors.length === 0) build.errors.push({ message: `${show(plan.build)} exited with ${status?.code ?? status?.signal}` });
    } else {
      build.pages = await countPages(outputDir);
    }

    // Serve.
    const serve = plan.serve;
    const url = `http://127.0.0.1:${input.port}/`;
    let server: Server = { started: false, url, ms: 0, command: show(serve) };
    let verdict: SiteVerdict | undefined;
    if (!build.ok) {
      server.error = 'not started: the build failed';
    } else {
      if (input.skipBuild && plan.servesBuild && build.pages === 0) notes.push(`skipBuild: ${build.outputDir} has no pages yet; the server serves the built site, so run without skipBuild first`);
      await ensurePortFree(input.port);
      progress(`starting ${show(serve)}`);
      const began = Date.now();
      const child = start(serve);
      const answer = await waitForHttp([url, `http://localhost:${input.port}/`], {
        deadline: began + timeoutMs,
        signal: context.signal,
        until: () => child.hasExited(),
      });
      if (context.signal.aborted) throw cancelled('the server');
      server = { started: answer !== undefined, url: answer?.url ?? url, ms: Date.now() - began, command: show(serve) };
      if (answer) {
        server.status = answer.status;
        // While the server runs: what it answers for the home page and a sample of the pages.
        progress('checking the home page and the pages are rendered');
        verdict = await judgeSite(adapter, plan, workspace, { homeUrl: answer.url, signal: context.signal });
        if (context.signal.aborted) throw cancelled('the server');
      } else {
        const output = child.output();
        server.error = child.hasExited()
          ? /EADDRINUSE|address already in use|port .*in use/i.test(output)
            ? `port ${input.port} is already in use (parameter "port")`
            : `the server exited before answering on port ${input.port}`
          : `the server did not answer on port ${input.port} within ${input.timeout} s (parameter "timeout")`;
        server.outputTail = output.slice(-OUTPUT_TAIL);
      }
      progress('stopping the server');
    }

    const stopped = await stopAll(running);
    if (!stopped) notes.push('a process of the generator survived SIGKILL (uninterruptible I/O?): check for it before reusing the port');
    // A build whose server did not answer is still judged on its output.
    if (!verdict && build.ok) verdict = await judgeSite(adapter, plan, workspace, undefined);
    if (input.skipBuild && !plan.servesBuild && verdict) notes.push(`skipBuild: the pages were checked in ${build.outputDir} as the last build left it; the server renders its own copy`);
    const works = build.ok && server.started && verdict !== undefined && verdict.problems.length === 0;
    const result: LocalDeployment = {
      summary: summarize(adapter, build, server, stopped, verdict),
      ok: works,
      ssg: adapter.id,
      siteRoot: workspace.relative(siteRoot) || '.',
      build,
      pages: verdict?.pages ?? NO_PAGES,
      ...(verdict?.home ? { home: verdict.home } : {}),
      server,
      stopped,
      notes,
    };
    await onFinished?.({ repository: plan.repository, result });
    return result;
  } finally {
    // On every path, including errors and cancellation: no generator outlives the call.
    await stopAll(running);
  }
}

async function ensurePortFree(port: number): Promise<void> {
  if (!(await portFree(port))) {
    throw new ValidationError(`port ${port} is already in use on 127.0.0.1: stop what listens there or pass another "port"`, { parameter: 'port', port });
  }
}

/** Stops every group started; true when none of them is left. */
async function stopAll(running: Set<GroupProcess>): Promise<boolean> {
  const gone = await Promise.all([...running].map((child) => child.stop()));
  running.clear();
  return gone.every(Boolean);
}

/** Waits for the child to exit, the phase's time to run out, or the call to be cancelled; ticks every second. */
async function waitPhase(child: GroupProcess, timeoutMs: number, signal: AbortSignal, tick: () => void): Promise<ExitStatus | 'timeout' | 'cancelled'> {
  if (signal.aborted) return 'cancelled';
  let timer: NodeJS.Timeout | undefined;
  let ticker: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  try {
    return await Promise.race([
      child.exited,
      new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs))),
      new Promise<'cancelled'>((resolve) => {
        onAbort = () => resolve('cancelled');
        signal.addEventListener('abort', onAbort, { once: true });
      }),
      new Promise<never>(() => (ticker = setInterval(tick, 1000))),
    ]);
  } finally {
    clearTimeout(timer);
    clearInterval(ticker);
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}

function cancelled(what: string): ToolError {
  return new ToolError('InternalError', `cancelled: ${what} was stopped (its whole process group) before the call returned`, { cancelled: true, stopped: true });
}

/**
 * Paths printed relative to the generator's content folder (mkdocs's docs/) are made
 * relative to the site root, and lines counted from a page's body become file lines.
 */
async function locate(diagnostics: BuildDiagnostic[], siteRoot: string, workspace: ToolContext['workspace']): Promise<BuildDiagnostic[]> {
  for (const diagnostic of diagnostics) {
    const { bodyLine } = diagnostic;
    delete diagnostic.bodyLine;
    if (!diagnostic.file || isAbsolute(diagnostic.file)) continue;
    if (!(await exists(join(siteRoot, diagnostic.file))) && (await exists(join(siteRoot, 'docs', diagnostic.file)))) diagnostic.file = `docs/${diagnostic.file}`;
    if (!bodyLine || diagnostic.line === undefined) continue;
    const text = await workspace.readText(join(siteRoot, diagnostic.file), { maxBytes: 1024 * 1024 }).catch(() => undefined);
    if (text !== undefined) diagnostic.line += bodyOffset(text, bodyLine);
  }
  return diagnostics;
}

/** Lines before a page's body: the front matter block, and for 'trimmed' the blank lines after it. */
function bodyOffset(text: string, bodyLine: 'raw' | 'trimmed'): number {
  const { body, bodyLine: first } = readFrontMatter(text);
  if (first === 1 || bodyLine === 'raw') return first - 1;
  const blank = /^(?:[ \t]*\r?\n)*/.exec(body)![0];
  return first - 1 + blank.split('\n').length - 1;
}

const exists = (path: string) => stat(path).then(() => true, () => false);

/** HTML files under `folder` (symlinks not followed), bounded. */
async function countPages(folder: string): Promise<number> {
  let count = 0;
  const pending = [folder];
  let visited = 0;
  while (pending.length > 0 && visited < MAX_PAGES_COUNTED) {
    const dir = pending.pop()!;
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      visited++;
      if (entry.isDirectory()) pending.push(join(dir, entry.name));
      else if (entry.isFile() && entry.name.endsWith('.html')) count++;
    }
  }
  return count;
}

function summarize(adapter: SsgAdapter, build: Build, server: Server, stopped: boolean, verdict: SiteVerdict | undefined): string {
  const parts: string[] = [];
  if (build.skipped) parts.push('build skipped');
  else if (build.ok) parts.push(`${adapter.name} built ${build.pages} page(s) in ${(build.ms / 1000).toFixed(1)} s`);
  else {
    const first = build.errors[0];
    const where = first?.file ? ` (${first.file}${first.line !== undefined ? `:${first.line}` : ''})` : '';
    parts.push(`${adapter.name} build failed${build.timedOut ? ' (timed out)' : ''}: ${build.errors.length} error(s)${first ? `, first: ${first.message.slice(0, 160)}${where}` : ''}`);
  }
  if (server.started) parts.push(`the server answered ${server.status} at ${server.url} after ${(server.ms / 1000).toFixed(1)} s`);
  else if (build.ok) parts.push(`the server did not answer: ${server.error}`);
  if (verdict?.problems.length) parts.push(`the site does not work: ${verdict.problems.join('; ')}`);
  else if (verdict && server.started) parts.push(`the home page${verdict.pages.checked ? ` and all ${verdict.pages.checked} page(s)` : ''} are rendered HTML`);
  parts.push(stopped ? 'every process was stopped' : 'a process could not be stopped');
  return `${parts.join('; ')}.`;
}
