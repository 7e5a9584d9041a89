/**
 * Runtime versions the project asks for, from every place that says one
 * (engines, .nvmrc, .node-version, .python-version, .tool-versions,
 * runtime.txt, requires-python, go.mod, rust-toolchain, Gemfile, Dockerfile
 * and compose images, CI setup steps and job images), and the pairs of them
 * that cannot both hold.
 */
import type { FileEntry } from '../scanner/index.js';
import { readToml, tableAt, type TomlTable } from '../scanner/toml.js';
import type { CiDetails } from './ci.js';
import type { ComposeInfo, DockerfileInfo } from './containers.js';
import { parseImage, type ImageRef } from './images.js';
import { baseName, isOwnCode, type BoundedReader } from './read.js';
import { compatible, leadingVersion, NODE_LTS, parseConstraint, type VersionSet } from './versions.js';
import { parseGoMod } from '../go-mod.js';

export interface RuntimeSource {
  runtime: string;
  /** Where: a path, or `path (matrix)`. */
  source: string;
  /** What declared it: engines, .nvmrc, Dockerfile FROM, actions/setup-node node-version... */
  kind: string;
  value: string;
  /** A range (engines, requires-python, go directive) bounds every other declaration; pins name the version used. */
  role: 'range' | 'pin';
  /** Parsed per value (several for a CI matrix); null where not a version (lts/*, stable). */
  sets: Array<VersionSet | null>;
}

export interface RuntimeConflict {
  runtime: string;
  message: string;
  sources: Array<{ source: string; kind: string; value: string }>;
}

const TOOL_VERSIONS_NAMES: Record<string, string> = {
  nodejs: 'node', node: 'node', python: 'python', golang: 'go', go: 'go', ruby: 'ruby', rust: 'rust', java: 'java', deno: 'deno', bun: 'bun', dotnet: 'dotnet', 'dotnet-core': 'dotnet', php: 'php', elixir: 'elixir',
};

const VERSION_FILES: Record<string, string> = {
  '.nvmrc': 'node', '.node-version': 'node', '.python-version': 'python', '.ruby-version': 'ruby', '.go-version': 'go', '.java-version': 'java', '.bun-version': 'bun',
};

/** A pinned version text as a constraint: node names (lts/iron), `v20`, `python-3.11.4`, `temurin-17.0.2+8`. */
function pinSet(runtime: string, value: string): VersionSet | null {
  const text = value.trim().toLowerCase();
  const lts = /^lts\/(\w+)$/.exec(text)?.[1];
  if (runtime === 'node' && lts && NODE_LTS[lts]) return parseConstraint(NODE_LTS[lts]!);
  if (/^(lts|stable|latest|current|node|nightly|beta|system)\b/.test(text) || text.includes('*')) return null;
  const version = leadingVersion(text);
  return version ? parseConstraint(version) : null;
}

function rangeSet(runtime: string, value: string): VersionSet | null {
  // Ruby's pessimistic operator ~> is PEP 440's ~=.
  return parseConstraint(runtime === 'ruby' ? value.replace(/~>/g, '~=') : value);
}

export async function collectRuntimes(input: {
  files: readonly FileEntry[];
  reader: BoundedReader;
  dockerfiles: readonly DockerfileInfo[];
  compose: readonly ComposeInfo[];
  ci: readonly CiDetails[];
}): Promise<RuntimeSource[]> {
  const sources: RuntimeSource[] = [];
  const add = (runtime: string, source: string, kind: string, values: string[], role: RuntimeSource['role']) => {
    if (values.length === 0) return;
    const sets = values.map((value) => (role === 'range' ? rangeSet(runtime, value) : pinSet(runtime, value)));
    sources.push({ runtime, source, kind, value: values.join(', '), role, sets });
  };
  const image = (ref: ImageRef, source: string, kind: string) => {
    if (ref.runtime) add(ref.runtime.name, source, kind, [ref.runtime.version ?? ref.tag ?? 'latest'], 'pin');
  };

  for (const file of input.files) {
    const name = baseName(file.path);
    if (!isOwnCode(file)) continue;
    const interesting = name in VERSION_FILES || ['package.json', '.tool-versions', 'runtime.txt', 'pyproject.toml', 'setup.cfg', 'setup.py', 'go.mod', 'rust-toolchain', 'rust-toolchain.toml', 'Gemfile'].includes(name);
    if (!interesting) continue;
    const text = await input.reader.text(file);
    if (text === null) continue;
    const path = file.path;
    const firstLine = text.split(/\r?\n/).map((line) => line.replace(/#.*$/, '').trim()).find(Boolean) ?? '';
    if (name in VERSION_FILES) add(VERSION_FILES[name]!, path, name, firstLine ? [firstLine] : [], 'pin');
    else if (name === 'package.json') {
      try {
        const json = JSON.parse(text) as { engines?: Record<string, unknown>; volta?: Record<string, unknown> };
        for (const runtime of ['node', 'deno', 'bun']) if (typeof json.engines?.[runtime] === 'string') add(runtime, path, `engines.${runtime}`, [json.engines[runtime] as string], 'range');
        if (typeof json.volta?.node === 'string') add('node', path, 'volta.node', [json.volta.node], 'pin');
      } catch {
        // the scanner reports manifests that do not parse
      }
    } else if (name === '.tool-versions') {
      for (const line of text.split(/\r?\n/)) {
        const [tool, ...versions] = line.replace(/#.*$/, '').trim().split(/\s+/);
        const runtime = tool ? TOOL_VERSIONS_NAMES[tool] : undefined;
        if (runtime) add(runtime, path, '.tool-versions', versions.slice(0, 1), 'pin');
      }
    } else if (name === 'runtime.txt') {
      const match = /^(python|java|ruby|node|go)-(.+)$/.exec(firstLine);
      if (match) add(match[1]!, path, 'runtime.txt', [match[2]!], 'pin');
    } else if (name === 'pyproject.toml') {
      let toml: TomlTable;
      try {
        toml = readToml(text);
      } catch {
        continue; // the scanner reports manifests that do not parse
      }
      const requires = tableAt(toml, 'project')?.['requires-python'];
      if (typeof requires === 'string') add('python', path, 'requires-python', [requires], 'range');
      const poetry = tableAt(toml, 'tool.poetry.dependencies')?.python;
      if (typeof poetry === 'string') add('python', path, 'tool.poetry python', [poetry], 'range');
    } else if (name === 'setup.cfg' || name === 'setup.py') {
      const match = /python_requires\s*=\s*["']?([^"'\n]+)/.exec(text);
      if (match) add('python', path, 'python_requires', [match[1]!.trim()], 'range');
    } else if (name === 'go.mod') {
      // Since Go 1.21 the go line is a minimum requirement; toolchain names the preferred one.
      const { go, toolchain } = parseGoMod(text);
      if (go) add('go', path, 'go directive', [`>=${go}`], 'range');
      if (toolchain) add('go', path, 'toolchain directive', [toolchain], 'pin');
    } else if (name === 'rust-toolchain' || name === 'rust-toolchain.toml') {
      // The legacy file holds the bare channel; the TOML form (either name) a [toolchain] table.
      const channel = name === 'rust-toolchain' && !text.includes('[toolchain]') ? firstLine : tomlChannel(text);
      if (channel) add('rust', path, name, [channel], 'pin');
    } else if (name === 'Gemfile') {
      const match = /^\s*ruby\s+["']([^"']+)["']/m.exec(text);
      if (match) add('ruby', path, 'Gemfile ruby', [match[1]!], /[<>~=]/.test(match[1]!) ? 'range' : 'pin');
    }
  }

  for (const dockerfile of input.dockerfiles) for (const ref of dockerfile.images) image(ref, dockerfile.path, 'Dockerfile FROM');
  for (const compose of input.compose) {
    for (const service of compose.services) if (service.image) image(service.image, `${compose.path}: ${service.name}`, 'compose image');
  }
  for (const ci of input.ci) {
    for (const setup of ci.setups) {
      const values = setup.values.filter((value) => !value.startsWith('file:'));
      add(setup.runtime, values.length > 1 ? `${ci.path} (matrix)` : ci.path, setup.via, values, 'pin');
    }
    for (const ref of ci.images) image(parseImage(ref), ci.path, 'CI job image');
  }
  return sources;
}

function tomlChannel(text: string): string | undefined {
  try {
    const channel = tableAt(readToml(text), 'toolchain')?.channel;
    return typeof channel === 'string' ? channel : undefined;
  } catch {
    return undefined;
  }
}

/** Pairs of declarations of one runtime that no version satisfies together. */
export function findConflicts(sources: readonly RuntimeSource[], limit = 50): RuntimeConflict[] {
  const conflicts: RuntimeConflict[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < sources.length; i++) {
    for (let j = i + 1; j < sources.length; j++) {
      // The constraint first: "engines requires >=20, but .nvmrc uses 18".
      const [a, b] = sources[j]!.role === 'range' && sources[i]!.role === 'pin' ? [sources[j]!, sources[i]!] : [sources[i]!, sources[j]!];
      if (a.runtime !== b.runtime || !clash(a, b)) continue;
      const key = [a, b].map((source) => `${source.source}|${source.kind}|${source.value}`).sort().join('||');
      if (seen.has(key)) continue;
      seen.add(key);
      conflicts.push({
        runtime: a.runtime,
        message: `${a.runtime}: ${describe(a)} ${a.role === 'range' ? 'requires' : 'uses'} ${a.value}, but ${describe(b)} ${b.role === 'range' ? 'requires' : 'uses'} ${b.value}`,
        sources: [a, b].map(({ source, kind, value }) => ({ source, kind, value })),
      });
      if (conflicts.length >= limit) return conflicts;
    }
  }
  return conflicts;
}

const describe = (source: RuntimeSource) => (source.kind === baseName(source.source) ? source.source : `${source.source} (${source.kind})`);

/**
 * Two pins clash when they share no version (a matrix counts as all its
 * values); a range clashes with a pin when any pinned value falls outside it,
 * and with another range when they do not overlap.
 */
function clash(a: RuntimeSource, b: RuntimeSource): boolean {
  const known = (source: RuntimeSource) => source.sets.filter((set): set is VersionSet => set !== null);
  const aSets = known(a);
  const bSets = known(b);
  if (aSets.length === 0 || bSets.length === 0) return false;
  if (a.role === 'pin' && b.role === 'pin') return !aSets.some((x) => bSets.some((y) => compatible(x, y)));
  if (a.role === 'range' && b.role === 'range') return !aSets.some((x) => bSets.some((y) => compatible(x, y)));
  const [range, pin] = a.role === 'range' ? [aSets, bSets] : [bSets, aSets];
  return pin.some((value) => !range.some((r) => compatible(r, value)));
}

/** One line per runtime: how many declarations, the versions named, and whether they agree. */
export function summariseRuntimes(sources: readonly RuntimeSource[], conflicts: readonly RuntimeConflict[]) {
  const byRuntime = new Map<string, RuntimeSource[]>();
  for (const source of sources) byRuntime.set(source.runtime, [...(byRuntime.get(source.runtime) ?? []), source]);
  return [...byRuntime].map(([runtime, list]) => ({
    runtime,
    declarations: list.length,
    values: [...new Set(list.map((source) => source.value))].slice(0, 10),
    consistent: !conflicts.some((conflict) => conflict.runtime === runtime),
  }));
}
