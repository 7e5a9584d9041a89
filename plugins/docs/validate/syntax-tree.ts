/**
 * Syntax errors of JavaScript, TypeScript, TSX and Python snippets, found by parsing them
 * with web-tree-sitter and the wasm grammars of @vscode/tree-sitter-wasm (offline, no
 * compiler, nothing executed). The runtime and each grammar load on first use and stay
 * cached; a load failure is retried on the next call.
 */
import type { Node, Parser } from 'web-tree-sitter';
import { treeSitterParser } from '../../../sdk/tree-sitter.js';

export type SnippetLanguage = 'javascript' | 'typescript' | 'tsx' | 'python';

const GRAMMAR: Record<SnippetLanguage, string> = {
  javascript: 'tree-sitter-javascript.wasm',
  typescript: 'tree-sitter-typescript.wasm',
  tsx: 'tree-sitter-tsx.wasm',
  python: 'tree-sitter-python.wasm',
};

/** Code fence info strings and the grammar that reads them. */
export const SNIPPET_LANGUAGES: Readonly<Record<string, SnippetLanguage>> = {
  js: 'javascript', javascript: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'javascript', node: 'javascript',
  ts: 'typescript', typescript: 'typescript', mts: 'typescript', cts: 'typescript',
  tsx: 'tsx',
  py: 'python', python: 'python', python3: 'python',
};

function parserFor(language: SnippetLanguage): Promise<Parser> {
  return treeSitterParser(GRAMMAR[language]);
}

export interface SnippetError {
  /** 1-based line within the snippet. */
  line: number;
  column: number;
  message: string;
}

/** The first syntax error of `code` (an ERROR node or a missing token), or null when it parses. */
export async function snippetSyntaxError(code: string, language: SnippetLanguage): Promise<SnippetError | null> {
  const parser = await parserFor(language);
  const tree = parser.parse(code);
  if (!tree) return null;
  try {
    if (!tree.rootNode.hasError) return null;
    const bad = firstError(tree.rootNode);
    if (!bad) return null;
    const { row, column } = bad.startPosition;
    const message = bad.isMissing ? `missing "${bad.type}"` : `unexpected "${bad.text.split('\n')[0]!.slice(0, 40)}"`;
    return { line: row + 1, column: column + 1, message };
  } finally {
    tree.delete();
  }
}

/**
 * The deepest first error: an ERROR node often wraps everything the parser read before it
 * recovered (a whole Python module), while the error nested in it sits on the offending line.
 */
function firstError(node: Node): Node | null {
  for (const child of node.children) {
    if (child && (child.hasError || child.isMissing || child.isError)) {
      const found = firstError(child);
      if (found) return found;
    }
  }
  return node.isError || node.isMissing ? node : null;
}
