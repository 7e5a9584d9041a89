/**
 * Which Diataxis category a page is meant to be (front matter, else its folder, else
 * unknown), and whether its structure fits it: a tutorial has steps and a learning goal, a
 * how-to a task title and steps, a reference facts in tables and lists rather than
 * narrative, an explanation the why and background rather than a procedure. Structure is
 * read from the Markdown tree (sdk/markdown.ts), not from text patterns.
 */
import type { DiataxisSection, MarkdownDocument, MarkdownNode } from '../../../sdk/index.js';
import { plainText } from '../../../sdk/index.js';
import type { Finding } from './findings.js';

export type PageCategory = DiataxisSection | 'index' | 'unknown';

const ALIASES: Array<[RegExp, DiataxisSection]> = [
  [/^(?:tutorials?|getting-started|learn)$/, 'tutorials'],
  [/^(?:how-?to|how-to-guides?|guides?|recipes)$/, 'how-to'],
  [/^(?:reference|references|api|api-reference)$/, 'reference'],
  [/^(?:explanations?|concepts?|background|discussions?|topics)$/, 'explanation'],
];

export function sectionOf(name: string): DiataxisSection | null {
  const key = name.toLowerCase().trim().replace(/[\s_]+/g, '-');
  return ALIASES.find(([re]) => re.test(key))?.[1] ?? null;
}

const FRONT_MATTER_KEYS = ['diataxis', 'category', 'type', 'doc_type', 'docType', 'section'];

/** The page's intended category and where it was read from. */
export function categoryOf(path: string, doc: MarkdownDocument): { category: PageCategory; source: 'front-matter' | 'folder' | 'file-name' | 'none' } {
  for (const key of FRONT_MATTER_KEYS) {
    const value = doc.frontMatter?.[key];
    if (typeof value === 'string' && sectionOf(value)) return { category: sectionOf(value)!, source: 'front-matter' };
  }
  const parts = path.split('/');
  const base = parts[parts.length - 1]!.replace(/\.[^.]+$/, '');
  if (/^(?:index|readme|_index)$/i.test(base)) return { category: 'index', source: 'file-name' };
  for (let i = parts.length - 2; i >= 0; i--) {
    const section = sectionOf(parts[i]!);
    if (section) return { category: section, source: 'folder' };
  }
  return { category: 'unknown', source: 'none' };
}

interface Shape {
  title: string;
  intro: string;
  text: string;
  orderedItems: number;
  stepHeadings: number;
  facts: number; // tables, lists and code blocks: the stuff of reference
  paragraphs: number;
  longParagraphs: number;
}

function shape(doc: MarkdownDocument): Shape {
  const s: Shape = { title: '', intro: '', text: '', orderedItems: 0, stepHeadings: 0, facts: 0, paragraphs: 0, longParagraphs: 0 };
  const h1 = doc.headings.find((h) => h.depth === 1);
  // The visible title wins over the front matter's.
  s.title = h1?.text ?? (typeof doc.frontMatter?.title === 'string' ? doc.frontMatter.title : '');
  s.stepHeadings = doc.headings.filter((h) => /^(?:step\s*\d+|\d+[.)]\s)/i.test(h.text)).length;
  const walk = (node: MarkdownNode) => {
    if (node.type === 'list') {
      if (node.ordered) s.orderedItems += node.children.length;
      else s.facts++;
    }
    if (node.type === 'table' || node.type === 'code') s.facts++;
    if ('children' in node) for (const child of node.children) walk(child as MarkdownNode);
  };
  walk(doc.tree);
  const firstH2 = doc.headings.find((h) => h.depth >= 2)?.line ?? Infinity;
  const paragraphs: string[] = [];
  for (const node of doc.tree.children) {
    if (node.type !== 'paragraph') continue;
    const words = plainText(node).trim();
    paragraphs.push(words);
    if ((node.position?.start.line ?? 0) < firstH2) s.intro += ` ${words}`;
    if (words.split(/\s+/).length >= 40) s.longParagraphs++;
  }
  s.paragraphs = paragraphs.length;
  s.text = `${s.title} ${doc.headings.map((h) => h.text).join(' ')} ${paragraphs.join(' ')}`;
  return s;
}

const GOAL = /\b(?:you will|you'll|you learn|learn(?:s|ing)? (?:how|to)|by the end|in this tutorial|we will|we'll|goal)\b/i;
const TASK_TITLE = /^(?:how (?:to|do i)|add|adding|set|setting|use|using|create|creating|configure|install|deploy|run|build|write|export|import|migrate|upgrade|enable|disable|connect|manage|customi[sz]e|prioriti[sz]e|troubleshoot|debug|test|publish|remove|delete|update|change|define|get|make|monitor|secure|integrate|automate|back up|restore|schedule|share|sync|track|handle|host|serve|extend|rotate|scale|generate|validate|check)\b/i;
const WHY = /\b(?:why|because|background|trade-?offs?|rationale|reason|design|history|approach|context|motivation)\b/i;

/** Structure findings for a page whose category is known; nothing for index or unknown pages (one low-confidence note for the latter). */
export function complianceFindings(file: string, category: PageCategory, doc: MarkdownDocument): Finding[] {
  const s = shape(doc);
  const out: Finding[] = [];
  const add = (kind: string, confidence: number, message: string, suggestion: string) =>
    out.push({ type: 'compliance', kind, file, line: null, message, confidence, suggestion });
  const steps = s.orderedItems > 0 || s.stepHeadings > 0;
  switch (category) {
    case 'tutorials':
      if (!steps) add('tutorial-without-steps', 0.8, 'tutorial has no numbered steps', 'Walk the learner through numbered steps that each produce a visible result.');
      if (!GOAL.test(s.intro || s.text)) add('tutorial-without-goal', 0.6, 'tutorial does not say what the learner will achieve', 'Open with what the learner will build or learn ("In this tutorial you will...").');
      break;
    case 'how-to':
      if (!TASK_TITLE.test(s.title.trim())) add('howto-title-not-task', 0.6, `how-to title "${s.title}" does not name a task`, 'Title it as the task: "How to ..." or an imperative verb.');
      if (!steps) add('howto-without-steps', 0.75, 'how-to guide has no numbered steps', 'List the steps to complete the task as a numbered list.');
      break;
    case 'reference':
      if (s.facts === 0 && s.paragraphs > 0) add('reference-without-structure', 0.75, 'reference page has no tables, lists or code: facts are buried in prose', 'Present the facts as tables or lists (names, types, defaults).');
      else if (s.longParagraphs >= 3 && s.longParagraphs > s.facts) add('reference-narrative', 0.7, `reference page has ${s.longParagraphs} long narrative paragraphs`, 'Move explanations to an explanation page and keep reference to facts.');
      break;
    case 'explanation':
      if (s.orderedItems >= 5 && s.orderedItems > s.paragraphs) add('explanation-with-steps', 0.7, `explanation is mostly a procedure (${s.orderedItems} numbered steps)`, 'Move the procedure to a how-to guide; explain the why here.');
      if (!WHY.test(s.text)) add('explanation-without-rationale', 0.6, 'explanation gives no reasons or background', 'Say why things are as they are: design reasons, trade-offs, history.');
      break;
    case 'unknown':
      add('uncategorised', 0.55, 'page is in no Diataxis section (no section folder or front matter category)', 'Move it under tutorials/, how-to/, reference/ or explanation/, or set `diataxis:` in its front matter.');
      break;
  }
  return out;
}
