/** Command-line parsing with node:util parseArgs; unknown flags are usage errors (exit 2). */
import { parseArgs } from 'node:util';

export const USAGE = `Usage: toolpack <command> [options]

Commands:
  serve              Serve the configured packs over MCP (stdio by default)
    --http             Serve Streamable HTTP instead (endpoint /mcp)
    --port N           HTTP port (default 3333; 0 picks a free one)
    --host H           HTTP bind address (default 127.0.0.1); off loopback a token
                       is required unless --insecure is given
    --token T          Require "Authorization: Bearer T" (or set TOOLPACK_TOKEN);
                       repeat it to accept several tokens, each with its own sessions
                       and its own caller (token-1, ...; name them in http.principals)
    --allowed-host H   Accept requests whose Host header names H (repeatable);
                       loopback names and the bind address are always accepted
    --insecure         Serve a non-loopback --host without a token
    --stateless        No sessions: any instance behind a load balancer can answer
                       any request (no sampling or elicitation; see README)
    --preset NAME      Expose only a preset's packs (adr, security, docs, all, or the config's)
  list [--json]      Print the merged tool list
  call <tool>        Run one tool and print its structured result as JSON
    --json '{...}'     Arguments as JSON
    --file args.json   Arguments from a file
  doctor             Explain the config found, the packs and their state

Common options:
  --config PATH      Use this config file instead of searching the current folder
  --cwd DIR          Run as if started in DIR (config search and workspace root);
                     serve and call refuse / and the home folder unless named here
  --help             Show this help
  --version          Print the version

Exit codes: 0 success, 1 tool error, 2 usage or configuration error.`;

export interface CliArgs {
  command: string | undefined;
  positionals: string[];
  config?: string;
  cwd?: string;
  preset?: string;
  http: boolean;
  port?: number;
  host?: string;
  /** Every --token given, in order. */
  tokens: string[];
  allowedHosts: string[];
  insecure: boolean;
  /** --stateless: serve HTTP without sessions (undefined: the config decides). */
  stateless?: boolean;
  json?: string | boolean;
  file?: string;
  help: boolean;
  version: boolean;
}

export class UsageError extends Error {}

export function parseCli(argv: string[]): CliArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        config: { type: 'string' },
        cwd: { type: 'string' },
        preset: { type: 'string' },
        http: { type: 'boolean', default: false },
        port: { type: 'string' },
        host: { type: 'string' },
        token: { type: 'string', multiple: true },
        'allowed-host': { type: 'string', multiple: true },
        insecure: { type: 'boolean', default: false },
        stateless: { type: 'boolean' },
        json: { type: 'string' },
        file: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', short: 'v', default: false },
      },
    });
  } catch (error) {
    // `list --json` takes no value: parseArgs sees a string option without one.
    const flagOnly = argv.map((a) => (a === '--json' ? '--json=' : a));
    if (flagOnly.join() !== argv.join()) return { ...parseCli(flagOnly), json: true };
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  let port: number | undefined;
  if (values.port !== undefined) {
    port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be an integer from 0 to 65535 (got "${values.port}")`);
  }
  const json = values.json === '' ? true : values.json;
  return {
    command: positionals[0],
    positionals: positionals.slice(1),
    config: values.config,
    cwd: values.cwd,
    preset: values.preset,
    http: values.http ?? false,
    port,
    host: values.host,
    tokens: values.token ?? [],
    allowedHosts: values['allowed-host'] ?? [],
    insecure: values.insecure ?? false,
    stateless: values.stateless,
    json,
    file: values.file,
    help: values.help ?? false,
    version: values.version ?? false,
  };
}
