/**
 * The pieces deployment_readiness builds on, on realistic inputs: test-runner output of
 * the six runners (as each prints it), Dockerfile stages, declared version ranges, and
 * the lockfile formats the dependency audit reads.
 */
import { describe, expect, it } from 'vitest';
import { parseLockfile } from '../../../plugins/scoring/readiness/audit/lockfile-parsers.js';
import { parseNpmAudit } from '../../../plugins/scoring/readiness/audit/npm-audit.js';
import { classifyRange } from '../../../plugins/scoring/readiness/audit/ranges.js';
import { stagesOf, unpinnedReason } from '../../../plugins/scoring/readiness/checks/dockerfile.js';
import { parseTestOutput, SUMMARY_LINE } from '../../../plugins/scoring/readiness/tests-run/parse-output.js';
import { runCommand } from '../../../plugins/scoring/readiness/tests-run/run-command.js';
import { createWorkspace } from '../../../core/services/workspace.js';
import { tempDir } from '../../helpers/workspace.js';

/** What the runner keeps of an output: the summary lines (the tail may have lost the start of a long run). */
const kept = (output: string) => output.split('\n').filter((line) => SUMMARY_LINE.test(line)).join('\n');
const parse = (output: string) => parseTestOutput(kept(output));

const NODE_TAP = `TAP version 13
# Subtest: adds
ok 1 - adds
  ---
  duration_ms: 0.41
  ...
# Subtest: subtracts
not ok 2 - subtracts
  ---
  duration_ms: 0.9
  failureType: 'testCodeFailure'
  error: |-
    Expected values to be strictly equal:

    1 !== 2
  ...
# Subtest: multiplies
ok 3 - multiplies
  ---
  duration_ms: 0.08
  ...
1..3
# tests 3
# suites 0
# pass 2
# fail 1
# cancelled 0
# skipped 0
# todo 0
# duration_ms 190.048205
`;

const NODE_SPEC = `✔ parses dates (0.6ms)
✖ rejects bad input (1.2ms)
﹣ talks to the network (0.1ms) # SKIP
ℹ tests 3
ℹ suites 0
ℹ pass 1
ℹ fail 1
ℹ cancelled 0
ℹ skipped 1
ℹ todo 0
ℹ duration_ms 63.5

✖ failing tests:
`;

const VITEST = `
 ✓ test/math.test.ts (3 tests) 4ms
 ❯ test/api.test.ts (2 tests | 1 failed) 12ms
   × api > returns 404 for a missing order 9ms

⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯

 FAIL  test/api.test.ts > api > returns 404 for a missing order
AssertionError: expected 200 to be 404

 Test Files  1 failed | 1 passed (2)
      Tests  1 failed | 3 passed | 1 skipped (5)
   Start at  10:42:17
   Duration  1.23s (transform 88ms, setup 0ms, collect 120ms, tests 16ms, environment 0ms, prepare 150ms)
`;

const JEST = `PASS src/sum.test.js
FAIL src/orders.test.js
  ● orders › totals a cart

    expect(received).toBe(expected) // Object.is equality

    Expected: 12
    Received: 10

Test Suites: 1 failed, 1 passed, 2 total
Tests:       1 failed, 1 skipped, 3 passed, 5 total
Snapshots:   0 total
Time:        1.234 s
Ran all test suites.
`;

const PYTEST = `============================= test session starts ==============================
platform linux -- Python 3.12.3, pytest-8.2.0, pluggy-1.5.0
rootdir: /srv/app
collected 8 items

tests/test_orders.py ..F.s..F                                            [100%]

=================================== FAILURES ===================================
___________________________________ test_total ___________________________________
E       assert 10 == 12
=========================== short test summary info ============================
FAILED tests/test_orders.py::test_total - assert 10 == 12
FAILED tests/test_orders.py::test_refund - KeyError: 'amount'
=================== 2 failed, 5 passed, 1 skipped in 0.12s ====================
`;

const PYTEST_QUIET = `..F.s
=========================== short test summary info ============================
FAILED test_x.py::test_b - assert 0
1 failed, 3 passed, 1 skipped in 2.74s
`;

const GO = `=== RUN   TestParse
--- PASS: TestParse (0.00s)
=== RUN   TestTotal
    totals_test.go:14: got 10, want 12
--- FAIL: TestTotal (0.00s)
=== RUN   TestNetwork
    net_test.go:9: needs a network
--- SKIP: TestNetwork (0.00s)
=== RUN   TestRound
=== RUN   TestRound/half_up
    --- PASS: TestRound/half_up (0.00s)
--- PASS: TestRound (0.00s)
FAIL
FAIL\texample.com/shop/orders\t0.012s
=== RUN   TestHealth
--- PASS: TestHealth (0.00s)
PASS
ok  \texample.com/shop/api\t0.004s
?   \texample.com/shop/cmd\t[no test files]
FAIL
`;

const CARGO = `   Compiling shop v0.1.0 (/srv/shop)
    Finished \`test\` profile [unoptimized + debuginfo] target(s) in 0.61s
     Running unittests src/lib.rs (target/debug/deps/shop-3f1c)

running 4 tests
test tests::adds ... ok
test more::b ... FAILED
test more::c ... ignored
test more::a ... ok

failures:

---- more::b stdout ----
thread 'more::b' panicked at src/lib.rs:18:5:
assertion \`left == right\` failed

test result: FAILED. 2 passed; 1 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.26s

     Running tests/api.rs (target/debug/deps/api-9ab2)

running 2 tests
test health ... ok
test orders ... ok

test result: ok. 2 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s
`;

describe('test output parsers', () => {
  it('reads node --test (TAP reporter) counts', () => {
    expect(parse(NODE_TAP)).toEqual({ runner: 'node', passed: 2, failed: 1, skipped: 0, total: 3, durationMs: 190 });
  });
  it('reads node --test (spec reporter) counts, skipped included', () => {
    expect(parse(NODE_SPEC)).toMatchObject({ runner: 'node', passed: 1, failed: 1, skipped: 1, total: 3 });
  });
  it('reads vitest: the Tests line, not the Test Files line', () => {
    expect(parse(VITEST)).toEqual({ runner: 'vitest', passed: 3, failed: 1, skipped: 1, total: 5, durationMs: 1230 });
  });
  it('reads jest', () => {
    expect(parse(JEST)).toEqual({ runner: 'jest', passed: 3, failed: 1, skipped: 1, total: 5, durationMs: 1234 });
  });
  it('reads pytest, with the rules around the summary and without (-q)', () => {
    expect(parse(PYTEST)).toEqual({ runner: 'pytest', passed: 5, failed: 2, skipped: 1, total: 8, durationMs: 120 });
    expect(parse(PYTEST_QUIET)).toMatchObject({ runner: 'pytest', passed: 3, failed: 1, skipped: 1 });
  });
  it('reads go test -v: top-level tests counted, subtests not, package times summed', () => {
    expect(parse(GO)).toEqual({ runner: 'go', passed: 3, failed: 1, skipped: 1, total: 5, durationMs: 16 });
  });
  it('reads cargo test: the result lines of every test binary summed', () => {
    expect(parse(CARGO)).toEqual({ runner: 'cargo', passed: 4, failed: 1, skipped: 1, total: 6, durationMs: 270 });
  });
  it('recognises nothing in output of another kind', () => {
    expect(parse('Compiling...\nBuild finished: 3 warnings\nDone in 2.1s\n')).toBeNull();
  });
});

describe('runCommand', () => {
  const workspace = createWorkspace(tempDir('run-command'));
  it('reports a missing runner as a start error, not a crash', async () => {
    const run = await runCommand('/nonexistent/toolpack-no-such-runner', ['test'], { workspace, cwd: workspace.root, timeoutMs: 5000 });
    expect(run.startError?.code).toBe('ENOENT');
    expect(run.timedOut).toBe(false);
  });
  it('keeps summary lines from the start of a long output whose tail no longer has them', async () => {
    const script = "console.log('test result: ok. 7 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s'); process.stdout.write('x'.repeat(200000) + '\\n');";
    const run = await runCommand(process.execPath, ['-e', script], { workspace, cwd: workspace.root, timeoutMs: 10_000 });
    expect(run.tail).not.toContain('test result');
    expect(run.tail.length).toBeLessThanOrEqual(64 * 1024);
    expect(parseTestOutput(run.summaryLines.join('\n'))).toMatchObject({ runner: 'cargo', passed: 7 });
  });
});

describe('Dockerfile stages', () => {
  const text = [
    '# syntax=docker/dockerfile:1', // 1
    'FROM --platform=$BUILDPLATFORM node:20-alpine AS build', // 2
    'WORKDIR /app', // 3
    'RUN npm ci \\', // 4
    '  && npm run build', // 5
    'FROM build AS test', // 6
    'FROM nginx', // 7
    'COPY --from=build /app/dist /usr/share/nginx/html', // 8
    'USER root', // 9
    'HEALTHCHECK CMD wget -q -O- http://localhost/ || exit 1', // 10
  ].join('\n');
  it('splits stages with their lines, joining continuation lines', () => {
    const stages = stagesOf(text);
    expect(stages.map((s) => [s.image, s.name ?? null, s.line])).toEqual([['node:20-alpine', 'build', 2], ['build', 'test', 6], ['nginx', null, 7]]);
    expect(stages[0]!.instructions.find((i) => i.keyword === 'RUN')).toEqual({ keyword: 'RUN', args: 'npm ci && npm run build', line: 4 });
    expect(stages[2]!.instructions.map((i) => i.keyword)).toEqual(['COPY', 'USER', 'HEALTHCHECK']);
  });
  it('tells pinned images from untagged and :latest ones', () => {
    expect(unpinnedReason('nginx')).toBe('no tag (means :latest)');
    expect(unpinnedReason('ghcr.io/acme/api:latest')).toBe('the :latest tag');
    expect(unpinnedReason('localhost:5000/api')).toBe('no tag (means :latest)');
    expect(unpinnedReason('node:20.11-alpine')).toBeNull();
    expect(unpinnedReason('python@sha256:0123abcd')).toBeNull();
    expect(unpinnedReason('scratch')).toBeNull();
  });
});

describe('declared ranges', () => {
  it('classifies npm ranges with semver', () => {
    const kind = (v: string) => classifyRange('npm', v)?.kind;
    expect([kind('1.2.3'), kind('=1.2.3'), kind('^1.2.3'), kind('~4.17.0'), kind('>=2 <3')]).toEqual(['pinned', 'pinned', 'floating', 'floating', 'floating']);
    expect([kind('*'), kind('latest'), kind('github:acme/lib'), kind('git+https://github.com/acme/lib.git'), kind('acme/lib#main')]).toEqual(['flagged', 'flagged', 'flagged', 'flagged', 'flagged']);
    expect([kind('workspace:*'), kind('file:../shared'), kind('npm:lodash@^4.17.21')]).toEqual(['local', 'local', 'floating']);
  });
  it('knows that cargo reads a bare version as a caret range and pypi pins with ==', () => {
    expect([classifyRange('cargo', '1.0.196')?.kind, classifyRange('cargo', '=1.0.196')?.kind]).toEqual(['floating', 'pinned']);
    expect([classifyRange('pypi', '==2.31.0')?.kind, classifyRange('pypi', '>=2.31')?.kind]).toEqual(['pinned', 'floating']);
  });
});

describe('lockfile formats', () => {
  it('reads a yarn v1 lockfile, scoped names and multi-range headers included', () => {
    const yarn = `# yarn lockfile v1\n\n\n"@babel/code-frame@^7.0.0", "@babel/code-frame@^7.10.4":\n  version "7.24.2"\n  resolved "https://registry.yarnpkg.com/@babel/code-frame/-/code-frame-7.24.2.tgz"\n\nchalk@^2.4.2:\n  version "2.4.2"\n\nchalk@^4.1.0:\n  version "4.1.2"\n`;
    expect(parseLockfile('yarn', yarn)).toEqual([
      { name: '@babel/code-frame', version: '7.24.2' },
      { name: 'chalk', version: '2.4.2' },
      { name: 'chalk', version: '4.1.2' },
    ]);
  });
  it('reads pnpm v9 and v6 keys with the deprecated marker', () => {
    const v9 = `lockfileVersion: '9.0'\n\npackages:\n\n  '@types/node@20.11.5':\n    resolution: {integrity: sha512-x}\n\n  request@2.88.2:\n    resolution: {integrity: sha512-y}\n    deprecated: request has been deprecated, see https://github.com/request/request/issues/3142\n`;
    expect(parseLockfile('pnpm', v9)).toEqual([
      { name: '@types/node', version: '20.11.5' },
      { name: 'request', version: '2.88.2', deprecated: 'request has been deprecated, see https://github.com/request/request/issues/3142' },
    ]);
    const v6 = `lockfileVersion: '6.0'\npackages:\n  /react-dom@18.2.0(react@18.2.0):\n    resolution: {integrity: sha512-z}\n    dev: false\n`;
    expect(parseLockfile('pnpm', v6)).toEqual([{ name: 'react-dom', version: '18.2.0' }]);
  });
  it('reads Cargo.lock, poetry.lock and go.sum', () => {
    expect(parseLockfile('cargo', `version = 3\n\n[[package]]\nname = "serde"\nversion = "1.0.196"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\n\n[[package]]\nname = "shop"\nversion = "0.1.0"\n`)).toEqual([
      { name: 'serde', version: '1.0.196' },
      { name: 'shop', version: '0.1.0' },
    ]);
    expect(parseLockfile('poetry', `[[package]]\nname = "requests"\nversion = "2.31.0"\ndescription = "HTTP"\noptional = false\npython-versions = ">=3.7"\n`)).toEqual([{ name: 'requests', version: '2.31.0' }]);
    expect(parseLockfile('go.sum', `github.com/lib/pq v1.10.9 h1:abc=\ngithub.com/lib/pq v1.10.9/go.mod h1:def=\ngopkg.in/yaml.v3 v3.0.1 h1:ghi=\n`)).toEqual([
      { name: 'github.com/lib/pq', version: '1.10.9' },
      { name: 'gopkg.in/yaml.v3', version: '3.0.1' },
    ]);
  });
  it('reads npm audit JSON counts', () => {
    const audit = JSON.stringify({ auditReportVersion: 2, vulnerabilities: { lodash: { name: 'lodash', severity: 'high' } }, metadata: { vulnerabilities: { info: 0, low: 1, moderate: 0, high: 1, critical: 0, total: 2 } } });
    expect(parseNpmAudit(audit)).toEqual({ vulnerabilities: { info: 0, low: 1, moderate: 0, high: 1, critical: 0, total: 2 }, packages: [{ name: 'lodash', severity: 'high' }] });
    expect(parseNpmAudit('npm ERR! network')).toBeNull();
  });
});
