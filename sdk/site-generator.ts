/**
 * Which static site generator a docs folder belongs to: the nearest folder at or above it
 * (inside the workspace) holding one of a generator's marker files whose text the generator
 * accepts. Detectors come from the ssg pack's adapters when a pack has them; FALLBACK_GENERATORS
 * says the same for the five built-in generators when it does not. Markers are read confined.
 */
import { dirname, join } from 'node:path';
import type { Workspace } from './services.js';

export interface GeneratorDetector {
  id: string;
  markers: readonly string[];
  /** False when the marker's text belongs to another tool (a Hexo _config.yml, a non-Hugo config.toml). */
  detectText?(path: string, text: string): boolean;
}

/**
 * The built-in generators' markers, in one place: the ssg pack's adapters spread these into their
 * definitions and FALLBACK_GENERATORS is built from them, so the two cannot drift apart.
 */
const BUILTIN_MARKERS = {
  // Hexo also names its config _config.yml.
  jekyll: { markers: ['_config.yml', '_config.yaml'], detectText: (_path: string, text: string) => !/^\s*(new_post_name|post_asset_folder|theme_config)\s*:/m.test(text) },
  hugo: {
    markers: ['hugo.toml', 'hugo.yaml', 'hugo.json', 'config.toml', 'config/_default/hugo.toml', 'config/_default/config.toml'],
    // A config.toml is Hugo's only when it reads as Hugo's (other tools use that name too).
    detectText: (path: string, text: string) => !path.endsWith('config.toml') || /^\s*(baseURL|theme|languageCode|contentDir)\s*=/m.test(text),
  },
  docusaurus: { markers: ['docusaurus.config.js', 'docusaurus.config.ts', 'docusaurus.config.mjs'] },
  mkdocs: { markers: ['mkdocs.yml', 'mkdocs.yaml'] },
  eleventy: { markers: ['eleventy.config.mjs', 'eleventy.config.js', 'eleventy.config.cjs', '.eleventy.js'] },
} satisfies Record<string, Omit<GeneratorDetector, 'id'>>;

export type BuiltinGeneratorId = keyof typeof BUILTIN_MARKERS;

/** One built-in generator's markers and text check, as a fresh copy an adapter definition can own. */
export function builtinGeneratorMarkers(id: BuiltinGeneratorId): { markers: string[]; detectText?: (path: string, text: string) => boolean } {
  const { markers, ...rest } = BUILTIN_MARKERS[id] as Omit<GeneratorDetector, 'id'>;
  return { markers: [...markers], ...rest };
}

/** Without the ssg pack: the built-in generators, most specific marker names first (a bare _config.yml last). */
export const FALLBACK_GENERATORS: readonly GeneratorDetector[] = (['mkdocs', 'docusaurus', 'eleventy', 'hugo', 'jekyll'] as const).map((id) => ({ id, ...builtinGeneratorMarkers(id) }));

export interface FoundGenerator {
  id: string;
  /** The folder holding the marker (a real path). */
  root: string;
  /** The marker file as the detector names it ("mkdocs.yml", "config/_default/hugo.toml"). */
  marker: string;
  /** The marker's text (for the generator's settings). */
  text: string;
}

const MAX_MARKER_BYTES = 1024 * 1024;

export async function findGenerator(start: string, workspace: Workspace, detectors: readonly GeneratorDetector[] = FALLBACK_GENERATORS): Promise<FoundGenerator | null> {
  for (let folder = start; workspace.contains(folder); folder = dirname(folder)) {
    for (const detector of detectors) {
      for (const marker of detector.markers) {
        const text = await workspace.readText(join(folder, marker), { maxBytes: MAX_MARKER_BYTES }).catch(() => undefined);
        if (text === undefined) continue;
        if (detector.detectText && !detector.detectText(marker, text)) continue;
        return { id: detector.id, root: folder, marker, text };
      }
    }
    if (folder === workspace.root || dirname(folder) === folder) break;
  }
  return null;
}
