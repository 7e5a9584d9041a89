/**
 * Priority and change frequency by Diataxis category: the one table the sitemap
 * uses. A page's category comes from its front matter (`category` or `diataxis`)
 * or from a folder of its path named after a category; the site's home page is
 * its own category.
 */

export const CHANGE_FREQUENCIES = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'] as const;
export type ChangeFrequency = (typeof CHANGE_FREQUENCIES)[number];

export const CATEGORIES = ['home', 'tutorials', 'how-to', 'reference', 'explanation', 'other'] as const;
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_DEFAULTS: Record<Category, { priority: number; changefreq: ChangeFrequency }> = {
  home: { priority: 1.0, changefreq: 'weekly' },
  tutorials: { priority: 0.8, changefreq: 'weekly' },
  'how-to': { priority: 0.7, changefreq: 'weekly' },
  reference: { priority: 0.6, changefreq: 'monthly' },
  explanation: { priority: 0.5, changefreq: 'monthly' },
  other: { priority: 0.5, changefreq: 'monthly' },
};

/** Folder names and front matter values read as each category (lower-cased). */
const NAMES: Array<[Category, readonly string[]]> = [
  ['tutorials', ['tutorials', 'tutorial', 'getting-started', 'learn']],
  ['how-to', ['how-to', 'howto', 'how-tos', 'how-to-guides', 'guides', 'guide', 'recipes']],
  ['reference', ['reference', 'references', 'api', 'api-reference']],
  ['explanation', ['explanation', 'explanations', 'concepts', 'background', 'discussions']],
];

const categoryOfName = (name: string): Category | null => {
  const key = name.trim().toLowerCase().replace(/[\s_]+/g, '-');
  return NAMES.find(([, names]) => names.includes(key))?.[0] ?? null;
};

/**
 * `urlPath` is the page's URL path ("/" is home); `folders` the folders of its
 * source path (or of its URL when no page is known); `frontMatter` when read.
 */
export function categorize(urlPath: string, folders: readonly string[], frontMatter?: Record<string, unknown> | null): Category {
  if (urlPath === '/' || urlPath === '') return 'home';
  for (const key of ['diataxis', 'category']) {
    const value = frontMatter?.[key];
    if (typeof value === 'string') {
      const category = categoryOfName(value);
      if (category) return category;
    }
  }
  for (const folder of folders) {
    const category = categoryOfName(folder);
    if (category) return category;
  }
  return 'other';
}

/** "0.8", "1.0": one decimal as sitemaps show it. */
export const formatPriority = (priority: number): string => priority.toFixed(1);
