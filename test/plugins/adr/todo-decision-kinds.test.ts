/**
 * Issue 10, defect class 7: generate_adr_todo on adr-tools records as small real projects keep
 * them. Process decisions get one "follow" task, decisions the code already shows get a
 * "verify" task, effort and refactoring consequences get no test task, and priority comes
 * from what the decision is about, not from a keyword anywhere.
 */
import { describe, expect, it } from 'vitest';
import { startTestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { project } from '../project/fixtures.js';

const adrTools = (number: number, title: string, context: string, decision: string, consequences: string) =>
  `# ${number}. ${title}\n\nDate: 2022-01-31\n\n## Status\n\nAccepted\n\n## Context\n\n${context}\n\n## Decision\n\n${decision}\n\n## Consequences\n\n${consequences}\n`;

const ROOT = () =>
  project({
    'go.mod': 'module github.com/example/goaltree\n\ngo 1.21\n\nrequire github.com/spf13/cobra v1.8.0\n',
    'main.go': 'package main\n\nimport "github.com/example/goaltree/cmd"\n\nfunc main() {\n\tcmd.Execute()\n}\n',
    'cmd/root.go': 'package cmd\n\nimport "github.com/spf13/cobra"\n\nvar root = &cobra.Command{Use: "goaltree", Short: "Track goals as a dependency graph"}\n\n// Execute runs the command line.\nfunc Execute() {\n\t_ = root.Execute()\n}\n',
    'goals/filter.go': 'package goals\n\nimport "strings"\n\n// Matches reports whether the goal name contains the pattern, ignoring case.\nfunc Matches(name, pattern string) bool {\n\treturn strings.Contains(strings.ToLower(name), strings.ToLower(pattern))\n}\n',
    'doc/adr/0001-record-architecture-decisions.md': adrTools(1, 'Record architecture decisions', 'We need to record the architectural decisions made on this project.', 'We will use Architecture Decision Records, as described by Michael Nygard.', 'See Michael Nygard\'s article, linked above. We will use adr-tools to manage the records.'),
    'doc/adr/0002-build-with-go.md': adrTools(2, 'Build with Go', 'Contributors expect a popular, productive language.', 'This project will be implemented in Go.', 'New code is written in Go.'),
    'doc/adr/0003-adaptive-goal-enumeration.md': adrTools(3, 'Create adaptive goal enumeration', 'Goal ids grow long in big trees.', 'Goals are enumerated so that ids stay short whatever the tree size.', 'Ids become shorter.\n\nBut all existing tests that rely on the current enumeration function must be refactored.\n\nWe must add a check that no two visible goals share an id.'),
    'doc/adr/0004-forever-alpha-version.md': adrTools(4, 'Forever alpha version', 'The maintainer has little time for the project.', '* Do not work on features I do not need.\n* Do not support compliance with old Python versions.', 'Feature cuts will speed up development.'),
    'doc/adr/0005-substring-filter.md': adrTools(5, 'Filter goals by substring', 'A user-supplied regular expression may cause unexpected crashes, data loss (potentially), or high CPU load.', 'The goal filter matches a plain substring, case-insensitively.', 'Users cannot use wildcards.'),
  });

describe('generate_adr_todo on decisions of different kinds', () => {
  it('plans one follow task for process decisions, a verify task for decisions in the code, no tests for refactoring', async () => {
    const root = ROOT();
    const kernel = await startTestToolpack({ workspace: root, config: { plugins: ['project', 'adr'] } });
    try {
      const { isError, data } = outcome(await kernel.call('generate_adr_todo', { adrDirectory: 'doc/adr', todoFormat: 'json', todoPath: 'todo.json' }));
      expect(isError).toBe(false);
      const byAdr = (n: number) => data.tasks.created.filter((t: any) => t.linkedAdr.includes(`/000${n}-`));
      const titles = (n: number) => byAdr(n).map((t: any) => t.title);

      expect(titles(1)).toEqual(['Follow the decision "Record architecture decisions" (ADR 1)']);
      expect(titles(4)).toEqual(['Follow the decision "Forever alpha version" (ADR 4)']);
      expect(byAdr(1)[0].tags).toContain('process');

      expect(titles(2)).toEqual(['Verify the decision "Build with Go" is in place (ADR 2)']);
      expect(byAdr(2)[0].tags).toContain('verify');
      expect(byAdr(2)[0].description).toMatch(/Go files/);

      // Refactoring existing tests is work, but no test verifies it; the new check still gets its test first.
      expect(titles(3)).toEqual([
        'Write tests that verify the decision "Create adaptive goal enumeration" (ADR 3)',
        'Implement the decision "Create adaptive goal enumeration" (ADR 3)',
        'Implement "All existing tests that rely on the current enumeration function must be refactored" (ADR 3)',
        'Write tests that verify "Add a check that no two visible goals share an id" (ADR 3)',
        'Implement "Add a check that no two visible goals share an id" (ADR 3)',
      ]);
      expect(titles(3).join('\n')).not.toMatch(/Write tests that verify "All existing tests/);

      const priority = (n: number) => data.accepted.find((a: any) => a.number === n);
      expect(priority(4)).toMatchObject({ priority: 'medium' });
      expect(priority(5)).toMatchObject({ priority: 'medium' });
    } finally {
      await kernel.stop();
    }
  });
});
