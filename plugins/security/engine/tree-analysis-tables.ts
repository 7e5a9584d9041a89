/**
 * The per-language tables behind tree-analysis.ts: finding kinds, each grammar's
 * node types and dangerous call names, the file extensions and content signs that
 * pick a grammar, and the name patterns that mark a variable as secret.
 */

export type TreeLanguage = 'javascript' | 'typescript' | 'tsx' | 'python';

// ---- finding kinds and grammars ----

export type Kind = 'secret' | 'eval' | 'command' | 'sql';

export const KINDS: Record<Kind, { id: string; cwe: string; recommendation: string }> = {
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
export interface CallRule {
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

export interface Grammar {
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

export const GRAMMARS: Record<TreeLanguage, Grammar> = {
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

// ---- language detection ----

export const EXTENSIONS: Record<string, TreeLanguage> = {
  py: 'python', pyw: 'python', pyi: 'python', python: 'python',
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'javascript', javascript: 'javascript',
  ts: 'typescript', mts: 'typescript', cts: 'typescript', typescript: 'typescript',
  tsx: 'tsx',
};

export const PYTHON_SIGNS = [/^\s*def \w+\s*\(.*\)\s*(?:->.*)?:\s*$/m, /^\s*(?:from [\w.]+ )?import [\w., ]+$/m, /\bself\.\w/, /^\s*class \w+(?:\(.*\))?:\s*$/m, /^\s*(?:elif|except|with|for .+ in) .*:\s*$/m, /\b(?:None|True|False)\b/];
export const JS_SIGNS = [/\b(?:const|let|var)\s+[\w{[]/, /=>/, /\bfunction\b/, /;\s*$/m, /\brequire\(/, /^\s*import .* from\s+['"]/m, /^\s*export\s/m, /\bconsole\./];
export const TS_SIGNS = [/\binterface\s+\w+/, /\btype\s+\w+(?:<[^>]*>)?\s*=/, /[\w)?]\s*:\s*(?:string|number|boolean|any|unknown|void|never|Record<|Promise<|Array<)/, /\b(?:private|public|protected|readonly)\s+\w+/, /\bas\s+(?:const|string|number|any|unknown)\b/, /\benum\s+\w+\s*\{/, /\bimport\s+type\b/];
export const JSX_SIGNS = [/<\/[A-Za-z][\w.]*>/, /<[A-Za-z][\w.]*(?:\s+[\w-]+=\{[^}]*\})+\s*\/?>/, /return\s*\(?\s*<[A-Za-z]/, /\bclassName=/];

// ---- secret names ----

export const SECRET_NAME = /(?:^|_)(?:password|passwd|passphrase|pwd|secret|token|auth|authorization|credentials?|api_?key|access_?key|private_?key|client_secret|secret_?key)(?:_|$)/;
export const NOT_SECRET_NAME = /_(?:url|uri|endpoint|path|file|dir|name|type|label|field|header|prefix|pattern|regex|len|length|count|env|var)$/;
