/**
 * The README criteria: what each one asks, how it is judged from the model, and the fix.
 * A criterion is met (1), partly met (0.5) or missing (0); "not applicable" takes it out
 * of the total (a short file needs no table of contents, a file without links has none
 * to break). Points per criterion are in weights.ts.
 */
import type { ReadmeModel, ReadmeSection } from '../model/types.js';
import type { SectionKind } from '../model/section-kinds.js';
import type { LinkCheck } from './link-check.js';
import type { RepositoryFacts } from './repository.js';
import { DESCRIPTION_MAX_WORDS, QUICK_START_WITHIN_LINES, TOC_REQUIRED_OVER_LINES, type CriterionId } from './weights.js';

export type CriterionCategory = 'essentials' | 'usage' | 'community' | 'structure';

export interface ScoringFacts {
  links: LinkCheck;
  /** Null when no folder could be looked at. */
  repository: RepositoryFacts | null;
}

export interface Assessment {
  /** 1 met, 0.5 partly, 0 missing; null: not applicable (left out of the total). */
  fraction: number | null;
  /** Where it was found, or where the fix goes; null for the whole file. */
  line: number | null;
  evidence: string;
  /** What to do; null when met. */
  fix: string | null;
}

export interface Criterion {
  id: CriterionId;
  title: string;
  category: CriterionCategory;
  /** What is asked, for reports and docs. */
  description: string;
  assess(model: ReadmeModel, facts: ScoringFacts): Assessment;
}

/** Languages that mark a fence as something a reader can run or paste. */
const NOT_RUNNABLE = new Set(['text', 'txt', 'plain', 'plaintext', 'output', 'console-output', 'mermaid', 'diff', 'md', 'markdown']);
const SHELL = new Set(['sh', 'bash', 'shell', 'console', 'zsh', 'powershell', 'ps1', 'cmd', 'bat', 'fish']);
const INSTALL_COMMAND = /\b(npm (i|install|add)|yarn add|pnpm (add|i|install)|pip3? install|pipx install|poetry add|cargo (add|install)|go (get|install)|gem install|brew install|apt(-get)? install|dnf install|choco install|composer require|dotnet add|docker (pull|run)|conda install|uv (add|pip install)|curl .*\|\s*(sh|bash)|make install|git clone)\b/i;

const sectionsOf = (model: ReadmeModel, kind: SectionKind) => model.sections.filter((s) => s.kinds.includes(kind));
const blocksIn = (model: ReadmeModel, section: ReadmeSection) => model.codeBlocks.filter((b) => b.line > section.line && b.line <= section.endLine);
/** The README's lines, split once per model: a README of thousands of sections would split it once per section. */
const sourceLines = new WeakMap<ReadmeModel, string[]>();
const linesOf = (model: ReadmeModel) => {
  let lines = sourceLines.get(model);
  if (!lines) sourceLines.set(model, (lines = model.doc.source.split(/\r?\n/)));
  return lines;
};
/** Lines of a section's own text (subsections included), blank lines left out. */
const contentLines = (model: ReadmeModel, section: ReadmeSection) => linesOf(model).slice(section.line, section.endLine).filter((l) => l.trim() !== '').length;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
const where = (section: ReadmeSection) => `"${section.title}" (line ${section.line})`;
/** Where a missing section would go: after the description, else after the title (contributing and licence: the last line). */
const insertLine = (model: ReadmeModel) => model.description?.endLine ?? model.title?.line ?? 1;

export const CRITERIA: readonly Criterion[] = [
  {
    id: 'description',
    title: 'One-line description',
    category: 'essentials',
    description: `A title and, before the first section, a sentence saying what the project is (first sentence under ${DESCRIPTION_MAX_WORDS} words).`,
    assess(model) {
      if (!model.title) return { fraction: 0, line: 1, evidence: 'no heading at all', fix: 'Start with "# <project name>" and one sentence saying what it does and for whom.' };
      if (!model.description) return { fraction: 0, line: model.title.line, evidence: `title "${model.title.text}" but no prose before the first section`, fix: `Add one sentence under the title (line ${model.title.line}) saying what the project does and for whom.` };
      const firstSentence = model.description.text.split(/(?<=[.!?])\s+/)[0] ?? '';
      const words = firstSentence.split(/\s+/).filter(Boolean).length;
      if (words > DESCRIPTION_MAX_WORDS) return { fraction: 0.5, line: model.description.line, evidence: `first sentence is ${words} words`, fix: `Shorten the first sentence (line ${model.description.line}) to under ${DESCRIPTION_MAX_WORDS} words; move detail further down.` };
      return { fraction: 1, line: model.description.line, evidence: `"${clip(firstSentence, 100)}"`, fix: null };
    },
  },
  {
    id: 'install',
    title: 'Installation',
    category: 'essentials',
    description: 'An Installation/Install/Setup/Getting started section with the install command in a code block.',
    assess(model) {
      const sections = sectionsOf(model, 'install');
      const withCode = sections.find((s) => blocksIn(model, s).length > 0);
      if (withCode) return { fraction: 1, line: withCode.line, evidence: `section ${where(withCode)} with a code block`, fix: null };
      if (sections[0]) return { fraction: 0.5, line: sections[0].line, evidence: `section ${where(sections[0])} without a code block`, fix: `Put the install command in a fenced code block (\`\`\`sh) under "${sections[0].title}".` };
      const command = model.codeBlocks.find((b) => INSTALL_COMMAND.test(b.value));
      if (command) return { fraction: 0.5, line: command.line, evidence: `install command at line ${command.line} but no Installation section`, fix: `Give the install command (line ${command.line}) its own "## Installation" heading so readers find it.` };
      return { fraction: 0, line: insertLine(model), evidence: 'no installation section or install command', fix: 'Add "## Installation" with the install command in a ```sh block (npm install ..., pip install ..., ...).' };
    },
  },
  {
    id: 'quick_start',
    title: 'Quick start with a runnable example',
    category: 'essentials',
    description: `A code block in a shell or language fence under a Quick start/Usage/Getting started heading, or in the first ${QUICK_START_WITHIN_LINES} lines.`,
    assess(model) {
      const runnable = (lang: string | null) => lang !== null && !NOT_RUNNABLE.has(lang);
      // A usage section's first example serves as the quick start too.
      const starts = [...sectionsOf(model, 'quick_start'), ...sectionsOf(model, 'usage')].sort((a, b) => a.line - b.line);
      const candidates = model.codeBlocks.filter((b) => b.line <= QUICK_START_WITHIN_LINES || starts.some((s) => b.line > s.line && b.line <= s.endLine));
      // An install command alone is not a quick start: prefer a block that does something.
      const example = candidates.find((b) => runnable(b.language) && !(SHELL.has(b.language!) && INSTALL_COMMAND.test(b.value) && b.value.trim().split('\n').length === 1));
      if (example) return { fraction: 1, line: example.line, evidence: `${example.language} example at line ${example.line}`, fix: null };
      const bare = candidates.find((b) => !INSTALL_COMMAND.test(b.value) || !runnable(b.language));
      if (bare) return { fraction: 0.5, line: bare.line, evidence: `code block at line ${bare.line} without a language (or only an install line)`, fix: `Mark the fence at line ${bare.line} with its language (\`\`\`js, \`\`\`python, \`\`\`sh) and make it a complete example a reader can paste and run.` };
      return { fraction: 0, line: starts[0]?.line ?? insertLine(model), evidence: 'no example near the top or under a Quick start/Usage heading', fix: 'Add "## Quick start" with a short, complete example in a fenced block with its language.' };
    },
  },
  {
    id: 'usage',
    title: 'Usage',
    category: 'usage',
    description: 'A Usage/Examples section showing how to use the project (code or at least a few lines).',
    assess(model) {
      const sections = sectionsOf(model, 'usage');
      const full = sections.find((s) => blocksIn(model, s).length > 0 || contentLines(model, s) >= 3);
      if (full) return { fraction: 1, line: full.line, evidence: `section ${where(full)}`, fix: null };
      if (sections[0]) return { fraction: 0.5, line: sections[0].line, evidence: `section ${where(sections[0])} is nearly empty`, fix: `Fill "${sections[0].title}" with examples of the common tasks, with code.` };
      return { fraction: 0, line: insertLine(model), evidence: 'no Usage or Examples section', fix: 'Add "## Usage" with examples of the common tasks (code blocks with their language).' };
    },
  },
  {
    id: 'configuration',
    title: 'Configuration',
    category: 'usage',
    description: 'A Configuration/Options/Settings section listing the options (a table, list or code block).',
    assess(model) {
      const sections = sectionsOf(model, 'configuration');
      const listed = sections.find((s) => blocksIn(model, s).length > 0 || model.tables.some((t) => t.line > s.line && t.line <= s.endLine) || contentLines(model, s) >= 3);
      if (listed) return { fraction: 1, line: listed.line, evidence: `section ${where(listed)}`, fix: null };
      if (sections[0]) return { fraction: 0.5, line: sections[0].line, evidence: `section ${where(sections[0])} lists no options`, fix: `List each option of "${sections[0].title}" with its default and meaning (a table works well).` };
      return { fraction: 0, line: insertLine(model), evidence: 'no Configuration/Options/Settings section', fix: 'Add "## Configuration": a table of the options, their defaults and what they do.' };
    },
  },
  {
    id: 'contributing',
    title: 'Contributing',
    category: 'community',
    description: 'A Contributing/Development section, or a link to CONTRIBUTING.md.',
    assess(model, facts) {
      const section = sectionsOf(model, 'contributing')[0];
      if (section) return { fraction: 1, line: section.line, evidence: `section ${where(section)}`, fix: null };
      const link = model.links.find((l) => /contributing/i.test(l.url));
      if (link) return { fraction: 1, line: link.line, evidence: `link to ${link.url}`, fix: null };
      const file = facts.repository?.contributingFile;
      if (file) return { fraction: 0.5, line: model.length.lines, evidence: `${file} exists but the README does not point to it`, fix: `Add "## Contributing" linking to ${file}.` };
      return { fraction: 0, line: model.length.lines, evidence: 'no Contributing section or guide', fix: 'Add "## Contributing": how to build, test and send a change (or link a CONTRIBUTING.md).' };
    },
  },
  {
    id: 'license',
    title: 'Licence',
    category: 'community',
    description: 'A License/Licence section, or a licence file in the repository.',
    assess(model, facts) {
      const section = sectionsOf(model, 'license')[0];
      if (section) return { fraction: 1, line: section.line, evidence: `section ${where(section)}`, fix: null };
      const file = facts.repository?.licenseFile;
      if (file) return { fraction: 1, line: null, evidence: `licence file ${file}`, fix: null };
      return { fraction: 0, line: model.length.lines, evidence: 'no licence section and no licence file found', fix: 'Add "## License" naming the licence (e.g. "MIT, see LICENSE") and commit the LICENSE file.' };
    },
  },
  {
    id: 'badges',
    title: 'Badges of known services',
    category: 'community',
    description: 'Status badges at the top from known services (CI, coverage, package registry, docs).',
    assess(model) {
      const known = model.badges.filter((b) => b.service);
      if (known.length) return { fraction: 1, line: known[0]!.line, evidence: [...new Set(known.map((b) => b.service))].join(', '), fix: null };
      if (model.badges.length) return { fraction: 0.5, line: model.badges[0]!.line, evidence: `${model.badges.length} badge(s) from unrecognised services`, fix: 'Use badges from the services readers know (shields.io, GitHub Actions, Codecov, the package registry).' };
      return { fraction: 0, line: model.title?.line ?? 1, evidence: 'no badges', fix: 'Add badges under the title: CI status (GitHub Actions), package version (shields.io/npm, PyPI, crates.io), licence.' };
    },
  },
  {
    id: 'toc',
    title: 'Table of contents',
    category: 'structure',
    description: `For files over ${TOC_REQUIRED_OVER_LINES} lines: a list of links to the sections, or a [[_TOC_]] / <!-- toc --> marker.`,
    assess(model) {
      if (model.toc) return { fraction: 1, line: model.toc.line, evidence: model.toc.via === 'marker' ? 'table-of-contents marker' : 'list of links to sections', fix: null };
      if (model.length.lines <= TOC_REQUIRED_OVER_LINES) return { fraction: null, line: null, evidence: `${model.length.lines} lines: short enough to need none`, fix: null };
      return { fraction: 0, line: insertLine(model), evidence: `${model.length.lines} lines and no table of contents`, fix: `Add a list of links to the sections ("- [Installation](#installation)") after the description (line ${insertLine(model)}).` };
    },
  },
  {
    id: 'links',
    title: 'Links resolve',
    category: 'structure',
    description: 'Relative links and images exist next to the README; in-page anchors match a heading. External links are not fetched.',
    assess(model, facts) {
      const { internal, external, broken } = facts.links;
      if (internal + external === 0) return { fraction: null, line: null, evidence: 'no links', fix: null };
      if (broken.length === 0) return { fraction: 1, line: null, evidence: `${internal} internal link(s) resolve; ${external} external not fetched`, fix: null };
      const first = broken[0]!;
      const fraction = internal === 0 ? 0 : Math.max(0, (internal - broken.length) / internal);
      return {
        fraction,
        line: first.line,
        evidence: `${broken.length} of ${internal} internal link(s) broken: ${broken.slice(0, 3).map((b) => `line ${b.line} ${b.url}`).join('; ')}`,
        fix: `Fix or remove the broken link(s) (first at line ${first.line}: ${first.message}).`,
      };
    },
  },
];
