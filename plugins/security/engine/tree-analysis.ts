/**
 * Syntax-tree checks behind analyze_content_security's `enableTreeSitterAnalysis`.
 * Parses JavaScript, TypeScript, TSX and Python with web-tree-sitter and the wasm
 * grammars of @vscode/tree-sitter-wasm, then walks the tree once looking for
 * hard-coded secrets, dynamic eval, shell commands and SQL built from strings.
 * The runtime and each grammar load on first use and stay cached; all offline.
 */
import { createRequire } from 'node:module';
import type { Language, Node, Parser } from 'web-tree-sitter';
import { isPlaceholder } from './placeholders.js';
import { shannonEntropy } from './validators.js';

export type TreeLanguage = 'javascript' | 'typescript' | 'tsx' | 'python';

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

type Kind = 'secret' | 'eval' | 'command' | 'sql';

const KINDS: Record<Kind, { id: string; cwe: string; recommendation: string }> = {
  secret: {
    id: 'ast-hardcoded-secret',
    cwe: 'CWE-798',
    recommendation: 'Load the value from the environment or a secret manager at run time, and rotate it: it is in the source history.',
  },
  eval: {
    id: 'ast-dynamic-eval',
    cwe: 'CWE-95',
    recommendation: 'Do not evaluate computed strings as code; parse data (JSON.parse, ast.literal_eval) or dispatch to known functions.',
  },
  command: {
    id: 'ast-command-injection',
    cwe: 'CWE-78',
    recommendation: 'Run the program without a shell and pass arguments as an array (execFile/spawn, subprocess.run([...])); never build the command string from input.',
  },
  sql: {
    id: 'ast-sql-injection',
    cwe: 'CWE-89',
    recommendation: 'Use a parameterised query: placeholders ($1, ?, %s) in a constant SQL string and the values passed separately.',
  },
};

/** A call that is dangerous when its argument is computed. */
interface CallRule {
  kind: Kind;
  /** The called function's own name (last segment). */
  names: string[];
  /** Allowed receivers after alias resolution ('' = a bare call); omitted = any. */
  receivers?: string[];
  /** Only dangerous with `shell: true` / `shell=True`. */
  needsShell?: boolean;
  /** Which argument must be computed: any argument, the first, or the first built from strings. */
  arg: 'any' | 'first' | 'built';
}

interface Grammar {
  wasm: string;
  /** Nodes binding a value to a name: node type → [name field, value field] (null: first / last named child). */
  bindings: Record<string, [string | null, string | null]>;
  /** Call node type → the field holding the callee. */
  calls: Record<string, string>;
  /** String literal node types, and the child types that make one dynamic. */
  strings: string[];
  interpolations: string[];
  /** Other literal node types. */
  literals: string[];
  /** Expressions that only wrap their first named child (parentheses, type casts). */
  wrappers: string[];
  binary: string;
  member: [type: string, object: string, property: string];
  keywordArgument?: string;
  imports: string[];
  rules: CallRule[];
}

const GLOBALS = ['', 'window', 'globalThis', 'global', 'self'];
const CHILD_PROCESS = ['', 'child_process', 'cp', 'childProcess'];

const JS_LIKE: Omit<Grammar, 'wasm'> = {
  bindings: {
    variable_declarator: ['name', 'value'],
    assignment_expression: ['left', 'right'],
    pair: ['key', 'value'],
    field_definition: ['property', 'value'],
    public_field_definition: ['name', 'value'],
    assignment_pattern: ['left', 'right'],
    required_parameter: ['pattern', 'value'],
    optional_parameter: ['pattern', 'value'],
    jsx_attribute: [null, null],
  },
  calls: { call_expression: 'function', new_expression: 'constructor' },
  strings: ['string', 'template_string'],
  interpolations: ['template_substitution'],
  literals: ['number', 'true', 'false', 'null', 'undefined', 'regex'],
  wrappers: ['parenthesized_expression', 'as_expression', 'satisfies_expression', 'type_assertion', 'non_null_expression', 'jsx_expression'],
  binary: 'binary_expression',
  member: ['member_expression', 'object', 'property'],
  imports: ['import_statement', 'variable_declarator'],
  rules: [
    { kind: 'eval', names: ['eval', 'Function'], receivers: GLOBALS, arg: 'any' },
    { kind: 'eval', names: ['setTimeout', 'setInterval'], receivers: GLOBALS, arg: 'built' },
    { kind: 'eval', names: ['runInContext', 'runInNewContext', 'runInThisContext', 'compileFunction'], arg: 'first' },
    { kind: 'eval', names: ['Script'], receivers: ['vm'], arg: 'first' },
    { kind: 'command', names: ['exec', 'execSync', 'execAsync'], receivers: CHILD_PROCESS, arg: 'first' },
    { kind: 'command', names: ['spawn', 'spawnSync', 'execFile', 'execFileSync'], receivers: CHILD_PROCESS, needsShell: true, arg: 'first' },
    { kind: 'sql', names: ['query', 'execute', 'raw', 'whereRaw', '$queryRawUnsafe', '$executeRawUnsafe'], arg: 'built' },
  ],
};

const SUBPROCESS = ['', 'subprocess'];

const GRAMMARS: Record<TreeLanguage, Grammar> = {
  javascript: { wasm: 'tree-sitter-javascript.wasm', ...JS_LIKE },
  typescript: { wasm: 'tree-sitter-typescript.wasm', ...JS_LIKE },
  tsx: { wasm: 'tree-sitter-tsx.wasm', ...JS_LIKE },
  python: {
    wasm: 'tree-sitter-python.wasm',
    bindings: {
      assignment: ['left', 'right'],
      keyword_argument: ['name', 'value'],
      pair: ['key', 'value'],
      default_parameter: ['name', 'value'],
      typed_default_parameter: ['name', 'value'],
    },
    calls: { call: 'function' },
    strings: ['string', 'concatenated_string'],
    interpolations: ['interpolation'],
    literals: ['integer', 'float', 'true', 'false', 'none'],
    wrappers: ['parenthesized_expression'],
    binary: 'binary_operator',
    member: ['attribute', 'object', 'attribute'],
    keywordArgument: 'keyword_argument',
    imports: ['import_statement', 'import_from_statement'],
    rules: [
      { kind: 'eval', names: ['eval', 'exec', 'compile'], receivers: ['', 'builtins'], arg: 'first' },
      { kind: 'command', names: ['system', 'popen'], receivers: ['os'], arg: 'first' },
      { kind: 'command', names: ['getoutput', 'getstatusoutput'], receivers: SUBPROCESS, arg: 'first' },
      { kind: 'command', names: ['run', 'call', 'check_call', 'check_output', 'Popen'], receivers: SUBPROCESS, needsShell: true, arg: 'first' },
      { kind: 'sql', names: ['execute', 'executemany', 'executescript', 'raw', 'read_sql', 'read_sql_query'], arg: 'built' },
    ],
  },
};

// ---- loading: the runtime once, each grammar once, all on first use ----

const require = createRequire(import.meta.url);
let runtime: Promise<typeof import('web-tree-sitter')> | undefined;
const parsers = new Map<TreeLanguage, Promise<Parser>>();

function loadRuntime(): Promise<typeof import('web-tree-sitter')> {
  runtime ??= (async () => {
    const mod = await import('web-tree-sitter');
    // Point the runtime at its own wasm explicitly: its default (next to the module
    // that loaded it) is wrong once the code is bundled.
    const wasm = require.resolve('web-tree-sitter/tree-sitter.wasm');
    await mod.Parser.init({ locateFile: () => wasm });
    return mod;
  })().catch((error: unknown) => {
    runtime = undefined;
    throw error;
  });
  return runtime;
}

function loadParser(language: TreeLanguage): Promise<Parser> {
  let parser = parsers.get(language);
  if (!parser) {
    parser = (async () => {
      const { Parser, Language } = await loadRuntime();
      const grammar: Language = await Language.load(require.resolve(`@vscode/tree-sitter-wasm/wasm/${GRAMMARS[language].wasm}`));
      return new Parser().setLanguage(grammar);
    })();
    parser.catch(() => parsers.delete(language));
    parsers.set(language, parser);
  }
  return parser;
}

// ---- language detection ----

const EXTENSIONS: Record<string, TreeLanguage> = {
  py: 'python', pyw: 'python', pyi: 'python', python: 'python',
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'javascript', javascript: 'javascript',
  ts: 'typescript', mts: 'typescript', cts: 'typescript', typescript: 'typescript',
  tsx: 'tsx',
};

const PYTHON_SIGNS = [/^\s*def \w+\s*\(.*\)\s*(?:->.*)?:\s*$/m, /^\s*(?:from [\w.]+ )?import [\w., ]+$/m, /\bself\.\w/, /^\s*class \w+(?:\(.*\))?:\s*$/m, /^\s*(?:elif|except|with|for .+ in) .*:\s*$/m, /\b(?:None|True|False)\b/];
const JS_SIGNS = [/\b(?:const|let|var)\s+[\w{[]/, /=>/, /\bfunction\b/, /;\s*$/m, /\brequire\(/, /^\s*import .* from\s+['"]/m, /^\s*export\s/m, /\bconsole\./];
const TS_SIGNS = [/\binterface\s+\w+/, /\btype\s+\w+(?:<[^>]*>)?\s*=/, /[\w)?]\s*:\s*(?:string|number|boolean|any|unknown|void|never|Record<|Promise<|Array<)/, /\b(?:private|public|protected|readonly)\s+\w+/, /\bas\s+(?:const|string|number|any|unknown)\b/, /\benum\s+\w+\s*\{/, /\bimport\s+type\b/];
const JSX_SIGNS = [/<\/[A-Za-z][\w.]*>/, /<[A-Za-z][\w.]*(?:\s+[\w-]+=\{[^}]*\})+\s*\/?>/, /return\s*\(?\s*<[A-Za-z]/, /\bclassName=/];

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

const SECRET_NAME = /(?:^|_)(?:password|passwd|passphrase|pwd|secret|token|auth|authorization|credentials?|api_?key|access_?key|private_?key|client_secret|secret_?key)(?:_|$)/;
const NOT_SECRET_NAME = /_(?:url|uri|endpoint|path|file|dir|name|type|label|field|header|prefix|pattern|regex|len|length|count|env|var)$/;

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
    if (literal !== null && secretName(name) && secretShaped(literal)) {
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
