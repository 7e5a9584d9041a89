/**
 * CLI flags, environment variables and exported names read from source files
 * by pattern (the common forms of each language, not a full parse): each match
 * keeps the file and line it was found on.
 */
import { type Fact, lineAt } from './facts.js';

export type SourceLanguage = 'javascript' | 'python' | 'go' | 'rust' | 'ruby';

export function languageOf(path: string): SourceLanguage | undefined {
  if (/\.d\.ts$/.test(path)) return undefined;
  if (/\.(m|c)?[jt]sx?$/.test(path)) return 'javascript';
  if (path.endsWith('.py')) return 'python';
  if (path.endsWith('.go')) return 'go';
  if (path.endsWith('.rs')) return 'rust';
  if (path.endsWith('.rb')) return 'ruby';
  return undefined;
}

/** Test files by their name (test folders are the scanner's to classify). */
export const isTestFile = (path: string) => /(^|\/)(test_[^/]*\.py|[^/]*_test\.(py|go)|[^/]*\.(test|spec)\.[cm]?[jt]sx?|conftest\.py)$/.test(path);

interface Pattern {
  kind: 'flag' | 'env' | 'export';
  regex: RegExp;
  /** Turn the match into the names it states (an export list states several). */
  names: (match: RegExpExecArray) => string[];
  detail?: string;
}

const one = (i: number, prefix = '') => (m: RegExpExecArray) => (m[i] ? [prefix + m[i]] : []);
const list = (m: RegExpExecArray) =>
  m[1]!
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+|\s*:\s*/).pop()!.trim())
    .filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default');

// A long flag inside a string literal: '--dry-run', "--out=path", `--verbose`.
const LONG_FLAG: Pattern = { kind: 'flag', regex: /['"`](--[a-z][a-z0-9-]*[a-z0-9])(?=[=\s'"`])/g, names: one(1) };

const PATTERNS: Record<SourceLanguage, Pattern[]> = {
  javascript: [
    LONG_FLAG,
    { kind: 'env', regex: /process\.env\.([A-Z_][A-Z0-9_]*)/g, names: one(1) },
    { kind: 'env', regex: /process\.env\[\s*['"`]([A-Z_][A-Z0-9_]*)['"`]\s*\]/g, names: one(1) },
    { kind: 'export', regex: /^export\s+(?:default\s+)?(?:async\s+)?(?:function\*?|class|const|let|var)\s+([A-Za-z_$][\w$]*)/gm, names: one(1) },
    { kind: 'export', regex: /^export\s*\{([^}]*)\}/gm, names: list },
    { kind: 'export', regex: /^(?:module\.)?exports\.([A-Za-z_$][\w$]*)\s*=/gm, names: one(1) },
    { kind: 'export', regex: /^module\.exports\s*=\s*\{([^}]*)\}/gm, names: list },
  ],
  python: [
    LONG_FLAG,
    { kind: 'env', regex: /os\.(?:environ\.get|getenv)\(\s*['"]([A-Za-z_][A-Za-z0-9_]*)['"]/g, names: one(1) },
    { kind: 'env', regex: /os\.environ\[\s*['"]([A-Za-z_][A-Za-z0-9_]*)['"]\s*\]/g, names: one(1) },
    { kind: 'export', regex: /^(?:async\s+)?def\s+([A-Za-z]\w*)\s*\(/gm, names: one(1), detail: 'function' },
    { kind: 'export', regex: /^class\s+([A-Za-z]\w*)/gm, names: one(1), detail: 'class' },
  ],
  go: [
    { kind: 'flag', regex: /\bflag\.(?:String|Bool|Int|Int64|Uint|Float64|Duration)(?:Var)?\(\s*(?:&[\w.]+\s*,\s*)?"([\w-]+)"/g, names: one(1, '-') },
    LONG_FLAG,
    { kind: 'env', regex: /os\.(?:Getenv|LookupEnv)\(\s*"([A-Za-z_][A-Za-z0-9_]*)"/g, names: one(1) },
    { kind: 'export', regex: /^func\s+([A-Z]\w*)\s*[([]/gm, names: one(1), detail: 'function' },
    { kind: 'export', regex: /^type\s+([A-Z]\w*)\s/gm, names: one(1), detail: 'type' },
  ],
  rust: [
    LONG_FLAG,
    { kind: 'env', regex: /env::var(?:_os)?\(\s*"([A-Za-z_][A-Za-z0-9_]*)"/g, names: one(1) },
    { kind: 'export', regex: /^pub\s+(?:async\s+)?fn\s+(\w+)/gm, names: one(1), detail: 'function' },
    { kind: 'export', regex: /^pub\s+(?:struct|enum|trait)\s+(\w+)/gm, names: one(1), detail: 'type' },
  ],
  ruby: [LONG_FLAG, { kind: 'env', regex: /ENV(?:\.fetch\(|\[)\s*['"]([A-Za-z_][A-Za-z0-9_]*)['"]/g, names: one(1) }],
};

/** Lines that are comments in every language read here: a flag named in a comment is not one the code reads. */
const isCommentLine = (line: string) => /^\s*(\/\/|#|\*|\/\*)/.test(line);

/**
 * Options declared through a CLI library (commander/yargs `.option('-p, --priority <level>', 'help')`,
 * argparse `add_argument('--due', help='...')`), with their help text and the subcommand
 * (`.command('add')`, `add_parser('add')`) declared last before them: the command group.
 */
function declaredOptions(path: string, text: string, language: SourceLanguage): Fact[] {
  if (language !== 'javascript' && language !== 'python') return [];
  const commands: Array<{ index: number; name: string }> = [];
  for (const m of text.matchAll(/(?:\.command|add_parser)\(\s*['"`]([\w-]+)/g)) commands.push({ index: m.index, name: m[1]! });
  const facts: Fact[] = [];
  // The rest of the call's line: help texts hold parentheses, so the closing one cannot end the match.
  const calls = /(?:\.(?:requiredOption|option)|add_argument)\(([^\n]*)/g;
  for (const m of text.matchAll(calls)) {
    const args = m[1]!;
    const strings = [...args.matchAll(/(['"`])((?:(?!\1).)*)\1/g)].map((s) => s[2]!);
    const spec = strings.find((s) => /(^|[\s,])--[a-z]/.test(s));
    if (!spec) continue;
    const help = /help\s*=\s*(['"])((?:(?!\1).)*)\1/.exec(args)?.[2] ?? strings.find((s) => s !== spec && !/^-/.test(s) && /\s/.test(s));
    const group = commands.filter((c) => c.index < m.index).pop()?.name;
    for (const flag of spec.match(/--[a-z][a-z0-9-]*[a-z0-9]/g) ?? []) {
      facts.push({ kind: 'flag', name: flag, ...(help ? { detail: help } : {}), technology: language, ...(group ? { group } : {}), source: { file: path, line: lineAt(text, m.index + m[0].indexOf(flag)) } });
    }
  }
  return facts;
}

export function sourceFacts(path: string, text: string): Fact[] {
  const language = languageOf(path);
  if (!language) return [];
  const lines = text.split('\n');
  const facts: Fact[] = declaredOptions(path, text, language);
  for (const pattern of PATTERNS[language]) {
    pattern.regex.lastIndex = 0;
    for (let match = pattern.regex.exec(text); match; match = pattern.regex.exec(text)) {
      const line = lineAt(text, match.index);
      if (isCommentLine(lines[line - 1] ?? '')) continue;
      for (const name of pattern.names(match)) {
        if (pattern.kind === 'export' && language === 'python' && name.startsWith('_')) continue;
        facts.push({
          kind: pattern.kind,
          name,
          ...(pattern.kind === 'export' ? { detail: pattern.detail ?? exportKind(match[0]) } : {}),
          technology: language,
          ...(pattern.kind === 'env' ? { group: name.includes('_') ? name.slice(0, name.indexOf('_')) : name } : {}),
          source: { file: path, line: pattern.kind === 'export' && match[0].includes('{') ? lineOfName(text, match.index, name) : line },
        });
      }
    }
  }
  return facts;
}

const exportKind = (text: string) => (/\bclass\b/.test(text) ? 'class' : /\bfunction\b/.test(text) ? 'function' : 'export');

/** An export list spans lines: the line of the name itself. */
function lineOfName(text: string, from: number, name: string): number {
  const index = text.indexOf(name, from);
  return lineAt(text, index < 0 ? from : index);
}
