/**
 * The tree-sitter parser as `toolpack/sdk` publishes it: the runtime's own
 * declarations (web-tree-sitter) need Emscripten's ambient types, so a pack
 * compiled with `skipLibCheck: false` would fail on them. These interfaces
 * declare the part of a syntax tree a pack reads; the assignment below makes
 * the compiler check that the runtime's Parser still has every member.
 */
import { treeSitterParser as loadParser } from './tree-sitter.js';

/** A row and column, both from 0. */
export interface SyntaxPoint {
  row: number;
  column: number;
}

/** A node of a syntax tree (web-tree-sitter's Node). */
export interface SyntaxNode {
  readonly type: string;
  readonly text: string;
  readonly isNamed: boolean;
  readonly isMissing: boolean;
  readonly hasError: boolean;
  readonly startIndex: number;
  readonly endIndex: number;
  readonly startPosition: SyntaxPoint;
  readonly endPosition: SyntaxPoint;
  readonly parent: SyntaxNode | null;
  readonly childCount: number;
  readonly namedChildCount: number;
  readonly children: Array<SyntaxNode | null>;
  readonly namedChildren: Array<SyntaxNode | null>;
  child(index: number): SyntaxNode | null;
  namedChild(index: number): SyntaxNode | null;
  childForFieldName(fieldName: string): SyntaxNode | null;
  descendantsOfType(types: string | string[]): Array<SyntaxNode | null>;
}

/** A parsed text; `delete()` frees its wasm memory once the pack is done with it. */
export interface SyntaxTree {
  readonly rootNode: SyntaxNode;
  delete(): void;
}

/** A parser bound to one grammar. */
export interface SyntaxParser {
  parse(text: string): SyntaxTree | null;
}

/** A parser for the grammar file `wasm` of @vscode/tree-sitter-wasm, e.g. "tree-sitter-python.wasm"; loaded once. */
export const treeSitterParser: (wasm: string) => Promise<SyntaxParser> = loadParser;
