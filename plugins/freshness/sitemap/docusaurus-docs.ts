/**
 * Where a Docusaurus site's docs plugin reads its pages and under which route it serves them:
 * the `docs` options of the classic preset or the options of `@docusaurus/plugin-content-docs`
 * (`path`, default "docs"; `routeBasePath`, default "docs"). The config is code: the options are
 * read when written as plain string literals, the defaults stand otherwise. Linear scans only (the
 * config comes from the repository).
 */

export interface DocusaurusDocs {
  /** Folder relative to the site root, "" for the site root itself. */
  dir: string;
  /** URL prefix of the docs, "" when served at the site root. */
  prefix: string;
}

const DEFAULT: DocusaurusDocs = { dir: 'docs', prefix: '/docs' };
/** Enough of a config for the docs options; a longer object is not followed further. */
const MAX_BLOCK = 20_000;

export function docusaurusDocs(config: string): DocusaurusDocs {
  const block = docsOptions(config);
  if (block === null) return DEFAULT;
  const path = stringOption(block, 'path');
  const route = stringOption(block, 'routeBasePath');
  return {
    dir: path === undefined ? DEFAULT.dir : cleanDir(path),
    prefix: route === undefined ? DEFAULT.prefix : cleanRoute(route),
  };
}

/**
 * The text of the docs options object: the docs plugin's options first, then each `docs: {` in
 * turn (themeConfig has one too, without these options): the first naming path or routeBasePath.
 */
function docsOptions(config: string): string | null {
  const starts: number[] = [];
  const plugin = /['"`]@docusaurus\/plugin-content-docs['"`]\s*,\s*\{/.exec(config);
  if (plugin) starts.push(plugin.index + plugin[0].length - 1);
  for (const match of config.matchAll(/\bdocs\s*:\s*\{/g)) starts.push(match.index + match[0].length - 1);
  for (const start of starts) {
    const block = topLevel(config, start);
    if (stringOption(block, 'path') !== undefined || stringOption(block, 'routeBasePath') !== undefined) return block;
  }
  return null;
}

/** The object opening at `start`, its nested objects, arrays and strings blanked so only its own keys remain. */
function topLevel(text: string, start: number): string {
  let depth = 0;
  let out = '';
  let quote: string | null = null;
  const end = Math.min(text.length, start + MAX_BLOCK);
  for (let i = start; i < end; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      if (depth === 1) out += c === '\\' ? '' : c;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    if (c === '{' || c === '[' || c === '(') depth++;
    if (depth === 1) out += c;
    if (c === '}' || c === ']' || c === ')') {
      depth--;
      if (depth === 0) break;
    }
  }
  return out;
}

function stringOption(block: string, key: string): string | undefined {
  return new RegExp(`(?:^|[,{\\s])${key}\\s*:\\s*(['"\`])([^'"\`]*)\\1`).exec(block)?.[2];
}

/** "./docs/" → "docs"; "." and "./" → "". */
const cleanDir = (dir: string) => dir.replace(/\\/g, '/').replace(/^(?:\.\/)+/, '').replace(/^\.$/, '').replace(/\/+$/, '');
/** "/" → ""; "docs" and "/docs/" → "/docs". */
const cleanRoute = (route: string) => {
  const trimmed = route.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}` : '';
};
