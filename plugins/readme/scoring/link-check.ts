/**
 * Whether the README's links resolve, without the network: relative links to files must
 * exist on disk relative to the README (and stay in the workspace), "#anchor" links must
 * match a heading's GitHub anchor (or an HTML anchor), and "file.md#anchor" both. External
 * links are counted, never fetched. Relative images are checked like file links.
 */
import { stat } from 'node:fs/promises';
import { dirname, extname, resolve } from 'node:path';
import type { Workspace } from '../../../sdk/index.js';
import { readReadme } from '../model/read-readme.js';
import type { ReadmeModel } from '../model/types.js';

/** Linked Markdown pages larger than this are not parsed for anchors (the link still counts when the file exists). */
const MAX_LINKED_PAGE_BYTES = 2 * 1024 * 1024;

export interface LinkFinding {
  line: number;
  url: string;
  problem: 'missing-file' | 'missing-anchor' | 'outside-workspace' | 'missing-image';
  message: string;
}

export interface LinkCheck {
  /** Links and images looked at (external ones counted in `external`, not checked). */
  internal: number;
  external: number;
  broken: LinkFinding[];
}

const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

export async function checkReadmeLinks(model: ReadmeModel, readmePath: string, workspace: Workspace): Promise<LinkCheck> {
  const base = dirname(readmePath);
  const ownAnchors = new Set([...model.sections.map((s) => s.anchor), ...model.htmlAnchors]);
  const otherAnchors = new Map<string, Promise<Set<string> | null>>();
  const anchorsOf = (file: string) => {
    let found = otherAnchors.get(file);
    if (!found) {
      found = workspace
        .readText(file, { maxBytes: MAX_LINKED_PAGE_BYTES })
        .then(async (text) => {
          const other = await readReadme(text);
          return new Set([...other.sections.map((s) => s.anchor), ...other.htmlAnchors]);
        })
        .catch(() => null);
      otherAnchors.set(file, found);
    }
    return found;
  };
  const broken: LinkFinding[] = [];
  let internal = 0;
  let external = 0;
  const targets = [
    ...model.links.map((l) => ({ url: l.url, line: l.line, kind: l.kind, image: false })),
    ...model.images.map((i) => ({ url: i.url, line: i.line, kind: /^(https?:)?\/\//i.test(i.url) ? 'external' : /^[a-z][a-z0-9+.-]*:/i.test(i.url) || i.url === '' ? 'other' : 'file', image: true })),
  ].sort((a, b) => a.line - b.line);
  for (const target of targets) {
    if (target.kind === 'external') external++;
    if (target.kind !== 'anchor' && target.kind !== 'file') continue;
    internal++;
    const hash = target.url.indexOf('#');
    const pathPart = decode((hash === -1 ? target.url : target.url.slice(0, hash)).replace(/\?.*$/, ''));
    const fragment = hash === -1 ? null : decode(target.url.slice(hash + 1));
    if (target.kind === 'anchor') {
      if (fragment && !ownAnchors.has(fragment.toLowerCase()) && !ownAnchors.has(fragment)) {
        broken.push({ line: target.line, url: target.url, problem: 'missing-anchor', message: `no heading in this README has the anchor "#${fragment}"` });
      }
      continue;
    }
    // "/docs/x.md" on GitHub means the repository root; the README's folder is the nearest stand-in.
    const absolute = pathPart.startsWith('/') ? resolve(base, `.${pathPart}`) : resolve(base, pathPart);
    // Resolved through the workspace: a symlink out of it counts as outside, and nothing outside is looked at.
    const real = await workspace.resolve(absolute).catch(() => null);
    if (real === null) {
      broken.push({ line: target.line, url: target.url, problem: 'outside-workspace', message: `"${pathPart}" points outside the workspace` });
      continue;
    }
    const info = await stat(real).catch(() => null);
    if (!info) {
      broken.push({ line: target.line, url: target.url, problem: target.image ? 'missing-image' : 'missing-file', message: `${target.image ? 'image' : 'file'} "${pathPart}" does not exist (relative to the README)` });
      continue;
    }
    if (fragment && info.isFile() && /^\.(md|markdown|mdx)$/i.test(extname(real))) {
      const anchors = await anchorsOf(real);
      if (anchors && !anchors.has(fragment.toLowerCase()) && !anchors.has(fragment)) {
        broken.push({ line: target.line, url: target.url, problem: 'missing-anchor', message: `"${pathPart}" has no heading with the anchor "#${fragment}"` });
      }
    }
  }
  return { internal, external, broken };
}
