// A built `toolpack serve --http` as a child process for the HTTP benchmarks: started on
// a free port (read from its banner), stopped with SIGTERM; and the percentile they report.
import { spawn } from 'node:child_process';

/** `args` after `serve --http --port 0`; resolves to { child, url } once the server printed its URL. */
export function startServer(bin, cwd, { args = [], env = {} } = {}) {
  const childEnv = { ...process.env, TOOLPACK_LOG_LEVEL: 'silent', ...env };
  for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key];
  const child = spawn(process.execPath, [bin, 'serve', '--http', '--port', '0', ...args], { cwd, env: childEnv, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL within 30 s\n${stderr}`)), 30_000);
    child.once('exit', (code) => reject(new Error(`server exited (${code})\n${stderr}`)));
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
      const match = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
      if (!match) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolvePromise({ child, url: match[1] });
    });
  });
}

export async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
