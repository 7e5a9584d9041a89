/**
 * The project's own build, test and run commands, read from its manifests at the root:
 * package.json scripts (with the package manager its lockfile names), Makefile targets,
 * pyproject.toml, go.mod, Cargo.toml and a Gemfile (ruby-commands.ts). Nothing is proposed that these files do not support.
 */
import { parse as parseToml } from 'smol-toml';
import type { ProjectFiles } from './project-files.js';
import { rubyCommands } from './ruby-commands.js';
import { command } from './types.js';

export type Purpose = 'install' | 'build' | 'test' | 'lint' | 'migrate' | 'start' | 'dev';

export interface ProjectCommand {
  purpose: Purpose;
  command: string;
  /** The file that defines it. */
  file: string;
}

const SCRIPT_NAMES: Record<Exclude<Purpose, 'install'>, string[]> = {
  build: ['build'],
  test: ['test'],
  lint: ['lint', 'typecheck', 'check'],
  migrate: ['migrate', 'db:migrate', 'migrate:deploy', 'migration:run'],
  start: ['start'],
  dev: ['dev', 'start:dev', 'serve'],
};

function packageManager(files: ProjectFiles): { name: string; install: string[] } {
  if (files.has('pnpm-lock.yaml')) return { name: 'pnpm', install: ['pnpm', 'install', '--frozen-lockfile'] };
  if (files.has('yarn.lock')) return { name: 'yarn', install: ['yarn', 'install', '--frozen-lockfile'] };
  if (files.has('bun.lockb') || files.has('bun.lock')) return { name: 'bun', install: ['bun', 'install', '--frozen-lockfile'] };
  return { name: 'npm', install: files.has('package-lock.json') ? ['npm', 'ci'] : ['npm', 'install'] };
}

async function fromPackageJson(files: ProjectFiles, out: ProjectCommand[]) {
  const text = await files.read('package.json');
  if (text === null) return;
  let scripts: Record<string, unknown> = {};
  try {
    const json = JSON.parse(text) as { scripts?: Record<string, unknown> };
    scripts = json.scripts && typeof json.scripts === 'object' ? json.scripts : {};
  } catch {
    return;
  }
  const pm = packageManager(files);
  out.push({ purpose: 'install', command: command(...pm.install), file: 'package.json' });
  for (const [purpose, names] of Object.entries(SCRIPT_NAMES) as Array<[Purpose, string[]]>) {
    for (const name of names) {
      if (typeof scripts[name] !== 'string') continue;
      const run = name === 'test' || name === 'start' ? [pm.name, name] : [pm.name, 'run', name];
      out.push({ purpose, command: command(...run), file: 'package.json' });
    }
  }
}

const MAKE_TARGETS: Record<string, Purpose> = { install: 'install', deps: 'install', build: 'build', test: 'test', check: 'lint', lint: 'lint', migrate: 'migrate', 'db-migrate': 'migrate', run: 'start', start: 'start', dev: 'dev' };

async function fromMakefile(files: ProjectFiles, out: ProjectCommand[]) {
  const file = ['Makefile', 'makefile', 'GNUmakefile'].find((f) => files.has(f));
  const text = file ? await files.read(file) : null;
  if (!file || text === null) return;
  const targets = new Set<string>();
  for (const match of text.matchAll(/^([A-Za-z0-9][\w.-]*)\s*:(?!=)/gm)) targets.add(match[1]!);
  for (const target of targets) {
    const purpose = MAKE_TARGETS[target];
    if (purpose) out.push({ purpose, command: command('make', target), file });
  }
}

async function fromPython(files: ProjectFiles, out: ProjectCommand[]) {
  const text = await files.read('pyproject.toml');
  if (text !== null) {
    let doc: Record<string, any> = {};
    try {
      doc = parseToml(text) as Record<string, any>;
    } catch {
      return;
    }
    const poetry = doc.tool?.poetry !== undefined;
    const deps = JSON.stringify([doc.project?.dependencies, doc.project?.['optional-dependencies'], doc.tool?.poetry?.['dev-dependencies'], doc.tool?.poetry?.group, doc['dependency-groups']]);
    out.push({ purpose: 'install', command: poetry ? 'poetry install' : 'pip install .', file: 'pyproject.toml' });
    if (doc.build_system !== undefined || doc['build-system'] !== undefined) out.push({ purpose: 'build', command: poetry ? 'poetry build' : 'python -m build', file: 'pyproject.toml' });
    if (/pytest/.test(deps) || doc.tool?.pytest !== undefined) out.push({ purpose: 'test', command: poetry ? 'poetry run pytest' : 'python -m pytest', file: 'pyproject.toml' });
    return;
  }
  if (files.has('requirements.txt')) out.push({ purpose: 'install', command: 'pip install -r requirements.txt', file: 'requirements.txt' });
}

function fromGoAndCargo(files: ProjectFiles, out: ProjectCommand[]) {
  if (files.has('go.mod')) {
    out.push({ purpose: 'build', command: 'go build ./...', file: 'go.mod' }, { purpose: 'test', command: 'go test ./...', file: 'go.mod' });
  }
  if (files.has('Cargo.toml')) {
    out.push({ purpose: 'build', command: 'cargo build --release', file: 'Cargo.toml' }, { purpose: 'test', command: 'cargo test', file: 'Cargo.toml' });
  }
}

/** Every command found, in manifest order; `first(purpose)` picks what a step should show. */
export async function projectCommands(files: ProjectFiles): Promise<ProjectCommand[]> {
  const out: ProjectCommand[] = [];
  // A Rails app's package.json only builds its assets: the Gemfile's commands come first.
  const ruby = await rubyCommands(files);
  if (ruby.rails) out.push(...ruby.commands);
  await fromPackageJson(files, out);
  if (!ruby.rails) out.push(...ruby.commands);
  await fromMakefile(files, out);
  await fromPython(files, out);
  fromGoAndCargo(files, out);
  return out;
}

/** Manifests of a language's package manager: each one's dependencies need installing (a Makefile target wraps them instead). */
const PACKAGE_MANIFESTS = new Set(['Gemfile', 'package.json', 'pyproject.toml', 'requirements.txt']);

/**
 * The install commands: every package manager's when the first comes from one (a Rails app installs
 * its gems and its asset packages), else the first file's (a Makefile `install` target).
 */
export function installCommands(all: readonly ProjectCommand[]): { commands: string[]; file: string } | undefined {
  const first = commandsFor(all, 'install');
  if (!first || !PACKAGE_MANIFESTS.has(first.file)) return first;
  return { commands: all.filter((c) => c.purpose === 'install' && PACKAGE_MANIFESTS.has(c.file)).map((c) => c.command), file: first.file };
}

/** The commands for `purpose` from the first file defining any (package.json before Makefile...), so one manifest's commands are not mixed with another's. */
export function commandsFor(all: readonly ProjectCommand[], purpose: Purpose): { commands: string[]; file: string } | undefined {
  const first = all.find((c) => c.purpose === purpose);
  if (!first) return undefined;
  return { commands: all.filter((c) => c.purpose === purpose && c.file === first.file).map((c) => c.command), file: first.file };
}
