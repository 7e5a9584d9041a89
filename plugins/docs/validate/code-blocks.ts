/**
 * Fenced code blocks checked by parsing, never by running or compiling them: JSON and JSONC
 * (jsonc-parser, for error offsets), YAML (yaml), TOML (smol-toml), JavaScript, TypeScript,
 * TSX and Python (tree-sitter, syntax-tree.ts). Other languages are counted, not checked.
 * Each error carries the page line it is on.
 */
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { parse as parseToml } from 'smol-toml';
import { parseAllDocuments } from 'yaml';
import type { MarkdownDocument } from '../../../sdk/index.js';
import { snippetsOf, type CodeSnippet } from '../../../sdk/markdown-links.js';
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

/** Parse every fenced block with a known language; `doc` is the page as sdk/markdown.ts parses it. */
export function checkCodeBlocks(doc: MarkdownDocument): Promise<CodeBlockReport> {
  return checkSnippets(snippetsOf(doc.tree, doc.source));
}

/** The same check over a page's code blocks as its link outline lists them (sdk/markdown-links.ts). */
export async function checkSnippets(snippets: readonly CodeSnippet[]): Promise<CodeBlockReport> {
  const report: CodeBlockReport = { blocks: snippets.length, checked: 0, errors: [] };
  for (const snippet of snippets) {
    const lang = snippet.info.toLowerCase().split(/[{:,]/)[0]!.trim();
    const found = checkFor(lang);
    if (!found || snippet.value.length > MAX_BLOCK_CHARS || snippet.value.trim() === '') continue;
    report.checked++;
    const error = await found.check(snippet.value);
    if (!error) continue;
    report.errors.push({
      // A fenced block's content starts on the line after its fence.
      line: snippet.line + (snippet.fenceAtStart ? 1 : 0) + error.line - 1,
      language: lang,
      message: error.message,
      confidence: PLACEHOLDER.test(snippet.value) ? 0.6 : found.confidence,
    });
  }
  return report;
}
