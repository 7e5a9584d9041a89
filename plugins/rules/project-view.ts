/**
 * What the rules pack knows of a project: its root, manifests (declared
 * dependencies), its source files with layers and imports (project.imports),
 * and their texts read on demand (confined, bounded, kept for the call).
 */
import { join } from 'node:path';
import type { Workspace } from '../../sdk/index.js';
import type { Manifest, ProjectSourceFile } from '../project/api.js';
import type { RulesDeps } from './deps.js';

const MAX_TEXT_BYTES = 512 * 1024;
const MAX_KEPT_CHARS = 64 * 1024 * 1024;

export interface ProjectView {
  root: string;
  /** Project root relative to the workspace ('' for the workspace itself), to name files in results. */
  prefix: string;
  manifests: readonly Manifest[];
  sources: ProjectSourceFile[];
  /** The project's own listed files, tests included; vendored, generated, fixture, example and docs folders left out (naming, structure and pattern checks run on these). */
  listing: string[];
  truncated: boolean;
  /** A project file's text, null when unreadable or too large. */
  text(path: string): Promise<string | null>;
}

export async function loadProject(deps: RulesDeps, workspace: Workspace, projectPath: string | undefined, signal: AbortSignal): Promise<ProjectView> {
  const root = await deps.scanner.resolveRoot(projectPath, workspace);
  const { scan, files: listed } = await deps.scanner.scan(root, { signal });
  const { files: parsed, truncated } = await deps.imports.files(root, { signal });
  const files = [...parsed, ...unparsedSources(listed, new Set(parsed.map((file) => file.path)))];
  const texts = new Map<string, Promise<string | null>>();
  let keptChars = 0;
  const relative = workspace.relative(root);
  return {
    root,
    prefix: relative === '.' ? '' : relative,
    manifests: scan.manifests,
    sources: files,
    listing: listed.filter((file) => !file.folder || file.folder === 'product' || file.folder === 'test').map((file) => file.path),
    truncated,
    text(path) {
      const kept = texts.get(path);
      if (kept) return kept;
      const text = workspace.readText(join(root, path), { param: 'projectPath', maxBytes: MAX_TEXT_BYTES }).catch(() => null);
      // Generating then validating reads most files twice: keep them, up to a memory budget.
      if (keptChars < MAX_KEPT_CHARS) {
        texts.set(path, text);
        void text.then((value) => (keptChars += value?.length ?? 0));
      }
      return text;
    },
  };
}

/** Languages the import graph does not parse; their files still have names, places and lines the rules check. */
const UNPARSED: Record<string, string> = { rb: 'ruby', rake: 'ruby' };
const RUBY_TEST = /(^|\/)(spec|test)\/|_(spec|test)\.rb$/;

/** The project's own files in UNPARSED languages, as source files without imports (layer: test or unknown). */
function unparsedSources(listed: ReadonlyArray<{ path: string; folder?: string | null }>, parsed: ReadonlySet<string>): ProjectSourceFile[] {
  const out: ProjectSourceFile[] = [];
  for (const file of listed) {
    const language = UNPARSED[file.path.slice(file.path.lastIndexOf('.') + 1).toLowerCase()];
    if (!language || parsed.has(file.path) || (file.folder && file.folder !== 'product' && file.folder !== 'test')) continue;
    out.push({ path: file.path, language, layer: file.folder === 'test' || RUBY_TEST.test(file.path) ? 'test' : 'unknown', imports: [] });
  }
  return out;
}

/** Declared dependencies by normalised name (PyPI treats -, _ and . alike and ignores case), with the manifests declaring them. */
export function declaredDependencies(manifests: readonly Manifest[]): Map<string, string[]> {
  const declared = new Map<string, string[]>();
  for (const manifest of manifests) {
    for (const dependency of manifest.dependencies) {
      const key = normalisePackage(dependency.name);
      declared.set(key, [...(declared.get(key) ?? []), manifest.path]);
    }
  }
  return declared;
}

/** One spelling per package: case and -_. folded (PyPI's rule), and a Go module's major-version suffix dropped (github.com/jackc/pgx/v5 is pgx). */
export const normalisePackage = (name: string) => name.toLowerCase().replace(/\/v\d+$/, '').replace(/[-_.]+/g, '-');
