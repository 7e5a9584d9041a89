/** Pieces every built-in adapter shares: section labels, front matter, page ordering. */
import type { DiataxisSection, SitePage } from '../../../../sdk/index.js';
import { DIATAXIS_SECTIONS, writeFrontMatter } from '../../../../sdk/index.js';

/** How a section is named in navigation menus. */
export const SECTION_LABELS: Record<DiataxisSection, string> = {
  tutorials: 'Tutorials',
  'how-to': 'How-to guides',
  reference: 'Reference',
  explanation: 'Explanation',
};

/** YAML front matter block (`---` fenced) for the given fields, undefined ones left out. */
export function frontMatter(fields: Record<string, unknown>): string {
  return writeFrontMatter(fields, '\n');
}

/** Pages grouped by section in Diataxis order, each section's pages by order (index first), then slug. */
export function pagesBySection(pages: readonly SitePage[]): Array<{ section: DiataxisSection; label: string; pages: SitePage[] }> {
  return DIATAXIS_SECTIONS.map((section) => ({
    section,
    label: SECTION_LABELS[section],
    pages: pages
      .filter((p) => p.section === section)
      .sort((a, b) => rank(a) - rank(b) || a.order - b.order || a.slug.localeCompare(b.slug)),
  })).filter((group) => group.pages.length > 0);
}

const rank = (page: SitePage) => (page.slug === 'index' ? 0 : 1);

/** The body with a leading H1 of the title unless it already starts with one (for generators whose theme does not print the title). */
export function withHeading(page: SitePage): string {
  const body = page.body.replace(/^\s+/, '');
  return /^#\s/.test(body) ? body : `# ${page.title}\n\n${body}`;
}

export const ensureNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

/** JSON-in-JS string literal: safe for any title. */
export const jsString = (text: string) => JSON.stringify(text);
