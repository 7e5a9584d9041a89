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

export const FALLBACK_GENERATORS: readonly GeneratorDetector[] = [
  { id: 'mkdocs', markers: ['mkdocs.yml', 'mkdocs.yaml'] },
  { id: 'docusaurus', markers: ['docusaurus.config.js', 'docusaurus.config.ts', 'docusaurus.config.mjs'] },
  { id: 'eleventy', markers: ['eleventy.config.mjs', 'eleventy.config.js', 'eleventy.config.cjs', '.eleventy.js'] },
  {
    id: 'hugo',
    markers: ['hugo.toml', 'hugo.yaml', 'hugo.json', 'config.toml', 'config/_default/hugo.toml', 'config/_default/config.toml'],
    detectText: (path, text) => !path.endsWith('config.toml') || /^\s*(baseURL|theme|languageCode|contentDir)\s*=/m.test(text),
  },
  { id: 'jekyll', markers: ['_config.yml', '_config.yaml'], detectText: (_path, text) => !/^\s*(new_post_name|post_asset_folder|theme_config)\s*:/m.test(text) },
];

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
