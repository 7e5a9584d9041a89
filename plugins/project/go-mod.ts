/**
 * go.mod, read once for every pack (through the project pack's api.ts): its directives with
 * their lines, the module path, the go and toolchain versions, the direct requirements, and
 * the first syntax problem. No maintained npm parser exists (Go's own, golang.org/x/mod, is
 * the only full one), and the format is line-based: a directive and its arguments, or a
 * directive followed by a ( block of argument lines, with // comments.
 */

/** One directive: `require x v1` or each line of a `require ( ... )` block. */
export interface GoModDirective {
  directive: string;
  /** Arguments with Go string quotes removed. */
  args: string[];
  /** 1-based. */
  line: number;
  /** The line carried `// indirect` (a requirement of a dependency, as go mod tidy marks it). */
  indirect: boolean;
}

export interface GoMod {
  module?: { path: string; line: number };
  /** The go directive (a minimum since Go 1.21). */
  go?: string;
  /** The toolchain directive's version, without the `go` prefix. */
  toolchain?: string;
  /** Direct requirements (// indirect left out). */
  requires: Array<{ path: string; version?: string; line: number }>;
  directives: GoModDirective[];
  /** The first syntax problem, or null when every line is a known directive and every block closes. */
  problem: string | null;
}

const KNOWN = /^(module|go|toolchain|require|replace|exclude|retract|godebug|tool)$/;

/** A go.mod token: a bare word or a Go string (`"example.com/m"`, `` `x` ``). */
const token = (text: string) => text.replace(/^"(.*)"$|^`(.*)`$/, '$1$2');

export function parseGoMod(text: string): GoMod {
  const directives: GoModDirective[] = [];
  let problem: string | null = null;
  let block: { directive: string; line: number } | null = null;
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const indirect = /\/\/\s*indirect\b/.test(raw);
    const line = raw.replace(/\/\/.*$/, '').trim();
    if (!line) continue;
    if (block) {
      if (line === ')') block = null;
      else directives.push({ directive: block.directive, args: line.split(/\s+/).map(token), line: i + 1, indirect });
      continue;
    }
    const [directive = '', ...args] = line.split(/\s+/);
    if (!KNOWN.test(directive)) {
      problem ??= `line ${i + 1}: unknown directive "${directive}"`;
      continue;
    }
    if (args.length === 1 && args[0] === '(') block = { directive, line: i + 1 };
    else if (line.endsWith('(')) block = { directive, line: i + 1 };
    else directives.push({ directive, args: args.map(token), line: i + 1, indirect });
  }
  if (block) problem ??= `the "${block.directive} (" block of line ${block.line} is not closed`;
  const first = (name: string) => directives.find((d) => d.directive === name);
  const module = first('module');
  // A file without a module line is no module at all: said before any line's problem.
  if (!module?.args[0]) problem = 'no "module" line';
  const go = first('go')?.args[0];
  const toolchain = /^go(\d+(?:\.\d+){1,2})/.exec(first('toolchain')?.args[0] ?? '')?.[1];
  return {
    ...(module?.args[0] ? { module: { path: module.args[0], line: module.line } } : {}),
    ...(go && /^\d+(?:\.\d+){1,2}$/.test(go) ? { go } : {}),
    ...(toolchain ? { toolchain } : {}),
    requires: directives
      .filter((d) => d.directive === 'require' && !d.indirect && d.args[0])
      .map((d) => ({ path: d.args[0]!, ...(d.args[1] ? { version: d.args[1] } : {}), line: d.line })),
    directives,
    problem,
  };
}
