/**
 * Heading anchors the way the site that renders a page computes them. GitHub is the
 * default (README and docs browsed on github.com); generators differ only where noted.
 */

/** Generators whose anchors this module knows; anything else reads as GitHub. */
export type SlugStyle = 'github' | 'hugo' | 'jekyll' | 'docusaurus' | 'mkdocs';

/**
 * GitHub's anchor for one heading text (before duplicate numbering): lower-case, every
 * character that is not a letter, mark, number, `_`, `-` or space dropped, each space a `-`.
 * Unicode letters stay ("Über uns" → "über-uns"); runs of spaces are not collapsed
 * ("C++ & Rust" → "c--rust").
 */
export function githubSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/**
 * MkDocs (Python-Markdown's toc extension, default slugify): accents folded and other
 * non-ASCII dropped, punctuation dropped, runs of spaces and hyphens one `-`, ends trimmed.
 */
export function mkdocsSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\x00-\x7f]/g, '')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[-\s]+/g, '-');
}

/**
 * `{#custom-id}` at the end of a heading sets its anchor in Docusaurus, Hugo (Goldmark
 * attributes) and Jekyll (kramdown). GitHub shows it as text; MkDocs only with attr_list.
 */
const EXPLICIT_ID = /\s*\{#([^\s{}]+)\}\s*$/;
const EXPLICIT_ID_STYLES: ReadonlySet<SlugStyle> = new Set(['docusaurus', 'hugo', 'jekyll']);

/** Hands out a page's anchors in order, numbering repeats as the style does. */
export class Slugger {
  private readonly seen = new Map<string, number>();
  private readonly used = new Set<string>();

  constructor(readonly style: SlugStyle = 'github') {}

  /** The anchor of the next heading with this (plain) text. */
  slug(text: string): string {
    if (EXPLICIT_ID_STYLES.has(this.style)) {
      const explicit = EXPLICIT_ID.exec(text);
      if (explicit) {
        this.used.add(explicit[1]!);
        return explicit[1]!;
      }
    }
    const base = this.style === 'mkdocs' ? mkdocsSlug(text) : githubSlug(text);
    return this.style === 'mkdocs' ? this.uniqueMkdocs(base) : this.uniqueGithub(base);
  }

  /** GitHub (and the generators that copy it): the second "Usage" is usage-1, the third usage-2. */
  private uniqueGithub(base: string): string {
    let slug = base;
    let count = this.seen.get(base) ?? 0;
    if (this.used.has(slug)) {
      do slug = `${base}-${++count}`;
      while (this.used.has(slug));
    }
    this.seen.set(base, count);
    this.used.add(slug);
    return slug;
  }

  /** Python-Markdown: a repeat gets `_1`, `_2`; an empty slug becomes `_1`. */
  private uniqueMkdocs(base: string): string {
    let slug = base;
    while (this.used.has(slug) || slug === '') {
      const numbered = /^(.*)_(\d+)$/.exec(slug);
      slug = numbered ? `${numbered[1]}_${Number(numbered[2]) + 1}` : `${slug}_1`;
    }
    this.used.add(slug);
    return slug;
  }
}

/** Anchors for a page's heading texts in document order, repeats numbered as `style` does. */
export function slugsOf(texts: readonly string[], style: SlugStyle = 'github'): string[] {
  const slugger = new Slugger(style);
  return texts.map((text) => slugger.slug(text));
}

/** The slug style of a generator id from the ssg pack (unknown ids and none read as GitHub). */
export function slugStyleOf(ssg: string | null | undefined): SlugStyle {
  return ssg === 'hugo' || ssg === 'jekyll' || ssg === 'docusaurus' || ssg === 'mkdocs' ? ssg : 'github';
}

/** Levenshtein distance, for "did you mean" on near-miss anchors and paths. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The candidate nearest to `wanted` when it is close enough to be a typo (at most 2 edits, or a quarter of its length). */
export function nearest(wanted: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(2, Math.floor(wanted.length / 4));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (Math.abs(candidate.length - wanted.length) > limit) continue;
    const distance = editDistance(wanted.toLowerCase(), candidate.toLowerCase());
    if (distance <= limit && distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}
