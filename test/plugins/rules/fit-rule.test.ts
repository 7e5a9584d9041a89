/**
 * Issue 27 item 8: generate_rules validates its own output, so every generated rule is fitted
 * to the rule set schema first: long text cut at a word boundary, folder globs summarised,
 * a check that cannot fit kept as a rule without a check that says why.
 */
import { describe, expect, it } from 'vitest';
import { folderGlob } from '../../../plugins/rules/code/folder-glob.js';
import { fitRule } from '../../../plugins/rules/model/fit.js';
import type { RuleValue } from '../../../plugins/rules/model/schema.js';

const adrRule = (extra: Partial<RuleValue>): RuleValue => ({
  id: 'adr-1-no-presentation-to-infrastructure',
  type: 'dependencies',
  description: 'UI code must not import the database layer.',
  severity: 'error',
  source: { kind: 'adr', path: 'docs/architecture/adr-001-module-boundaries.md', title: 'Module boundaries', number: 1, status: 'accepted' },
  check: { kind: 'forbid-import', from: 'src/ui/**', to: 'src/db/**' },
  ...extra,
});

describe('generated rules fit the rule set schema', () => {
  it('cuts a long description at a word boundary', () => {
    const words = Array.from({ length: 600 }, (_, i) => `decision${i}`).join(' ');
    const { rule } = fitRule(adrRule({ description: words, fix: words }));
    expect(rule!.description.length).toBeLessThanOrEqual(2000);
    expect(rule!.description).toMatch(/decision\d+…$/);
    expect(words.startsWith(rule!.description.slice(0, -1))).toBe(true);
    expect(rule!.fix!.length).toBeLessThanOrEqual(2000);
  });

  it('keeps a rule whose globs cannot fit, without a check and saying why', () => {
    const long = `{${Array.from({ length: 20 }, (_, i) => `modules/apps/app-${i}/client/cli`).join(',')}}/**`;
    const { rule, problems } = fitRule(adrRule({ check: { kind: 'forbid-import', from: long, to: 'src/db/**' } }));
    expect(problems).toEqual([]);
    expect(rule!.check).toBeNull();
    expect(rule!.uncheckedReason).toMatch(/300 characters/);
  });

  it('summarises many folders by the name they share, never selecting the files kept apart', () => {
    const cli = Array.from({ length: 14 }, (_, i) => `modules/apps/app-number-${i}/client/cli`);
    const migrations = Array.from({ length: 14 }, (_, i) => `modules/apps/app-number-${i}/migrations/v7/store.go`);
    expect(folderGlob(cli.slice(0, 2), migrations)).toBe(`{${cli[0]},${cli[1]}}/**`);
    expect(folderGlob(cli, migrations)).toBe('**/cli/**');
    // A shared name that would also select the other layer's files is no summary.
    expect(folderGlob(cli, ['modules/apps/x/client/cli/store.go'])).toBeNull();
  });
});
