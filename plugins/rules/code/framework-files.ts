/**
 * Files whose name or place a framework or tool imposes, so no project
 * convention can judge them: route files named by URL (Next.js `pages/`,
 * `[id].tsx`, `[...slug].tsx`, app-router `page.tsx`/`layout.tsx`, SvelteKit
 * `+page.svelte`), names the language reserves (`index`, `__init__`, `_app`),
 * and dotfiles and tool configs (`.eslintrc.js`, `jest.config.js`), which live
 * where the tool looks for them. Also the project's own logger, the one place
 * that may write to the console.
 */
import { stemOf } from './naming.js';

/** App-router and other frameworks' reserved file names (Next.js, Remix, SvelteKit, Nuxt). */
const RESERVED = new Set([
  'page', 'layout', 'loading', 'error', 'not-found', 'template', 'default', 'route', 'head', 'global-error', 'middleware', 'instrumentation',
  'opengraph-image', 'twitter-image', 'sitemap', 'robots', 'manifest', 'icon', 'apple-icon', 'favicon', 'root', 'entry',
]);

/** Folders whose files are named by the URL they serve: Next.js pages/ (any script), Remix/SvelteKit routes/ (components only: an Express routes/ folder holds modules). */
const PAGES = /(^|\/)pages\/.*\.([cm]?[jt]sx?|vue|svelte|astro|mdx)$/;
const ROUTES = /(^|\/)routes\/.*\.(jsx|tsx|vue|svelte|astro|mdx)$/;
/** A dynamic segment or route group in a path: [id], [...slug], [[...slug]], (marketing), @modal, +page. */
const ROUTE_SEGMENT = /(^|\/)(\[[^/]*\]|\([^/]*\)|@[^/]+|\+[^/]+)(\/|\.|$)/;

/** True when a framework or the language imposes the file's name: naming conventions do not apply to it. */
export function namedByFramework(path: string): boolean {
  const stem = stemOf(path);
  if (stem.startsWith('_') || stem.startsWith('.') || stem === 'index') return true;
  if (ROUTE_SEGMENT.test(path)) return true;
  if (RESERVED.has(stem) && /\.[cm]?[jt]sx?$|\.(vue|svelte|astro)$/.test(path)) return true;
  return PAGES.test(path) || ROUTES.test(path);
}

/** Dotfiles, files in dot folders and tool configs: placed where the tool reads them, never "source outside" a folder. */
export const TOOL_FILE_GLOBS = ['.*', '**/.*', '**/.*/**', '*.config.*', '**/*.config.*', '**/*rc.{js,cjs,mjs,ts,cts,mts}', '**/conftest.py', '**/setup.py', '**/Gemfile', '**/Rakefile', '**/*.gemspec'];

const TOOL_FILE = /(^|\/)\.[^/]+(\/|$)|(^|\/)[^/]+\.config\.[^/]+$|(^|\/)[^/]*rc\.[cm]?[jt]s$|(^|\/)(conftest|setup)\.py$|\.gemspec$/;

export const isToolFile = (path: string) => TOOL_FILE.test(path);

/** Files frameworks require a default export from: route files, stories, tool configs, type declarations. */
export const DEFAULT_EXPORT_EXEMPT = [
  '**/pages/**', '**/routes/**', '**/app/**/{page,layout,loading,error,not-found,template,default,route,head,global-error}.*',
  '**/*.stories.*', '**/*.story.*', '**/.storybook/**', '**/*.config.*', '**/*.d.ts',
];

/** The project's own logger: a file named logger/logging/log, or defining a Logger class. */
export function definesLogger(path: string, text: string): boolean {
  return /^(logger|logging|log)$/i.test(stemOf(path)) || /\bclass\s+\w*Logger\b/.test(text);
}

/** A path as a glob that matches it alone (glob metacharacters escaped). */
export const literalGlob = (path: string) => path.replace(/[\\*?[\]{}()!]/g, '\\$&');
