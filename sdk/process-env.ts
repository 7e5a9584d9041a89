/**
 * The environment a child process gets: an allow-list, never the server's whole
 * environment. A child may run a repository's code (a site build, a test suite),
 * and the server's own variables carry its secrets: the HTTP bearer tokens
 * (TOOLPACK_TOKEN), the store URL with its password, the security key, cloud
 * credentials. So a child sees what it needs to find its toolchain and write its
 * caches, plus what the tool names, and nothing whose name says secret.
 */
import { delimiter, isAbsolute } from 'node:path';
import { isWithinRoots } from './confined-fs.js';

/** Kept from the server's environment for every child. */
const BASE = [
  'PATH', 'HOME', 'USER', 'LOGNAME', 'LANG', 'LANGUAGE', 'TZ', 'TMPDIR', 'TMP', 'TEMP', 'TERM', 'SHELL',
  'SYSTEMROOT', 'SystemRoot', 'WINDIR', 'COMSPEC', 'PATHEXT', 'APPDATA', 'LOCALAPPDATA', 'USERPROFILE',
  'XDG_CACHE_HOME', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_RUNTIME_DIR',
];

/** Toolchains installed per user (Ruby gems, Python virtualenvs, Go, Node version managers): a generator or runner needs them. */
export const TOOLCHAIN_ENV: readonly string[] = [
  'GEM_HOME', 'GEM_PATH', 'BUNDLE_PATH', 'BUNDLE_GEMFILE', 'RBENV_ROOT', 'VIRTUAL_ENV', 'PYENV_ROOT', 'CONDA_PREFIX',
  'GOPATH', 'GOROOT', 'GOCACHE', 'GOMODCACHE', 'GOFLAGS', 'CARGO_HOME', 'RUSTUP_HOME', 'HUGO_CACHEDIR', 'NVM_DIR', 'NODE_PATH',
];

/**
 * Names a child never gets, even when a tool asks for them: Toolpack's own settings and
 * anything named like a credential. (The store URL is TOOLPACK_STORE_URL; a team may also
 * export DATABASE_URL-style variables with passwords in them.)
 */
export function isSecretEnvName(name: string): boolean {
  const upper = name.toUpperCase();
  if (upper.startsWith('TOOLPACK_')) return true;
  if (/TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|PRIVATE_?KEY|API_?KEY|ACCESS_?KEY|COOKIE|(^|_)AUTH($|_)/.test(upper)) return true;
  // Connection strings carry passwords: DATABASE_URL, PG_DSN, REDIS_URL...
  return /(_URL|_URI|_DSN)$/.test(upper) && /DATABASE|DB|STORE|PG|POSTGRES|MYSQL|REDIS|MONGO|AMQP/.test(upper);
}

/**
 * PATH for a child: the server's own entries that are absolute and outside the workspace
 * roots. A relative entry ("." or "") would be looked up in the child's working
 * directory, which is the repository, and a folder inside the workspace (a planted
 * node_modules/.bin) would let the repository stand in for `git` or `node`.
 */
export function safePath(pathValue: string | undefined, roots: readonly string[]): string {
  const kept: string[] = [];
  for (const entry of (pathValue ?? '').split(delimiter)) {
    if (!entry || !isAbsolute(entry) || isWithinRoots(roots, entry) || kept.includes(entry)) continue;
    kept.push(entry);
  }
  return kept.join(delimiter);
}

export interface ChildEnvOptions {
  /** The workspace roots: PATH loses every entry inside them. */
  roots: readonly string[];
  /** More variable names taken from the server's environment (secret-looking names are still dropped). */
  inherit?: readonly string[];
  /** Variables the tool sets for the child. */
  set?: Record<string, string>;
  /** The server's environment (tests). */
  base?: NodeJS.ProcessEnv;
}

export function childEnv(options: ChildEnvOptions): Record<string, string> {
  const base = options.base ?? process.env;
  const env: Record<string, string> = {};
  const take = (key: string) => {
    const value = base[key];
    if (value !== undefined && !isSecretEnvName(key)) env[key] = value;
  };
  for (const key of BASE) take(key);
  for (const key of options.inherit ?? []) take(key);
  for (const key of Object.keys(base)) if (key.startsWith('LC_')) take(key);
  env.PATH = safePath(base.PATH, options.roots);
  for (const [key, value] of Object.entries(options.set ?? {})) if (!isSecretEnvName(key)) env[key] = value;
  return env;
}
