/**
 * validate_adrs and discover_existing_adrs read one catalogue: on the same folders they must agree
 * on every fact both report (folder, record count, which records lack a readable status, broken
 * links, one-way supersessions, duplicate and missing numbers). And on the shared real-layout
 * fixtures, validate_adrs finds nothing that is not wrong there.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startTestToolpack } from '../../../sdk/testing.js';
import { dateMadrMonorepo } from '../../fixtures/repos/date-madr-monorepo.js';
import { goArchitectureMonorepo } from '../../fixtures/repos/go-architecture-monorepo.js';
import { railsAdrTools } from '../../fixtures/repos/rails-adr-tools.js';
import { outcome } from '../../helpers/tool-result.js';
import { project, type Tree } from '../project/fixtures.js';
import { cleanFolder, dateFolder, defectFolder } from './validate-adrs-fixtures.js';

async function both(tree: Tree) {
  const kernel = await startTestToolpack({ workspace: project(tree), config: { plugins: ['project', 'adr'] } });
  afterAll(() => kernel.stop());
  const call = async (name: string) => {
    const result = outcome(await kernel.call(name, {}));
    expect(result.isError, result.text).toBe(false);
    return result.data;
  };
  return { discovered: await call('discover_existing_adrs'), validated: await call('validate_adrs') };
}

const sorted = (items: string[]) => [...items].sort();
const groups = (lists: string[][]) => sorted(lists.map((list) => sorted(list).join(' + ')));

const FOLDERS: Array<[string, () => Tree]> = [
  ['planted defects', defectFolder],
  ['clean folder', cleanFolder],
  ['date-named folder', dateFolder],
  ['date-madr-monorepo', dateMadrMonorepo],
  ['go-architecture-monorepo', goArchitectureMonorepo],
  ['rails-adr-tools', railsAdrTools],
];

describe('validate_adrs agrees with discover_existing_adrs', () => {
  it.each(FOLDERS)('%s', async (_name, tree) => {
    const { discovered, validated } = await both(tree());
    const problems = (kind: string) => discovered.problems.filter((p: any) => p.kind === kind);
    const findings = (rule: string) => validated.findings.filter((f: any) => f.rule === rule);
    expect(validated.omitted).toBe(0);

    expect(validated.directory).toBe(discovered.adrDirectory);
    expect(validated.source).toBe(discovered.source);
    expect(validated.checked).toBe(discovered.adrs.length);
    // Records without a status the catalogue reads are the ones validate_adrs flags for it, and only those.
    const statusless = discovered.adrs.filter((adr: any) => adr.status === null).map((adr: any) => adr.path);
    expect(sorted([...findings('missing-status'), ...findings('unknown-status')].map((f: any) => f.file))).toEqual(sorted(statusless));
    for (const f of findings('nonstandard-status')) expect(statusless).not.toContain(f.file);

    for (const kind of ['broken-link', 'missing-successor', 'unreadable', 'heading-number-mismatch']) {
      expect(sorted(findings(kind).map((f: any) => f.file)), kind).toEqual(sorted(problems(kind).flatMap((p: any) => p.paths)));
    }
    for (const kind of ['one-way-supersession', 'duplicate-number', 'duplicate-name', 'duplicate-title']) {
      expect(groups(findings(kind).map((f: any) => [f.file, ...(f.related ?? [])])), kind).toEqual(groups(problems(kind).map((p: any) => p.paths)));
    }
    expect(findings('missing-number').length).toBe(problems('missing-number').length);
  });
});

describe('validate_adrs on real layouts', () => {
  it('go-architecture-monorepo (adr-NNN records, changelog sections, adr.template.md): valid, nothing found', async () => {
    const { validated } = await both(goArchitectureMonorepo());
    expect(validated.findings).toEqual([]);
    expect(validated.summary).toBe('15 records checked in docs/architecture (found via docs/architecture): valid.');
  });

  it('rails-adr-tools (.adr-dir, adr-tools records, one superseded both ways, a shortened file name): valid', async () => {
    const { validated } = await both(railsAdrTools());
    expect(validated.findings).toEqual([]);
    expect(validated).toMatchObject({ valid: true, checked: 7, directory: 'docs/adr', source: '.adr-dir' });
  });

  it('date-madr-monorepo (date-named MADR, template.md, two records of one day): only the real one-way supersession', async () => {
    const { validated } = await both(dateMadrMonorepo());
    // The Vitest record does not say it supersedes the Jest one: a true finding; dates between records are no gaps.
    expect(validated.findings.map((f: any) => `${f.rule} ${f.file}:${f.line}`)).toEqual(['one-way-supersession docs/decisions/20201130-use-jest-for-unit-tests.md:2']);
    expect(validated.findings[0].fix).toContain('docs/decisions/20210611-use-vitest-for-unit-tests.md');
    expect(validated.checked).toBe(10);
  });
});
