/**
 * Where this project keeps its tests and how it names them, read from the test
 * files the scan lists: a test folder (test/, tests/, __tests__/) or next to
 * the code, the suffix (.test.ts, .spec.js, test_*.py, _test.go).
 */
import { basename, dirname, extname, posix } from 'node:path';
import type { ProjectContext } from '../project/context.js';
import type { Stack, TestFramework } from '../project/stack.js';

export interface TestLayout {
  framework: TestFramework | null;
  /** Existing test files (first 10) the layout was read from. */
  examples: string[];
  testFiles: number;
  /** The folder tests live in (relative to the project), null when tests sit next to the code. */
  folder: string | null;
  /** The file name pattern, e.g. "*.test.ts", "test_*.py". */
  pattern: string;
}

const NODE_TEST = /\.(test|spec)\.([cm]?[jt]sx?)$/;
const PY_TEST = /(^|\/)test_[^/]+\.py$|_test\.py$/;
const GO_TEST = /_test\.go$/;
const RUST_TEST = /(^|\/)tests\/[^/]+\.rs$/;

const majority = <T>(values: T[]): T | undefined => {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
};

export function testLayout(project: ProjectContext, stack: Stack): TestLayout {
  const pattern = stack.ecosystem === 'python' ? PY_TEST : stack.ecosystem === 'go' ? GO_TEST : stack.ecosystem === 'rust' ? RUST_TEST : NODE_TEST;
  const tests = project.files.filter((f) => pattern.test(f.path) && f.folder !== 'vendored' && f.folder !== 'fixture' && f.folder !== 'example').map((f) => f.path);
  const top = (path: string) => {
    const parts = path.split('/');
    const i = parts.findIndex((part) => /^(tests?|__tests__|spec|specs)$/.test(part));
    return i >= 0 ? parts.slice(0, i + 1).join('/') : null;
  };
  const folder = tests.length ? (majority(tests.map(top)) ?? null) : stack.ecosystem === 'go' ? null : stack.ecosystem === 'python' || stack.ecosystem === 'rust' ? 'tests' : 'test';
  let name: string;
  if (stack.ecosystem === 'python') name = tests.some((t) => /(^|\/)test_[^/]+\.py$/.test(t)) || !tests.length ? 'test_*.py' : '*_test.py';
  else if (stack.ecosystem === 'go') name = '*_test.go';
  else if (stack.ecosystem === 'rust') name = 'tests/*.rs';
  else {
    const suffixes = tests.map((t) => t.match(NODE_TEST)!).map((m) => `*.${m[1]}.${m[2]}`);
    name = majority(suffixes) ?? `*.test.${stack.language === 'TypeScript' ? 'ts' : 'js'}`;
  }
  return { framework: stack.testFramework, examples: tests.slice(0, 10), testFiles: tests.length, folder, pattern: name };
}

/** The path of a new test for `source` (a project file) or for a unit without a file, following the layout. */
export function newTestPath(layout: TestLayout, stack: Stack, source: string | null, unit: string): string {
  const stem = source ? basename(source, extname(source)) : unit.replace(/[^\w]+/g, '_').replace(/^_|_$/g, '').toLowerCase() || 'failure';
  const dir = source ? dirname(source) : '.';
  // Test folders usually mirror the code below its top folder (src/users/x.ts -> test/users/x.test.ts).
  const mirrored = dir === '.' ? '' : dir.split('/').slice(/^(src|lib|app|source)$/.test(dir.split('/')[0]!) ? 1 : 0).join('/');
  const join = (...parts: string[]) => posix.join(...parts.filter(Boolean));
  if (stack.ecosystem === 'python') return join(layout.folder ?? dir, layout.pattern === '*_test.py' ? `${stem}_test.py` : `test_${stem}.py`);
  if (stack.ecosystem === 'go') return join(dir, `${stem}_test.go`);
  if (stack.ecosystem === 'rust') return join('tests', `${stem}.rs`);
  const suffix = layout.pattern.replace(/^\*/, '');
  return layout.folder ? join(layout.folder, mirrored, `${stem}${suffix}`) : join(dir, `${stem}${suffix}`);
}
