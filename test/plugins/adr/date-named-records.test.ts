/**
 * Issue 27 item 2: date-named records are dates, not numbers. A TypeScript monorepo (pnpm
 * workspace, packages/*) keeps ten MADR records named `YYYYMMDD-slug.md` from 2020 and 2021,
 * two of them on one day, and its own MADR `template.md`. The catalogue must not report
 * "missing" records between dates nor a "duplicate" date, and a new record must be named
 * with today's date and follow the folder's template, not come out Nygard as "ADR 20210413".
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { today } from '../../../plugins/adr/templates/index.js';
import { project, writeTree, type Tree } from '../project/fixtures.js';
import { toolClient } from '../../helpers/tool-client.js';

/** The team's template: MADR 2 as log4brains ships it (field bullets under the title, optional sections marked). */
const TEMPLATE = `# [a short title naming the problem and the solution]

- Status: [draft | proposed | rejected | accepted | deprecated | superseded by [title](yyyymmdd-title.md)] <!-- optional -->
- Deciders: [who took part in the decision] <!-- optional -->
- Date: [YYYY-MM-DD of the last change] <!-- optional -->
- Tags: [tags, comma separated] <!-- optional -->

Technical Story: [a sentence or the issue link] <!-- optional -->

## Context and Problem Statement

[Two or three sentences on the situation, ideally ending in the question the decision answers.]

## Decision Drivers <!-- optional -->

- [a force or concern]

## Considered Options

- [first option]
- [second option]

## Decision Outcome

Chosen option: "[first option]", because [why it wins].

### Positive Consequences <!-- optional -->

- [what gets better]

### Negative Consequences <!-- optional -->

- [what it costs]

## Pros and Cons of the Options <!-- optional -->

### [first option]

- Good, because [an argument]
- Bad, because [another argument]

## Links <!-- optional -->

- [relation] [record] <!-- e.g. Refines [title](yyyymmdd-title.md) -->
`;

type Record = { file: string; title: string; date: string; status?: string; chosen: string; other: string; tags: string };
const RECORDS: Record[] = [
  { file: '20200925-use-pnpm.md', title: 'Use pnpm workspaces for the monorepo', date: '2020-09-25', chosen: 'pnpm workspaces', other: 'Yarn workspaces', tags: 'tooling' },
  { file: '20200926-use-markdown-architectural-decision-records.md', title: 'Use Markdown Architectural Decision Records', date: '2020-09-26', chosen: 'MADR 2', other: 'Free-form notes in the wiki', tags: 'process' },
  { file: '20201001-enable-typescript-strict-mode.md', title: 'Enable TypeScript strict mode in every package', date: '2020-10-01', chosen: 'strict: true in the base tsconfig', other: 'Opt-in per package', tags: 'typescript' },
  { file: '20201010-use-eslint-and-prettier.md', title: 'Lint with ESLint and format with Prettier', date: '2020-10-10', chosen: 'ESLint with Prettier', other: 'TSLint', tags: 'tooling' },
  { file: '20201010-avoid-default-exports.md', title: 'Avoid default exports', date: '2020-10-10', chosen: 'Named exports only', other: 'Default exports', tags: 'typescript' },
  { file: '20201103-use-jest.md', title: 'Use Jest for unit tests', date: '2020-11-03', status: 'superseded by [20210412-use-vitest](20210412-use-vitest.md)', chosen: 'Jest', other: 'Mocha', tags: 'testing' },
  { file: '20201215-publish-with-changesets.md', title: 'Publish the packages with Changesets', date: '2020-12-15', chosen: 'Changesets', other: 'Lerna publish', tags: 'release' },
  { file: '20210115-use-nextjs-for-the-docs-site.md', title: 'Use Next.js for the documentation site', date: '2021-01-15', chosen: 'Next.js', other: 'Docusaurus', tags: 'docs' },
  { file: '20210301-use-github-actions.md', title: 'Run CI on GitHub Actions', date: '2021-03-01', chosen: 'GitHub Actions', other: 'CircleCI', tags: 'ci' },
  { file: '20210412-use-vitest.md', title: 'Use Vitest for unit tests', date: '2021-04-12', chosen: 'Vitest', other: 'Jest', tags: 'testing' },
];

const madrRecord = (r: Record) => `# ${r.title}

- Status: ${r.status ?? 'accepted'}
- Deciders: the core maintainers
- Date: ${r.date}
- Tags: ${r.tags}

## Context and Problem Statement

The packages of the monorepo need one answer on this; contributors asked which way to go in review.

## Considered Options

- ${r.chosen}
- ${r.other}

## Decision Outcome

Chosen option: "${r.chosen}", because it fits the workspace and the team already knows it.

### Positive Consequences

- One way of working in every package.

### Negative Consequences

- Existing packages have to be migrated.
`;

function typescriptMonorepo(records: Record[] = RECORDS, folder = 'docs/adr', extra: Tree = { [`docs/adr/template.md`]: TEMPLATE }): Tree {
  const tree: Tree = {
    'package.json': JSON.stringify({ name: 'decision-log', private: true, scripts: { build: 'pnpm -r build', test: 'vitest run' }, devDependencies: { typescript: '^4.9.5', vitest: '^0.34.0' } }, null, 2),
    'pnpm-workspace.yaml': "packages:\n  - 'packages/*'\n",
    'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, module: 'esnext' } }, null, 2),
    'packages/core/package.json': JSON.stringify({ name: '@decision-log/core', version: '1.4.0', main: 'dist/index.js' }, null, 2),
    'packages/core/src/index.ts': "export { readDecisions } from './read.js';\n",
    'packages/core/src/read.ts': "export function readDecisions(dir: string): string[] {\n  return [dir];\n}\n",
    'packages/cli/package.json': JSON.stringify({ name: '@decision-log/cli', version: '1.4.0', dependencies: { '@decision-log/core': 'workspace:*' } }, null, 2),
    'packages/cli/src/main.ts': "import { readDecisions } from '@decision-log/core';\n\nconsole.log(readDecisions(process.argv[2] ?? '.'));\n",
    'README.md': '# decision-log\n\nA monorepo of packages for browsing architecture decisions.\n',
    [`${folder}/README.md`]: '# Architecture Decision Records\n\nThe decisions of this project, newest last.\n',
    ...extra,
  };
  for (const r of records) tree[`${folder}/${r.file}`] = madrRecord(r);
  return tree;
}

const client = toolClient;

const DECISION = {
  title: 'Use Turborepo for task orchestration',
  context: 'Builds of the packages run one after another and CI takes twelve minutes; most packages did not change.',
  decision: 'We will run the build, lint and test tasks through Turborepo with its local cache.',
  rationale: 'It understands pnpm workspaces and skips unchanged packages.',
  options: ['Turborepo', 'Nx', 'Plain pnpm -r scripts'],
  consequences: ['Good: CI time drops for small changes', 'Bad: one more tool to learn'],
};

const headings = (markdown: string) => [...markdown.matchAll(/^(#{2,3}) (.+)$/gm)].map((m) => `${m[1]} ${m[2]!.replace(/\s*<!--.*?-->\s*/g, '').trim()}`);

describe('date-named MADR records (TypeScript monorepo, YYYYMMDD-slug.md)', () => {
  it('reads dates as dates: no missing numbers, no impossible dates, no duplicate for two records of one day; successors found by file', async () => {
    const root = project(typescriptMonorepo(), 'toolpack-date-adrs-');
    const { call, close } = await client(root);
    try {
      const found = await call('discover_existing_adrs', { projectPath: root });
      expect(found.adrDirectory).toBe('docs/adr');
      expect(found.adrs).toHaveLength(10); // template.md and README.md are no records
      expect(found.adrs.every((a: any) => a.number === null)).toBe(true);
      expect(found.adrs.map((a: any) => a.date)).toEqual(RECORDS.map((r) => r.date));
      const kinds = found.problems.map((p: any) => p.kind);
      expect(kinds).not.toContain('missing-number');
      expect(kinds).not.toContain('duplicate-number');
      expect(kinds).not.toContain('duplicate-name');
      expect(JSON.stringify(found.problems)).not.toMatch(/2020093[01]|missing/);
      // The only true problem: the Vitest record does not say it supersedes the Jest one.
      expect(found.problems).toHaveLength(1);
      expect(found.problems[0]).toMatchObject({ kind: 'one-way-supersession', paths: ['docs/adr/20201103-use-jest.md', 'docs/adr/20210412-use-vitest.md'] });
      const jest = found.adrs.find((a: any) => a.path.endsWith('20201103-use-jest.md'));
      expect(jest.status).toBe('superseded');
      expect(jest.linkedPaths.supersededBy).toEqual(['docs/adr/20210412-use-vitest.md']);
      const vitest = found.adrs.find((a: any) => a.path.endsWith('20210412-use-vitest.md'));
      expect(vitest.linkedPaths.supersedes).toEqual(['docs/adr/20201103-use-jest.md']);
      expect(found.summary).not.toMatch(/missing/i);
      expect(found.naming).toBe('date');
    } finally {
      await close();
    }
  }, 120_000);

  it("names a new record with today's date and writes it in the folder's own MADR template", async () => {
    const root = project(typescriptMonorepo(), 'toolpack-date-adrs-new-');
    const { call, close } = await client(root);
    try {
      const written = await call('generate_adr_from_decision', { decisionData: { ...DECISION, deciders: ['Ana', 'Bo'], tags: ['tooling'] } });
      const date = today();
      expect(written.fileName).toBe(`${date.replace(/-/g, '')}-use-turborepo-for-task-orchestration.md`);
      expect(written.path).toBe(`docs/adr/${written.fileName}`);
      expect(written.number).toBeNull();
      expect(written.format).toBe('madr');
      expect(written.parsedFormat).toBe('madr');
      expect(written.template).toBe('docs/adr/template.md');

      const content = readFileSync(join(root, written.path), 'utf8');
      expect(content).toBe(written.content);
      // The template's title style (no number), its field lines in its order, its sections in its order.
      expect(content.split('\n')[0]).toBe('# Use Turborepo for task orchestration');
      expect(content).toContain(`- Status: proposed\n- Deciders: Ana, Bo\n- Date: ${date}\n- Tags: tooling\n`);
      const own = headings(content);
      expect(own).toEqual([
        '## Context and Problem Statement',
        '## Considered Options',
        '## Decision Outcome',
        '### Positive Consequences',
        '### Negative Consequences',
      ]);
      const order = headings(TEMPLATE);
      expect(own.map((h) => order.indexOf(h))).toEqual([...own.map((h) => order.indexOf(h))].sort((a, b) => a - b));
      expect(content).toContain('Chosen option: "Turborepo", because it understands pnpm workspaces');
      expect(content).toMatch(/### Positive Consequences\n\n\* Good, because CI time drops/);
      expect(content).toMatch(/### Negative Consequences\n\n\* Bad, because one more tool to learn/);
      expect(content).not.toMatch(/\[first option\]|\[a short title|Technical Story|## Links/);

      // Read back as every tool reads it: one more date-named record, dated today, still no problem about numbers.
      const after = await call('discover_existing_adrs', {});
      expect(after.adrs).toHaveLength(11);
      const record = after.adrs.find((a: any) => a.path === written.path);
      expect(record).toMatchObject({ number: null, status: 'proposed', date, format: 'madr', title: 'Use Turborepo for task orchestration', deciders: ['Ana', 'Bo'] });
      expect(after.problems.map((p: any) => p.kind)).toEqual(['one-way-supersession']);

      // A second decision of the same title on the same day gets its own file.
      const again = await call('generate_adr_from_decision', { decisionData: DECISION });
      expect(again.fileName).toBe(`${date.replace(/-/g, '')}-use-turborepo-for-task-orchestration-2.md`);
    } finally {
      await close();
    }
  }, 120_000);

  it('generate_adrs_from_prd, through the same writer, names its records by date too', async () => {
    const root = writeTree(project(typescriptMonorepo(), 'toolpack-date-adrs-prd-'), {
      'docs/prd.md': '# Search PRD\n\n## Decisions\n\n- The search index will be stored in PostgreSQL 16 with full-text search.\n- The public API will be GraphQL, served by Apollo Server.\n',
    });
    const { call, close } = await client(root);
    try {
      const out = await call('generate_adrs_from_prd', { prdPath: 'docs/prd.md' });
      expect(out.generated.length).toBeGreaterThan(0);
      const compact = today().replace(/-/g, '');
      for (const adr of out.generated) {
        expect(adr.path).toMatch(new RegExp(`^docs/adr/${compact}-[a-z0-9-]+\\.md$`));
        expect(adr.number).toBeNull();
      }
      expect(out.summary).not.toMatch(/numbers|2021041[3-9]/);
      const after = await call('discover_existing_adrs', {});
      expect(after.adrs).toHaveLength(10 + out.generated.length);
      expect(after.problems.map((p: any) => p.kind)).toEqual(['one-way-supersession']);
    } finally {
      await close();
    }
  }, 120_000);

  it('keeps the folder\'s date style ("2020-09-25-…") and, without a template, the format most records use', async () => {
    const dashed = RECORDS.slice(0, 4).map((r) => ({ ...r, file: `${r.date}-${r.file.replace(/^\d{8}-/, '')}` }));
    const root = project(typescriptMonorepo(dashed, 'docs/decisions', {}), 'toolpack-dashed-adrs-');
    const { call, close } = await client(root);
    try {
      const written = await call('generate_adr_from_decision', { decisionData: DECISION });
      expect(written.path).toBe(`docs/decisions/${today()}-use-turborepo-for-task-orchestration.md`);
      expect(written.format).toBe('madr');
      expect(written.parsedFormat).toBe('madr');
      expect(written.template).toBeUndefined();
      expect(written.content).not.toMatch(/^# \d/m);
    } finally {
      await close();
    }
  }, 120_000);

  it('reads a successor named by file in MADR front matter ("superseded-by: 20210412-use-vitest.md")', async () => {
    const fm = (status: string, extra = '') => `---\nstatus: ${status}\ndate: 2021-04-12\n${extra}---\n# A testing decision\n\n## Context and Problem Statement\n\nTests run slowly.\n\n## Decision Outcome\n\nChosen option: "the runner", because it is fast.\n`;
    const root = project({ 'package.json': '{"name":"x"}\n', 'docs/adr/20201103-use-jest.md': fm('superseded', 'superseded-by: 20210412-use-vitest.md\n'), 'docs/adr/20210412-use-vitest.md': fm('accepted', 'supersedes: 20201103-use-jest.md\n') }, 'toolpack-date-fm-');
    const { call, close } = await client(root);
    try {
      const found = await call('discover_existing_adrs', {});
      expect(found.adrs[0].linkedPaths).toEqual({ supersededBy: ['docs/adr/20210412-use-vitest.md'] });
      expect(found.adrs[1].linkedPaths).toEqual({ supersedes: ['docs/adr/20201103-use-jest.md'] });
      expect(found.problems.filter((p: any) => p.kind !== 'duplicate-title')).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);

  it('in a folder named by slug alone, names the new record by its slug and no number', async () => {
    const nygard = (title: string) => `# ${title}\n\n## Status\n\nAccepted\n\n## Context\n\nThe service needs it.\n\n## Decision\n\nWe will ${title.toLowerCase()}.\n\n## Consequences\n\nNone yet.\n`;
    const root = project({ 'package.json': '{"name":"svc"}\n', 'docs/adr/use-postgres.md': nygard('Use Postgres'), 'docs/adr/use-redis-for-sessions.md': nygard('Use Redis for sessions') }, 'toolpack-slug-adrs-');
    const { call, close } = await client(root);
    try {
      const found = await call('discover_existing_adrs', {});
      expect(found.naming).toBe('slug');
      expect(found.problems).toEqual([]);
      const written = await call('generate_adr_from_decision', { decisionData: DECISION });
      expect(written).toMatchObject({ path: 'docs/adr/use-turborepo-for-task-orchestration.md', number: null, format: 'standard' });
      expect(written.content.split('\n')[0]).toBe('# Use Turborepo for task orchestration');
    } finally {
      await close();
    }
  }, 120_000);

  it('in a numbered folder with a MADR 3 template: the next number in its prefix and padding, the template\'s front matter keys', async () => {
    const template = `---\n# optional fields; remove what you do not use\nstatus: "{proposed | rejected | accepted | deprecated | superseded by ADR-0005}"\ndate: {YYYY-MM-DD of the last change}\ndeciders: {everyone who decided}\nconsulted: {people asked for their opinion}\ninformed: {people kept up to date}\n---\n# {short title naming the problem and the solution}\n\n## Context and Problem Statement\n\n{the situation, two or three sentences}\n\n## Decision Drivers\n\n* {driver}\n\n## Considered Options\n\n* {option}\n\n## Decision Outcome\n\nChosen option: "{option}", because {reason}.\n\n### Consequences\n\n* Good, because {something}\n\n## More Information\n\n<!-- optional -->\n{links and follow-ups}\n`;
    const numbered = (n: number, title: string) => `---\nstatus: accepted\ndate: 2022-0${n}-01\ndeciders: the platform team\n---\n# ${title}\n\n## Context and Problem Statement\n\nWe need to settle this.\n\n## Considered Options\n\n* A\n* B\n\n## Decision Outcome\n\nChosen option: "A", because it is simpler.\n`;
    const root = project(
      {
        'package.json': '{"name":"svc","private":true}\n',
        'docs/adr/adr-template.md': template,
        'docs/adr/ADR-001-use-node.md': numbered(1, 'Use Node.js 18'),
        'docs/adr/ADR-002-use-postgres.md': numbered(2, 'Use PostgreSQL'),
        'docs/adr/ADR-004-use-redis.md': numbered(4, 'Use Redis for sessions'),
      },
      'toolpack-numbered-template-',
    );
    const { call, close } = await client(root);
    try {
      const written = await call('generate_adr_from_decision', { decisionData: { ...DECISION, deciders: ['Ana'] } });
      expect(written.fileName).toBe('ADR-005-use-turborepo-for-task-orchestration.md');
      expect(written.number).toBe(5);
      expect(written.template).toBe('docs/adr/adr-template.md');
      const front = /^---\n([\s\S]*?)\n---/.exec(written.content)![1]!;
      expect(front.split('\n').map((line: string) => line.split(':')[0])).toEqual(['status', 'date', 'deciders']);
      expect(written.content).toMatch(/^## Context and Problem Statement$/m);
      expect(written.content).toMatch(/^### Consequences\n\n\* Good, because CI time drops/m);
      expect(written.content).not.toMatch(/More Information|\{option\}/);
      const after = await call('discover_existing_adrs', {});
      expect(after.adrs.find((a: any) => a.number === 5)).toMatchObject({ status: 'proposed', format: 'madr', deciders: ['Ana'] });
    } finally {
      await close();
    }
  }, 120_000);
});
