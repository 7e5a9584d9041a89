/**
 * Rules from conventions the code already follows: file naming per folder and
 * extension (at least 90% of at least 3 files), where source files live (the
 * folders holding 90% of them), layer dependencies the import graph never
 * shows (the UI importing the database layer, the domain importing the UI),
 * patterns the project avoids (console.log, debugger) and security baselines
 * (eval, new Function, hard-coded secrets, private keys) with their current counts.
 */
import { posix } from 'node:path';
import picomatch from 'picomatch';
import { layerGlobs } from '../adr/from-adrs.js';
import { compilePattern } from '../check/pattern.js';
import { NAMING_STYLES, type RuleType, type RuleValue } from '../model/schema.js';
import type { ProjectView } from '../project-view.js';
import { definesLogger, isToolFile, literalGlob, namedByFramework } from './framework-files.js';
import { distinctive, follows, stemOf } from './naming.js';

const COMMON_TEST_GLOBS = ['**/*.test.*', '**/*.spec.*', '**/test/**', '**/tests/**', '**/__tests__/**'];
const LANGUAGE_TEST_GLOBS: Record<string, string[]> = { py: ['**/test_*.py', '**/*_test.py'], go: ['**/*_test.go'], rb: ['**/spec/**', '**/*_spec.rb', '**/*_test.rb'], rake: ['**/spec/**'] };
export const TEST_GLOBS = [...new Set([...COMMON_TEST_GLOBS, ...Object.values(LANGUAGE_TEST_GLOBS).flat()])];

/** Test-file globs for files of these extensions: a rule on TypeScript carries no Ruby or Go test globs. */
export const testGlobs = (extensions: readonly string[]) => [...new Set([...COMMON_TEST_GLOBS, ...extensions.flatMap((extension) => LANGUAGE_TEST_GLOBS[extension] ?? [])])];
const CONFIG_GLOBS = ['*.config.*', '**/*.config.*', '**/conftest.py', '**/setup.py'];
const SHARE = 0.9;
const MIN_FILES = 3;
/** Files read to count patterns when rules are generated. */
const MAX_PATTERN_FILES = 3000;
const JS_EXTENSIONS = ['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'mts', 'cts'];

const extensionOf = (path: string) => path.slice(path.lastIndexOf('.') + 1).toLowerCase();
const globFor = (extensions: readonly string[]) => (extensions.length === 1 ? `**/*.${extensions[0]}` : `**/*.{${[...extensions].sort().join(',')}}`);
const pct = (part: number, whole: number) => `${Math.round((100 * part) / Math.max(whole, 1))}%`;

export async function rulesFromCode(view: ProjectView, types: ReadonlySet<RuleType>, signal: AbortSignal): Promise<RuleValue[]> {
  const product = view.sources.filter((file) => file.layer !== 'test');
  const rules: RuleValue[] = [];
  if (types.has('naming')) rules.push(...namingRules(product.map((file) => file.path)));
  if (types.has('structure')) rules.push(...structureRules(product.map((file) => file.path)));
  if (types.has('dependencies')) rules.push(...layeringRules(view));
  if (types.has('patterns') || types.has('security')) {
    const texts: Array<{ path: string; text: string }> = [];
    for (const file of product.slice(0, MAX_PATTERN_FILES)) {
      signal.throwIfAborted();
      const text = await view.text(file.path);
      if (text !== null) texts.push({ path: file.path, text });
    }
    if (types.has('patterns')) rules.push(...patternRules(texts));
    if (types.has('security')) rules.push(...securityRules(texts));
  }
  return rules;
}

function namingRules(paths: readonly string[]): RuleValue[] {
  const named = paths.filter((path) => !namedByFramework(path)); // __init__, index, [id].tsx, page.tsx: names imposed on the project.
  const byTop = groupBy(named, (path) => `${topFolder(path)}\0${extensionOf(path)}`);
  const rules: RuleValue[] = [];
  for (const [key, files] of byTop) {
    const [top, extension] = key.split('\0') as [string, string];
    // One rule for a whole top folder when it agrees; else one per second-level folder that does.
    const whole = top === '.' ? null : namingRule(files, top, `${top}/**/*.${extension}`, extension);
    if (whole) {
      rules.push(whole);
      continue;
    }
    for (const [dir, group] of groupBy(files, (path) => posix.dirname(path).split('/').slice(0, 2).join('/'))) {
      const nested = group.some((path) => posix.dirname(path) !== dir);
      const glob = dir === '.' ? `*.${extension}` : nested || dir.includes('/') ? `${dir}/**/*.${extension}` : `${dir}/*.${extension}`;
      const rule = namingRule(group, dir, glob, extension);
      if (rule) rules.push(rule);
    }
  }
  return rules;
}

function namingRule(files: readonly string[], dir: string, glob: string, extension: string): RuleValue | null {
  if (files.length < MIN_FILES) return null;
  let best: { style: (typeof NAMING_STYLES)[number]; count: number; distinct: number } | null = null;
  for (const style of NAMING_STYLES) {
    const following = files.filter((path) => follows(stemOf(path), style));
    const distinct = following.filter((path) => distinctive(stemOf(path))).length;
    if (following.length / files.length >= SHARE && distinct > 0 && (!best || distinct > best.distinct)) best = { style, count: following.length, distinct };
  }
  if (!best) return null;
  const style = best.style;
  const examples = files.filter((path) => distinctive(stemOf(path)) && follows(stemOf(path), style)).slice(0, 3).map((path) => posix.basename(path));
  return {
    id: `code-naming-${slug(dir)}-${extension}`,
    type: 'naming',
    description: `.${extension} files in ${dir === '.' ? 'the project root' : `${dir}/`} are named in ${style}.`,
    severity: 'warning',
    source: { kind: 'code', evidence: [`${best.count} of ${files.length} .${extension} files (${pct(best.count, files.length)}) follow ${style}, e.g. ${examples.join(', ')}`] },
    check: { kind: 'file-naming', glob, pattern: style, ignore: testGlobs([extension]) },
    fix: `Rename the file in ${style}.`,
  };
}

const topFolder = (path: string) => (path.includes('/') ? path.slice(0, path.indexOf('/')) : '.');

function groupBy(items: readonly string[], key: (item: string) => string): Array<[string, string[]]> {
  const groups = new Map<string, string[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}

/** Top folders holding fewer source files than this are strays, not a place code lives. */
const MIN_FOLDER_FILES = 3;
const MAX_SOURCE_FOLDERS = 6;

function structureRules(all: readonly string[]): RuleValue[] {
  const isConfig = picomatch(CONFIG_GLOBS, { dot: true });
  const paths = all.filter((path) => !isConfig(path) && !isToolFile(path));
  if (paths.length < 5) return [];
  const byTop = groupBy(paths, topFolder);
  const within = byTop.filter(([top, files]) => top !== '.' && files.length >= MIN_FOLDER_FILES).map(([top]) => top);
  const covered = byTop.filter(([top]) => within.includes(top)).reduce((sum, [, files]) => sum + files.length, 0);
  if (within.length === 0 || within.length > MAX_SOURCE_FOLDERS || covered / paths.length < SHARE) return [];
  const extensions = [...new Set(paths.map(extensionOf))];
  return [{
    id: 'code-structure-source-folders',
    type: 'structure',
    description: `Source code lives under ${within.map((dir) => `${dir}/`).join(', ')}.`,
    severity: 'warning',
    source: { kind: 'code', evidence: [`${covered} of ${paths.length} source files (${pct(covered, paths.length)}, tests and config files left out) are under ${within.join(', ')}`] },
    check: { kind: 'folder-structure', glob: globFor(extensions), within, ignore: [...testGlobs(extensions), ...CONFIG_GLOBS] },
    fix: `Move the file under ${within.join(' or ')}, or add its folder to the rule if it is meant to hold code.`,
  }];
}

/** Layer pairs a layered design keeps apart: [importer, imported]. */
const BOUNDARIES: Array<[string, string]> = [
  ['presentation', 'infrastructure'],
  ['domain', 'presentation'],
  ['domain', 'infrastructure'],
  ['infrastructure', 'presentation'],
  ['application', 'presentation'],
];

function layeringRules(view: ProjectView): RuleValue[] {
  const layerOfTarget = new Map(view.sources.map((file) => [file.path, file.layer]));
  const folderLayer = (target: string) => view.sources.find((file) => file.path.startsWith(`${target}/`))?.layer;
  const edges = new Map<string, number>();
  const outgoing = new Map<string, number>();
  for (const file of view.sources) {
    for (const item of file.imports) {
      if (item.kind !== 'internal' || item.target === null) continue;
      const layer = layerOfTarget.get(item.target) ?? folderLayer(item.target);
      if (!layer) continue;
      edges.set(`${file.layer}>${layer}`, (edges.get(`${file.layer}>${layer}`) ?? 0) + 1);
      outgoing.set(file.layer, (outgoing.get(file.layer) ?? 0) + 1);
    }
  }
  const rules: RuleValue[] = [];
  for (const [from, to] of BOUNDARIES) {
    if ((edges.get(`${from}>${to}`) ?? 0) > 0 || (outgoing.get(from) ?? 0) === 0) continue;
    const globs = layerGlobs(view.sources, from, to);
    if (!globs) continue;
    rules.push({
      id: `code-no-${from}-to-${to}`,
      type: 'dependencies',
      description: `${from} code does not import ${to} code.`,
      severity: 'warning',
      source: { kind: 'code', evidence: [`${outgoing.get(from)} internal import(s) from ${from} files (${globs.from}), none into ${to} files (${globs.to})`] },
      check: { kind: 'forbid-import', from: globs.from, to: globs.to },
      fix: `Reach ${to} code through the layer between them instead of importing it directly.`,
    });
  }
  return rules;
}

interface Baseline {
  id: string;
  type: RuleType;
  description: string;
  regex: string;
  ignoreCase?: boolean;
  extensions: readonly string[];
  severity: RuleValue['severity'];
  fix: string;
  /** Patterns: only proposed when at most this share of the files match (the project avoids it already). */
  observedAtMost?: number;
  /** Files allowed to match (the project's own logger may write to the console): left out of the count and ignored by the check. */
  exempt?: (path: string, text: string) => boolean;
  /** Globs the check always leaves out besides tests. */
  alwaysIgnore?: readonly string[];
}

const PATTERNS: Baseline[] = [
  { id: 'code-no-console-log', type: 'patterns', description: 'No console.log in product code.', regex: '\\bconsole\\.log\\s*\\(', extensions: JS_EXTENSIONS, severity: 'info', fix: 'Use the project\'s logger, or remove the debugging output.', observedAtMost: 0.05, exempt: definesLogger, alwaysIgnore: ['**/{logger,logging,log}.*'] },
  { id: 'code-no-debugger', type: 'patterns', description: 'No debugger statements.', regex: '^\\s*debugger\\s*;?\\s*$', extensions: JS_EXTENSIONS, severity: 'warning', fix: 'Remove the debugger statement.', observedAtMost: 0 },
  { id: 'code-no-ruby-debugger', type: 'patterns', description: 'No debugger breakpoints (binding.pry, byebug) in Ruby code.', regex: '\\b(binding\\.(pry|irb)|byebug|debugger)\\b', extensions: ['rb'], severity: 'warning', fix: 'Remove the breakpoint.', observedAtMost: 0 },
  { id: 'code-no-print', type: 'patterns', description: 'No print() calls in Python product code.', regex: '^\\s*print\\s*\\(', extensions: ['py'], severity: 'info', fix: 'Use the logging module.', observedAtMost: 0.05 },
];

const SECURITY: Baseline[] = [
  { id: 'security-no-eval', type: 'security', description: 'No eval: it runs strings as code.', regex: '(^|[^\\w$.])eval\\s*\\(', extensions: [...JS_EXTENSIONS, 'py', 'rb'], severity: 'error', fix: 'Parse the data (JSON.parse, ast.literal_eval) or dispatch on known values instead of evaluating code.' },
  { id: 'security-no-new-function', type: 'security', description: 'No new Function: it compiles strings as code.', regex: '\\bnew\\s+Function\\s*\\(', extensions: JS_EXTENSIONS, severity: 'error', fix: 'Use a plain function or a lookup table.' },
  {
    id: 'security-no-hardcoded-secrets',
    type: 'security',
    description: 'No hard-coded passwords, API keys or tokens.',
    regex: '(password|passwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token|client[_-]?secret)["\']?\\s*[:=]\\s*["\'][^"\'\\s]{8,}["\']',
    ignoreCase: true,
    extensions: [...JS_EXTENSIONS, 'py', 'go', 'rb'],
    severity: 'error',
    fix: 'Read the value from the environment or a secret manager.',
  },
  { id: 'security-no-private-keys', type: 'security', description: 'No private keys in the source.', regex: '-----BEGIN ([A-Z]+ )?PRIVATE KEY-----', extensions: [...JS_EXTENSIONS, 'py', 'go', 'rb'], severity: 'error', fix: 'Remove the key, rotate it, and load it from a secret store.' },
];

function patternRules(texts: ReadonlyArray<{ path: string; text: string }>): RuleValue[] {
  return PATTERNS.flatMap((baseline) => {
    const counted = count(baseline, texts);
    if (counted.files < 5 || counted.matching / counted.files > baseline.observedAtMost!) return [];
    return [baselineRule(baseline, counted, `${counted.matching} of ${counted.files} source files match (at most ${pct(baseline.observedAtMost! * counted.files, counted.files)} allowed for a convention)`)];
  });
}

function securityRules(texts: ReadonlyArray<{ path: string; text: string }>): RuleValue[] {
  return SECURITY.flatMap((baseline) => {
    const counted = count(baseline, texts);
    if (counted.files === 0) return [];
    return [baselineRule(baseline, counted, `security baseline; ${counted.matching} of ${counted.files} source files match now`)];
  });
}

function count(baseline: Baseline, texts: ReadonlyArray<{ path: string; text: string }>) {
  const pattern = compilePattern(baseline.regex, baseline.ignoreCase ?? false);
  const relevant = texts.filter((item) => baseline.extensions.includes(extensionOf(item.path)));
  const exempt = relevant.filter((item) => baseline.exempt?.(item.path, item.text)).map((item) => item.path);
  const matching = relevant.filter((item) => !exempt.includes(item.path) && pattern.lines(item.text, 1).length > 0);
  return { files: relevant.length - exempt.length, matching: matching.length, extensions: [...new Set(relevant.map((item) => extensionOf(item.path)))], examples: matching.slice(0, 3).map((item) => item.path), exempt };
}

function baselineRule(baseline: Baseline, counted: ReturnType<typeof count>, evidence: string): RuleValue {
  return {
    id: baseline.id,
    type: baseline.type,
    description: baseline.description,
    severity: baseline.severity,
    source: {
      kind: 'code',
      evidence: [
        evidence,
        ...(counted.examples.length > 0 ? [`e.g. ${counted.examples.join(', ')}`] : []),
        ...(counted.exempt.length > 0 ? [`left out as the project's logger: ${counted.exempt.slice(0, 3).join(', ')}`] : []),
      ],
    },
    check: {
      kind: 'forbid-pattern',
      glob: globFor(counted.extensions),
      regex: baseline.regex,
      ...(baseline.ignoreCase ? { ignoreCase: true } : {}),
      // The schema allows 20 ignore globs: exempt files beyond that are named by alwaysIgnore.
      ignore: [...testGlobs(counted.extensions), ...(baseline.alwaysIgnore ?? []), ...counted.exempt.map(literalGlob)].slice(0, 20),
    },
    fix: baseline.fix,
  };
}

const slug = (dir: string) => (dir === '.' ? 'root' : dir.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''));
