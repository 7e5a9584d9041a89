/**
 * Rules checked against a project (or one of its files): each check kind looks
 * where its evidence is — manifests and imports for dependencies, the import
 * graph for forbidden imports, names and folders of the listed files, lines of
 * their text for patterns — and each violation names the file and, when the
 * problem is on a line (an import, a declaration, a match), that line.
 */
import { compileGlob, compileGlobs } from '../../../sdk/glob.js';
import type { RuleCheck, RuleValue } from '../model/schema.js';
import { isToolFile, namedByFramework } from '../code/framework-files.js';
import { follows, renamed, stemOf } from '../code/naming.js';
import { declaredDependencies, normalisePackage, type ProjectView } from '../project-view.js';
import { compilePattern } from './pattern.js';

/** Matches one rule reports per file, and in all: the rest are counted, not listed. */
const PER_FILE = 20;
const PER_RULE = 500;
const MAX_PATTERN_FILES = 5000;

export interface Violation {
  file: string;
  /** null when the problem is the file itself (its name or place) or the project (a missing dependency). */
  line: number | null;
  ruleId: string;
  type: RuleValue['type'];
  severity: RuleValue['severity'];
  message: string;
  fix: string;
}

export interface RuleOutcome {
  ruleId: string;
  status: 'checked' | 'not-checkable' | 'not-applicable';
  violations: number;
  /** Files the check looked at. */
  files: number;
  note?: string;
}

export interface RunResult {
  violations: Violation[];
  outcomes: RuleOutcome[];
  /** Files looked at by any check. */
  filesChecked: number;
}

/** `only`: a project-relative file; checks then look at that file alone (and skip project-level ones). */
export async function runRules(rules: readonly RuleValue[], view: ProjectView, only: string | null, signal: AbortSignal): Promise<RunResult> {
  const violations: Violation[] = [];
  const outcomes: RuleOutcome[] = [];
  const looked = new Set<string>();
  for (const rule of rules) {
    signal.throwIfAborted();
    if (!rule.check) {
      outcomes.push({ ruleId: rule.id, status: 'not-checkable', violations: 0, files: 0, note: rule.uncheckedReason ?? 'no automatic check' });
      continue;
    }
    const found: Array<Omit<Violation, 'ruleId' | 'type' | 'severity'>> = [];
    const result = await checkOne(rule.check, rule, view, only, found, signal);
    for (const file of result.files) looked.add(file);
    const listed = found.slice(0, PER_RULE);
    violations.push(...listed.map((item) => ({ ...item, ruleId: rule.id, type: rule.type, severity: rule.severity })));
    outcomes.push({ ruleId: rule.id, status: result.applicable ? 'checked' : 'not-applicable', violations: found.length, files: result.files.length, ...(result.note ? { note: result.note } : {}) });
  }
  violations.sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || a.ruleId.localeCompare(b.ruleId));
  return { violations, outcomes, filesChecked: looked.size };
}

type Found = Array<Omit<Violation, 'ruleId' | 'type' | 'severity'>>;
interface Checked {
  files: string[];
  applicable: boolean;
  note?: string;
}

async function checkOne(check: RuleCheck, rule: RuleValue, view: ProjectView, only: string | null, found: Found, signal: AbortSignal): Promise<Checked> {
  const fix = (fallback: string) => rule.fix ?? fallback;
  const sources = only ? view.sources.filter((file) => file.path === only) : view.sources;
  const listing = only ? [only] : view.listing;
  switch (check.kind) {
    case 'forbid-dependency': {
      const banned = new Set(check.packages.map(normalisePackage));
      const manifests = view.manifests.filter((manifest) => !only || manifest.path === only);
      for (const manifest of manifests) {
        const names = manifest.dependencies.filter((dependency) => banned.has(normalisePackage(dependency.name))).map((dependency) => dependency.name);
        if (names.length === 0) continue;
        const text = (await view.text(manifest.path)) ?? '';
        for (const name of [...new Set(names)]) found.push({ file: manifest.path, line: lineMentioning(text, name), message: `${manifest.path} declares ${name}: ${rule.description}`, fix: fix(`Remove ${name} from ${manifest.path}.`) });
      }
      for (const file of sources) {
        for (const item of file.imports) {
          if (item.kind !== 'external' || item.target === null) continue;
          const hit = check.packages.find((name) => normalisePackage(name) === normalisePackage(item.target!) || item.target!.startsWith(`${name}/`));
          if (hit) found.push({ file: file.path, line: item.line, message: `imports ${item.specifier} (${hit}): ${rule.description}`, fix: fix(`Remove the import of ${item.specifier}.`) });
        }
      }
      return { files: [...manifests.map((m) => m.path), ...sources.map((f) => f.path)], applicable: true };
    }
    case 'require-dependency': {
      if (only) return { files: [], applicable: false, note: 'a project-level check: run without filePath' };
      const declared = declaredDependencies(view.manifests);
      if (!check.packages.some((name) => declared.has(normalisePackage(name)))) {
        const manifest = view.manifests[0]?.path ?? '.';
        found.push({ file: manifest, line: null, message: `none of ${check.packages.join(', ')} is declared in the project's manifests: ${rule.description}`, fix: fix(`Declare ${check.packages[0]} in ${manifest}.`) });
      }
      return { files: view.manifests.map((m) => m.path), applicable: true };
    }
    case 'forbid-import': {
      // Rule globs come from callers: matched with RE2 in linear time (sdk/glob.ts).
      const from = compileGlob(check.from, { dot: true });
      const to = compileGlob(check.to, { dot: true });
      const importers = sources.filter((file) => from(file.path));
      for (const file of importers) {
        for (const item of file.imports) {
          if (item.kind !== 'internal' || item.target === null || !(to(item.target) || to(`${item.target}/_`))) continue;
          found.push({ file: file.path, line: item.line, message: `imports ${item.target} ('${item.specifier}'), which matches ${check.to}: ${rule.description}`, fix: fix(`Remove the import of ${item.specifier} and go through an allowed layer.`) });
        }
      }
      return { files: importers.map((file) => file.path), applicable: importers.length > 0, ...(importers.length === 0 ? { note: `no source file matches ${check.from}` } : {}) };
    }
    case 'file-naming': {
      const files = matching(listing, check.glob, check.ignore);
      for (const path of files) {
        const stem = stemOf(path);
        if (namedByFramework(path) || follows(stem, check.pattern)) continue;
        const suggested = renamed(stem, check.pattern);
        found.push({ file: path, line: null, message: `"${stem}" is not ${check.pattern}: ${rule.description}`, fix: rule.fix ? `${rule.fix} (${suggested}${path.slice(path.lastIndexOf('/') + 1 + stem.length)})` : `Rename to ${suggested}.` });
      }
      return { files, applicable: files.length > 0 };
    }
    case 'folder-structure': {
      const files = matching(listing, check.glob, check.ignore);
      for (const path of files) {
        if (isToolFile(path) || check.within.some((dir) => path.startsWith(`${dir.replace(/\/+$/, '')}/`))) continue;
        found.push({ file: path, line: null, message: `outside ${check.within.join(', ')}: ${rule.description}`, fix: fix(`Move it under ${check.within[0]}/.`) });
      }
      return { files, applicable: files.length > 0 };
    }
    case 'forbid-file': {
      const files = matching(listing, check.glob, check.ignore);
      for (const path of files) found.push({ file: path, line: null, message: `${path} exists: ${rule.description}`, fix: fix(`Remove ${path}.`) });
      return { files, applicable: true };
    }
    case 'forbid-pattern': {
      const pattern = compilePattern(check.regex, check.ignoreCase ?? false);
      const files = matching(listing, check.glob, check.ignore).slice(0, MAX_PATTERN_FILES);
      for (const path of files) {
        signal.throwIfAborted();
        const text = await view.text(path);
        if (text === null) continue;
        for (const line of pattern.lines(text, PER_FILE)) found.push({ file: path, line, message: rule.description, fix: fix('Remove or rewrite the matching code.') });
      }
      return { files, applicable: files.length > 0 };
    }
  }
}

function matching(paths: readonly string[], glob: string, ignore: readonly string[] | undefined): string[] {
  const include = compileGlob(glob, { dot: true });
  const skip = ignore && ignore.length > 0 ? compileGlobs([...ignore], { dot: true }) : () => false;
  return paths.filter((path) => include(path) && !skip(path));
}

/** The first line naming the package as a quoted key or value (package.json, pyproject) or a bare requirement line; 1 when none. */
function lineMentioning(text: string, name: string): number {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const patterns = [new RegExp(`["']${escaped}["']`, 'i'), new RegExp(`^\\s*${escaped}\\b`, 'im')];
  const lines = text.split('\n');
  for (const pattern of patterns) {
    const index = lines.findIndex((line) => pattern.test(line));
    if (index >= 0) return index + 1;
  }
  return 1;
}
