import { afterAll, describe, expect, it } from 'vitest';
import { startTestToolpack } from '../../../sdk/testing.js';
import { project } from '../project/fixtures.js';
import { outcome } from '../../helpers/tool-result.js';

// adr-tools records as `adr new -l` writes them: custom verb pairs, a heading numbered by hand, a revised copy.
const record = (number: number, title: string, status: string, decision: string) =>
  `# ${number}. ${title}\n\nDate: 2022-01-31\n\n## Status\n\n${status}\n\n## Context\n\nThe goal tree is edited by one developer.\n\n## Decision\n\n${decision}\n\n## Consequences\n\nNone worth noting.\n`;

describe('discover_existing_adrs on adr-tools records', () => {
  const root = project({
    'pyproject.toml': '[project]\nname = "siebenapp"\n',
    'doc/adr/0004-document-old-decisions.md': record(4, 'Document old decisions', 'Accepted\n\nImplemented in [5. Forever alpha version](0005-forever-alpha-version.md)', 'Write down the most significant architecture decisions.'),
    'doc/adr/0005-forever-alpha-version.md': record(5, 'Forever alpha version', 'Accepted\n\nImplements [4. Document old decisions](0004-document-old-decisions.md)\n\nClarified by [7. Matching goals](0007-matching-goals.md)', 'Do not support compliance with old Python versions.'),
    'doc/adr/0006-do-not-use-regex-from-user-input.md': record(5, 'Do not use regex from user input', 'Accepted', 'Match goals by substring, never by a user-supplied regular expression.'),
    'doc/adr/0007-matching-goals.md': record(7, 'Matching goals.', 'Accepted', 'Match goals by their key.'),
    'doc/adr/0008-matching-goals.md': record(8, 'Matching goals', 'Accepted', 'Match goals by their key and their parent.'),
  });
  let kernel: Awaited<ReturnType<typeof startTestToolpack>>;
  afterAll(() => kernel?.stop());
  const discover = async () => {
    kernel ??= await startTestToolpack({ workspace: root, config: { plugins: ['project', 'adr'] } });
    return outcome(await kernel.call('discover_existing_adrs', { adrDirectory: 'doc/adr' }));
  };

  it('reads "Implemented in", "Implements" and other adr-tools verb lines as links between the records', async () => {
    const { data } = await discover();
    const links = (n: number) => data.adrs.find((a: any) => a.number === n).links;
    expect(links(4).relatesTo).toEqual([5]);
    expect(links(5).relatesTo).toEqual(expect.arrayContaining([4, 7]));
    expect(links(7).relatesTo).toEqual([5]);
    expect(data.problems.filter((p: any) => p.kind === 'broken-link')).toEqual([]);
  });

  it('reports a heading number that disagrees with the file number, and two records with one title', async () => {
    const { data } = await discover();
    const mismatch = data.problems.filter((p: any) => p.kind === 'heading-number-mismatch');
    expect(mismatch).toEqual([expect.objectContaining({ paths: ['doc/adr/0006-do-not-use-regex-from-user-input.md'], numbers: [6, 5] })]);
    const duplicate = data.problems.filter((p: any) => p.kind === 'duplicate-title');
    expect(duplicate).toEqual([expect.objectContaining({ paths: ['doc/adr/0007-matching-goals.md', 'doc/adr/0008-matching-goals.md'], numbers: [7, 8] })]);
    expect(data.problems.some((p: any) => p.paths.some((path: string) => path.includes('0004') || path.includes('0005')))).toBe(false);
  });
});
