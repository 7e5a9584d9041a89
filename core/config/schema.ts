/**
 * The configuration file's schema. Unknown keys are errors (additionalProperties:
 * false everywhere) so a typo never silently does nothing.
 */
import { Type, type Static } from 'typebox';
import { PROJECT_CODE_POLICIES, type ProjectCodePolicy } from '../../sdk/project-code.js';

const strict = { additionalProperties: false } as const;

const ToolFilter = Type.Object(
  {
    include: Type.Optional(Type.Array(Type.String(), { description: 'Tool names or globs (memory_*) to expose; others are hidden.' })),
    exclude: Type.Optional(Type.Array(Type.String(), { description: 'Tool names or globs to hide.' })),
  },
  strict,
);

const PluginEntry = Type.Union([
  Type.String({ description: 'A built-in pack name, a relative path, or a package name.' }),
  Type.Tuple([Type.String(), Type.Record(Type.String(), Type.Unknown())]),
]);

const PackSettings = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean()),
    onFailure: Type.Optional(Type.Unsafe<'abort' | 'skip'>({ type: 'string', enum: ['abort', 'skip'] })),
    initTimeoutMs: Type.Optional(Type.Integer({ minimum: 1 })),
    tools: Type.Optional(ToolFilter),
  },
  strict,
);

const Preset = Type.Object(
  {
    description: Type.Optional(Type.String()),
    packs: Type.Optional(Type.Array(Type.String())),
    tools: Type.Optional(ToolFilter),
  },
  strict,
);

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const ConfigSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    plugins: Type.Optional(Type.Array(PluginEntry)),
    packs: Type.Optional(Type.Record(Type.String(), PackSettings)),
    tools: Type.Optional(ToolFilter),
    toolsets: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), {
        description:
          'Toolsets served from the start: "default" (the entry points of the recommended flows), "all", or pack names. Default: "default", or every tool with a preset, a plugins list or tools.include. Models enable the others with enable_toolset.',
      }),
    ),
    presets: Type.Optional(Type.Record(Type.String(), Preset)),
    preset: Type.Optional(Type.String()),
    workspace: Type.Optional(
      Type.Object(
        {
          root: Type.Optional(Type.String()),
          allowedRoots: Type.Optional(Type.Array(Type.String())),
        },
        strict,
      ),
    ),
    execution: Type.Optional(
      Type.Object(
        {
          projectCode: Type.Optional(
            Type.Unsafe<ProjectCodePolicy>({
              type: 'string',
              enum: [...PROJECT_CODE_POLICIES],
              description:
                'Tools that run the project\'s own code (site builds, test suites): "ask" the user first (default for stdio), "deny" them (default for serve --http), or "allow" them.',
            }),
          ),
        },
        strict,
      ),
    ),
    network: Type.Optional(
      Type.Object(
        {
          allowPrivateAddresses: Type.Optional(
            Type.Boolean({
              description:
                'Let tools fetch URLs that resolve to loopback, private (10/8, 172.16/12, 192.168/16), unique-local, CGNAT and other non-public addresses (default false: such links are reported as not checked). Link-local addresses, the cloud metadata service among them, still need network.allowedHosts.',
            }),
          ),
          allowedHosts: Type.Optional(
            Type.Array(Type.String(), {
              description: 'Hosts tools may fetch even though they are not public: host names (intranet.example.com), host:port (127.0.0.1:8080, [::1]:8080), addresses or CIDR ranges (10.1.0.0/16).',
            }),
          ),
        },
        strict,
      ),
    ),
    logLevel: Type.Optional(Type.Unsafe<(typeof LOG_LEVELS)[number]>({ type: 'string', enum: [...LOG_LEVELS] })),
    store: Type.Optional(
      Type.Object(
        {
          path: Type.Optional(Type.String({ description: 'SQLite database file, relative to the workspace, or ":memory:" (default .toolpack/toolpack.db).' })),
          url: Type.Optional(
            Type.String({
              pattern: '^[Pp][Oo][Ss][Tt][Gg][Rr][Ee][Ss]([Qq][Ll])?://',
              description: 'A postgres:// or postgresql:// URL: keep the store in that PostgreSQL database (shared by every instance). TOOLPACK_STORE_URL overrides it and keeps the password out of the file.',
            }),
          ),
          connectTimeoutMs: Type.Optional(
            Type.Integer({
              minimum: 100,
              maximum: 600_000,
              description: 'How long opening the store may take before calls that need it fail with "the store is unavailable" (PostgreSQL: connecting; SQLite: waiting for the file\'s lock to set it up). Default 5000.',
            }),
          ),
          statementTimeoutMs: Type.Optional(
            Type.Integer({
              minimum: 100,
              maximum: 3_600_000,
              description: 'How long one query may take (PostgreSQL: statement_timeout, and the client gives up on a server that stops answering; SQLite: how long a query waits for a lock held by another process). Default 5000.',
            }),
          ),
        },
        strict,
      ),
    ),
    http: Type.Optional(
      Type.Object(
        {
          port: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
          host: Type.Optional(Type.String()),
          allowedHosts: Type.Optional(Type.Array(Type.String(), { description: 'Host names clients reach the server by, beyond loopback and the bind address (the Host header check).' })),
          allowedOrigins: Type.Optional(Type.Array(Type.String(), { description: 'Browser origins (https://app.example.com) allowed to call the server, beyond the allowed hosts.' })),
          maxSessions: Type.Optional(Type.Integer({ minimum: 1, description: 'Most sessions open at once (default 1000); past it initialize gets 503.' })),
          sessionIdleTimeoutMs: Type.Optional(Type.Integer({ minimum: 100, description: 'A session with no request for this long is closed (default 1800000, 30 minutes).' })),
          stateless: Type.Optional(
            Type.Boolean({ description: 'Serve without sessions so any instance behind a load balancer can answer any request (no sampling or elicitation). Same as --stateless.' }),
          ),
          principals: Type.Optional(
            Type.Array(
              Type.Object(
                {
                  name: Type.String({ minLength: 1, maxLength: 200, description: 'The user this token is: whose preferences its calls read and change.' }),
                  tokenEnv: Type.Optional(Type.String({ minLength: 1, description: 'Environment variable holding the token (the config holds no secret).' })),
                  tokenSha256: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{64}$', description: 'SHA-256 of the token in hex, instead of tokenEnv.' })),
                  admin: Type.Optional(Type.Boolean({ description: "May read, export and reset other users' preferences (default false)." })),
                },
                strict,
              ),
              { description: 'Named bearer tokens of `serve --http`: each caller is a principal; per-user data (preferences) is its own. Tokens given with --token or TOOLPACK_TOKEN that no entry names are token-1, token-2, ... (not admins).' },
            ),
          ),
        },
        strict,
      ),
    ),
  },
  strict,
);

export type ToolpackConfig = Static<typeof ConfigSchema>;
export type PluginEntryValue = Static<typeof PluginEntry>;
export type ToolFilterValue = Static<typeof ToolFilter>;
export type PackSettingsValue = Static<typeof PackSettings>;
