/**
 * Occurrences of an environment variable that are not reads: an assignment
 * (`process.env.X = "1"`, `ENV["X"] = ...`, `os.environ["X"] = ...`: a test or a script
 * setting it) and a name quoted as a key or string (`'process.env.NODE_ENV': ...` in a
 * vite/webpack `define`, which the bundler replaces and no deployment provides).
 * Every reader of variable uses (analyze_environment, deployment_readiness) asks here.
 */

/** `start`..`end`: the matched use (`process.env.X`, `ENV["X"`, `os.environ["X"]`) in `text`. */
export function isEnvWrite(text: string, start: number, end: number): boolean {
  const after = text.slice(end, end + 16).replace(/^['"`]?\s*\]?/, '');
  // `=` but not `==`/`===`/`=>`/`=~`: an assignment (`||=` and `??=` read first, so they stay reads).
  if (/^\s*=(?![=>~])/.test(after)) return true;
  const before = text[start - 1];
  if (before === "'" || before === '"' || before === '`') {
    // The whole use quoted: `'process.env.X'`.
    const close = text.slice(end, end + 2);
    if (close.startsWith(before)) return true;
  }
  return false;
}
