/**
 * Which pages a population level writes and what each says: every statement
 * is a fact read from the project, and every page ends with the list of the
 * files (and lines) its facts come from.
 *   basic:         index + one page per Diataxis section
 *   comprehensive: + a how-to per script group, a reference page per command
 *                  set, API and configuration area, decision records apart
 *   intelligent:   comprehensive + cross-links and each fact's source inline
 */
import type { DiataxisSection } from '../../../sdk/index.js';
import { cite, type Fact, type FactKind, type FactSource } from './facts.js';
import { USER_INSTALL } from './manifest-facts.js';
import { OPTIONS_GROUP } from './options-facts.js';

export type PopulationLevel = 'basic' | 'comprehensive' | 'intelligent';

export interface PlannedPage {
  /** null for the documentation's own index page. */
  section: DiataxisSection | null;
  slug: string;
  title: string;
  /** Markdown body below the title heading (the title heading itself is added by the writer). */
  body: string;
  sources: FactSource[];
  order: number;
  facts: Fact[];
}

/** Facts that only this project states; with includeProjectSpecific off, pages keep the toolchain facts only. */
const PROJECT_SPECIFIC: ReadonlySet<FactKind> = new Set(['flag', 'env', 'export', 'config', 'decision', 'architecture', 'usage']);

interface Draft {
  section: DiataxisSection;
  slug: string;
  title: string;
  intro: string;
  blocks: Array<{ heading: string; facts: Fact[] }>;
}

export function planPages(all: readonly Fact[], options: { level: PopulationLevel; includeProjectSpecific: boolean; projectName: string }): PlannedPage[] {
  const facts = options.includeProjectSpecific ? [...all] : all.filter((f) => !PROJECT_SPECIFIC.has(f.kind));
  const of = (...kinds: FactKind[]) => facts.filter((f) => kinds.includes(f.kind));
  const detailed = options.level !== 'basic';
  const drafts: Draft[] = [];

  // Users install the published package; a clone's setup (uv sync, npm ci) is the contributors', on a how-to page.
  const installs = of('install');
  const published = new Set(installs.filter((f) => f.group === USER_INSTALL).map((f) => f.technology));
  const userInstalls = installs.filter((f) => f.group === USER_INSTALL || !published.has(f.technology));
  const cloneSetup = installs.filter((f) => !userInstalls.includes(f));
  drafts.push({
    section: 'tutorials',
    slug: 'getting-started',
    title: 'Getting started',
    intro: `This tutorial installs ${options.projectName} and runs it for the first time.`,
    blocks: [
      { heading: 'Install', facts: userInstalls },
      { heading: 'Commands', facts: of('command') },
      { heading: 'First run', facts: of('usage') },
    ],
  });

  const scripts = of('script');
  const groups = groupBy(scripts, (f) => f.group ?? f.name);
  const setupBlock = { heading: 'Set up a clone of the repository', facts: cloneSetup };
  if (detailed && cloneSetup.length > 0) {
    drafts.push({ section: 'how-to', slug: 'development-setup', title: 'How to set up a development environment', intro: `Install ${options.projectName} from a clone of its repository to change it.`, blocks: [setupBlock] });
  }
  if (detailed && groups.size > 1) {
    for (const [group, members] of groups) {
      drafts.push({ section: 'how-to', slug: `run-${slugify(group)}`, title: `How to run ${group}`, intro: `The ${group} tasks the project defines.`, blocks: [{ heading: 'Tasks', facts: members }] });
    }
  } else {
    drafts.push({ section: 'how-to', slug: 'common-tasks', title: 'Common tasks', intro: 'How to run the tasks the project defines.', blocks: [...(detailed ? [] : [setupBlock]), { heading: 'Tasks', facts: scripts }] });
  }
  if (detailed && of('env').length > 0) {
    drafts.push({ section: 'how-to', slug: 'configure', title: 'How to configure', intro: 'Set these environment variables before running the project.', blocks: [{ heading: 'Environment variables', facts: of('env') }] });
  }

  if (detailed) {
    // One reference page per command group (the subcommand a flag belongs to); ungrouped flags stay with the commands.
    const flagGroups = groupBy(of('flag').filter((f) => f.group), (f) => f.group!);
    drafts.push({
      section: 'reference',
      slug: 'commands',
      title: 'Commands and flags',
      intro: 'The command-line entry points and the flags the code reads.',
      blocks: [
        { heading: 'Commands', facts: of('command') },
        { heading: 'Flags', facts: of('flag').filter((f) => !f.group) },
      ],
    });
    for (const [group, members] of flagGroups) {
      drafts.push({ section: 'reference', slug: `command-${slugify(group)}`, title: `The ${group} command`, intro: `Flags of the \`${group}\` command.`, blocks: [{ heading: 'Flags', facts: members }] });
    }
    const exports = groupBy(of('export'), (f) => f.source.file);
    drafts.push({ section: 'reference', slug: 'api', title: 'API', intro: 'The names each module exports.', blocks: [...exports].map(([file, members]) => ({ heading: `\`${file}\``, facts: members })) });
    const areas = groupBy(of('env', 'config'), (f) => f.group ?? 'general');
    for (const [area, members] of areas) {
      const single = areas.size === 1;
      drafts.push({
        section: 'reference',
        slug: single ? 'configuration' : `configuration-${slugify(area)}`,
        title: single ? 'Configuration' : `Configuration: ${area}`,
        intro: 'Environment variables and configuration keys the code reads.',
        blocks: [
          { heading: 'Environment variables', facts: members.filter((f) => f.kind === 'env') },
          { heading: 'Configuration keys', facts: members.filter((f) => f.kind === 'config' && f.group !== OPTIONS_GROUP) },
          { heading: 'Options', facts: members.filter((f) => f.kind === 'config' && f.group === OPTIONS_GROUP) },
        ],
      });
    }
  } else {
    drafts.push({
      section: 'reference',
      slug: 'reference',
      title: 'Reference',
      intro: `Commands, flags, environment variables and exported names of ${options.projectName}.`,
      blocks: [
        { heading: 'Commands', facts: of('command') },
        { heading: 'Flags', facts: of('flag') },
        { heading: 'Environment variables', facts: of('env') },
        { heading: 'Exported names', facts: of('export') },
      ],
    });
  }

  drafts.push({ section: 'explanation', slug: 'architecture', title: 'Architecture', intro: `How ${options.projectName} is organised.`, blocks: [{ heading: 'Structure', facts: of('architecture') }, ...(detailed ? [] : [{ heading: 'Decisions', facts: of('decision') }])] });
  if (detailed) drafts.push({ section: 'explanation', slug: 'decisions', title: 'Design decisions', intro: 'The architecture decision records of the project.', blocks: [{ heading: 'Decisions', facts: of('decision') }] });

  const kept = drafts
    .map((d) => ({ ...d, blocks: d.blocks.filter((b) => b.facts.length > 0) }))
    .filter((d) => d.blocks.length > 0);
  const inline = options.level === 'intelligent';
  const pages: PlannedPage[] = kept.map((d, i) => {
    const pageFacts = d.blocks.flatMap((b) => b.facts);
    const body = [d.intro, ...d.blocks.map((b) => `## ${b.heading}\n\n${b.facts.map((f) => renderFact(f, inline)).join(f0(b.facts))}`)].join('\n\n');
    return { section: d.section, slug: d.slug, title: d.title, body, sources: uniqueSources(pageFacts), order: i, facts: pageFacts };
  });
  const index: PlannedPage = {
    section: null,
    slug: 'index',
    title: `${options.projectName} documentation`,
    body: `Documentation generated from the ${options.projectName} sources, in four parts.`,
    sources: [],
    order: 0,
    facts: [],
  };
  return [index, ...pages];
}

/** List items join with one newline; code blocks with a blank line. */
const f0 = (facts: Fact[]) => (facts.some((f) => f.kind === 'install' || f.kind === 'usage') ? '\n\n' : '\n');

function renderFact(fact: Fact, inline: boolean): string {
  const from = inline ? ` (from \`${cite(fact.source)}\`)` : '';
  switch (fact.kind) {
    case 'install':
      return `${fence(fact.name, 'sh')}\n\n${fact.detail ? `${capitalise(fact.detail)}.` : ''}${from}`.trim();
    case 'usage':
      return `${fence(fact.name, fact.group ?? '')}${inline ? `\n\nFrom \`${cite(fact.source)}\`.` : ''}`;
    case 'script':
    case 'command':
      return `- ${code(fact.name)}${fact.detail ? `: runs ${code(fact.detail)}` : ''}${from}`;
    case 'export':
      return `- ${code(fact.name)}${fact.detail ? ` (${fact.detail})` : ''}${from}`;
    case 'decision':
      return `- **${fact.name}**${fact.detail ? ` (${fact.detail})` : ''}${from}`;
    case 'architecture':
      return `- ${fact.detail ?? fact.name}${from}`;
    default:
      return `- ${code(fact.name)}${fact.detail ? `: ${fact.detail}` : ''}${from}`;
  }
}

/** The Sources list every page ends with. */
export function sourcesSection(sources: readonly FactSource[], heading = 'Sources'): string {
  if (sources.length === 0) return '';
  return `## ${heading}\n\n${sources.map((s) => `- \`${cite(s)}\``).join('\n')}\n`;
}

function uniqueSources(facts: readonly Fact[]): FactSource[] {
  const seen = new Map<string, FactSource>();
  for (const f of facts) seen.set(cite(f.source), f.source);
  return [...seen.values()].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

export const slugify = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'page';
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Inline code that survives backticks in the text. */
function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((m) => m.length));
  const ticks = '`'.repeat(longest + 1);
  return longest > 0 ? `${ticks} ${text} ${ticks}` : `${ticks}${text}${ticks}`;
}

function fence(text: string, lang: string): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((m) => m.length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${lang}\n${text}\n${ticks}`;
}
