/**
 * What validate_tests will run, before it runs: the test command with its runner resolved
 * to an absolute path on the server's PATH (never one the repository put in its tree),
 * and the project files whose code the run executes: the manifest that names the
 * command, the runner's configuration and fixtures (conftest.py, vitest/jest configs,
 * build.rs) and the test files. The kernel shows this to the user (execution.projectCode).
 */
import { posix } from 'node:path';
import { systemBinary, type ProjectCodeRun, type Workspace } from '../../../../sdk/index.js';
import type { FileEntry } from '../../../project/api.js';
import { detectTestCommand, type TestCommand } from './detect.js';

export interface TestPlan {
  found: TestCommand;
  /** The runner's absolute path, or undefined when it is not installed. */
  binary: string | undefined;
  /** Files (relative to the project root) whose code runs, the configuration first. */
  codeFiles: string[];
}

const MAX_FILES_SHOWN = 20;

/** Code a runner loads beside the tests: configuration, fixtures, build scripts. */
const RUNNER_CODE = /(?:^|\/)(?:package\.json|(?:vitest|vite|jest|playwright|karma)\.config\.[cm]?[jt]s|\.mocharc\.[cm]?js|conftest\.py|pytest\.ini|tox\.ini|setup\.cfg|pyproject\.toml|setup\.py|build\.rs|Cargo\.toml|go\.mod|Gemfile|Rakefile|\.rspec|(?:spec|test)\/(?:spec|rails|test)_helper\.rb)$/;
/** Test files of the runners detect.ts knows. */
const TEST_FILE = /(?:^|\/)(?:[^/]+\.(?:test|spec)\.[cm]?[jt]sx?|test_[^/]*\.py|[^/]*_test\.py|[^/]*_test\.go|tests\/[^/]+\.rs|[^/]*_spec\.rb|[^/]*_test\.rb)$|(?:^|\/)(?:test|tests|__tests__)\/[^/]+\.[cm]?[jt]s$/;

export async function planTests(root: string, files: readonly FileEntry[], workspace: Workspace): Promise<TestPlan | { none: string }> {
  const found = await detectTestCommand(root, files, workspace);
  if ('none' in found) return found;
  const binary = await systemBinary(found.command, [workspace.root, ...workspace.allowedRoots]);
  const paths = files.map((f) => f.path);
  const config = paths.filter((p) => RUNNER_CODE.test(p)).sort((a, b) => a.split('/').length - b.split('/').length);
  const tests = paths.filter((p) => TEST_FILE.test(p) && !RUNNER_CODE.test(p)).sort();
  return { found, binary, codeFiles: [...config, ...tests] };
}

/** The approval request for a plan whose runner is installed. */
export function projectCodeOfTests(plan: TestPlan, root: string, workspace: Workspace): ProjectCodeRun | undefined {
  if (!plan.binary) return undefined;
  const files = plan.codeFiles.map((file) => workspace.relative(posix.join(root, file)));
  return {
    commands: [[plan.binary, ...plan.found.args]],
    cwd: workspace.relative(root) || '.',
    files: files.slice(0, MAX_FILES_SHOWN),
    ...(files.length > MAX_FILES_SHOWN ? { moreFiles: files.length - MAX_FILES_SHOWN } : {}),
    reason: `Running the project's tests (${plan.found.source}) executes the project's code: the test files, their configuration and fixtures, and any script the command names.`,
  };
}
