/**
 * Fenced code blocks checked by parsing, never by running or compiling them: JSON and JSONC
 * (jsonc-parser, for error offsets), YAML (yaml), TOML (smol-toml), JavaScript, TypeScript,
 * TSX and Python (tree-sitter, syntax-tree.ts). Other languages are counted, not checked.
 * Each error carries the page line it is on.
 */
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { parse as parseToml } from 'smol-toml';
import { parseAllDocuments } from 'yaml';
import type { MarkdownDocument, MarkdownNode } from '../../../sdk/index.js';
import { SNIPPET_LANGUAGES, snippetSyntaxError } from './syntax-tree.js';

export interface CodeBlockError {
  /** 1-based page line of the error. */
  line: number;
  language: string;
  message: string;
  /** Lower when the block holds placeholders (`...`, `<your-key>`) that make it a sketch rather than code. */
  confidence: number;
}

export interface CodeBlockReport {
  blocks: number;
  checked: number;
  errors: CodeBlockError[];
}

/** Blocks longer than this are not parsed (a pasted log or data dump, not an example). */
const MAX_BLOCK_CHARS = 50_000;
// `...` standing for omitted code, `<your-key>`, or a value written as `host: <db host>,`.
const PLACEHOLDER = /(?:^|[\s[{(,:])(?:\.\.\.|…)(?:$|[\s\]}),])|<(?:your|my|insert)[-_ ][^>]*>|[:=][ \t]*<[a-z][\w-]*[ \t][^<>\n]*>[ \t]*[,;}\n]/im;

type Check = (code: string) => Promise<{ line: number; message: string } | null> | { line: number; message: string } | null;

const lineAt = (code: string, offset: number) => code.slice(0, offset).split('\n').length;

function json(allowComments: boolean): Check {
  return (code) => {
    const errors: ParseError[] = [];
    parseJsonc(code, errors, { disallowComments: !allowComments, allowTrailingComma: allowComments, allowEmptyContent: false });
    const first = errors[0];
    return first ? { line: lineAt(code, first.offset), message: printParseErrorCode(first.error) } : null;
  };
}

const yamlCheck: Check = (code) => {
  for (const doc of parseAllDocuments(code, { prettyErrors: true })) {
    const error = 'errors' in doc ? doc.errors[0] : undefined;
    if (error) return { line: error.linePos?.[0].line ?? 1, message: error.message.split('\n')[0]! };
  }
  return null;
};

const tomlCheck: Check = (code) => {
  try {
    parseToml(code);
    return null;
  } catch (error) {
    const e = error as { line?: number; message?: string };
    return { line: e.line ?? 1, message: (e.message ?? 'invalid TOML').split('\n')[0]! };
  }
};

const CHECKS: Record<string, Check> = {
  json: json(false),
  jsonc: json(true),
  json5: json(true),
  yaml: yamlCheck,
  yml: yamlCheck,
  toml: tomlCheck,
};

function checkFor(lang: string): { check: Check; confidence: number } | null {
  if (CHECKS[lang]) return { check: CHECKS[lang], confidence: 0.95 };
  const snippet = SNIPPET_LANGUAGES[lang];
  // Doc snippets are often fragments: a grammar error is a little less certain than a data-format one.
  if (snippet) return { check: (code) => snippetSyntaxError(code, snippet), confidence: 0.85 };
  return null;
}

function codeNodes(node: MarkdownNode, out: Array<Extract<MarkdownNode, { type: 'code' }>>): void {
  if (node.type === 'code') out.push(node);
  if ('children' in node) for (const child of node.children) codeNodes(child as MarkdownNode, out);
}

/** Parse every fenced block with a known language; `doc` is the page as sdk/markdown.ts parses it. */
export async function checkCodeBlocks(doc: MarkdownDocument): Promise<CodeBlockReport> {
  const nodes: Array<Extract<MarkdownNode, { type: 'code' }>> = [];
  codeNodes(doc.tree, nodes);
  const report: CodeBlockReport = { blocks: nodes.length, checked: 0, errors: [] };
  for (const node of nodes) {
    const lang = (node.lang ?? '').toLowerCase().split(/[{:,]/)[0]!.trim();
    const found = checkFor(lang);
    const start = node.position?.start;
    if (!found || !start || node.value.length > MAX_BLOCK_CHARS || node.value.trim() === '') continue;
    // A fenced block's content starts on the line after its fence.
    const fenced = /^(?:`{3,}|~{3,})/.test(doc.source.slice(start.offset ?? 0, (start.offset ?? 0) + 3));
    report.checked++;
    const error = await found.check(node.value);
    if (!error) continue;
    report.errors.push({
      line: start.line + (fenced ? 1 : 0) + error.line - 1,
      language: lang,
      message: error.message,
      confidence: PLACEHOLDER.test(node.value) ? 0.6 : found.confidence,
    });
  }
  return report;
}
