/**
 * The failure catalogue: the failure types and the causes each is known for,
 * with the error text that signals the cause and the checks that confirm it for
 * a given project. A cause's score comes from the evidence (analyze.ts); the
 * weights here say how strongly a pattern points at the cause.
 */
import type { Stack } from '../project/stack.js';
import { dependencyCheck } from '../project/stack.js';
import type { FailingPackage } from './package-scope.js';

export const FAILURE_TYPES = ['build', 'test', 'dependency', 'configuration', 'deployment', 'runtime', 'security'] as const;
export type FailureType = (typeof FAILURE_TYPES)[number];

/** What a check builder knows: the stack, the files involved and names read from the error text. */
export interface CheckInput {
  stack: Stack;
  /** Files involved (named in the details or implied by the cause), relative to the project. */
  files: string[];
  /** Package names read from the error text. */
  packages: string[];
  /** Environment variable names read from the error text. */
  envVars: string[];
  dockerfile: string | null;
  /** The project's example env file (.env.example...), null when it has none. */
  envExample: string | null;
  testFile: string | null;
  /** The package the failing test belongs to, its runner and the command running that test alone (package-scope.ts). */
  scope?: FailingPackage | null;
}

export interface Check {
  command: string;
  why: string;
}

export interface Cause {
  id: string;
  type: FailureType;
  title: string;
  patterns: Array<{ re: RegExp; weight: number }>;
  /** Files this cause implicates in this project, besides those the details name (e.g. the manifest for a dependency conflict). */
  implicates?: (input: CheckInput) => string[];
  checks: (input: CheckInput) => Check[];
}

const p = (re: RegExp, weight = 3) => ({ re, weight });
const cmd = (command: string | null | undefined, why: string): Check[] => (command ? [{ command, why }] : []);
const gitLog = (files: string[]) => cmd(files.length ? `git log -n 5 --stat -- ${files.slice(0, 3).join(' ')}` : null, 'What changed recently in the files involved.');
const manifestFiles = ({ stack }: CheckInput) => [stack.manifest, stack.lockfile].filter((f): f is string => !!f);

export const CAUSES: readonly Cause[] = [
  {
    id: 'peer-dependency-conflict', type: 'dependency', title: 'Dependency versions conflict (peer or range constraints cannot all be met)',
    patterns: [p(/ERESOLVE/), p(/unable to resolve dependency tree/i), p(/conflicting peer dependency|peer dep(endency)? (missing|conflict)/i), p(/ResolutionImpossible|version solving failed|Cannot install .* because these package versions have conflicting dependencies/i), p(/could not resolve dependency/i, 2)],
    implicates: manifestFiles,
    checks: (input) => [
      ...input.packages.slice(0, 3).map((name) => ({ command: dependencyCheck(input.stack, name), why: `Which versions of ${name} are requested, and by whom.` })),
      ...(input.stack.packageManager === 'npm' ? cmd('npm install --dry-run', 'Reproduces the resolution without touching node_modules.') : input.stack.ecosystem === 'python' ? cmd('pip check', 'Lists installed packages whose requirements are not met.') : []),
      ...gitLog(manifestFiles(input)),
    ],
  },
  {
    id: 'missing-module', type: 'dependency', title: 'A module is not installed or not declared',
    patterns: [p(/Cannot find module/i), p(/ERR_MODULE_NOT_FOUND/), p(/ModuleNotFoundError|No module named/), p(/cannot find package|no required module provides package/i), p(/unresolved import|can't find crate/i), p(/Module not found: Error: Can't resolve/i)],
    implicates: manifestFiles,
    checks: (input) => [
      ...input.packages.slice(0, 3).map((name) => ({ command: dependencyCheck(input.stack, name), why: `Whether ${name} is installed and declared.` })),
      ...cmd(input.stack.commands.install, 'A clean install from the manifest and lockfile shows whether the module is declared.'),
      ...gitLog(manifestFiles(input)),
    ],
  },
  {
    id: 'lockfile-drift', type: 'dependency', title: 'Lockfile out of sync with the manifest',
    patterns: [p(/not in sync|out of sync|lock ?file .*(outdated|needs to be updated)|--frozen-lockfile|pyproject\.toml changed significantly since poetry\.lock/i), p(/npm ci can only install packages when/i), p(/missing go\.sum entry|updates to go\.mod needed/i)],
    implicates: manifestFiles,
    checks: (input) => [...cmd(input.stack.commands.install, 'Fails the same way while the lockfile is stale.'), ...gitLog(manifestFiles(input))],
  },
  {
    id: 'engine-mismatch', type: 'dependency', title: 'Runtime version does not match what a package or the project declares',
    patterns: [p(/EBADENGINE|Unsupported engine|requires a different Python|requires-python|go: go\.mod requires go >=/i), p(/The engine "node" is incompatible/i)],
    implicates: manifestFiles,
    checks: (input) => [
      ...(input.stack.ecosystem === 'node' ? cmd('node --version', 'The running Node version, to compare with engines.node and .nvmrc.') : input.stack.ecosystem === 'python' ? cmd('python --version', 'The running Python version, to compare with requires-python.') : cmd('go version', 'The Go toolchain version.')),
      { command: 'troubleshoot_guided_workflow run_diagnostics', why: 'Compares the version declarations of the project with each other.' },
    ],
  },
  {
    id: 'type-error', type: 'build', title: 'Type or compile error in the code',
    patterns: [p(/\bTS\d{4}\b/), p(/error TS\d+|is not assignable to|Property '.*' does not exist on type/), p(/SyntaxError|IndentationError|undefined: \w+|error\[E\d{4}\]|cannot use .* as .* value/), p(/compil(e|ation) (error|failed)|Build failed/i, 2)],
    implicates: ({ stack }) => (stack.commands.build?.includes('tsconfig') ? [stack.commands.build.split(' -p ')[1] ?? 'tsconfig.json'] : []),
    checks: (input) => [...cmd(input.stack.commands.build, 'Lists every compile error with file and line.'), ...gitLog(input.files)],
  },
  {
    id: 'assertion-failure', type: 'test', title: 'A test assertion fails (behaviour changed or the test expects the old one)',
    patterns: [p(/AssertionError|assert(ion)? failed|expect\(.*\)\.|toBe|toEqual|Expected:? .*Received|FAILED .*::|--- FAIL:|assertion `left == right` failed|Failure\/Error:/i), p(/\d+ examples?, \d+ failures?/i, 2), p(/\d+ (tests? )?failed|Tests?:\s+\d+ failed/i, 2)],
    checks: (input) => [
      ...cmd(input.scope?.command ?? (input.stack.commands.test ? `${input.stack.commands.test}${input.testFile ? ` ${input.testFile}` : ''}` : null), input.scope?.command ? `Runs the failing test alone in ${input.scope.folder === '.' ? 'the project' : input.scope.folder}, with ${input.scope.runner ?? 'its runner'}.` : 'Runs the failing test alone.'),
      ...gitLog(input.files),
    ],
  },
  {
    id: 'test-timeout', type: 'test', title: 'A test times out (slow or hanging I/O, missing mock)',
    patterns: [p(/Test timed out|Timeout of \d+ms exceeded|exceeded timeout|test timed out after/i), p(/Failed: Timeout|pytest-timeout/i)],
    checks: (input) => [...cmd(input.scope?.command ?? (input.stack.commands.test ? `${input.stack.commands.test}${input.testFile ? ` ${input.testFile}` : ''}` : null), 'Runs the slow test alone to time it.'), ...gitLog(input.files)],
  },
  {
    id: 'missing-env', type: 'configuration', title: 'A required environment variable or setting is missing',
    patterns: [p(/environment variable|env var|is not set|not defined in (the )?env|Missing required (config|setting|env)/i), p(/KeyError: '[A-Z][A-Z0-9_]+'/, 4), p(/process\.env\.[A-Z_]+|os\.environ|Getenv/, 2)],
    implicates: ({ envExample }) => (envExample ? [envExample] : []),
    checks: (input) => [
      ...input.envVars.slice(0, 3).map((name) => (input.envExample ? { command: `grep -n "^${name}=" ${input.envExample}`, why: `Whether ${name} is declared for people who set the project up.` } : { command: `printenv ${name}`, why: `Whether ${name} is set where it runs (the project has no .env.example declaring it).` })),
      { command: 'troubleshoot_guided_workflow run_diagnostics', why: 'Lists the environment variables the code reads that .env.example does not declare.' },
    ],
  },
  {
    id: 'service-unreachable', type: 'configuration', title: 'A service the code connects to is not reachable at the configured address',
    patterns: [p(/ECONNREFUSED|Connection refused|could not connect to server|connect ETIMEDOUT|getaddrinfo ENOTFOUND|Name or service not known/i)],
    checks: (input) => [
      ...input.envVars.slice(0, 2).map((name) => ({ command: `printenv ${name}`, why: `The address the code uses (${name}).` })),
      ...cmd(input.dockerfile ? 'docker compose ps' : null, 'Whether the backing service container is up.'),
    ],
  },
  {
    id: 'invalid-config', type: 'configuration', title: 'A configuration file does not parse or has an invalid value',
    patterns: [p(/YAMLException|yaml: line \d+|Unexpected token .* in JSON|JSONDecodeError|TOMLDecodeError|Invalid configuration|invalid config/i)],
    checks: (input) => [{ command: 'troubleshoot_guided_workflow run_diagnostics', why: 'Parses the manifests and reports the ones that do not.' }, ...gitLog(input.files)],
  },
  {
    id: 'oom-killed', type: 'deployment', title: 'The container is killed for exceeding its memory limit',
    patterns: [p(/OOMKilled/), p(/exit code 137|exited with code 137|signal: killed/i), p(/JavaScript heap out of memory|MemoryError|fatal error: runtime: out of memory/i, 2)],
    implicates: (input) => (input.dockerfile ? [input.dockerfile] : []),
    checks: (input) => [
      { command: 'kubectl describe pod <pod> | grep -A3 "Last State"', why: 'Shows OOMKilled and the memory limit that was hit.' },
      ...cmd(input.dockerfile ? `docker stats --no-stream` : null, 'Memory use of the running containers.'),
      ...(input.stack.ecosystem === 'node' ? cmd('node -e "console.log(v8.getHeapStatistics().heap_size_limit/1048576)"', 'The heap limit Node picked (MB).') : []),
    ],
  },
  {
    id: 'crash-loop', type: 'deployment', title: 'The container starts and exits repeatedly',
    patterns: [p(/CrashLoopBackOff|Back-off restarting failed container/i), p(/exited with code [1-9]|container exited/i, 2)],
    implicates: (input) => (input.dockerfile ? [input.dockerfile] : []),
    checks: (input) => [
      { command: 'kubectl logs <pod> --previous', why: 'The output of the last crashed start.' },
      ...cmd(input.dockerfile ? `docker build -f ${input.dockerfile} .` : null, 'Builds the image the deployment runs.'),
    ],
  },
  {
    id: 'image-pull', type: 'deployment', title: 'The image cannot be pulled (tag, registry or credentials)',
    patterns: [p(/ImagePullBackOff|ErrImagePull|manifest unknown|pull access denied/i)],
    implicates: (input) => (input.dockerfile ? [input.dockerfile] : []),
    checks: () => [{ command: 'kubectl describe pod <pod>', why: 'The image reference and the pull error.' }],
  },
  {
    id: 'null-reference', type: 'runtime', title: 'Code reads a value that is missing (undefined, None or nil)',
    patterns: [p(/Cannot read propert(y|ies) of (undefined|null)|undefined is not a function|is not a function/i), p(/AttributeError: 'NoneType'|TypeError: 'NoneType'/), p(/nil pointer dereference|panic: runtime error/), p(/called `Option::unwrap\(\)` on a `None` value/)],
    checks: (input) => [...gitLog(input.files), ...cmd(input.stack.commands.test, 'Whether a test covers the failing path.')],
  },
  {
    id: 'port-in-use', type: 'runtime', title: 'The port the service listens on is already taken',
    patterns: [p(/EADDRINUSE|address already in use/i)],
    checks: () => [{ command: 'lsof -i -P -n | grep LISTEN', why: 'Which process holds the port.' }],
  },
  {
    id: 'unhandled-error', type: 'runtime', title: 'An error is thrown and not handled',
    patterns: [p(/UnhandledPromiseRejection|unhandled (promise )?rejection|Uncaught/i, 2), p(/Traceback \(most recent call last\)/, 1)],
    checks: (input) => gitLog(input.files),
  },
  {
    id: 'permission-denied', type: 'security', title: 'Access refused: file permissions, user or credentials',
    patterns: [p(/permission denied|EACCES|EPERM|Operation not permitted/i), p(/\b(401|403)\b|Unauthorized|Forbidden|access denied/i, 2)],
    checks: (input) => [
      { command: 'ls -l <path named in the error>', why: 'Owner and mode of the file refused.' },
      ...cmd(input.dockerfile ? `grep -n "^USER" ${input.dockerfile}` : null, 'The user the container runs as.'),
    ],
  },
  {
    id: 'vulnerable-dependency', type: 'security', title: 'A dependency has a known vulnerability',
    patterns: [p(/CVE-\d{4}-\d+|GHSA-[\w-]+/), p(/\d+ (high|critical|moderate) severity vulnerabilit|found \d+ vulnerabilit/i)],
    implicates: manifestFiles,
    checks: (input) => cmd(input.stack.commands.audit, 'Lists the vulnerable packages and the versions that fix them.'),
  },
  {
    id: 'certificate', type: 'security', title: 'TLS certificate not trusted or expired',
    patterns: [p(/self[- ]signed certificate|CERT_|certificate (has )?expired|SSL: CERTIFICATE_VERIFY_FAILED|x509:/i)],
    checks: () => [{ command: 'openssl s_client -connect <host>:443 -servername <host> </dev/null', why: 'The chain the server presents.' }],
  },
];

/** Words in failureType that name a failure type. */
export const TYPE_WORDS: Record<FailureType, RegExp> = {
  build: /build|compil|typescript|tsc|bundl|syntax/i,
  test: /test|assert|spec|flaky|coverage/i,
  dependency: /depend|package|install|npm|pip|module|lock|version|resolve/i,
  configuration: /config|env|setting|connect|secret/i,
  deployment: /deploy|docker|kubernetes|k8s|container|pod|helm|release|ci\b|pipeline/i,
  runtime: /runtime|crash|exception|error|panic|memory|performance|timeout/i,
  security: /secur|auth|permission|access|vulnerab|cve|certificate|tls/i,
};
