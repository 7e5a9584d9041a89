/**
 * The documentation part of a repository analysis: which documents exist
 * (README, docs folders, CONTRIBUTING, LICENSE, CHANGELOG, API docs, a site
 * generator) and, from standard depth, what the README holds and an
 * assessment level that lists each criterion met or missed, so the level can
 * be checked by hand.
 */
import { readListedText } from '../scanner/read.js';
import { join } from 'node:path';
import type { FileEntry, ProjectScan } from '../scanner/index.js';
import { folderKind, isOwnCode } from '../scanner/folders.js';

const MAX_README_BYTES = 512 * 1024;

export const ASSESSMENT_LEVELS = ['none', 'minimal', 'basic', 'good', 'comprehensive'] as const;
export type AssessmentLevel = (typeof ASSESSMENT_LEVELS)[number];

export interface Readme {
  path: string;
  lines: number;
  words: number;
  /** Headings, in order (the first 25). */
  sections: string[];
  has: { installation: boolean; usage: boolean; configuration: boolean; api: boolean; contributing: boolean; license: boolean };
  codeBlocks: number;
}

export interface Documentation {
  readme: Readme | { path: string } | null;
  docsFolders: string[];
  /** Markdown/reST/AsciiDoc files under the docs folders. */
  docsFiles: number;
  generators: Array<{ name: string; path: string }>;
  contributing: string | null;
  license: string | null;
  changelog: string | null;
  codeOfConduct: string | null;
  apiDocs: string[];
  assessment?: { level: AssessmentLevel; met: string[]; missing: string[]; points: number; maxPoints: number };
}

const DOC_FILE = /\.(md|mdx|markdown|rst|adoc|txt)$/i;
const rootFile = (files: readonly FileEntry[], pattern: RegExp) => files.find((file) => !file.path.includes('/') && pattern.test(file.path))?.path ?? null;
const nearRoot = (files: readonly FileEntry[], pattern: RegExp) =>
  rootFile(files, pattern) ?? files.find((file) => /^(\.github|docs?)\/[^/]+$/i.test(file.path) && pattern.test(file.path.slice(file.path.indexOf('/') + 1)))?.path ?? null;

const API_DOC_FILES = /(^|\/)(typedoc\.json|jsdoc\.json|\.jsdoc\.json|api-extractor\.json|openapi\.(ya?ml|json)|swagger\.(ya?ml|json)|doc\.go|Doxyfile)$|(^|\/)docs?\/(api|reference)\//i;
const API_DOC_PACKAGES = new Set(['typedoc', 'jsdoc', '@microsoft/api-extractor', 'swagger-jsdoc', '@nestjs/swagger', 'sphinx', 'pdoc', 'pdoc3', 'mkdocstrings', 'drf-spectacular', 'drf-yasg', 'springdoc-openapi-ui', 'yard', 'rdoc']);

export async function documentationOf(root: string, scan: ProjectScan, files: readonly FileEntry[], detailed: boolean): Promise<Documentation> {
  const { documentation: docs } = scan;
  const docsFiles = files.filter((file) => docs.folders.some((folder) => file.path.startsWith(`${folder}/`)) && DOC_FILE.test(file.path)).length;
  const apiDocs = [
    // A fixture's or a sample's openapi.yaml documents their API, not the product's.
    ...files.filter((file) => API_DOC_FILES.test(file.path) && (isOwnCode(file) || folderKind(file) === 'docs')).map((file) => file.path),
    ...scan.manifests.flatMap((m) => m.dependencies.filter((d) => API_DOC_PACKAGES.has(d.name.toLowerCase())).map((d) => `${m.path}: ${d.name}`)),
  ];
  const result: Documentation = {
    readme: docs.readme ? { path: docs.readme } : null,
    docsFolders: docs.folders.slice(0, 10),
    docsFiles,
    generators: docs.generators,
    contributing: nearRoot(files, /^CONTRIBUTING(\.\w+)?$/i),
    license: rootFile(files, /^(LICEN[CS]E|COPYING)([.-][\w.-]+)?$/i),
    changelog: rootFile(files, /^(CHANGELOG|CHANGES|HISTORY|NEWS|RELEASES)(\.\w+)?$/i),
    codeOfConduct: nearRoot(files, /^CODE[_-]OF[_-]CONDUCT(\.\w+)?$/i),
    apiDocs: [...new Set(apiDocs)].slice(0, 5),
  };
  if (!detailed) return result;
  const entry = docs.readme ? files.find((file) => file.path === docs.readme) : undefined;
  const text = entry ? await readBounded(root, entry) : null;
  if (entry && text !== null) result.readme = readmeOf(entry.path, text);
  result.assessment = assess(result);
  return result;
}

export function readmeOf(path: string, text: string): Readme {
  const sections: string[] = [];
  let fenced = false;
  let codeBlocks = 0;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      if (fenced) codeBlocks++;
      continue;
    }
    if (fenced) continue;
    const atx = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (atx) sections.push(atx[1]!);
    else if (/^(=+|-+)\s*$/.test(line) && i > 0 && lines[i - 1]!.trim() && !/^\s*[-*]/.test(lines[i - 1]!)) sections.push(lines[i - 1]!.trim());
  }
  // The first heading is the project's title ("Orders API"), not a section about an API.
  const heading = (pattern: RegExp) => sections.slice(1).some((section) => pattern.test(section));
  return {
    path,
    lines: lines.length,
    words: text.split(/\s+/).filter(Boolean).length,
    sections: sections.slice(0, 25),
    has: {
      installation: heading(/install|getting started|setup|set up|quick ?start/i),
      usage: heading(/usage|example|how to use|quick ?start|tutorial/i),
      configuration: heading(/config|options|settings|environment/i),
      api: heading(/\bapi\b|reference/i),
      contributing: heading(/contribut|development|developing/i),
      license: heading(/licen[cs]e/i),
    },
    codeBlocks,
  };
}

function assess(doc: Documentation): NonNullable<Documentation['assessment']> {
  const readme = doc.readme && 'words' in doc.readme ? doc.readme : null;
  const criteria: Array<[boolean, string, string]> = [
    [doc.readme !== null, `README present (${doc.readme?.path})`, 'no README'],
    [(readme?.words ?? 0) >= 150, `README has ${readme?.words ?? 0} words (150 or more)`, `README is short (${readme?.words ?? 0} words, under 150)`],
    [readme?.has.installation ?? false, 'README has an installation or getting-started section', 'README has no installation or getting-started section'],
    [readme?.has.usage ?? false, 'README has a usage or examples section', 'README has no usage or examples section'],
    [doc.docsFiles >= 3, `${doc.docsFiles} documents in ${doc.docsFolders.join(', ')}`, doc.docsFolders.length ? `only ${doc.docsFiles} document(s) in ${doc.docsFolders.join(', ')} (fewer than 3)` : 'no docs folder'],
    [doc.contributing !== null, `contributing guide (${doc.contributing})`, 'no CONTRIBUTING file'],
    [doc.license !== null, `license (${doc.license})`, 'no LICENSE file'],
    [doc.changelog !== null, `changelog (${doc.changelog})`, 'no CHANGELOG'],
    [doc.apiDocs.length > 0, `API documentation (${doc.apiDocs[0]})`, 'no API documentation tooling or spec found'],
    [doc.generators.length > 0, `documentation site (${doc.generators.map((g) => g.name).join(', ')})`, 'no documentation site generator'],
  ];
  const met = criteria.filter(([ok]) => ok).map(([, yes]) => yes);
  const missing = criteria.filter(([ok]) => !ok).map(([, , no]) => no);
  const points = met.length;
  const level: AssessmentLevel = points === 0 ? 'none' : points <= 2 ? 'minimal' : points <= 5 ? 'basic' : points <= 8 ? 'good' : 'comprehensive';
  return { level, met, missing, points, maxPoints: criteria.length };
}

async function readBounded(root: string, file: FileEntry): Promise<string | null> {
  if (file.size > MAX_README_BYTES) return null;
  const read = await readListedText(root, file.path, MAX_README_BYTES);
  return 'text' in read ? read.text : null;
}
