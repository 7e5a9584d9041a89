/**
 * The environment a generator runs with: what it needs to find its toolchain
 * and write its caches, nothing else. The server's own variables (API tokens,
 * database URLs, the store's connection string) never reach a site's build,
 * whose config and templates are the repository's code.
 */
const KEPT = [
  'PATH', 'HOME', 'USER', 'LOGNAME', 'LANG', 'LANGUAGE', 'TZ', 'TMPDIR', 'TMP', 'TEMP', 'TERM',
  'SYSTEMROOT', 'SystemRoot', 'WINDIR', 'COMSPEC', 'PATHEXT', 'APPDATA', 'LOCALAPPDATA', 'USERPROFILE',
  'XDG_CACHE_HOME', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME',
  // Toolchains installed per user: Ruby gems, Python virtualenvs, Go, Node version managers.
  'GEM_HOME', 'GEM_PATH', 'BUNDLE_PATH', 'BUNDLE_GEMFILE', 'RBENV_ROOT', 'VIRTUAL_ENV', 'PYENV_ROOT', 'CONDA_PREFIX',
  'GOPATH', 'GOROOT', 'GOCACHE', 'GOMODCACHE', 'HUGO_CACHEDIR', 'NVM_DIR', 'NODE_PATH',
];

export function childEnv(base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of KEPT) {
    const value = base[key];
    if (value !== undefined) env[key] = value;
  }
  for (const [key, value] of Object.entries(base)) if (key.startsWith('LC_') && value !== undefined) env[key] = value;
  // Generators that tell CI from a terminal should not wait for input nor colour their output.
  env.CI = 'true';
  env.NO_COLOR = '1';
  return env;
}
