/**
 * READMEs that open with HTML (a centred logo, `<h1 align="center">`, a tagline in `<p><em>`,
 * badges as `<img>` inside `<a>`) say in HTML what others say in Markdown: the title, the one-line
 * description and the badges. Markdown parsers keep such blocks as raw HTML, so this reads them:
 * tags by pattern (a README header is a few small elements, never a full document).
 */
import { badgeService, looksLikeBadge } from './badges.js';

export interface HtmlImage {
  url: string;
  alt: string;
  /** The `<a href>` around it, when any. */
  link: string | null;
  line: number;
}

const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(1).find((v) => v !== undefined) ?? null;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name]!);

/** The text of an HTML fragment: tags dropped, entities decoded, spaces collapsed. */
export const htmlText = (html: string) => decode(html.replace(/<!--[\s\S]*?-->/g, ' ').replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();

const lineAt = (value: string, index: number, firstLine: number) => firstLine + (value.slice(0, index).match(/\n/g)?.length ?? 0);

/** Every `<img>` of an HTML block with the link around it, in order. */
export function htmlImages(value: string, firstLine: number): HtmlImage[] {
  const images: HtmlImage[] = [];
  const links: Array<string | null> = [];
  for (const match of value.matchAll(/<(\/?)(a|img)\b[^>]*>/gi)) {
    const [tag, closing, name] = match as unknown as [string, string, string];
    if (name.toLowerCase() === 'a') {
      if (closing) links.pop();
      else links.push(attr(tag, 'href'));
      continue;
    }
    const url = attr(tag, 'src');
    if (url) images.push({ url, alt: decode(attr(tag, 'alt') ?? ''), link: links[links.length - 1] ?? null, line: lineAt(value, match.index, firstLine) });
  }
  return images;
}

/** A status badge among HTML images: a badge service's image, or one whose address or link names a known service. */
export const isHtmlBadge = (image: HtmlImage) => looksLikeBadge(image.url) || badgeService(image.url, image.link) !== null;

/** The text of the first `<h1>` (its image's alt text when it holds only a logo), with its line. */
export function htmlHeading(value: string, firstLine: number): { text: string; line: number } | null {
  const match = /<h1\b[^>]*>([\s\S]*?)<\/h1\s*>/i.exec(value);
  if (!match) return null;
  const text = htmlText(match[1]!) || htmlImages(match[1]!, 0).map((image) => image.alt.trim()).find(Boolean) || '';
  return text ? { text, line: lineAt(value, match.index, firstLine) } : null;
}

/** Block elements whose text can be a description (a tagline is usually a `<p>` holding an `<em>`). */
const PROSE_BLOCK = /<(p|div|h[2-6]|blockquote)\b[^>]*>([\s\S]*?)<\/\1\s*>/gi;

/** The first prose of an HTML block outside its `<h1>`, with its line: a sentence, not a row of badges or a lone name. */
export function htmlProse(value: string, firstLine: number, skip: ReadonlySet<string>): { text: string; line: number } | null {
  const withoutTitle = value.replace(/<h1\b[^>]*>[\s\S]*?<\/h1\s*>/gi, (h1) => h1.replace(/[^\n]/g, ' '));
  for (const match of withoutTitle.matchAll(PROSE_BLOCK)) {
    const text = htmlText(match[2]!);
    if (/\p{L}{2,}/u.test(text) && !skip.has(text.toLowerCase()) && text.split(/\s+/).length >= 3) return { text, line: lineAt(value, match.index, firstLine) };
  }
  return null;
}
