/**
 * The documentation pages under docsPath (Markdown, read through the
 * workspace) with what update_existing_documentation compares: the names
 * they mention in inline code and in command lines of code blocks.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Nodes } from 'mdast';
import { parseMarkdown, type MarkdownDocument, type Workspace } from '../../../sdk/index.js';
import { isGenerated } from '../populate/front-matter.js';
import { sentenceAt } from '../gaps/stale-context.js';

const MAX_PAGES = 500;
const SKIP_DIRS = new Set(['node_modules', '.git', 'site', '_site', 'public', 'build', '.docusaurus']);

export interface DocPage {
  /** Real path and workspace-relative path. */
  absolute: string;
  path: string;
  text: string;
  lines: string[];
  doc: MarkdownDocument;
  /** Carries generated_by: toolpack (moderate updates only these). */
  generated: boolean;
  /** The page's inline code and code blocks, one per line: where documented names are looked for. */
  code: string;
}

export type MentionKind = 'flag' | 'call' | 'env';

export interface Mention {
  kind: MentionKind;
  /** `--due`, `createTask`, `TASKFORGE_HOME`. */
  name: string;
  line: number;
  /** Inside a fenced or indented code block. */
  inCode: boolean;
  /** For inline code: the sentence of its paragraph (what the page says about the name). */
  sentence?: string;
}

export async function readPages(docsRoot: string, workspace: Workspace): Promise<DocPage[]> {
  const files: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (files.length >= MAX_PAGES) return;
      // Symlinks are not followed: a page outside the workspace is never read.
      if (entry.isDirectory() && !entry.name.startsWith('.') && !SKIP_DIRS.has(entry.name)) await walk(join(dir, entry.name));
      else if (entry.isFile() && /\.(md|markdown)$/i.test(entry.name)) files.push(join(dir, entry.name));
    }
  };
  await walk(docsRoot);
  const pages: DocPage[] = [];
  for (const absolute of files) {
    const text = await workspace.readText(absolute, { maxBytes: 1024 * 1024 }).catch(() => undefined);
    if (text === undefined) continue;
    const doc = await parseMarkdown(text);
    pages.push({ absolute, path: workspace.relative(absolute), text, lines: text.split('\n'), doc, generated: isGenerated(text), code: codeOf(doc.tree) });
  }
  return pages;
}

const FLAG = /^(--[a-z][a-z0-9-]*[a-z0-9])(?![\w-])/;
const CALL = /^([A-Za-z_$][\w$]*)\([^()]*\)$/;
const ENV = /^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/;

/**
 * Names a page states: inline code that is a flag, a bare call or an environment variable,
 * and the flags of code block lines that run one of `commands` (a project's own CLI:
 * `npm install --global` names npm's flag, not the project's).
 */
export function mentionsOf(page: DocPage, commands: ReadonlySet<string>): Mention[] {
  const mentions: Mention[] = [];
  const visit = (node: Nodes, block?: Nodes) => {
    const line = node.position?.start.line ?? 0;
    if (node.type === 'inlineCode') {
      const value = node.value.trim();
      const sentence = sentenceOf(page, node, block);
      const flag = FLAG.exec(value);
      if (flag) mentions.push({ kind: 'flag', name: flag[1]!, line, inCode: false, sentence });
      else if (CALL.test(value)) mentions.push({ kind: 'call', name: CALL.exec(value)![1]!, line, inCode: false, sentence });
      else if (ENV.test(value)) mentions.push({ kind: 'env', name: value, line, inCode: false, sentence });
    } else if (node.type === 'code') {
      node.value.split('\n').forEach((text, i) => {
        const words = text.trim().replace(/^\$\s+/, '').split(/\s+/);
        if (!commands.has(words[0] ?? '')) return;
        for (const word of words.slice(1)) {
          const flag = FLAG.exec(word.replace(/=.*$/, ''));
          if (flag) mentions.push({ kind: 'flag', name: flag[1]!, line: line + 1 + i, inCode: true });
        }
      });
    }
    const inner = node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell' ? node : block;
    if ('children' in node) for (const child of node.children) visit(child as Nodes, inner);
  };
  visit(page.doc.tree);
  return mentions;
}

/** The sentence of the paragraph (heading, table cell) holding `node`, its lines joined. */
function sentenceOf(page: DocPage, node: Nodes, block: Nodes | undefined): string {
  const from = block?.position?.start.offset;
  const to = block?.position?.end.offset;
  const at = node.position?.start.offset;
  if (from === undefined || to === undefined || at === undefined) return '';
  return sentenceAt(page.doc.source.slice(from, to).replace(/\s*\n\s*/g, (m) => ' '.padEnd(m.length)), at - from);
}

/** Whether any page states `name` in code as a whole token (`--due` is not in `--due-date`; the word "settings" is not the export `settings`). */
export function mentioned(pages: readonly DocPage[], name: string): boolean {
  const pattern = new RegExp(`(^|[^\\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'm');
  return pages.some((p) => pattern.test(p.code));
}

function codeOf(tree: Nodes): string {
  const parts: string[] = [];
  const visit = (node: Nodes) => {
    if (node.type === 'inlineCode' || node.type === 'code') parts.push(node.value);
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(tree);
  return parts.join('\n');
}
