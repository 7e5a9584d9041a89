/**
 * A generated MkDocs home page (`docs/index.md`) is not written beside the project's own
 * `docs/Index.md` (site-files.ts caseTwin: one file on case-insensitive file systems). MkDocs makes
 * only `index.md` or `README.md` a folder's index, so without it the site has no home page: it is
 * written as `README.md` instead, linking to the project's start page, which MkDocs builds at /Index/.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteFile } from '../../../sdk/index.js';
import { caseTwin } from './site-files.js';

export function homeBesideCaseTwin(root: string, generated: readonly SiteFile[]): SiteFile | null {
  const home = generated.find((file) => /(^|\/)index\.md$/.test(file.path));
  if (!home) return null;
  const twin = caseTwin(root, home.path);
  if (!twin) return null;
  const readme = home.path.replace(/index\.md$/, 'README.md');
  if (existsSync(join(root, readme)) || caseTwin(root, readme)) return null;
  const start = twin.slice(twin.lastIndexOf('/') + 1);
  return { path: readme, content: `${home.content.trimEnd()}\n\nStart with [${start.replace(/\.md$/i, '')}](${start}).\n` };
}
