/**
 * Checks an llms.txt against the convention and the site: an H1 first (one
 * only), an optional blockquote, optional paragraphs, then H2 sections holding
 * only `- [Title](url)` list items with an optional `: note`; and every link is
 * a published page's URL (manage_sitemap's permalinks, a `.md` variant
 * accepted) or an absolute URL outside the site. Findings carry line numbers.
 */
export interface LlmsFinding {
  line: number;
  rule: string;
  severity: 'error' | 'warning';
  message: string;
}

export interface LinkResolver {
  /** Canonical base URL of the site (no trailing slash), null when unknown. */
  base: string | null;
  canonical(url: string): string;
  /** Canonical absolute URLs of the published pages (with base), and their URL paths. */
  urls: ReadonlySet<string>;
  paths: ReadonlySet<string>;
}

const HEADING = /^(#{1,6})\s+(.*)$/;
const ITEM = /^[-*+]\s+\[((?:\\.|[^\]\\])+)\]\(([^)\s]+)\)(?::\s*(.*))?\s*$/;
const COMMENT = /^<!--.*-->$/;
/** Files the convention publishes beside the pages. */
const SITE_FILES = /\/(llms(-full)?\.txt|sitemap\.xml|robots\.txt)$/;

export function validateLlmsTxt(text: string, resolver: LinkResolver): { findings: LlmsFinding[]; sections: number; links: number } {
  const findings: LlmsFinding[] = [];
  const add = (line: number, rule: string, severity: LlmsFinding['severity'], message: string) => findings.push({ line, rule, severity, message });
  const lines = text.split(/\r?\n/);
  let seenH1 = false;
  let section: { title: string; line: number; links: number } | null = null;
  let sections = 0;
  let links = 0;
  let inFence = false;
  const closeSection = () => {
    if (section && section.links === 0) add(section.line, 'empty-section', 'warning', `section "${section.title}" has no links`);
  };
  for (const [index, raw] of lines.entries()) {
    const n = index + 1;
    const line = raw.trim();
    if (/^(```|~~~)/.test(line)) inFence = !inFence;
    if (!line || COMMENT.test(line)) continue;
    const heading = inFence ? null : HEADING.exec(line);
    if (!seenH1) {
      seenH1 = true;
      if (heading?.[1] !== '#') add(n, 'h1-first', 'error', `the file must start with "# <project name>", found "${line.slice(0, 60)}"`);
      if (heading?.[1] === '#') continue;
    }
    if (heading) {
      const level = heading[1]!.length;
      if (level === 1) add(n, 'single-h1', 'error', 'a second H1: the file has one H1 (the project name), sections are H2');
      else if (level > 2) add(n, 'h2-sections', 'error', `H${level} heading "${heading[2]}": llms.txt sections are H2 only, each a list of links`);
      else {
        closeSection();
        section = { title: heading[2]!.trim(), line: n, links: 0 };
        sections++;
      }
      continue;
    }
    if (!section) continue; // the blockquote summary and plain paragraphs before the first section
    const item = ITEM.exec(line);
    if (!item) {
      const what = /^[-*+]\s/.test(line) ? 'a list item that is not "- [Title](url): note"' : 'text that is not a link list item';
      add(n, 'link-list', 'error', `${what} in section "${section.title}": sections hold only "- [Title](url): note" items`);
      continue;
    }
    section.links++;
    links++;
    const problem = checkLink(item[2]!, resolver);
    if (problem) add(n, problem.rule, problem.severity, problem.message);
  }
  closeSection();
  if (!seenH1) add(1, 'h1-first', 'error', 'the file is empty: it must start with "# <project name>"');
  else if (sections === 0) add(lines.length, 'no-sections', 'warning', 'no H2 section of links');
  return { findings: findings.sort((a, b) => a.line - b.line), sections, links };
}

function checkLink(url: string, resolver: LinkResolver): { rule: string; severity: LlmsFinding['severity']; message: string } | null {
  let absolute: URL | null = null;
  try {
    absolute = new URL(url);
  } catch {
    absolute = null;
  }
  if (absolute && !/^https?:$/.test(absolute.protocol)) return null; // mailto:, etc.
  if (absolute) {
    const canonical = resolver.canonical(url);
    if (!resolver.base || !(canonical === resolver.base || canonical.startsWith(`${resolver.base}/`))) return null; // outside the site
    if (isPage(canonical, resolver.urls) || SITE_FILES.test(canonical)) return null;
    return { rule: 'broken-link', severity: 'error', message: `${url} is not a published page of the site (no page has that URL)` };
  }
  if (!url.startsWith('/')) return { rule: 'relative-link', severity: 'warning', message: `${url} is relative: llms.txt links should be absolute URLs` };
  const path = decodePath(url.replace(/[?#].*$/, ''));
  if (isPage(path, resolver.paths) || SITE_FILES.test(path)) return { rule: 'relative-link', severity: 'warning', message: `${url} is a path: llms.txt links should be absolute URLs` };
  return { rule: 'broken-link', severity: 'error', message: `${url} is not a published page of the site (no page has that URL)` };
}

/** The URL itself (a folder URL with or without its slash), or its Markdown variant (/page/index.html.md, /page.md) the convention suggests. */
function isPage(url: string, known: ReadonlySet<string>): boolean {
  const plain = url.replace(/#.*$/, '');
  // A folder URL written without its trailing slash is redirected to it by the usual hosts.
  if (known.has(plain) || (!plain.endsWith('/') && known.has(`${plain}/`))) return true;
  if (!plain.endsWith('.md')) return false;
  const stem = plain.slice(0, -3);
  return known.has(stem) || known.has(stem.replace(/index\.html$/, '')) || known.has(`${stem}/`);
}

function decodePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
