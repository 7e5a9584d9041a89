/**
 * Issue 10, defect class 5: compare_adr_progress on decisions that name a package or tool the
 * knowledge table does not know. The project's own manifests and tool config files show
 * whether it is in place, and the scoring note never says "no tasks are linked" when they are.
 */
import { describe, expect, it } from 'vitest';
import { startTestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { json, project } from '../project/fixtures.js';

const adrTools = (number: number, title: string, decision: string) =>
  `# ${number}. ${title}\n\nDate: 2022-11-14\n\n## Status\n\nAccepted\n\n## Context\n\nContributors need the same setup on every machine.\n\n## Decision\n\n${decision}\n\n## Consequences\n\nContributors follow the README to get started.\n`;

async function progress(root: string, before?: (call: (tool: string, args: Record<string, unknown>) => Promise<any>) => Promise<void>) {
  const kernel = await startTestToolpack({ workspace: root, config: { plugins: ['project', 'adr'] } });
  try {
    const call = async (tool: string, args: Record<string, unknown>) => outcome(await kernel.call(tool, args)).data;
    await before?.(call);
    return await call('compare_adr_progress', { adrDirectory: 'doc/adr' });
  } finally {
    await kernel.stop();
  }
}

describe('compare_adr_progress falls back to the project\'s own dependencies and tool files', () => {
  it('finds koanf (github.com/knadh/koanf/v2 in go.mod) and asdf (.tool-versions) in a Go operator', async () => {
    const root = project({
      'go.mod': 'module github.com/example/infrakit\n\ngo 1.19\n\nrequire (\n\tgithub.com/go-chi/chi/v5 v5.0.7\n\tgithub.com/knadh/koanf/v2 v2.0.1\n\tgithub.com/spf13/cobra v1.6.1\n)\n',
      '.tool-versions': 'golang 1.19.3\nterraform 1.3.6\n',
      'cmd/root.go': 'package cmd\n\nimport (\n\t"github.com/knadh/koanf/v2"\n\t"github.com/spf13/cobra"\n)\n\nvar k = koanf.New(".")\nvar root = &cobra.Command{Use: "infrakit"}\n',
      'doc/adr/0001-manage-tool-dependencies-using-asdf.md': adrTools(1, 'Manage tool dependencies using asdf', 'We will pin the versions of development tools with asdf.'),
      'doc/adr/0002-load-configuration-with-koanf.md': adrTools(2, 'Load configuration with koanf', 'Configuration is read with koanf from a YAML file named by INFRAKIT_CONFIG, with flags taking precedence.'),
      'doc/adr/0003-match-notifications-by-reference.md': adrTools(3, 'Match notifications by reference', 'Notifications are matched to payments by their merchant reference.'),
    });
    const data = await progress(root);
    const adr = (n: number) => data.adrs.find((a: any) => a.number === n);
    expect(adr(1)).toMatchObject({ verdict: 'implemented', decisions: [{ technology: 'asdf', status: 'implemented', evidence: ['.tool-versions'] }] });
    expect(adr(2)).toMatchObject({ verdict: 'implemented', decisions: [{ technology: 'github.com/knadh/koanf/v2', status: 'implemented', evidence: ['go.mod: github.com/knadh/koanf/v2'] }] });
    // Words like "reference" or "payments" name no dependency: still unverifiable, not invented evidence.
    expect(adr(3)).toMatchObject({ verdict: 'unverifiable', decisions: [] });
  });

  it('finds the verror package for "we adapt VError package", and says tasks are linked when they are', async () => {
    const root = project({
      'notification/package.json': json({ name: 'notification', type: 'module', dependencies: { verror: '1.10.1', 'node-fetch': '3.3.2' } }),
      'notification/src/handler.js': "import VError from 'verror'\n\nexport function wrap(err) {\n  return new VError(err, 'notification failed')\n}\n",
      'doc/adr/0001-notification-error-handling.md': adrTools(1, 'Notification error handling', 'To keep the cause of each error, we adapt VError package to wrap the errors we throw.'),
      'doc/adr/0002-match-notifications-by-reference.md': adrTools(2, 'Match notifications by reference', 'Notifications are matched to payments by their merchant reference.'),
    });
    const data = await progress(root, async (call) => {
      await call('generate_adr_todo', { adrDirectory: 'doc/adr' });
    });
    const errors = data.adrs.find((a: any) => a.number === 1);
    expect(errors.decisions).toEqual([expect.objectContaining({ technology: 'verror', status: 'implemented', evidence: ['notification/package.json: verror'] })]);
    expect(data.adrs.some((a: any) => a.tasks.total > 0)).toBe(true);
    expect(data.scoring.formula).not.toContain('no tasks linked');
    expect(data.scoring.formula).not.toContain('no tasks are linked');
  });
});
