/** Checks on what the project holds: tests, CI that runs them, lockfiles, a README. */
import { posix } from 'node:path';
import type { Workspace } from '../../../../sdk/index.js';
import { workflowRuns, type ScanResult } from '../../../project/api.js';
import type { TestCommand } from '../tests-run/detect.js';
import { isSourceFile, isTestFile } from './file-kinds.js';
import { lockfileOf, LOCKFILES, needsLockfile } from './lockfiles.js';

export interface CheckOutcome {
  /** 'skip': the check has nothing to look at (no Dockerfile, no scan given). */
  ok: boolean | 'skip';
  evidence: string[];
  fix: string | null;
}

export interface CheckInput {
  root: string;
  scan: ScanResult;
  workspace: Workspace;
  /** Workspace-relative form of a project-relative path. */
  rel: (path: string) => string;
  testCommand: TestCommand | null;
}

const EXAMPLES = 5;

export function testsPresent({ scan, rel, testCommand }: CheckInput): CheckOutcome {
  const tests = scan.files.filter(isTestFile);
  const sources = scan.files.filter(isSourceFile);
  const ratio = sources.length ? (tests.length / sources.length).toFixed(2) : 'n/a';
  // The command validate_tests runs (same detection), so both operations name one command.
  const command = testCommand ? [`test command: ${testCommand.command} ${testCommand.args.filter((a) => a !== '--silent').join(' ')} (${testCommand.source})`] : [];
  const evidence = [`${tests.length} test files, ${sources.length} source files (ratio ${ratio})`, ...command, ...tests.slice(0, EXAMPLES).map((f) => rel(f.path))];
  if (tests.length > 0) return { ok: true, evidence, fix: null };
  return { ok: false, evidence, fix: sources.length ? 'Add tests for the source files (*.test.ts, test_*.py, *_test.go...) and a test script in the manifest.' : 'The project has no source files either; add code and tests.' };
}

export function ciConfig({ scan, rel }: CheckInput): CheckOutcome {
  const ci = scan.scan.ci;
  if (ci.length > 0) return { ok: true, evidence: ci.map((c) => `${rel(c.path)} (${c.provider}${c.jobs.length ? `; jobs: ${c.jobs.slice(0, 10).join(', ')}` : ''})`), fix: null };
  return { ok: false, evidence: ['no CI configuration (.github/workflows, .gitlab-ci.yml, .circleci, Jenkinsfile, azure-pipelines, bitbucket-pipelines, .travis.yml)'], fix: 'Add a CI pipeline that installs dependencies and runs the tests on every push.' };
}

/** A CI step that runs tests, in any of the usual ways. */
const GENERIC_TEST_STEP =
  /\b(?:(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?test\b|npm\s+t\b|pytest\b|tox\b|nox\b|go\s+test\b|cargo\s+(?:test|nextest)\b|make\s+(?:test|check)\b|mvn\b[^\n]*\b(?:test|verify)\b|gradlew?\b[^\n]*\b(?:test|check)\b|vitest\b|jest\b|node\b[^\n]*--test\b|rspec\b|rake\s+(?:test|spec)\b|rails\s+test\b|dotnet\s+test\b|phpunit\b)/;

export async function ciRunsTests({ scan, workspace, root, rel, testCommand }: CheckInput): Promise<CheckOutcome> {
  const ci = scan.scan.ci;
  if (ci.length === 0) return { ok: 'skip', evidence: ['no CI configuration'], fix: 'Add a CI pipeline first (see ci-config).' };
  const patterns = [GENERIC_TEST_STEP, ...(testCommand?.ciPatterns ?? [])];
  const texts = new Map<string, string>();
  for (const config of ci) {
    const text = await workspace.readText(posix.join(root, config.path), { maxBytes: 1024 * 1024 }).catch(() => null);
    if (text !== null) texts.set(config.path, text);
  }
  // A GitHub workflow tests the changes only when a push or pull request runs it (itself or through a caller).
  const runs = workflowRuns(ci.filter((c) => c.provider === 'GitHub Actions' && texts.has(c.path)).map((c) => ({ path: c.path, text: texts.get(c.path)! })));
  const hits: string[] = [];
  const idle: string[] = [];
  for (const config of ci) {
    const text = texts.get(config.path);
    if (text === undefined) continue;
    const lines: string[] = [];
    text.split(/\r?\n/).forEach((line, i) => {
      // A bare YAML key (a job named `rspec:`) runs nothing.
      if (!line.trim().startsWith('#') && !/^\s*[\w.-]+:\s*$/.test(line) && patterns.some((p) => p.test(line))) lines.push(`${rel(config.path)}:${i + 1}: ${line.trim().slice(0, 120)}`);
    });
    const run = runs.get(config.path);
    if (!run || run.runs) hits.push(...lines);
    else if (lines.length > 0) idle.push(`${lines[0]}: not counted, ${run.because}`);
  }
  if (hits.length > 0) return { ok: true, evidence: [...hits.slice(0, 10), ...idle.slice(0, 5)], fix: null };
  return {
    ok: false,
    evidence: [`no step runs tests in ${ci.map((c) => rel(c.path)).join(', ')}${idle.length ? ' on a push or pull request' : ''}`, ...idle.slice(0, 5), ...(testCommand ? [`the project's tests: ${testCommand.command} ${testCommand.args.join(' ')} (${testCommand.source})`] : [])],
    fix: `Add a CI step that runs the tests${testCommand ? ` (${testCommand.command} ${testCommand.args.filter((a) => a !== '--silent').join(' ')})` : ''}.`,
  };
}

export function lockfileCommitted({ scan, rel }: CheckInput): CheckOutcome {
  const paths = new Set(scan.files.map((f) => f.path));
  const manifests = scan.scan.manifests.filter(needsLockfile);
  if (manifests.length === 0) return { ok: 'skip', evidence: ['no manifest with dependencies in an ecosystem that has lockfiles'], fix: null };
  const evidence: string[] = [];
  const missing: string[] = [];
  for (const manifest of manifests) {
    const lock = lockfileOf(manifest, paths);
    if (lock) evidence.push(`${rel(manifest.path)} → ${rel(lock)}`);
    else {
      missing.push(rel(manifest.path));
      evidence.push(`${rel(manifest.path)} (${manifest.ecosystem}, ${manifest.dependencies.length} dependencies): no ${LOCKFILES[manifest.ecosystem]!.join(' / ')} tracked`);
    }
  }
  if (missing.length === 0) return { ok: true, evidence, fix: null };
  return { ok: false, evidence, fix: `Generate and commit the lockfile for ${missing.join(', ')} (npm install, poetry lock, cargo generate-lockfile, go mod tidy...) so deployments install the versions that were tested.` };
}

export function readmePresent({ scan, rel }: CheckInput): CheckOutcome {
  const readme = scan.scan.documentation.readme;
  if (readme) return { ok: true, evidence: [rel(readme)], fix: null };
  return { ok: false, evidence: ['no README in the project'], fix: 'Add a README.md saying what the project does, how to run it and how to deploy it.' };
}
