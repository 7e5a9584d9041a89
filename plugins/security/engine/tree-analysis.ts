/**
 * Syntax-tree checks behind analyze_content_security's `enableTreeSitterAnalysis`.
 * Parses JavaScript, TypeScript, TSX and Python with web-tree-sitter and the wasm
 * grammars of @vscode/tree-sitter-wasm, then walks the tree once looking for
 * hard-coded secrets, dynamic eval, shell commands and SQL built from strings.
 * The runtime and each grammar load on first use and stay cached; all offline.
 * The per-language tables (node types, call names, secret names) are in
 * tree-analysis-tables.ts.
 */
import type { Node, Parser } from 'web-tree-sitter';
import { treeSitterParser } from '../../../sdk/tree-sitter.js';
import { echoesKeyName, isPlaceholder } from './placeholders.js';
import {
  EXTENSIONS,
  GRAMMARS,
  JS_SIGNS,
  JSX_SIGNS,
  KINDS,
  NOT_SECRET_NAME,
  PYTHON_SIGNS,
  SECRET_NAME,
  TS_SIGNS,
  type Kind,
  type TreeLanguage,
} from './tree-analysis-tables.js';
import { shannonEntropy } from './validators.js';

export type { TreeLanguage };

export interface AstFinding {
  /** Rule-like id: 'ast-hardcoded-secret', 'ast-dynamic-eval', 'ast-command-injection', 'ast-sql-injection'. */
  id: string;
  /** The syntax node that matched: 'variable_declarator', 'call_expression', 'keyword_argument'… */
  nodeType: string;
  /** 1-based position of the offending value (secrets) or of the called name (calls). */
  line: number;
  column: number;
  securityImplication: string;
  recommendation: string;
  cwe?: string;
}

// ---- loading: the runtime once, each grammar once, all on first use ----

function loadParser(language: TreeLanguage): Promise<Parser> {
  return treeSitterParser(GRAMMARS[language].wasm);
}

// ---- language detection ----

const score = (content: string, signs: RegExp[]) => signs.filter((re) => re.test(content)).length;

/**
 * Guess the grammar for `content`. `hint` may be a file name, a language name, or a
 * content type such as 'code'; a file name with another extension gives null.
 */
export function detectLanguage(content: string, hint?: string): TreeLanguage | null {
  if (hint) {
    const name = hint.trim().toLowerCase();
    const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : name;
    if (EXTENSIONS[ext]) return EXTENSIONS[ext];
    if (name.includes('.') || name.includes('/')) return null;
  }
  const python = score(content, PYTHON_SIGNS);
  const js = score(content, JS_SIGNS);
  const ts = score(content, TS_SIGNS);
  const jsx = score(content, JSX_SIGNS) > 0;
  if (python > js + ts) return 'python';
  if (js + ts === 0 && !jsx) return null;
  if (jsx) return ts > 0 ? 'tsx' : 'javascript';
  return ts > 0 ? 'typescript' : 'javascript';
}

// ---- value and name checks ----

function secretName(name: string): boolean {
  const words = name
    .replace(/^#/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase();
  return SECRET_NAME.test(words) && !NOT_SECRET_NAME.test(words);
}

/** A string with the shape of a credential: long, random, and not a URL, path, sentence or placeholder. */
function secretShaped(raw: string): boolean {
  const value = raw.replace(/^(?:Bearer|Basic|Token|Bot)\s+/i, '');
  if (value.length < 12 || /\s/.test(value)) return false;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^www\./i.test(value)) return false;
  if (/^(?:\.{0,2}\/|~\/|[a-z]:\\)/i.test(value) || (/[\\/]/.test(value) && /\.\w{1,5}$/.test(value))) return false;
  if (isPlaceholder(value)) return false;
  return shannonEntropy(value) >= 3.5;
}

// ---- the walk ----

const position = (node: Node) => ({ line: node.startPosition.row + 1, column: node.startPosition.column + 1 });

/** Parse `content` and report secrets, dynamic eval, command and SQL injection found in its syntax tree. */
export async function analyzeTree(content: string, language: TreeLanguage): Promise<AstFinding[]> {
  const g = GRAMMARS[language];
  const parser = await loadParser(language);
  const tree = parser.parse(content);
  if (!tree) return [];
  const findings: AstFinding[] = [];
  /** Local name → what it stands for: 'child_process', 'os.system', 'subprocess'. */
  const aliases = new Map<string, string>();
  /** Variables holding strings built by concatenation or interpolation (SQL passed by name). */
  const builtVars = new Set<string>();

  const unwrap = (node: Node | null): Node | null => {
    while (node && g.wrappers.includes(node.type)) node = node.type === 'type_assertion' ? node.lastNamedChild : node.firstNamedChild;
    return node;
  };
  const interpolated = (node: Node): boolean =>
    node.namedChildren.some((c) => !!c && (g.interpolations.includes(c.type) || (node.type === 'concatenated_string' && interpolated(c))));
  const operator = (node: Node) => node.childForFieldName('operator')?.type;

  function isLiteral(node: Node | null): boolean {
    node = unwrap(node);
    if (!node) return false;
    if (g.strings.includes(node.type)) return !interpolated(node);
    if (node.type === g.binary && operator(node) === '+') return isLiteral(node.childForFieldName('left')) && isLiteral(node.childForFieldName('right'));
    return g.literals.includes(node.type);
  }

  /** Built from pieces at run time: interpolation, `+`, `%` or `.format(...)`. */
  function isBuilt(node: Node | null): boolean {
    node = unwrap(node);
    if (!node) return false;
    if (g.strings.includes(node.type)) return interpolated(node);
    if (node.type === g.binary) return ['+', '%'].includes(operator(node) ?? '') && !isLiteral(node);
    if (node.type in g.calls) return callee(node).name === 'format';
    return node.type === 'identifier' && builtVars.has(node.text);
  }

  /** The text of a string literal without its quotes (null for anything else). */
  function stringValue(node: Node | null): string | null {
    node = unwrap(node);
    if (!node || !g.strings.includes(node.type) || interpolated(node)) return null;
    if (node.type === 'concatenated_string') return node.namedChildren.map((c) => (c ? stringValue(c) : '')).join('');
    const { firstChild: open, lastChild: close } = node;
    if (!open || !close || open.id === close.id) return null;
    return node.text.slice(open.text.length, node.text.length - close.text.length);
  }

  /** The last segment of a name-like node: `this.apiKey` → apiKey, `cfg["token"]` → token. */
  function nameOf(node: Node | null): string | null {
    if (!node) return null;
    if (node.type === g.member[0]) return nameOf(node.childForFieldName(g.member[2]));
    if (node.type === 'subscript' || node.type === 'subscript_expression') return nameOf(node.childForFieldName(node.type === 'subscript' ? 'subscript' : 'index'));
    if (g.strings.includes(node.type)) return stringValue(node);
    return /identifier/.test(node.type) ? node.text : null;
  }

  /** The called name and its receiver, resolved through imports: `sp.run` → subprocess / run. */
  function callee(call: Node): { name: string; receiver: string; node: Node } {
    const fn = unwrap(call.childForFieldName(g.calls[call.type]!));
    if (!fn) return { name: '', receiver: '', node: call };
    if (fn.type === g.member[0]) {
      const object = fn.childForFieldName(g.member[1]);
      const property = fn.childForFieldName(g.member[2]) ?? fn;
      const required = object && object.type in g.calls ? requiredModule(object) : null;
      const receiver = required ?? (object ? aliases.get(object.text) ?? object.text : '');
      return { name: property.text, receiver, node: property };
    }
    const resolved = aliases.get(fn.text) ?? fn.text;
    const dot = resolved.lastIndexOf('.');
    return { name: resolved.slice(dot + 1), receiver: dot < 0 ? '' : resolved.slice(0, dot), node: fn };
  }

  /** `require('node:child_process')` → 'child_process'. */
  function requiredModule(node: Node | null): string | null {
    node = unwrap(node);
    if (!node || node.type !== 'call_expression' || node.childForFieldName('function')?.text !== 'require') return null;
    const source = stringValue(node.childForFieldName('arguments')?.firstNamedChild ?? null);
    return source ? source.replace(/^node:/, '') : null;
  }

  function recordImports(node: Node): void {
    if (node.type === 'variable_declarator') {
      const module = requiredModule(node.childForFieldName('value'));
      const target = node.childForFieldName('name');
      if (!module || !target) return;
      if (target.type === 'identifier') aliases.set(target.text, module);
      for (const p of target.type === 'object_pattern' ? target.namedChildren : []) {
        if (p?.type === 'shorthand_property_identifier_pattern') aliases.set(p.text, `${module}.${p.text}`);
        if (p?.type === 'pair_pattern') aliases.set(p.childForFieldName('value')?.text ?? '', `${module}.${p.childForFieldName('key')?.text}`);
      }
    } else if (node.type === 'import_statement' && language !== 'python') {
      const module = stringValue(node.childForFieldName('source'))?.replace(/^node:/, '');
      if (!module) return;
      for (const id of node.descendantsOfType(['identifier', 'import_specifier'])) {
        if (id?.type === 'import_specifier') {
          const imported = id.childForFieldName('name')?.text;
          aliases.set(id.childForFieldName('alias')?.text ?? imported ?? '', `${module}.${imported}`);
        } else if (id && id.parent?.type !== 'import_specifier') aliases.set(id.text, module);
      }
    } else {
      const module = node.childForFieldName('module_name')?.text;
      for (const item of node.childrenForFieldName('name')) {
        const imported = item?.type === 'aliased_import' ? item.childForFieldName('name')?.text : item?.text;
        const local = item?.type === 'aliased_import' ? item.childForFieldName('alias')?.text : module ? imported : undefined;
        if (imported && local) aliases.set(local, module ? `${module}.${imported}` : imported);
      }
    }
  }

  function report(kind: Kind, node: Node, at: Node, securityImplication: string): void {
    const { id, cwe, recommendation } = KINDS[kind];
    findings.push({ id, nodeType: node.type, ...position(at), securityImplication, recommendation, cwe });
  }

  function checkBinding(node: Node): void {
    const [nameField, valueField] = g.bindings[node.type]!;
    const target = nameField ? node.childForFieldName(nameField) : node.firstNamedChild;
    const value = valueField ? node.childForFieldName(valueField) : node.namedChildCount > 1 ? node.lastNamedChild : null;
    const name = nameOf(target);
    if (!name || !value) return;
    if (target?.type === 'identifier' && isBuilt(value)) builtVars.add(name);
    const literal = stringValue(value);
    if (literal !== null && secretName(name) && secretShaped(literal) && !echoesKeyName(name, literal)) {
      report('secret', node, unwrap(value)!, `A secret-like string literal is assigned to "${name}": anyone who can read the code or its history has the credential.`);
    }
  }

  function checkCall(node: Node): void {
    const { name, receiver, node: at } = callee(node);
    const rule = g.rules.find((r) => r.names.includes(name) && (!r.receivers || r.receivers.includes(receiver)));
    const list = node.childForFieldName('arguments');
    if (!rule || !list || !['arguments', 'argument_list'].includes(list.type)) return; // tagged templates are safe
    const args = list.namedChildren.filter((a): a is Node => !!a && a.type !== 'comment');
    const positional = args.filter((a) => a.type !== g.keywordArgument);
    if (rule.needsShell && !args.some(shellEnabled)) return;
    let subject: Node | null | undefined = positional[0];
    if (rule.kind === 'command' && subject && ['array', 'list'].includes(subject.type)) subject = subject.firstNamedChild;
    const flagged =
      rule.arg === 'any' ? positional.some((a) => !isLiteral(a)) : rule.arg === 'built' ? isBuilt(subject ?? null) : !!subject && !isLiteral(subject);
    if (!flagged) return;
    const called = receiver ? `${receiver}.${name}` : name;
    const implication: Record<Kind, string> = {
      secret: '',
      eval: `${called}() evaluates a string computed at run time: input that reaches it runs as code.`,
      command: `${called}() runs a command string computed at run time through a shell: input that reaches it can inject commands.`,
      sql: `${called}() receives SQL built by concatenation or interpolation: input that reaches it can change the query.`,
    };
    report(rule.kind, node, at, implication[rule.kind]);
  }

  /** `{ shell: true }` (any truthy shell) or `shell=True`. */
  function shellEnabled(arg: Node): boolean {
    const pairs = arg.type === g.keywordArgument ? [arg] : arg.type === 'object' ? arg.namedChildren : [];
    return pairs.some((p) => {
      const key = p?.childForFieldName(p.type === 'pair' ? 'key' : 'name');
      const value = unwrap(p?.childForFieldName('value') ?? null);
      return !!key && nameOf(key) === 'shell' && !!value && !['false', 'none', 'null', 'undefined'].includes(value.type);
    });
  }

  const cursor = tree.walk();
  try {
    for (let descend = true; ; ) {
      if (descend) {
        const type = cursor.nodeType;
        if (g.imports.includes(type)) recordImports(cursor.currentNode);
        if (type in g.bindings) checkBinding(cursor.currentNode);
        if (type in g.calls) checkCall(cursor.currentNode);
        if (cursor.gotoFirstChild()) continue;
      }
      if (cursor.gotoNextSibling()) descend = true;
      else if (cursor.gotoParent()) descend = false;
      else break;
    }
  } finally {
    cursor.delete();
    tree.delete();
  }
  return findings;
}
