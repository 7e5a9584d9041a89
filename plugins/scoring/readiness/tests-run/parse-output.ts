/**
 * Test counts from a runner's output, for the runners validate_tests knows: node's built-in
 * runner (TAP `# pass N` or spec `ℹ pass N`), vitest, jest, pytest, go test (-v), cargo
 * test, RSpec and Minitest. The runner keeps every line a parser reads (SUMMARY_LINE) however long the output
 * is, so counts summed over many lines (cargo's per binary, go's per test) stay whole.
 */

export type RunnerName = 'node' | 'vitest' | 'jest' | 'pytest' | 'go' | 'cargo' | 'rspec' | 'minitest';

export interface TestCounts {
  runner: RunnerName;
  passed: number;
  failed: number;
  skipped: number;
  /** As the runner states it, or passed + failed + skipped. */
  total: number;
  /** The runner's own figure, when it prints one. */
  durationMs: number | null;
}

/** Lines any parser below reads: the runner keeps these apart from the bounded tail. */
export const SUMMARY_LINE =
  /^(?:[#ℹ] (?:tests|pass|fail|cancelled|skipped|todo|duration_ms) [\d.]+\s*$|\s*(?:Tests|Test Files|Duration)\s{2,}\S|Tests:\s|Time:\s|(?:=+ )?(?:\d+ (?:failed|passed|skipped|errors?|xfailed|xpassed|deselected|warnings?)(?:, )?)+ in [\d.]+s|(?:=+ )?no tests ran in|\s*--- (?:PASS|FAIL|SKIP): |(?:ok|FAIL)\s+\S+\s+[\d.]+s|test result: |\d+ examples?, \d+ failures?|\d+ runs, \d+ assertions, |Finished in [\d.]+ ?s)/;

const num = (text: string | undefined) => (text === undefined ? 0 : Number(text));

function durationOf(value: string, unit: string): number {
  const n = Number(value);
  return Math.round(unit === 'ms' ? n : unit === 'm' ? n * 60_000 : n * 1000);
}

/** node --test, TAP (`# pass 2`) or spec (`ℹ pass 2`) reporter: the last value of each. */
function nodeCounts(text: string): TestCounts | null {
  const values = new Map<string, number>();
  for (const match of text.matchAll(/^[#ℹ] (tests|pass|fail|cancelled|skipped|todo|duration_ms) ([\d.]+)\s*$/gm)) values.set(match[1]!, Number(match[2]));
  if (!values.has('pass') || !values.has('fail')) return null;
  const passed = values.get('pass')!;
  const failed = values.get('fail')! + (values.get('cancelled') ?? 0);
  const skipped = (values.get('skipped') ?? 0) + (values.get('todo') ?? 0);
  return { runner: 'node', passed, failed, skipped, total: values.get('tests') ?? passed + failed + skipped, durationMs: values.has('duration_ms') ? Math.round(values.get('duration_ms')!) : null };
}

/** vitest: `      Tests  1 failed | 3 passed | 1 skipped (5)` and `   Duration  1.23s (...)`. */
function vitestCounts(text: string): TestCounts | null {
  const lines = [...text.matchAll(/^\s*Tests\s{2,}(.+?)\s+\((\d+)\)\s*$/gm)];
  const last = lines[lines.length - 1];
  if (!last) return null;
  const part = (word: string) => num(new RegExp(`(\\d+) ${word}`).exec(last[1]!)?.[1]);
  const duration = [...text.matchAll(/^\s*Duration\s{2,}([\d.]+)(ms|s|m)\b/gm)].pop();
  return { runner: 'vitest', passed: part('passed'), failed: part('failed'), skipped: part('skipped') + part('todo'), total: Number(last[2]), durationMs: duration ? durationOf(duration[1]!, duration[2]!) : null };
}

/** jest: `Tests:       1 failed, 1 skipped, 3 passed, 5 total` and `Time:        1.234 s`. */
function jestCounts(text: string): TestCounts | null {
  const last = [...text.matchAll(/^Tests:\s+(.*\d+ total)\s*$/gm)].pop();
  if (!last) return null;
  const part = (word: string) => num(new RegExp(`(\\d+) ${word}`).exec(last[1]!)?.[1]);
  const duration = [...text.matchAll(/^Time:\s+([\d.]+)\s*(ms|s|m)\b/gm)].pop();
  return { runner: 'jest', passed: part('passed'), failed: part('failed'), skipped: part('skipped') + part('todo'), total: part('total'), durationMs: duration ? durationOf(duration[1]!, duration[2]!) : null };
}

/** pytest: `==== 2 failed, 5 passed, 1 skipped in 0.12s ====` (-q prints it without the rules). */
function pytestCounts(text: string): TestCounts | null {
  const last = [...text.matchAll(/^(?:=+ )?((?:\d+ (?:failed|passed|skipped|errors?|xfailed|xpassed|deselected|warnings?)(?:, )?)+|no tests ran) in ([\d.]+)s\b/gm)].pop();
  if (!last) return null;
  const part = (word: string) => num(new RegExp(`(\\d+) ${word}\\b`).exec(last[1]!)?.[1]);
  const passed = part('passed') + part('xpassed');
  const failed = part('failed') + part('errors?');
  const skipped = part('skipped') + part('xfailed');
  return { runner: 'pytest', passed, failed, skipped, total: passed + failed + skipped, durationMs: durationOf(last[2]!, 's') };
}

/** go test -v: one `--- PASS|FAIL|SKIP: TestName (0.00s)` per top-level test; package `ok`/`FAIL` lines for the time. */
function goCounts(text: string): TestCounts | null {
  const count = (word: string) => [...text.matchAll(new RegExp(`^--- ${word}: `, 'gm'))].length;
  const packages = [...text.matchAll(/^(?:ok|FAIL)\s+\S+\s+([\d.]+)s/gm)];
  const passed = count('PASS');
  const failed = count('FAIL');
  const skipped = count('SKIP');
  if (passed + failed + skipped === 0 && packages.length === 0) return null;
  const seconds = packages.reduce((sum, m) => sum + Number(m[1]), 0);
  return { runner: 'go', passed, failed, skipped, total: passed + failed + skipped, durationMs: packages.length ? Math.round(seconds * 1000) : null };
}

/** cargo test: one `test result: ok. 3 passed; 1 failed; 0 ignored; ... finished in 0.01s` per test binary, summed. */
function cargoCounts(text: string): TestCounts | null {
  const lines = [...text.matchAll(/^test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored;.*?(?:finished in ([\d.]+)s)?\s*$/gm)];
  if (lines.length === 0) return null;
  const sum = (i: number) => lines.reduce((s, m) => s + num(m[i]), 0);
  const passed = sum(1);
  const failed = sum(2);
  const skipped = sum(3);
  const timed = lines.filter((m) => m[4] !== undefined);
  return { runner: 'cargo', passed, failed, skipped, total: passed + failed + skipped, durationMs: timed.length ? Math.round(timed.reduce((s, m) => s + Number(m[4]) * 1000, 0)) : null };
}

/** RSpec: `246 examples, 2 failures, 3 pending` and `Finished in 1.5 seconds (files took ...)`. */
function rspecCounts(text: string): TestCounts | null {
  const last = [...text.matchAll(/^(\d+) examples?, (\d+) failures?(?:, (\d+) pending)?(?:, (\d+) errors? occurred outside of examples)?\s*$/gm)].pop();
  if (!last) return null;
  const failed = num(last[2]) + num(last[4]);
  const skipped = num(last[3]);
  const total = num(last[1]);
  const duration = [...text.matchAll(/^Finished in ([\d.]+) seconds?/gm)].pop();
  return { runner: 'rspec', passed: total - num(last[2]) - skipped, failed, skipped, total, durationMs: duration ? durationOf(duration[1]!, 's') : null };
}

/** Minitest: `10 runs, 20 assertions, 1 failures, 0 errors, 2 skips` and `Finished in 0.012s, ...`. */
function minitestCounts(text: string): TestCounts | null {
  const last = [...text.matchAll(/^(\d+) runs, \d+ assertions, (\d+) failures, (\d+) errors, (\d+) skips\s*$/gm)].pop();
  if (!last) return null;
  const failed = num(last[2]) + num(last[3]);
  const skipped = num(last[4]);
  const duration = [...text.matchAll(/^Finished in ([\d.]+)s\b/gm)].pop();
  return { runner: 'minitest', passed: num(last[1]) - failed - skipped, failed, skipped, total: num(last[1]), durationMs: duration ? durationOf(duration[1]!, 's') : null };
}

const PARSERS: Record<RunnerName, (text: string) => TestCounts | null> = { cargo: cargoCounts, pytest: pytestCounts, go: goCounts, jest: jestCounts, vitest: vitestCounts, node: nodeCounts, rspec: rspecCounts, minitest: minitestCounts };

/**
 * Counts from `text`; `expected` (the runner the command suggests) is tried first, then
 * the others, as an npm script may run any of them. Null when no format is recognised.
 */
export function parseTestOutput(text: string, expected?: RunnerName): TestCounts | null {
  const order = (expected ? [expected] : []).concat((Object.keys(PARSERS) as RunnerName[]).filter((r) => r !== expected));
  for (const runner of order) {
    const counts = PARSERS[runner](text);
    if (counts) return counts;
  }
  return null;
}
