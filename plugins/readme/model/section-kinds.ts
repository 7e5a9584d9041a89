/**
 * What a heading is about, recognised by meaning: English headings and their common
 * synonyms, any case, any depth, emoji and punctuation ignored ("🚀 Quick start!",
 * "## Installing", "### Licence"). A heading may have several kinds: "Getting started"
 * is both where to install and where to start.
 */
export type SectionKind =
  | 'install' | 'quick_start' | 'usage' | 'configuration' | 'contributing' | 'license' | 'toc'
  | 'tldr' | 'api' | 'development' | 'security' | 'support';

const KIND_PATTERNS: ReadonlyArray<readonly [SectionKind, RegExp]> = [
  ['install', /\b(install|installation|installing|setup|set up|getting started|get started|requirements and installation)\b/],
  ['quick_start', /\b(quick ?start|getting started|get started|tl ?dr|in a nutshell|first steps)\b/],
  ['usage', /\b(usage|examples?|how to use|using|use it)\b/],
  ['configuration', /\b(configuration|configuring|config|options|settings|environment variables|customi[sz]ation)\b/],
  ['contributing', /\b(contributing|contribute|contributors?|development|developing|hacking)\b/],
  ['license', /\b(license|licence|licensing|copyright)\b/],
  ['toc', /\b(table of contents|contents|toc)\b/],
  ['tldr', /\b(tl ?dr|in a nutshell|at a glance)\b/],
  ['api', /\b(api|reference|endpoints?|commands|methods|functions)\b/],
  ['development', /\b(develop\w*|build(ing)? from source|hacking|testing|running tests)\b/],
  ['security', /\b(security|vulnerabilit\w*)\b/],
  ['support', /\b(support|getting help|contact|troubleshoot\w*)\b/],
];

/** Heading text reduced to lower-case words (emoji, punctuation and numbering dropped). */
export function normaliseHeading(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .replace(/^\s*\d+\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function sectionKinds(headingText: string): SectionKind[] {
  const words = normaliseHeading(headingText);
  return KIND_PATTERNS.filter(([, pattern]) => pattern.test(words)).map(([kind]) => kind);
}
