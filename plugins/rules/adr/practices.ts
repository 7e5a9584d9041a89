/**
 * Rules from the coding practices ADRs decide, beyond technologies: "Avoid
 * default exports" / "Use named exports" (no `export default` in product
 * code, framework files exempt), "Use pnpm" or "Use Yarn" (no lockfile of
 * another package manager), "Use Prettier" / "Use ESLint" / "Use TypeScript"
 * (the tool is a dependency), "TypeScript strict mode" (no tsconfig turns it
 * off). A practice becomes a rule only when the project is one it applies to.
 */
import type { RuleCheck, RuleValue } from '../model/schema.js';
import { DEFAULT_EXPORT_EXEMPT } from '../code/framework-files.js';
import { testGlobs } from '../code/from-code.js';
import type { ProjectView } from '../project-view.js';

/** What an ADR says: all of its decision prose, and the part that picks (before "rather than", "instead of", ...). */
export interface DecisionProse {
  all: string;
  chosen: string;
}

interface Practice {
  id: string;
  type: RuleValue['type'];
  /** Whether the ADR decides it. */
  decides(prose: DecisionProse): boolean;
  /** The rule's description, check and fix for this project; null when the project has nothing it applies to. */
  rule(view: ProjectView): { description: string; check: RuleCheck; fix: string } | null;
}

const JS = /\.([cm]?[jt]sx?)$/;
const JS_GLOB = '*.{cjs,cts,js,jsx,mjs,mts,ts,tsx}';
const hasPackageJson = (view: ProjectView) => view.manifests.some((manifest) => /(^|\/)package\.json$/.test(manifest.path));
const LOCKFILES: Record<string, string> = { npm: 'package-lock.json', shrinkwrap: 'npm-shrinkwrap.json', yarn: 'yarn.lock', pnpm: 'pnpm-lock.yaml', bun: 'bun.lockb' };

/** Where product JS/TS lives: packages/*\/src (and apps/*\/src ...) in a monorepo, src/ in a package, else anywhere. */
export function productCodeGlob(view: ProjectView): string {
  const roots = new Set<string>();
  for (const file of view.sources) {
    if (file.layer === 'test' || !JS.test(file.path)) continue;
    const workspace = /^((?:packages|apps|libs|modules|services)\/)[^/]+\/src\//.exec(file.path);
    if (workspace) roots.add(`${workspace[1]}*/src`);
    else if (file.path.startsWith('src/')) roots.add('src');
  }
  const list = [...roots].sort();
  return list.length === 0 ? `**/${JS_GLOB}` : `${list.length === 1 ? list[0] : `{${list.join(',')}}`}/**/${JS_GLOB}`;
}

function packageManager(name: string, words: RegExp): Practice {
  return {
    id: `use-${name}`,
    type: 'dependencies',
    decides: (prose) => words.test(prose.chosen),
    rule: (view) => {
      if (!hasPackageJson(view)) return null;
      const others = Object.entries(LOCKFILES).filter(([key]) => key !== name && !(name === 'npm' && key === 'shrinkwrap')).map(([, file]) => file);
      return {
        description: `${name} is the package manager: no lockfile of another one (${others.join(', ')}).`,
        check: { kind: 'forbid-file', glob: `**/{${others.join(',')}}` },
        fix: `Delete the lockfile and install with ${name} (${LOCKFILES[name]}).`,
      };
    },
  };
}

function tool(name: string, pkg: string, words: RegExp): Practice {
  return {
    id: `use-${pkg}`,
    type: 'dependencies',
    decides: (prose) => words.test(prose.chosen),
    rule: (view) => (hasPackageJson(view) ? { description: `${name} is the chosen tool: ${pkg} is a dependency.`, check: { kind: 'require-dependency', packages: [pkg] }, fix: `Add ${pkg} to the devDependencies.` } : null),
  };
}

const NO_DEFAULT_EXPORTS = /\b(avoid|no|ban|forbid|disallow|prohibit|without|never use|don'?t use|do not use)\s+(?:using\s+)?default[- ]exports?\b|\bnamed[- ]exports?\s+only\b|\bonly\s+named[- ]exports?\b|\b(?:use|prefer|chose|choose|chosen option:\s*"?)\s*named[- ]exports?\b/i;

export const PRACTICES: readonly Practice[] = [
  {
    id: 'no-default-exports',
    type: 'patterns',
    decides: (prose) => NO_DEFAULT_EXPORTS.test(prose.all),
    rule: (view) =>
      view.sources.some((file) => JS.test(file.path))
        ? {
            description: 'Product code uses named exports: no `export default` (route files, stories and tool configs that frameworks require one from are exempt).',
            check: { kind: 'forbid-pattern', glob: productCodeGlob(view), regex: '^\\s*export\\s+default\\b|\\bexport\\s*\\{[^}]*\\bas\\s+default\\b', ignore: [...testGlobs([]), ...DEFAULT_EXPORT_EXEMPT] },
            fix: 'Export the value by name (`export class X`, `export function x`) and import it with braces.',
          }
        : null,
  },
  packageManager('pnpm', /\bpnpm\b/i),
  packageManager('yarn', /\byarn\b/i),
  tool('Prettier', 'prettier', /\bprettier\b/i),
  tool('ESLint', 'eslint', /\beslint\b/i),
  {
    id: 'typescript-strict',
    type: 'patterns',
    decides: (prose) => /\btypescript\b/i.test(prose.chosen) && /\bstrict\b/i.test(prose.chosen),
    rule: (view) =>
      view.listing.some((path) => /(^|\/)tsconfig[^/]*\.json$/.test(path))
        ? {
            description: 'TypeScript strict mode: no tsconfig turns off strict, noImplicitAny or strictNullChecks.',
            check: { kind: 'forbid-pattern', glob: '**/tsconfig*.json', regex: '"(strict|noImplicitAny|strictNullChecks)"\\s*:\\s*false' },
            fix: 'Remove the override and fix the type errors it hid.',
          }
        : null,
  },
  tool('TypeScript', 'typescript', /\btypescript\b/i),
];

/** The practice rules an accepted ADR decides, with the ADR as source. */
export function practiceRules(prose: DecisionProse, view: ProjectView, idPrefix: string, source: RuleValue['source'], label: string): RuleValue[] {
  const rules: RuleValue[] = [];
  for (const practice of PRACTICES) {
    if (!practice.decides(prose)) continue;
    const made = practice.rule(view);
    if (!made) continue;
    rules.push({ id: `${idPrefix}-${practice.id}`, type: practice.type, severity: 'warning', source, ...made, description: `${made.description} (${label})` });
  }
  return rules;
}
