/**
 * The pages setup_structure lays out: an index page per Diataxis section
 * saying what belongs there, and with `includeExamples` one realistic page per
 * section written about the project itself (its name, ecosystem, tools), so
 * the site shows how each kind of page reads rather than lorem ipsum.
 */
import { DIATAXIS_SECTIONS, type DiataxisSection, type SitePage } from '../../../sdk/index.js';
import type { Ecosystem } from '../../project/api.js';
import type { ProjectFacts } from './project-facts.js';

const INDEX: Record<DiataxisSection, { title: string; body: (name: string) => string }> = {
  tutorials: {
    title: 'Tutorials',
    body: (name) =>
      `Tutorials are lessons: they take you by the hand through a series of steps to complete a small project with ${name}.\n\n` +
      'Start here if you are new. Each tutorial works from a clean setup and ends with something that runs.\n',
  },
  'how-to': {
    title: 'How-to guides',
    body: (name) =>
      `How-to guides are recipes for a specific goal when working with ${name}. They assume you know the basics ` +
      'and answer one question each: "how do I ...?".\n',
  },
  reference: {
    title: 'Reference',
    body: (name) => `Technical reference for ${name}: its interfaces, configuration and dependencies, described accurately and completely. Look things up here; it does not teach.\n`,
  },
  explanation: {
    title: 'Explanation',
    body: (name) => `Background and discussion: why ${name} is designed the way it is, the trade-offs it makes, and the concepts behind it.\n`,
  },
};

export function sectionIndexPages(facts: ProjectFacts): SitePage[] {
  return DIATAXIS_SECTIONS.map((section) => ({ section, slug: 'index', title: INDEX[section].title, body: INDEX[section].body(facts.name), order: 0 }));
}

interface Toolchain {
  install: string;
  fromSource: string[];
  test: string;
  fence: string;
}

const TOOLCHAINS: Partial<Record<Ecosystem, (pkg: string) => Toolchain>> = {
  pypi: (pkg) => ({ install: `pip install ${pkg}`, fromSource: ['python -m venv .venv', '. .venv/bin/activate', 'pip install -e .'], test: 'python -m pytest', fence: 'python' }),
  npm: (pkg) => ({ install: `npm install ${pkg}`, fromSource: ['npm ci'], test: 'npm test', fence: 'js' }),
  cargo: (pkg) => ({ install: `cargo add ${pkg}`, fromSource: ['cargo build'], test: 'cargo test', fence: 'rust' }),
  go: (pkg) => ({ install: `go get ${pkg}`, fromSource: ['go build ./...'], test: 'go test ./...', fence: 'go' }),
  rubygems: (pkg) => ({ install: `gem install ${pkg}`, fromSource: ['bundle install'], test: 'bundle exec rake test', fence: 'ruby' }),
  maven: () => ({ install: 'mvn install', fromSource: ['mvn -B package'], test: 'mvn test', fence: 'java' }),
  gradle: () => ({ install: './gradlew build', fromSource: ['./gradlew build'], test: './gradlew test', fence: 'java' }),
  composer: (pkg) => ({ install: `composer require ${pkg}`, fromSource: ['composer install'], test: 'composer test', fence: 'php' }),
  nuget: (pkg) => ({ install: `dotnet add package ${pkg}`, fromSource: ['dotnet build'], test: 'dotnet test', fence: 'csharp' }),
};

const slugName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'project';

function toolchain(facts: ProjectFacts): Toolchain {
  const pkg = facts.packageName ?? slugName(facts.name);
  return TOOLCHAINS[facts.ecosystem ?? 'npm']?.(pkg) ?? { install: `# see the README of ${facts.name}`, fromSource: ['# build as the README describes'], test: '# run the test suite', fence: 'text' };
}

const list = (items: string[], none: string) => (items.length ? items.map((i) => `- ${i}`).join('\n') : `- ${none}`);

export function examplePages(facts: ProjectFacts): SitePage[] {
  const { name } = facts;
  const tc = toolchain(facts);
  const sh = (lines: string[]) => ['```sh', ...lines, '```'].join('\n');
  const built = [...facts.languages, ...facts.frameworks];
  return [
    {
      section: 'tutorials',
      slug: 'getting-started',
      title: `Getting started with ${name}`,
      order: 1,
      body: [
        `In this tutorial you install ${name} and use it for the first time. It takes about ten minutes.`,
        facts.description ? `\n${facts.description}\n` : '',
        '## Install',
        '',
        sh([tc.install]),
        '',
        '## First steps',
        '',
        `1. Create a new folder for your experiment and open a terminal there.`,
        `2. Install ${name} as shown above.`,
        `3. Follow the example from the project README, and check the output matches what it shows.`,
        '',
        '## What you learned',
        '',
        `You installed ${name} and ran it once. Next, the how-to guides show how to solve specific tasks.`,
        '',
      ].join('\n'),
    },
    {
      section: 'how-to',
      slug: 'build-from-source',
      title: `How to build ${name} from source`,
      order: 1,
      body: [
        `Use this guide when you want to change ${name} or try an unreleased version.`,
        '',
        '## Build',
        '',
        sh(tc.fromSource),
        '',
        '## Run the tests',
        '',
        sh([tc.test]),
        '',
        facts.testing.length ? `The test suite uses ${facts.testing.join(', ')}.` : 'Run the tests before opening a pull request.',
        '',
      ].join('\n'),
    },
    {
      section: 'reference',
      slug: 'project-facts',
      title: `${name} at a glance`,
      order: 1,
      body: [
        `Facts about ${name} as found in its repository.`,
        '',
        '## Languages and frameworks',
        '',
        list(built, 'not detected'),
        '',
        '## Manifests',
        '',
        list(facts.manifests.map((m) => `\`${m}\``), 'none found'),
        '',
        '## Runtime dependencies',
        '',
        list(facts.dependencies.map((d) => `\`${d}\``), 'none declared'),
        '',
      ].join('\n'),
    },
    {
      section: 'explanation',
      slug: 'design-overview',
      title: `Design overview of ${name}`,
      order: 1,
      body: [
        `This page explains the ideas behind ${name}: what problem it solves and why it is built the way it is.`,
        '',
        '## The problem',
        '',
        facts.description ?? `Describe the problem ${name} solves, and for whom.`,
        '',
        '## Design choices',
        '',
        built.length ? `${name} is written with ${built.join(', ')}. Explain here why these were chosen and what they cost.` : 'Explain the main design choices and their trade-offs.',
        '',
      ].join('\n'),
    },
  ];
}
