/**
 * Whether the project at the root is a library rather than something deployed.
 * A library's callers supply its environment, so it is not told to ship a
 * .env.example. The rule: a root manifest declares a library (package.json with
 * "main"/"exports"/"module" and no "start" script; a Cargo crate with src/lib.rs
 * and no src/main.rs; a go.mod with no main.go or cmd/ folder; a pyproject.toml
 * or setup.py with no manage.py, wsgi.py, asgi.py, app.py or main.py at the top),
 * and nothing deploys it (no Dockerfile, compose file, Procfile or serverless config).
 */
import type { FileEntry } from '../scanner/index.js';
import type { BoundedReader } from './read.js';

export interface LibraryVerdict {
  library: boolean;
  /** What the verdict rests on (the manifest and what it declares). */
  evidence: string[];
}

const DEPLOYED = /(^|\/)(Dockerfile(\.[\w.-]+)?|Containerfile|(docker-)?compose(\.[\w-]+)?\.ya?ml|Procfile|serverless\.ya?ml|vercel\.json|netlify\.toml|fly\.toml|app\.ya?ml)$/;
const PYTHON_APP = /^(manage\.py|wsgi\.py|asgi\.py|app\.py|main\.py|[^/]+\/(wsgi|asgi|manage)\.py)$/;

export async function libraryVerdict(files: readonly FileEntry[], reader: BoundedReader): Promise<LibraryVerdict> {
  const paths = new Set(files.map((file) => file.path));
  const deployed = files.find((file) => DEPLOYED.test(file.path) && !file.path.includes('node_modules/'));
  if (deployed) return { library: false, evidence: [`${deployed.path} deploys it`] };
  const evidence: string[] = [];
  const packageJson = files.find((file) => file.path === 'package.json');
  if (packageJson) {
    const text = await reader.text(packageJson);
    let manifest: { main?: unknown; exports?: unknown; module?: unknown; scripts?: Record<string, unknown> } = {};
    try {
      manifest = text ? JSON.parse(text) : {};
    } catch {
      // An unreadable manifest says nothing either way.
    }
    const entry = ['main', 'exports', 'module'].find((key) => key in manifest);
    if (manifest.scripts && 'start' in manifest.scripts) return { library: false, evidence: ['package.json: "start" script'] };
    if (entry) evidence.push(`package.json: "${entry}" and no "start" script`);
  }
  if (paths.has('Cargo.toml')) {
    if (paths.has('src/main.rs')) return { library: false, evidence: ['src/main.rs'] };
    if (paths.has('src/lib.rs')) evidence.push('Cargo.toml: lib crate (src/lib.rs, no src/main.rs)');
  }
  if (paths.has('go.mod')) {
    const main = files.find((file) => /(^|\/)main\.go$/.test(file.path) || file.path.startsWith('cmd/'));
    if (main) return { library: false, evidence: [`${main.path}: a main package`] };
    evidence.push('go.mod: no main.go or cmd/ (no main package)');
  }
  const pythonManifest = ['pyproject.toml', 'setup.py', 'setup.cfg'].find((path) => paths.has(path));
  if (pythonManifest) {
    const app = files.find((file) => PYTHON_APP.test(file.path));
    if (app) return { library: false, evidence: [`${app.path}: an application entry point`] };
    evidence.push(`${pythonManifest}: a package with no manage.py, wsgi.py, asgi.py, app.py or main.py`);
  }
  return { library: evidence.length > 0, evidence };
}
