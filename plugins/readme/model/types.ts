/** The README model every readme tool reads: one parse, the same parts for everyone. */
import type { MarkdownDocument } from '../../../sdk/index.js';
import type { ReadingLevel } from './reading-level.js';
import type { SectionKind } from './section-kinds.js';

export interface ReadmeSection {
  title: string;
  depth: number;
  /** 1-based line of the heading, and the last line of the section with its subsections. */
  line: number;
  endLine: number;
  /** Last line before the next heading of any level. */
  ownEndLine: number;
  /** What the heading is about (empty when none of the known kinds). */
  kinds: SectionKind[];
  /** The GitHub anchor of the heading. */
  anchor: string;
  /** Index of the enclosing section (a shallower heading before it), null at the top. */
  parent: number | null;
}

export interface ReadmeBadge {
  /** The service named from the image (or link) address; null when unknown. */
  service: string | null;
  alt: string;
  image: string;
  link: string | null;
  line: number;
}

export interface ReadmeCodeBlock {
  /** The fence's language, lower-case; null for an indented block or a bare fence. */
  language: string | null;
  line: number;
  endLine: number;
  /** Index of the innermost section holding it; null before the first heading. */
  section: number | null;
  /** The code itself. */
  value: string;
}

export interface ReadmeLink {
  url: string;
  text: string;
  line: number;
  /** external: http(s) or //; anchor: "#..." in this file; file: a relative or root-relative path (maybe with #...); other: mailto:, templates. */
  kind: 'external' | 'anchor' | 'file' | 'other';
}

export interface ReadmeImage {
  url: string;
  alt: string;
  line: number;
  /** The link around it, when it is one (badges, clickable screenshots). */
  link: string | null;
}

export interface ReadmeTable {
  line: number;
  endLine: number;
  rows: number;
  columns: number;
  section: number | null;
}

export interface ReadmeModel {
  doc: MarkdownDocument;
  /**
   * The first heading when it is a level-1 heading (or the first heading of all), with its line;
   * for a README opening with an HTML header, its `<h1>` or logo alt text (`html` true).
   */
  title: { text: string; line: number; html?: boolean } | null;
  /** The first prose paragraph before the first section after the title (badges and images skipped). */
  description: { text: string; line: number; endLine: number } | null;
  /** Every top-level heading, in order. */
  sections: ReadmeSection[];
  badges: ReadmeBadge[];
  codeBlocks: ReadmeCodeBlock[];
  /** Links (images left out), in document order. */
  links: ReadmeLink[];
  images: ReadmeImage[];
  tables: ReadmeTable[];
  /** A table-of-contents marker ([[_TOC_]], <!-- toc -->, [TOC]) or a list of in-page links, with its line; null when none. */
  toc: { line: number; via: 'marker' | 'list' } | null;
  /** HTML anchors (`<a name="x">`, `id="x"`) a "#x" link may point at besides headings. */
  htmlAnchors: string[];
  length: { lines: number; words: number; nonBlankLines: number };
  /** Of the prose only; null when there is none. */
  readingLevel: ReadingLevel | null;
}
