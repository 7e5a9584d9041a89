/**
 * A page's link outline read straight from micromark's events, without building the mdast tree:
 * building the tree (mdast-util-from-markdown) and walking it cost as much as tokenizing on
 * link-heavy pages. The walk reproduces what from-markdown would make of the events (which
 * text nodes exist and where they start, what a link's text, an image's alt, a heading's text,
 * a code block's value are) and outlineOf (markdown-links.ts) would then read of that tree, in the
 * same document order. Where it would have to reproduce more (footnotes, task items, GFM's
 * second autolink pass over text, links inside image labels, very deep nesting, any token it
 * does not know), it answers null and the page is read through the tree as before.
 */
import { decodeString } from 'micromark-util-decode-string';
import { normalizeIdentifier } from 'micromark-util-normalize-identifier';
import type { Event, Token, TokenizeContext } from 'micromark-util-types';
import { MAX_TREE_DEPTH } from './markdown-depth.js';
import { htmlParts, MAX_HTML_SCAN, undefinedReferences, type CodeBlock, type CodeSnippet, type LinkOutline, type PageHeading, type PageLink } from './markdown-links.js';
import { Slugger, type SlugStyle } from './slug.js';

type Outline = Omit<LinkOutline, 'frontMatter' | 'notes'> & { yaml: string | null };

/** Tokens that make an mdast node (or a buffer fragment): they end the text node being read. Value: line endings inside become text. */
const NODES: Record<string, boolean> = {
  paragraph: true, atxHeading: true, setextHeading: true, emphasis: true, strong: true, strikethrough: true,
  label: true, codeText: true, htmlText: true, htmlFlow: true, codeFenced: true, codeIndented: true, yaml: true,
  link: false, image: false, autolink: false, literalAutolink: false, definition: false, resource: false, reference: false,
  listOrdered: false, listUnordered: false, blockQuote: false, table: false, tableRow: false, tableHeader: false, tableData: false,
  hardBreakEscape: false, hardBreakTrailing: false, thematicBreak: false,
};
/** Nodes whose data is not text of the page (urls, labels, code, HTML, front matter). */
const NOT_TEXT = new Set(['resource', 'reference', 'definition', 'codeFenced', 'codeIndented', 'htmlFlow', 'htmlText', 'yaml', 'codeText']);
/** Tokens inside nodes that from-markdown reads through their parts or ignores. */
const PARTS = new Set([
  'content', 'linePrefix', 'lineSuffix', 'whitespace', 'lineEndingBlank', 'blockQuotePrefix', 'blockQuoteMarker', 'blockQuotePrefixWhitespace',
  'listItemPrefix', 'listItemMarker', 'listItemPrefixWhitespace', 'listItemValue', 'listItemIndent', 'atxHeadingSequence', 'atxHeadingText',
  'setextHeadingText', 'setextHeadingLine', 'setextHeadingLineSequence', 'labelMarker', 'labelImageMarker', 'labelText', 'resourceMarker',
  'resourceDestination', 'resourceDestinationRaw', 'resourceDestinationLiteral', 'resourceDestinationLiteralMarker', 'resourceDestinationString',
  'resourceTitle', 'resourceTitleMarker', 'resourceTitleString', 'referenceMarker', 'referenceString', 'definitionLabel', 'definitionLabelMarker',
  'definitionLabelString', 'definitionMarker', 'definitionDestination', 'definitionDestinationRaw', 'definitionDestinationLiteral',
  'definitionDestinationLiteralMarker', 'definitionDestinationString', 'definitionTitle', 'definitionTitleMarker', 'definitionTitleString',
  'codeFencedFence', 'codeFencedFenceSequence', 'codeFencedFenceInfo', 'codeFencedFenceMeta', 'codeFlowValue', 'codeTextSequence',
  'codeTextPadding', 'codeTextData', 'emphasisSequence', 'emphasisText', 'strongSequence', 'strongText', 'strikethroughSequence',
  'strikethroughText', 'htmlFlowData', 'htmlTextData', 'escapeMarker', 'characterEscape', 'characterEscapeValue', 'characterReference',
  'characterReferenceMarker', 'characterReferenceMarkerNumeric', 'characterReferenceMarkerHexadecimal', 'characterReferenceMarkerSemi',
  'characterReferenceValue', 'thematicBreakSequence', 'autolinkMarker', 'autolinkProtocol', 'autolinkEmail', 'literalAutolinkHttp',
  'literalAutolinkWww', 'literalAutolinkEmail', 'tableCellDivider', 'tableContent', 'tableDelimiterRow', 'tableDelimiter',
  'tableDelimiterFiller', 'tableDelimiterMarker', 'tableHead', 'tableBody', 'yamlFence', 'yamlFenceSequence', 'yamlValue', 'data', 'lineEnding',
]);
/** GFM's autolink transform (mdast-util-gfm-autolink-literal) looks for these in text nodes outside links. */
const TRANSFORM_CANDIDATE = /https?:\/\/|www\.|xmpp:|mailto:/i;
/** An e-mail address as that transform reads one: not inside a word, a dotted domain. */
const EMAIL = /(?<![\w+\-.])[\w+\-.]+@([\w-]+(?:\.[\w-]+)+)/g;

/** Whether GFM's autolink transform could turn part of `text` into a link (conservative, except for e-mail). */
function autolinkable(text: string): boolean {
  if (TRANSFORM_CANDIDATE.test(text)) return true;
  if (!text.includes('@')) return false;
  EMAIL.lastIndex = 0;
  for (let match = EMAIL.exec(text); match; match = EMAIL.exec(text)) {
    // A domain ending in a digit, `-` or `_` is not taken (`npm@5.2.0`); the transform then tries the next position.
    if (!/[\d\-_]$/.test(match[1]!)) return true;
    EMAIL.lastIndex = match.index + 1;
  }
  return false;
}

interface Collector {
  image: boolean;
  text: string;
}
interface Run {
  value: string;
  line: number;
  column: number;
  /** A text node of the tree (not one read into an image's alt). */
  kept: boolean;
  inLink: boolean;
}

/** The outline of `source` from its events; null when the page needs the tree to be read exactly. */
export function outlineFromEvents(events: Event[], source: string, style: SlugStyle): Outline | null {
  const ops: Array<() => void> = [];
  const definitions = new Map<string, { url: string; line: number }>();
  const headings: PageHeading[] = [];
  const anchors = new Set<string>();
  const links: PageLink[] = [];
  const codeBlocks: CodeBlock[] = [];
  const snippets: CodeSnippet[] = [];
  const slugger = new Slugger(style);
  const runs: Run[] = [];

  const context: Array<{ type: string; eol: boolean }> = [];
  const collectors: Collector[] = [];
  let notText = 0;
  let inImage = 0;
  let inLink = 0;
  let run: Run | null = null;
  let slurp = false;
  let atHardBreak = false;
  let yaml: string | null = null;
  let first = true;
  // The node being read and its parts.
  const linkStack: Array<{ entry: PageLink & { identifier?: string }; reference: 'none' | 'shortcut' | 'collapsed' | 'full'; collector: Collector; image: boolean; labelIdentifier: string; labelText: string; refIdentifier?: string; refLabel?: string; inReference: boolean }> = [];
  let heading: { depth: number; line: number; collector: Collector } | null = null;
  let code: { value: string; line: number; start: number; end: number; lang: string | null; fenceDone: boolean; fenced: boolean } | null = null;
  let html: { value: string; line: number; column: number } | null = null;
  let definition: { identifier: string; url: string; line: number } | null = null;
  let yamlValue: string | null = null;

  const piece = (text: string, token: Token) => {
    if (!run) {
      run = { value: '', line: token.start.line, column: token.start.column, kept: inImage === 0, inLink: inLink > 0 };
      if (run.kept) {
        const r = run;
        runs.push(r);
        ops.push(() => undefinedReferences(r.value, r.line, r.column, definitions, links));
      }
    }
    run.value += text;
    const top = collectors[collectors.length - 1];
    if (top) top.text += text;
  };

  for (let i = 0; i < events.length; i++) {
    const [kind, token, tokenizer] = events[i]! as [string, Token, TokenizeContext];
    const type: string = token.type;
    const enter = kind === 'enter';
    const slice = () => tokenizer.sliceSerialize(token);
    if (type in NODES) {
      run = null;
      if (enter) {
        if (first && type === 'yaml') yamlValue = '';
        context.push({ type, eol: NODES[type]! });
        if (context.length > MAX_TREE_DEPTH - 4) return null;
        if (NOT_TEXT.has(type)) notText++;
      } else {
        context.pop();
        if (NOT_TEXT.has(type)) notText--;
      }
      first = false;
      switch (type) {
        case 'atxHeading':
        case 'setextHeading':
          if (enter) {
            const h = (heading = { depth: 0, line: token.start.line, collector: { image: false, text: '' } });
            collectors.push(h.collector);
            ops.push(() => {
              const text = h.collector.text.replace(/\s+/g, ' ').trim();
              const slug = slugger.slug(text);
              headings.push({ depth: h.depth, text, slug, line: h.line });
              anchors.add(slug);
            });
          } else {
            collectors.pop();
            heading = null;
            slurp = false;
          }
          break;
        case 'link':
        case 'image':
        case 'autolink':
        case 'literalAutolink':
          if (enter) {
            if (inImage > 0) return null; // dropped with the image's label in the tree: not worth reproducing
            const image = type === 'image';
            const entry: PageLink = { kind: image ? 'image' : 'link', url: '', text: '', line: token.start.line, column: token.start.column };
            const collector = { image, text: '' };
            collectors.push(collector);
            linkStack.push({ entry, reference: 'none', collector, image, labelIdentifier: '', labelText: '', inReference: false });
            const item = linkStack[linkStack.length - 1]!;
            ops.push(() => {
              if (item.reference === 'none') {
                links.push(item.entry);
                return;
              }
              const identifier = item.refIdentifier ?? item.labelIdentifier;
              const found = definitions.get(identifier);
              const label = item.refLabel ?? item.labelText;
              if (found) links.push({ kind: image ? 'image' : 'reference', url: found.url, text: item.entry.text, line: item.entry.line, column: item.entry.column, label: label ?? identifier, definitionLine: found.line });
            });
            if (image) inImage++;
            else inLink++;
          } else {
            const item = linkStack.pop()!;
            collectors.pop();
            if (item.image) {
              inImage--;
              item.entry.text = item.collector.text;
            } else {
              inLink--;
              item.entry.text = item.collector.text.replace(/\s+/g, ' ').trim();
            }
            if (item.inReference) item.reference = item.refIdentifier !== undefined ? 'full' : 'shortcut';
            const parent = collectors[collectors.length - 1];
            if (parent) parent.text += item.collector.text;
          }
          break;
        case 'label':
          if (!enter && linkStack.length) linkStack[linkStack.length - 1]!.inReference = true;
          break;
        case 'resource':
          if (!enter && linkStack.length) linkStack[linkStack.length - 1]!.inReference = false;
          break;
        case 'codeFenced':
        case 'codeIndented':
          if (enter) code = { value: '', line: token.start.line, start: token.start.offset, end: 0, lang: null, fenceDone: type === 'codeIndented', fenced: type === 'codeFenced' };
          else if (code) {
            const c = code;
            c.end = token.end.offset;
            code = null;
            ops.push(() => {
              const value = c.fenced ? c.value.replace(/^(\r?\n|\r)|(\r?\n|\r)$/g, '') : c.value.replace(/(\r?\n|\r)$/g, '');
              codeBlocks.push({ lang: c.lang ? c.lang.toLowerCase() : null, value, line: c.line, fenced: /^\s*(```|~~~)/.test(source.slice(c.start, c.end)) });
              snippets.push({ info: c.lang ?? '', value, line: c.line, fenceAtStart: /^(?:`{3,}|~{3,})/.test(source.slice(c.start, c.start + 3)) });
            });
          }
          break;
        case 'htmlFlow':
        case 'htmlText':
          if (enter) {
            const h = (html = { value: '', line: token.start.line, column: token.start.column });
            if (inImage === 0) ops.push(() => h.value.length <= MAX_HTML_SCAN && htmlParts(h.value, h.line, h.column, anchors, links));
          } else if (html) {
            const top = collectors[collectors.length - 1];
            // An image's alt is its label as a string, HTML included; a heading's or link's text leaves HTML out.
            if (top?.image) top.text += html.value;
            else if (inImage > 0) return null;
            html = null;
          }
          break;
        case 'definition':
          if (enter) definition = { identifier: '', url: '', line: token.start.line };
          else if (definition) {
            definitions.set(definition.identifier, { url: definition.url, line: definition.line });
            definition = null;
          }
          break;
        case 'hardBreakEscape':
        case 'hardBreakTrailing':
          if (!enter) atHardBreak = true;
          break;
        case 'yaml':
          if (!enter && yamlValue !== null) yaml = yamlValue.replace(/^(\r?\n|\r)|(\r?\n|\r)$/g, '');
          break;
      }
      continue;
    }
    if (!PARTS.has(type)) return null; // footnotes, task items, extensions: read through the tree
    if (type === 'content') continue;
    first = false;
    if (enter) {
      if (type === 'characterEscape' || type === 'characterReference') {
        if (notText === 0) piece('', token);
      }
      continue;
    }
    switch (type) {
      case 'data':
      case 'characterEscapeValue':
        if (notText === 0) piece(slice(), token); // elsewhere: parts of a url or label, read from their string tokens
        break;
      case 'characterReference':
        if (notText === 0) piece(decodeString(slice()), token);
        break;
      case 'autolinkProtocol':
      case 'autolinkEmail':
      case 'literalAutolinkHttp':
      case 'literalAutolinkWww':
      case 'literalAutolinkEmail': {
        const value = slice();
        piece(value, token);
        const item = linkStack[linkStack.length - 1];
        if (item) item.entry.url = type === 'literalAutolinkWww' ? 'http://' + value : type.endsWith('Email') ? 'mailto:' + value : value;
        run = null;
        break;
      }
      case 'codeTextData':
        if (collectors.length) collectors[collectors.length - 1]!.text += slice();
        break;
      case 'htmlFlowData':
      case 'htmlTextData':
        if (html) html.value += slice();
        break;
      case 'codeFlowValue':
        if (code) code.value += slice();
        break;
      case 'codeFencedFence':
        if (code) code.fenceDone = true;
        break;
      case 'codeFencedFenceInfo':
        if (code && !code.fenceDone) code.lang = decodeString(slice());
        break;
      case 'yamlValue':
        if (yamlValue !== null) yamlValue += slice();
        break;
      case 'lineEnding': {
        if (atHardBreak) {
          atHardBreak = false;
          break;
        }
        const top = context[context.length - 1];
        if (!top?.eol || slurp) break;
        if (top.type === 'codeFenced' || top.type === 'codeIndented') {
          if (code?.fenceDone) code.value += slice();
        } else if (top.type === 'htmlFlow' || top.type === 'htmlText') {
          if (html) html.value += slice();
        } else if (top.type === 'yaml') {
          if (yamlValue !== null) yamlValue += slice();
        } else if (top.type === 'codeText') {
          if (collectors.length) collectors[collectors.length - 1]!.text += slice();
        } else piece(slice(), token);
        break;
      }
      case 'setextHeadingText':
        slurp = true;
        break;
      case 'atxHeadingSequence':
        if (heading && !heading.depth) heading.depth = slice().length;
        break;
      case 'setextHeadingLineSequence':
        if (heading) heading.depth = slice().codePointAt(0) === 61 ? 1 : 2;
        break;
      case 'labelText': {
        const item = linkStack[linkStack.length - 1];
        if (item) {
          const raw = slice();
          item.labelText = decodeString(raw);
          item.labelIdentifier = normalizeIdentifier(raw).toLowerCase();
        }
        break;
      }
      case 'referenceString': {
        const item = linkStack[linkStack.length - 1];
        if (item) {
          const raw = slice();
          item.refLabel = decodeString(raw);
          item.refIdentifier = normalizeIdentifier(raw).toLowerCase();
        }
        break;
      }
      case 'resourceDestinationString': {
        const item = linkStack[linkStack.length - 1];
        if (item) item.entry.url = decodeString(slice());
        break;
      }
      case 'definitionLabelString':
        if (definition) definition.identifier = normalizeIdentifier(slice()).toLowerCase();
        break;
      case 'definitionDestinationString':
        if (definition) definition.url = decodeString(slice());
        break;
    }
  }
  // GFM's second autolink pass would split text nodes outside links that hold a candidate: let the tree read those.
  for (const r of runs) if (!r.inLink && autolinkable(r.value)) return null;
  for (const op of ops) op();
  return { headings, anchors: [...anchors], links, definitions: [...definitions], codeBlocks, snippets, yaml };
}
