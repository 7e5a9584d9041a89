/**
 * validate_tests runs the project's real test command: a node project (`npm test` → `node
 * --test`) with one failing and two passing tests is counted; a test that never ends is
 * stopped at the pack's testTimeoutSeconds (set through the plugin entry's options) and
 * reported as timed out, its process group killed.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { json } from '../project/fixtures.js';
import { committedService } from './readiness-fixtures.js';

const PACKS = ['project', 'adr', 'security'];
/** pytest is run where it is installed; the parser tests cover its output everywhere. */
const hasPytest = (() => {
  try {
    execFileSync('python3', ['-m', 'pytest', '--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const NODE_PROJECT = {
  'package.json': json({ name: 'calc', version: '1.0.0', type: 'module', scripts: { test: 'node --test' } }),
  'src/calc.js': 'export const add = (a, b) => a + b;\nexport const sub = (a, b) => a + b; // the bug the test finds\n',
  'test/calc.test.js':
    "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { add, sub } from '../src/calc.js';\n\n" +
    "test('adds', () => assert.equal(add(2, 3), 5));\ntest('adds negatives', () => assert.equal(add(-2, -3), -5));\ntest('subtracts', () => assert.equal(sub(5, 3), 2));\n",
};

const HANGING_PROJECT = {
  'package.json': json({ name: 'hang', version: '1.0.0', type: 'module', scripts: { test: 'node --test' } }),
  'test/hang.test.js': "import { test } from 'node:test';\n\ntest('waits forever', () => new Promise(() => setInterval(() => {}, 1000)));\n",
};

describe('deployment_readiness: validate_tests', () => {
  let kernel: TestToolpack;
  let hanging: TestToolpack;
  let hangingWorkspace: string;
  beforeAll(async () => {
    kernel = await startTestToolpack({ workspace: committedService('calc', NODE_PROJECT).workspace, config: { plugins: [...PACKS, 'scoring'], execution: { projectCode: 'allow' } } });
    hangingWorkspace = committedService('hang', HANGING_PROJECT).workspace;
    hanging = await startTestToolpack({ workspace: hangingWorkspace, config: { plugins: [...PACKS, ['scoring', { testTimeoutSeconds: 2 }]], execution: { projectCode: 'allow' } } });
  }, 60_000);
  afterAll(async () => {
    await kernel?.stop();
    await hanging?.stop();
  });

  it('runs npm test and counts 2 passed, 1 failed from node --test', async () => {
    const progress: string[] = [];
    const { isError, data, text } = outcome(await kernel.call('deployment_readiness', { operation: 'validate_tests', projectPath: 'services/calc' }, { progress: async (u) => void progress.push(u.message ?? '') }));
    expect(isError, text).toBe(false);
    expect(data.tests.command).toEqual({ command: 'npm', args: ['test', '--silent'], cwd: 'services/calc', source: 'package.json scripts.test: "node --test"' });
    expect(data.tests.counts).toMatchObject({ runner: 'node', passed: 2, failed: 1, skipped: 0, total: 3 });
    expect(data.tests.status).toBe('failed');
    expect(data.tests.outputTail).toContain('subtracts');
    expect(data.ready).toBe(false);
    expect(data.blockers[0]).toMatch(/^tests: npm test --silent: 2 passed, 1 failed/);
    expect(progress[0]).toBe('running npm test --silent in services/calc');
    expect(progress.at(-1)).toBe('npm test --silent finished');
  }, 60_000);

  it('stops a test that never ends at testTimeoutSeconds and reports the timeout', async () => {
    const started = Date.now();
    const { isError, data, text } = outcome(await hanging.call('deployment_readiness', { operation: 'validate_tests', projectPath: 'services/hang' }));
    expect(isError, text).toBe(false);
    expect(data.tests.status).toBe('timed-out');
    expect(data.tests.timeoutSeconds).toBe(2);
    expect(data.tests.summary).toContain('stopped after the 2 s timeout');
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(data.ready).toBe(false);
    // npm, node --test and the test file's process: the whole group is gone.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const left = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n').filter((line) => line.includes(hangingWorkspace) || line.includes('hang.test.js'));
    expect(left).toEqual([]);
  }, 60_000);

  it.skipIf(!hasPytest)('runs pytest for a Python project and counts passed, failed and skipped', async () => {
    const { workspace } = committedService('py', {
      'pyproject.toml': '[project]\nname = "calc"\nversion = "0.1.0"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
      'tests/test_calc.py': 'import pytest\n\ndef test_adds():\n    assert 1 + 1 == 2\n\ndef test_divides():\n    assert 3 / 2 == 1\n\n@pytest.mark.skip(reason="needs a database")\ndef test_saves():\n    pass\n',
    });
    const py = await startTestToolpack({ workspace, config: { plugins: [...PACKS, 'scoring'], execution: { projectCode: 'allow' } } });
    try {
      const { data } = outcome(await py.call('deployment_readiness', { operation: 'validate_tests', projectPath: 'services/py' }));
      expect(data.tests.command).toMatchObject({ command: 'python3', args: ['-m', 'pytest', '-q'] });
      expect(data.tests.counts).toMatchObject({ runner: 'pytest', passed: 1, failed: 1, skipped: 1 });
      expect(data.tests.status).toBe('failed');
    } finally {
      await py.stop();
    }
  }, 60_000);

  it('says when the project has no test command', async () => {
    const { data } = outcome(await kernel.call('deployment_readiness', { operation: 'validate_tests', projectPath: 'services/calc/src' }));
    expect(data.tests).toMatchObject({ status: 'no-tests', command: null, counts: null });
    expect(data.tests.summary).toContain('no package.json, pyproject.toml, go.mod or Cargo.toml');
  });
});
