/**
 * recommend_ssg on projects whose docs site exists (issue 28, item 6): the generator that builds it
 * (Sphinx through docs/conf.py, though it is not one of the five; MkDocs through mkdocs.yml) is
 * named first, with what moving away would cost counted from the pages, and no other generator
 * scores as though switching were free. Called through a real MCP client.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { connectTestClient, startTestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { git, project } from '../project/fixtures.js';
import { sphinxMystLibrary, themedMkdocsLibrary } from './existing-sites.js';
import { pythonLibrary } from './sample-project.js';

async function recommend(tree: Record<string, string>) {
  const workspace = project(tree, 'toolpack-recommend-existing-');
  git(workspace, 'init', '-q', '-b', 'main');
  const kernel = await startTestToolpack({ workspace, config: { plugins: ['project', 'ssg'] } });
  const client = await connectTestClient(kernel);
  onTestFinished(async () => {
    await client.close();
    await kernel.stop();
  });
  const result = outcome((await client.callTool({ name: 'recommend_ssg', arguments: {} })) as never);
  expect(result.isError, result.text).toBe(false);
  return result.data;
}

const existingCriterion = (ranked: { breakdown: Array<{ criterion: string; value: number; why: string }> }) => ranked.breakdown.find((c) => c.criterion === 'existing');

describe('recommend_ssg with an existing site', () => {
  it('names the Sphinx site (docs/conf.py) first, with the {eval-rst} blocks and autodoc directives a move would rewrite', async () => {
    const data = await recommend(sphinxMystLibrary());
    expect(data.summary).toMatch(/^Keep Sphinx/);
    expect(data.summary).toMatch(/docs\/conf\.py/);
    expect(data.justification[0]).toMatch(/Sphinx/);
    expect(data.existing).toMatchObject({ ssg: 'sphinx', name: 'Sphinx', config: 'docs/conf.py', builtIn: false });
    const cost = Object.fromEntries(data.existing.switchCost.map((c: { what: string; count: number }) => [c.what, c.count]));
    // usage.md 1, api.md 3, changelog.md 1; automodule, autoclass, autofunction.
    expect(cost['MyST {eval-rst} blocks']).toBe(5);
    expect(cost['autodoc directives']).toBe(3);
    expect(cost['Sphinx extensions in conf.py']).toBe(4);
    // No generator scores as though the move were free.
    for (const ranked of [data.recommended, ...data.alternatives]) {
      const existing = existingCriterion(ranked);
      expect(existing, `${ranked.ssg} breakdown`).toBeDefined();
      expect(existing!.value).toBeLessThan(0.5);
      expect(existing!.why).toMatch(/Sphinx/);
    }
  });

  it('keeps the themed MkDocs site on MkDocs, counting what another generator would not read', async () => {
    const data = await recommend(themedMkdocsLibrary());
    expect(data.recommended.ssg).toBe('mkdocs');
    expect(data.summary).toMatch(/^Keep MkDocs/);
    expect(data.existing).toMatchObject({ ssg: 'mkdocs', config: 'mkdocs.yml', builtIn: true });
    const cost = Object.fromEntries(data.existing.switchCost.map((c: { what: string; count: number }) => [c.what, c.count]));
    expect(cost['mkdocstrings ::: blocks']).toBe(2);
    expect(existingCriterion(data.recommended)!.value).toBe(1);
    for (const alternative of data.alternatives) expect(existingCriterion(alternative)!.value).toBeLessThan(0.5);
  });

  it('without a site, scores as before: no existing criterion and no existing generator', async () => {
    const data = await recommend(pythonLibrary());
    expect(data.existing).toBeNull();
    expect(existingCriterion(data.recommended)).toBeUndefined();
    expect(data.summary).toMatch(/^Recommended /);
  });
});
