/**
 * Completeness of pages and of the documentation set: TODO markers left in prose, empty
 * sections, empty pages, a content folder without an index page, and Diataxis sections a
 * set leaves out once it uses some.
 */
import { DIATAXIS_SECTIONS, type MarkdownDocument } from '../../../sdk/index.js';
import type { PageCategory } from './diataxis.js';
import type { Finding } from './findings.js';

const TODO = /\b(?:TODO|FIXME|TBD|XXX)\b/;

export function pageCompleteness(file: string, doc: MarkdownDocument): Finding[] {
  const out: Finding[] = [];
  const lines = doc.source.split('\n');
  lines.forEach((text, i) => {
    const line = i + 1;
    if (line < doc.bodyLine || doc.codeLines.has(line)) return;
    const prose = text.replace(/`[^`]*`/g, ''); // a TODO inside a code span is an example, not a note
    const marker = TODO.exec(prose);
    if (marker) out.push({ type: 'completeness', kind: 'todo', file, line, message: `${marker[0]} left in the page: ${text.trim().slice(0, 120)}`, confidence: 0.95, suggestion: 'Write the missing content or remove the note.' });
  });
  const h1 = doc.headings.filter((h) => h.depth === 1);
  for (const section of doc.sections) {
    // A lone page title with nothing under it is an empty page, reported once below.
    if (section.full.length === 0 && !(section.heading.depth === 1 && h1.length === 1)) {
      out.push({ type: 'completeness', kind: 'empty-section', file, line: section.heading.line, message: `section "${section.heading.text}" is empty`, confidence: 0.9, suggestion: 'Fill the section or remove its heading.' });
    }
  }
  const body = doc.tree.children.filter((n) => n.type !== 'yaml' && n.type !== 'heading' && n.type !== 'html' && n.type !== 'definition');
  if (body.length === 0) out.push({ type: 'completeness', kind: 'empty-page', file, line: null, message: 'page has no content besides headings', confidence: 0.9, suggestion: 'Write the page or remove it from the set.' });
  return out;
}

const INDEX = /(?:^|\/)(?:index|readme|_index)\.(?:md|mdx|markdown)$/i;

/**
 * `folder` is the validated content folder (project-relative), `pages` its pages with their
 * category. A missing index at the top is likely a problem; in a section folder less so.
 */
export function setCompleteness(folder: string, pages: ReadonlyArray<{ path: string; category: PageCategory; source: string }>): Finding[] {
  const out: Finding[] = [];
  if (pages.length === 0) return out;
  const prefix = folder ? `${folder}/` : '';
  const hasIndex = (dir: string) => pages.some((p) => INDEX.test(p.path) && p.path.slice(0, p.path.lastIndexOf('/') + 1) === dir);
  if (!hasIndex(prefix)) out.push({ type: 'completeness', kind: 'missing-index', file: folder || '.', line: null, message: `${folder || 'the content folder'} has no index page (index.md or README.md)`, confidence: 0.8, suggestion: 'Add an index page linking each section.' });
  const sectionDirs = new Set(pages.filter((p) => p.source === 'folder').map((p) => p.path.slice(0, p.path.lastIndexOf('/') + 1)));
  for (const dir of sectionDirs) {
    if (dir !== prefix && !hasIndex(dir)) out.push({ type: 'completeness', kind: 'missing-section-index', file: dir.slice(0, -1), line: null, message: `${dir.slice(0, -1)} has no index page`, confidence: 0.55, suggestion: 'Add an index page introducing the section.' });
  }
  const present = new Set(pages.map((p) => p.category));
  const used = DIATAXIS_SECTIONS.filter((s) => present.has(s));
  if (used.length >= 2) {
    for (const section of DIATAXIS_SECTIONS) {
      if (!present.has(section)) out.push({ type: 'completeness', kind: 'missing-section', file: folder || '.', line: null, message: `no ${section} pages: the set covers ${used.join(', ')}`, confidence: 0.7, suggestion: `Add ${section} content (e.g. ${prefix}${section}/).` });
    }
  }
  return out;
}
