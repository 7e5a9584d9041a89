/**
 * Install steps, scripts and CLI entry points read from a project's manifests,
 * lock files and Makefile. Each reader takes the project-relative path and
 * text and returns facts with the line they were read from.
 */
import { parse as parseToml } from 'smol-toml';
import { type Fact, lineOfMatch } from './facts.js';
import { parseGoMod } from '../../project/api.js';

/** The group of the install fact a package's users run (the others set up a clone). */
export const USER_INSTALL = 'user';

/** Which lock file says which JavaScript package manager installs the project. */
const JS_LOCKS: Array<[string, string]> = [
  ['pnpm-lock.yaml', 'pnpm install --frozen-lockfile'],
  ['yarn.lock', 'yarn install --frozen-lockfile'],
  ['package-lock.json', 'npm ci'],
  ['bun.lockb', 'bun install'],
];

/** The key's line inside the JSON object that starts at `from` (a plain text search: package.json is small and regular). */
const jsonKeyLine = (text: string, key: string, from = 0) => lineOfMatch(text, `"${key}"`, from);

export function packageJsonFacts(path: string, text: string, files: ReadonlySet<string>): Fact[] {
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return [];
  }
  const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '';
  const facts: Fact[] = [];
  const technology = 'javascript';
  const lock = JS_LOCKS.find(([file]) => files.has(dir + file));
  facts.push(
    lock
      ? { kind: 'install', name: lock[1], detail: `dependencies pinned by ${dir + lock[0]}`, technology, source: { file: dir + lock[0], line: 1 } }
      : { kind: 'install', name: 'npm install', detail: `dependencies of ${path}`, technology, source: { file: path, line: jsonKeyLine(text, 'dependencies') } },
  );
  const name = typeof pkg.name === 'string' ? pkg.name : undefined;
  const bin = pkg.bin;
  // A package npm may publish is installed by its users by name; the clone's install is the contributors'.
  if (name && pkg.private !== true) {
    const cliOnly = bin !== undefined && pkg.main === undefined && pkg.exports === undefined && pkg.module === undefined;
    facts.push({ kind: 'install', name: `npm install ${cliOnly ? '--global ' : ''}${name}`, detail: `installs ${name} from the npm registry`, technology, group: USER_INSTALL, source: { file: path, line: jsonKeyLine(text, 'name') } });
  }
  const binFrom = text.indexOf('"bin"');
  if (typeof bin === 'string' && name) facts.push({ kind: 'command', name: name.replace(/^@[^/]+\//, ''), detail: bin, technology, source: { file: path, line: jsonKeyLine(text, 'bin') } });
  else if (bin && typeof bin === 'object') {
    for (const [command, target] of Object.entries(bin as Record<string, unknown>)) {
      facts.push({ kind: 'command', name: command, detail: String(target), technology, source: { file: path, line: jsonKeyLine(text, command, Math.max(binFrom, 0)) } });
    }
  }
  const scripts = pkg.scripts;
  const scriptsFrom = text.indexOf('"scripts"');
  if (scripts && typeof scripts === 'object') {
    const runner = lock?.[1].split(' ')[0] ?? 'npm';
    for (const [script, command] of Object.entries(scripts as Record<string, unknown>)) {
      facts.push({
        kind: 'script',
        name: `${runner} run ${script}`,
        detail: String(command),
        technology,
        group: script.split(/[:.]/)[0],
        source: { file: path, line: jsonKeyLine(text, script, Math.max(scriptsFrom, 0)) },
      });
    }
  }
  return facts;
}

export function pyprojectFacts(path: string, text: string, files: ReadonlySet<string>): Fact[] {
  let doc: Record<string, any>;
  try {
    doc = parseToml(text) as Record<string, any>;
  } catch {
    return [];
  }
  const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '';
  const technology = 'python';
  const facts: Fact[] = [];
  if (files.has(`${dir}uv.lock`)) facts.push({ kind: 'install', name: 'uv sync', detail: `dependencies pinned by ${dir}uv.lock`, technology, source: { file: `${dir}uv.lock`, line: 1 } });
  else if (files.has(`${dir}poetry.lock`) || doc.tool?.poetry)
    facts.push({ kind: 'install', name: 'poetry install', detail: 'Poetry project', technology, source: files.has(`${dir}poetry.lock`) ? { file: `${dir}poetry.lock`, line: 1 } : { file: path, line: lineOfMatch(text, '[tool.poetry]') } });
  else facts.push({ kind: 'install', name: 'pip install .', detail: `installs ${doc.project?.name ?? 'the package'}`, technology, source: { file: path, line: lineOfMatch(text, /^\[project\]/m) } });
  // A project that builds a distribution ([build-system], or Poetry in package mode) is installed by its users by name.
  const published = doc.project?.name && doc['build-system'] ? { name: String(doc.project.name), line: lineOfMatch(text, /^name\s*=/m, Math.max(text.search(/^\[project\]/m), 0)) }
    : doc.tool?.poetry?.name && doc.tool.poetry['package-mode'] !== false ? { name: String(doc.tool.poetry.name), line: lineOfMatch(text, /^name\s*=/m, Math.max(text.indexOf('[tool.poetry]'), 0)) }
    : undefined;
  if (published) facts.push({ kind: 'install', name: `pip install ${published.name}`, detail: `installs ${published.name} from PyPI`, technology, group: USER_INSTALL, source: { file: path, line: published.line } });
  const scripts: Record<string, unknown> = { ...(doc.project?.scripts ?? {}), ...(doc.tool?.poetry?.scripts ?? {}) };
  const from = Math.max(text.search(/^\[(project\.scripts|tool\.poetry\.scripts)\]/m), 0);
  for (const [command, target] of Object.entries(scripts)) {
    facts.push({ kind: 'command', name: command, detail: String(target), technology, source: { file: path, line: lineOfMatch(text, new RegExp(`^[ \\t]*"?${escape(command)}"?[ \\t]*=`, 'm'), from) } });
  }
  return facts;
}

export function requirementsFacts(path: string): Fact[] {
  return [{ kind: 'install', name: `pip install -r ${path}`, detail: 'Python dependencies', technology: 'python', source: { file: path, line: 1 } }];
}

export function goModFacts(path: string, text: string): Fact[] {
  const { module } = parseGoMod(text);
  if (!module) return [];
  return [{ kind: 'install', name: 'go mod download', detail: `dependencies of ${module.path}`, technology: 'go', source: { file: path, line: module.line } }];
}

/** A Go `package main` file: the folder is a command (`go run ./cmd/x`). */
export function goMainFacts(path: string, text: string): Fact[] {
  const match = /^package\s+main\b/m.exec(text);
  if (!match || !/\bfunc\s+main\s*\(/.test(text)) return [];
  const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '.';
  const name = dir === '.' ? 'main' : dir.slice(dir.lastIndexOf('/') + 1);
  return [{ kind: 'command', name, detail: `go run ./${dir === '.' ? '' : dir}`, technology: 'go', source: { file: path, line: lineOfMatch(text, /^package\s+main\b/m) } }];
}

export function cargoFacts(path: string, text: string): Fact[] {
  let doc: Record<string, any>;
  try {
    doc = parseToml(text) as Record<string, any>;
  } catch {
    return [];
  }
  const facts: Fact[] = [];
  if (doc.package?.name) {
    facts.push({ kind: 'install', name: 'cargo build --release', detail: `builds ${doc.package.name}`, technology: 'rust', source: { file: path, line: lineOfMatch(text, /^\[package\]/m) } });
  }
  for (const bin of Array.isArray(doc.bin) ? doc.bin : []) {
    if (typeof bin?.name === 'string') facts.push({ kind: 'command', name: bin.name, detail: bin.path ?? '', technology: 'rust', source: { file: path, line: lineOfMatch(text, `"${bin.name}"`) } });
  }
  return facts;
}

export function gemfileFacts(path: string): Fact[] {
  return [{ kind: 'install', name: 'bundle install', detail: 'Ruby gems', technology: 'ruby', source: { file: path, line: 1 } }];
}

/** Makefile targets (pattern rules and special targets left out). */
export function makefileFacts(path: string, text: string): Fact[] {
  const facts: Fact[] = [];
  const seen = new Set<string>();
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const match = /^([A-Za-z0-9][\w.-]*)\s*:(?!=)/.exec(line);
    if (!match || seen.has(match[1]!)) return;
    seen.add(match[1]!);
    const recipe = lines[i + 1]?.startsWith('\t') ? lines[i + 1]!.trim() : undefined;
    facts.push({ kind: 'script', name: `make ${match[1]}`, ...(recipe ? { detail: recipe } : {}), technology: 'make', group: match[1]!.split(/[-_.]/)[0], source: { file: path, line: i + 1 } });
  });
  return facts;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Configuration keys: the top-level properties of a JSON Schema (its title names the config area). */
export function configSchemaFacts(path: string, text: string): Fact[] {
  let schema: Record<string, any>;
  try {
    schema = JSON.parse(text) as Record<string, any>;
  } catch {
    return [];
  }
  const properties = schema?.properties;
  if (!properties || typeof properties !== 'object') return [];
  const from = Math.max(text.indexOf('"properties"'), 0);
  const area = typeof schema.title === 'string' ? schema.title : path.slice(path.lastIndexOf('/') + 1);
  return Object.entries(properties as Record<string, any>).map(([key, spec]) => {
    const parts = [typeof spec?.type === 'string' ? spec.type : undefined, Array.isArray(spec?.enum) ? `one of ${spec.enum.join(', ')}` : undefined, typeof spec?.description === 'string' ? spec.description : undefined].filter(Boolean);
    return { kind: 'config' as const, name: key, ...(parts.length ? { detail: parts.join('; ') } : {}), group: area, source: { file: path, line: jsonKeyLine(text, key, from) } };
  });
}
