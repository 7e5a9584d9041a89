/**
 * Issue 10, defect 7: dates and links of ADRs as real repositories write them (adr-tools,
 * MADR 3/4 template sites, docs-site ADRs with "Last Updated" and "Related ADRs" lists).
 * Each record here has the shape of one found in those repositories.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startTestToolpack } from '../../../sdk/testing.js';
import { parseAdr } from '../../../plugins/adr/catalog/index.js';
import { project } from '../project/fixtures.js';
import { outcome } from '../../helpers/tool-result.js';

// adr-tools: "adr new -s 4", both sides written by the tool.
const ADR_TOOLS_1 = `# 1. Record architecture decisions

Date: 2016-02-12

## Status

Accepted

## Context

We need to record the architectural decisions made on this project.

## Decision

We will use Architecture Decision Records, as described by Michael Nygard in [this article](http://thinkrelevance.com/blog/2011/11/15/documenting-architecture-decisions).

## Consequences

See Michael Nygard's article, linked above. For a lightweight ADR toolset, see Nat Pryce's [adr-tools](https://github.com/npryce/adr-tools).
`;

const ADR_TOOLS_4 = `# 4. Markdown format

Date: 2016-02-13

## Status

Superseded by [5. Use Markdown with front matter](0005-use-markdown-with-front-matter.md)

## Context

The decision records must be stored in a plain text format.

## Decision

Use Markdown.
`;

const ADR_TOOLS_5 = `# 5. Use Markdown with front matter

Date: 2016-03-01

## Status

Accepted

Supersedes [4. Markdown format](0004-markdown-format.md)

## Context

Replaces the old approach of keeping the status in a heading: tools could not read it.
Related to Issue #311 and PR #42; see #12 for the discussion.

## Decision

Use Markdown with YAML front matter.
`;

// MADR 3 with front matter, edited later: the "Last Updated" line is not the decision's date.
const MADR_3 = `---
status: accepted
date: 2023-03-14
deciders: Ana Silva, Ben Ode
---
# Use pnpm workspaces

Last Updated: 2024-09-30

## Context and Problem Statement

Installs take four minutes in CI.

## Decision Outcome

Chosen option: "pnpm workspaces", because this replaces the old approach of one lockfile per package.

### Consequences

* Good, because installs are faster
`;

// Docs-site style (TypeScript MCP servers): bold fields, "Last Updated" first, then the Date.
const DOCS_SITE = `# ADR-007: Use the MCP TypeScript SDK

**Status:** Accepted
**Last Updated:** 2025-06-02
**Date:** 2024-11-20

## Context

We need a protocol implementation. The approach follows [Out of the Tar Pit](https://curtclifton.net/papers/MoseleyMarks06a.pdf)
and [12 Factor](https://12factor.net/config).

See also [the SDK repository](https://github.com/modelcontextprotocol/typescript-sdk).

## Decision

We will use the official SDK.

## Related ADRs

- [ADR-001: Record architecture decisions](0001-record-architecture-decisions.md)
- [ADR-005: Use Markdown with front matter](./0005-use-markdown-with-front-matter.md)
- [Glossary of terms](glossary.md)
- [ADR-042: Retire the REST gateway](0042-retire-the-rest-gateway.md)
- [Event sourcing notes](event-sourcing.md)
`;

// A "## Date" section instead of a field; a lead-in line followed by its list.
const DATE_SECTION = `# 8. Cache tool results

## Date

2024-12-05

## Status

Proposed

## Context

Repeated analyses are slow.

## Decision

Cache results for ten minutes.

Related ADRs:

- ADR-7
- [5. Use Markdown with front matter](0005-use-markdown-with-front-matter.md)
`;

const TREE = {
  'doc/adr/0001-record-architecture-decisions.md': ADR_TOOLS_1,
  'doc/adr/0004-markdown-format.md': ADR_TOOLS_4,
  'doc/adr/0005-use-markdown-with-front-matter.md': ADR_TOOLS_5,
  'doc/adr/0006-use-pnpm-workspaces.md': MADR_3,
  'doc/adr/0007-use-the-mcp-typescript-sdk.md': DOCS_SITE,
  'doc/adr/0008-cache-tool-results.md': DATE_SECTION,
  'doc/adr/glossary.md': '# Glossary\n\n* ADR: architecture decision record\n',
  'doc/adr/0002-keep-a-changelog.md': '# 2. Keep a changelog\n\nDate: 2016-02-12\n\n## Status\n\nAccepted\n\n## Decision\n\nKeep one.\n',
  'doc/adr/0003-use-semver.md': '# 3. Use semver\n\nDate: 2016-02-12\n\n## Status\n\nAccepted\n\n## Decision\n\nUse it.\n',
};

describe('discover_existing_adrs on records as real repositories write them', () => {
  async function discover() {
    const kernel = await startTestToolpack({ workspace: project(TREE), config: { plugins: ['project', 'adr'] } });
    afterAll(() => kernel.stop());
    const result = outcome(await kernel.call('discover_existing_adrs', { adrDirectory: 'doc/adr' }));
    expect(result.isError, result.text).toBe(false);
    return result.data;
  }

  it("takes each record's own date: Date field, front matter, a ## Date section; never the Last Updated line", async () => {
    const data = await discover();
    const date = (n: number) => data.adrs.find((a: any) => a.number === n).date;
    expect([1, 4, 5].map(date)).toEqual(['2016-02-12', '2016-02-13', '2016-03-01']);
    expect(date(6)).toBe('2023-03-14');
    expect(date(7)).toBe('2024-11-20');
    expect(date(8)).toBe('2024-12-05');
  });

  it('reads supersession and Related ADRs lists, and reports only the links that lead nowhere', async () => {
    const data = await discover();
    const adr = (n: number) => data.adrs.find((a: any) => a.number === n);
    expect(adr(4)).toMatchObject({ status: 'superseded', links: { supersededBy: [5] } });
    expect(adr(5).links).toMatchObject({ supersedes: [4], relatesTo: [7, 8] });
    // The Related ADRs section: 1 and 5 exist, 42 does not; no issue or paper number is read as an ADR.
    expect(adr(7).links.relatesTo).toEqual([1, 5, 42, 8]);
    expect(adr(8).links.relatesTo).toEqual([7, 5]);
    const broken = data.problems.filter((p: any) => p.kind === 'broken-link');
    expect(broken.map((p: any) => p.message)).toEqual([
      expect.stringContaining('ADR 42'),
      expect.stringContaining('"event-sourcing.md", which does not exist'),
    ]);
    expect(broken.every((p: any) => p.paths[0] === 'doc/adr/0007-use-the-mcp-typescript-sdk.md')).toBe(true);
    expect(data.problems.filter((p: any) => p.kind === 'one-way-supersession' || p.kind === 'missing-successor')).toEqual([]);
  });
});

describe('parseAdr links: prose, issues and external links are not ADR links', () => {
  const body = '\n\n## Status\n\nAccepted\n\n## Decision\n\nYes.\n';
  const links = async (lines: string) => (await parseAdr('0010-x.md', `# 10. X\n\n${lines}${body}`))!.links;

  it('ignores issue and pull request numbers', async () => {
    const found = await links('Related to Issue #311.\n\nSee also #12, PR #42.\n\nRelates to ADR #3 and [issue 9](https://github.com/acme/shop/issues/9).\n');
    expect(found.relatesTo.map((l) => l.target)).toEqual([3]);
  });

  it('does not take a prose "replaces" for a supersession unless it names an ADR', async () => {
    const prose = await links('Replaces the old approach of polling the registry.\n\nReplaces 3 legacy cron jobs with one queue.\n');
    expect(prose.supersedes).toEqual([]);
    const named = await links('Replaces [ADR-0004](0004-markdown-format.md).\n');
    expect(named.supersedes.map((l) => l.target)).toEqual([4]);
  });

  it('never reads an external link as an ADR, whatever its label says', async () => {
    const found = await links('See also [2. Out of the Tar Pit](https://curtclifton.net/papers/MoseleyMarks06a.pdf)\n');
    expect(found.relatesTo).toEqual([]);
  });

  it('still reports a superseded status that names no successor', async () => {
    const adr = (await parseAdr('0011-y.md', '# 11. Y\n\n## Status\n\nSuperseded by a later decision\n\n## Decision\n\nNo.\n'))!;
    expect(adr.status).toBe('superseded');
    expect(adr.links.supersededBy).toEqual([{ target: null, raw: 'Superseded by a later decision' }]);
  });
});
