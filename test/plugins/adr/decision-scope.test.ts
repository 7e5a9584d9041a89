/**
 * Issue 10, defect class 3: what a decision is about. A negation about old versions or a part of
 * a technology is not a decision against it, and a technology named only as the reason for a
 * choice or an exception to it is not chosen.
 */
import { describe, expect, it } from 'vitest';
import { analyseChoice } from '../../../plugins/adr/evidence/text.js';
import { startTestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { project } from '../project/fixtures.js';

const names = (techs: Array<{ name: string }>) => techs.map((t) => t.name).sort();
const choice = (text: string) => {
  const { chosen, excluded } = analyseChoice(text);
  return { chosen: names(chosen), excluded: names(excluded) };
};

const adrTools = (number: number, title: string, decision: string, consequences = 'Nothing else changes.') =>
  `# ${number}. ${title}\n\nDate: 2020-08-16\n\n## Status\n\nAccepted\n\n## Context\n\nThe project has a single maintainer with little spare time.\n\n## Decision\n\n${decision}\n\n## Consequences\n\n${consequences}\n`;

describe('negations about versions or parts of a technology', () => {
  it('does not read "old Python versions", "Python 2" or "Java\'s reflection" as a decision against the technology', () => {
    expect(choice('Do not support compliance with old Python versions.')).toEqual({ chosen: [], excluded: [] });
    expect(choice('We no longer support older versions of Python.')).toEqual({ chosen: [], excluded: [] });
    expect(choice('Drop Python 2 compatibility.')).toEqual({ chosen: [], excluded: [] });
    expect(choice('Avoid Java\'s reflection in request handlers.')).toEqual({ chosen: [], excluded: [] });
  });

  it('still turns down the technology itself', () => {
    expect(choice('We will not use Python for the build scripts.')).toEqual({ chosen: [], excluded: ['Python'] });
    expect(choice('Use PostgreSQL, not MySQL.')).toEqual({ chosen: ['PostgreSQL'], excluded: ['MySQL'] });
  });
});

describe('technologies named as a reason or an exception', () => {
  it('chooses Go, not Kubernetes, when Kubernetes is why Go was chosen', () => {
    expect(choice('We chose Go because it runs well on Kubernetes.')).toEqual({ chosen: ['Go'], excluded: [] });
    const decision = 'This project will be implemented mainly in Go.\n\n- Go suits handling many concurrent API requests.\n- It is a first class language for interacting with Kubernetes.';
    expect(choice(decision).chosen).toEqual(['Go']);
  });

  it('does not choose the exception', () => {
    expect(choice('All services are written in Go, except Terraform for the infrastructure code.')).toEqual({ chosen: ['Go'], excluded: [] });
  });
});

describe('compare_adr_progress and suggest_adrs on a Python project whose ADR drops old Python versions', () => {
  const root = project({
    'pyproject.toml': '[tool.poetry]\nname = "goaltree"\nversion = "0.13.0"\n\n[tool.poetry.dependencies]\npython = "^3.10"\nPySide6 = "^6.6"\n',
    'goaltree/__init__.py': '',
    'goaltree/app.py': 'from PySide6.QtWidgets import QApplication\n\n\ndef main():\n    QApplication([]).exec()\n',
    'doc/adr/0001-forever-alpha-version.md': adrTools(1, 'Forever alpha version', 'I would rather make the tool useful for myself than attractive for others:\n\n* Do not work on features I do not need.\n* Do not support compliance with old Python versions.\n* Do not spend time on advertising.'),
    'doc/adr/0002-build-with-go.md': adrTools(2, 'Build the sync daemon with Go', 'The sync daemon will be implemented in Go.\n\n- It is a first class language for interacting with Kubernetes.', 'Unless there is a reason otherwise (e.g. Terraform for infrastructure code), new services use Go.'),
  });

  it('reports no conflict and no decided-against relation for Python', async () => {
    const kernel = await startTestToolpack({ workspace: root, config: { plugins: ['project', 'adr'] } });
    try {
      const progress = outcome(await kernel.call('compare_adr_progress', { adrDirectory: 'doc/adr' })).data;
      const alpha = progress.adrs.find((a: any) => a.number === 1);
      expect(alpha.decidedAgainst).toEqual([]);
      expect(progress.mismatches.filter((m: any) => m.technology === 'Python')).toEqual([]);
      const daemon = progress.adrs.find((a: any) => a.number === 2);
      expect(daemon.decisions.map((d: any) => d.technology)).toEqual(['Go']);

      const suggestions = outcome(await kernel.call('suggest_adrs', { adrDirectory: 'doc/adr' })).data;
      const relations = suggestions.coveredAreas.flatMap((area: any) => area.adrs.map((adr: any) => `${area.technologies.join('+')}:${adr.number}:${adr.relation}`));
      expect(relations.filter((r: string) => r.endsWith('decided-against'))).toEqual([]);
      expect(relations.filter((r: string) => /Kubernetes|Terraform/.test(r) && r.endsWith(':chosen'))).toEqual([]);
    } finally {
      await kernel.stop();
    }
  });
});
