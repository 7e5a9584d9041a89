/**
 * Runtime versions: what the project declares for Node and Python (engines,
 * .nvmrc, .node-version, .tool-versions, requires-python, .python-version, CI
 * setup steps, Dockerfile base images) compared with each other, and for Node
 * with the Node running this server.
 */
import semver from 'semver';
import { parseAllDocuments } from 'yaml';
import type { ProjectContext } from '../project/context.js';
import { MAX_EVIDENCE, readProjectFile, type DiagnosticCheck } from './check.js';

interface Declaration {
  runtime: 'node' | 'python';
  source: string;
  value: string;
  /** The semver range it means ("20" -> 20.x). */
  range: string;
}

/** "20" -> "20.x", "3.11" -> "3.11.x", ranges kept; PEP 440 operators turned into semver ones. */
function toRange(value: string): string | null {
  const v = value.trim().replace(/^v/, '').replace(/^lts\/.*$/, '');
  if (!v) return null;
  if (/^\d+$/.test(v)) return `${v}.x`;
  if (/^\d+\.\d+$/.test(v)) return `${v}.x`;
  if (/^\d+\.\d+\.\d+$/.test(v)) return v;
  const pep = v.replace(/~=\s*(\d+\.\d+)(?!\.)/g, '^$1').replace(/==\s*([\d.]+)\.\*/g, '$1.x').replace(/==/g, '').replace(/,\s*/g, ' ');
  return semver.validRange(pep) ?? null;
}

function add(list: Declaration[], runtime: Declaration['runtime'], source: string, value: unknown) {
  if (typeof value !== 'string' && typeof value !== 'number') return;
  const range = toRange(String(value));
  if (range) list.push({ runtime, source, value: String(value), range });
}

export async function declarations(project: ProjectContext): Promise<Declaration[]> {
  const found: Declaration[] = [];
  const read = (path: string) => (project.fileSet.has(path) ? readProjectFile(project, path) : Promise.resolve(null));
  const pkg = await read('package.json');
  if (pkg) {
    try {
      add(found, 'node', 'package.json engines.node', JSON.parse(pkg)?.engines?.node);
    } catch {
      // manifests-parse reports it.
    }
  }
  for (const [file, runtime] of [['.nvmrc', 'node'], ['.node-version', 'node'], ['.python-version', 'python']] as const) {
    const text = await read(file);
    if (text) add(found, runtime, file, text.split('\n')[0]);
  }
  const tools = await read('.tool-versions');
  for (const line of tools?.split('\n') ?? []) {
    const [name, version] = line.trim().split(/\s+/);
    if (name === 'nodejs' || name === 'node') add(found, 'node', '.tool-versions', version);
    if (name === 'python') add(found, 'python', '.tool-versions', version);
  }
  const pyproject = await read('pyproject.toml');
  const requires = pyproject?.match(/^\s*requires-python\s*=\s*["']([^"']+)["']/m)?.[1];
  if (requires) add(found, 'python', 'pyproject.toml requires-python', requires);
  for (const ci of project.scan.ci) {
    const text = await read(ci.path);
    if (!text) continue;
    for (const doc of parseAllDocuments(text)) {
      walk(doc.toJS({ maxAliasCount: 50 }), (key, value) => {
        if (key === 'node-version') for (const v of [value].flat()) add(found, 'node', `${ci.path} node-version`, v);
        if (key === 'python-version') for (const v of [value].flat()) add(found, 'python', `${ci.path} python-version`, v);
      });
    }
  }
  for (const docker of project.scan.infrastructure.dockerfiles) {
    for (const image of docker.images) {
      const m = image.match(/^(?:docker\.io\/)?(?:library\/)?(node|python):(\d+(?:\.\d+){0,2})/);
      if (m) add(found, m[1] as Declaration['runtime'], `${docker.path} FROM ${image}`, m[2]);
    }
  }
  return found;
}

function walk(value: unknown, visit: (key: string, value: unknown) => void, depth = 0): void {
  if (!value || typeof value !== 'object' || depth > 12) return;
  for (const [key, child] of Object.entries(value)) {
    visit(key, child);
    walk(child, visit, depth + 1);
  }
}

const agree = (a: string, b: string) => {
  try {
    return semver.intersects(a, b);
  } catch {
    return true;
  }
};

export async function runtimeVersions(project: ProjectContext, running = process.version): Promise<DiagnosticCheck> {
  const found = await declarations(project);
  const evidence = found.map((d) => `${d.source}: ${d.value}`);
  const conflicts: string[] = [];
  for (const [i, a] of found.entries()) {
    for (const b of found.slice(i + 1)) {
      if (a.runtime === b.runtime && !agree(a.range, b.range)) conflicts.push(`${a.source} (${a.value}) and ${b.source} (${b.value}) disagree`);
    }
  }
  const node = found.filter((d) => d.runtime === 'node');
  const outside = node.filter((d) => !semver.satisfies(running, d.range));
  const notes = outside.map((d) => `the running Node ${running} does not satisfy ${d.source} (${d.value})`);
  const status = found.length === 0 ? 'skip' : conflicts.length ? 'fail' : notes.length ? 'warn' : 'pass';
  return {
    id: 'runtime-versions',
    name: 'Runtime versions match their declarations',
    status,
    detail:
      found.length === 0 ? 'The project declares no Node or Python version.'
      : conflicts.length ? `${conflicts.length} pair${conflicts.length === 1 ? '' : 's'} of version declarations disagree.`
      : notes.length ? `The declarations agree, but the Node running here (${running}) is outside ${notes.length} of them.`
      : `${found.length} version declaration${found.length === 1 ? '' : 's'} agree${node.length ? ` and the running Node ${running} satisfies them` : ''}.`,
    evidence: [...conflicts, ...notes, ...evidence].slice(0, MAX_EVIDENCE),
  };
}
