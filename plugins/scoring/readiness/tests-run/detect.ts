/**
 * The project's test command, from its manifests at the project root: package.json's
 * `scripts.test` (run through npm), pytest configuration, go.mod, Cargo.toml, a Gemfile with
 * RSpec or Minitest tests (project api rubyTestCommand). Always an
 * executable with an argument array, never a shell string.
 */
import { posix } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import type { Workspace } from '../../../../sdk/index.js';
import { rubyTestCommand, type FileEntry } from '../../../project/api.js';
import type { RunnerName } from './parse-output.js';

export interface TestCommand {
  command: string;
  args: string[];
  /** Where it came from, e.g. `package.json scripts.test: "vitest run"`. */
  source: string;
  /** The runner the command suggests, tried first when parsing its output. */
  runner?: RunnerName;
  /** The text a CI step would show when it runs these tests (`npm test`, `pytest`...). */
  ciPatterns: RegExp[];
}

/** npm's placeholder for a package without tests. */
const NPM_PLACEHOLDER = /no test specified/;

export function runnerOfScript(script: string): RunnerName | undefined {
  if (/\bvitest\b/.test(script)) return 'vitest';
  if (/\bjest\b/.test(script)) return 'jest';
  if (/\bnode\b[^&|;]*--test\b/.test(script)) return 'node';
  return undefined;
}

async function readJson(workspace: Workspace, absolute: string): Promise<any> {
  try {
    return JSON.parse(await workspace.readText(absolute, { maxBytes: 1024 * 1024 }));
  } catch {
    return undefined;
  }
}

async function readTomlFile(workspace: Workspace, absolute: string): Promise<any> {
  try {
    return parseToml(await workspace.readText(absolute, { maxBytes: 1024 * 1024 }));
  } catch {
    return undefined;
  }
}

/** The test command for the project at `root` (a real path), or null with why none was found. */
export async function detectTestCommand(root: string, files: readonly FileEntry[], workspace: Workspace): Promise<TestCommand | { none: string }> {
  const has = new Set(files.map((f) => f.path));
  const at = (name: string) => posix.join(root, name);

  if (has.has('package.json')) {
    const pkg = await readJson(workspace, at('package.json'));
    const script = pkg?.scripts?.test;
    if (typeof script === 'string' && script.trim() !== '' && !NPM_PLACEHOLDER.test(script)) {
      const runner = runnerOfScript(script);
      return {
        command: 'npm',
        args: ['test', '--silent'],
        source: `package.json scripts.test: "${script}"`,
        ...(runner ? { runner } : {}),
        ciPatterns: [/\b(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?test\b/, /\bnpm\s+t\b/, ...(runner ? [new RegExp(`\\b${runner === 'node' ? 'node\\b[^\\n]*--test' : runner}\\b`)] : [])],
      };
    }
  }

  const pyproject = has.has('pyproject.toml') ? await readTomlFile(workspace, at('pyproject.toml')) : undefined;
  const pytestConfigured =
    pyproject?.tool?.pytest !== undefined ||
    has.has('pytest.ini') ||
    has.has('conftest.py') ||
    (has.has('setup.cfg') && /^\[tool:pytest\]/m.test(await workspace.readText(at('setup.cfg'), { maxBytes: 1024 * 1024 }).catch(() => ''))) ||
    (has.has('tox.ini') && /^\[pytest\]/m.test(await workspace.readText(at('tox.ini'), { maxBytes: 1024 * 1024 }).catch(() => '')));
  const pythonTests = files.some((f) => /(?:^|\/)(?:test_[^/]*|[^/]*_test)\.py$/.test(f.path));
  if (pytestConfigured || ((has.has('pyproject.toml') || has.has('setup.py') || has.has('requirements.txt')) && pythonTests)) {
    const why = pytestConfigured ? 'pytest configuration' : 'Python test files (test_*.py)';
    return { command: 'python3', args: ['-m', 'pytest', '-q'], source: `${why} → python3 -m pytest -q`, runner: 'pytest', ciPatterns: [/\bpytest\b/, /\btox\b/, /\bnox\b/] };
  }

  if (has.has('go.mod')) {
    // -v: go prints a line per passing test only in verbose mode, and the counts come from those lines.
    return { command: 'go', args: ['test', '-v', './...'], source: 'go.mod → go test -v ./...', runner: 'go', ciPatterns: [/\bgo\s+test\b/, /\bgotestsum\b/] };
  }
  if (has.has('Cargo.toml')) {
    return { command: 'cargo', args: ['test'], source: 'Cargo.toml → cargo test', runner: 'cargo', ciPatterns: [/\bcargo\s+(?:test|nextest)\b/] };
  }
  if (has.has('Gemfile')) {
    const ruby = rubyTestCommand([...has], await workspace.readText(at('Gemfile'), { maxBytes: 1024 * 1024 }).catch(() => null));
    if (ruby) {
      const shown = `${ruby.command} ${ruby.args.join(' ')}`;
      const ciPatterns = ruby.runner === 'rspec' ? [/\brspec\b/, /\brake\s+spec\b/] : [/\brails\s+test\b/, /\brake\s+test\b/];
      return { command: ruby.command, args: ruby.args, source: `Gemfile and ${ruby.why} → ${shown}`, runner: ruby.runner, ciPatterns };
    }
  }
  const manifests = ['package.json', 'pyproject.toml', 'go.mod', 'Cargo.toml', 'Gemfile'].filter((m) => has.has(m));
  return { none: manifests.length ? `${manifests.join(', ')} at the project root name${manifests.length === 1 ? 's' : ''} no test command` : 'no package.json, pyproject.toml, go.mod or Cargo.toml (nor a Gemfile) at the project root' };
}
