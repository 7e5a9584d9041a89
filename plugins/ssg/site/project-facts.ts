/**
 * What the example pages say about the project, from the project pack's scan:
 * its name (README title, else manifest name, else folder name), the first
 * README paragraph, its ecosystem and what it is built with. Best effort: a
 * failed scan leaves the folder name and generic wording.
 */
import { basename, join } from 'node:path';
import type { Workspace } from '../../../sdk/index.js';
import type { Ecosystem, ProjectScanner } from '../../project/api.js';

export interface ProjectFacts {
  name: string;
  /** Package name when a manifest gives one (what users install). */
  packageName?: string;
  description?: string;
  ecosystem?: Ecosystem;
  languages: string[];
  frameworks: string[];
  testing: string[];
  /** Runtime dependencies of the main manifest (first 12). */
  dependencies: string[];
  /** Manifest paths, relative to the project root. */
  manifests: string[];
}

export async function projectFacts(scanner: ProjectScanner, workspace: Workspace, signal?: AbortSignal): Promise<ProjectFacts> {
  const root = await scanner.resolveRoot(undefined, workspace).catch(() => workspace.root);
  const fallback: ProjectFacts = { name: basename(root) || 'Project', languages: [], frameworks: [], testing: [], dependencies: [], manifests: [] };
  try {
    const { scan } = await scanner.scan(root, { signal });
    const main = scan.manifests.find((m) => !m.folder && m.name) ?? scan.manifests.find((m) => !m.folder);
    const readme = scan.documentation.readme ? await workspace.readText(join(root, scan.documentation.readme), { maxBytes: 256 * 1024 }).catch(() => undefined) : undefined;
    const fromReadme = readme ? readmeIntro(readme) : {};
    return {
      name: fromReadme.title ?? main?.name ?? fallback.name,
      packageName: main?.name,
      description: fromReadme.paragraph,
      ecosystem: main?.ecosystem,
      languages: scan.languages.slice(0, 4).map((l) => l.language),
      frameworks: scan.frameworks.slice(0, 6).map((f) => f.name),
      testing: scan.testing.slice(0, 3).map((t) => t.name),
      dependencies: (main?.dependencies ?? []).filter((d) => !d.dev).slice(0, 12).map((d) => d.name),
      manifests: scan.manifests.filter((m) => !m.folder).slice(0, 6).map((m) => m.path),
    };
  } catch {
    return fallback;
  }
}

/** The README's first H1 (plain text) and first prose paragraph. */
export function readmeIntro(text: string): { title?: string; paragraph?: string } {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const h1 = lines.find((l) => /^#\s+\S/.test(l));
  const title = h1 ? clean(h1.replace(/^#\s+/, '')) : undefined;
  const start = h1 ? lines.indexOf(h1) + 1 : 0;
  const paragraph: string[] = [];
  for (const line of lines.slice(start)) {
    const t = line.trim();
    if (!t) {
      if (paragraph.length) break;
      continue;
    }
    // Badges, headings, HTML, lists and code are not the description.
    if (/^(#|!\[|\[!\[|<|[-*+]\s|```|\||>)/.test(t)) {
      if (paragraph.length) break;
      continue;
    }
    paragraph.push(t);
  }
  return { title: title || undefined, paragraph: paragraph.length ? clean(paragraph.join(' ')).slice(0, 400) : undefined };
}

const clean = (text: string) => text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_`]/g, '').trim();
