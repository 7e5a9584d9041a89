/**
 * recommend_ssg on realistic projects: a released, translated Python library
 * analysed by analyze_repository (found again after a server restart), a Go
 * CLI scanned without an analysis, a TypeScript package whose winner follows
 * the caller's priority, saved preferences from the memory pack, and a
 * third-party adapter competing on equal terms. Scores are checked against the
 * formula the result documents.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineSsgAdapter } from '../../../sdk/index.js';
import { ssgAdaptersExtensionPoint } from '../../../plugins/ssg/api.js';
import { startTestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';
import { git, json, writeTree } from '../project/fixtures.js';

const BUILT_IN = ['jekyll', 'hugo', 'docusaurus', 'mkdocs', 'eleventy'];

/** A Python library with two releases (tags), a changelog and French docs. */
function pythonLibrary(root: string): string {
  writeTree(root, {
    'pyproject.toml': '[project]\nname = "tidyframe"\nversion = "1.1.0"\ndependencies = ["pandas>=2"]\n',
    'src/tidyframe/__init__.py': 'from .core import tidy\n',
    'src/tidyframe/core.py': 'def tidy(frame):\n    """Return the frame in tidy form."""\n    return frame.melt()\n',
    'tests/test_core.py': 'def test_tidy():\n    assert True\n',
    'README.md': '# tidyframe\n\nTidy pandas frames.\n\n## Installation\n\npip install tidyframe\n',
    'CHANGELOG.md': '# Changelog\n\n## 1.1.0\n\n- melt\n\n## 1.0.0\n\n- first\n',
    'docs/index.md': '# tidyframe\n',
    'docs/usage.md': '# Usage\n',
    'docs/fr/index.md': '# tidyframe\n',
    'docs/fr/usage.md': '# Utilisation\n',
  });
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '.');
  git(root, 'commit', '-q', '-m', 'tidyframe 1.0.0');
  git(root, 'tag', 'v1.0.0');
  git(root, 'commit', '-q', '--allow-empty', '-m', 'tidyframe 1.1.0');
  git(root, 'tag', 'v1.1.0');
  return root;
}

const goCli = (root: string) =>
  writeTree(root, {
    'go.mod': 'module github.com/acme/logslice\n\ngo 1.22\n\nrequire github.com/spf13/cobra v1.8.0\n',
    'main.go': 'package main\n\nimport "github.com/acme/logslice/cmd"\n\nfunc main() { cmd.Execute() }\n',
    'cmd/root.go': 'package cmd\n\nimport "github.com/spf13/cobra"\n\nvar root = &cobra.Command{Use: "logslice"}\n\nfunc Execute() { _ = root.Execute() }\n',
    'README.md': '# logslice\n\nSlice logs by time.\n',
  });

/** A React storefront in TypeScript: a web app, so no generated API reference is needed. */
const tsWebApp = (root: string) =>
  writeTree(root, {
    'package.json': json({ name: 'storefront', version: '0.3.0', type: 'module', dependencies: { react: '^18.3.0', 'react-dom': '^18.3.0' }, devDependencies: { typescript: '^5.4.0', vite: '^5.2.0' } }),
    'src/main.tsx': "import { createRoot } from 'react-dom/client';\nimport { App } from './App';\ncreateRoot(document.getElementById('root')!).render(<App />);\n",
    'src/App.tsx': 'export function App() {\n  return <h1>Storefront</h1>;\n}\n',
    'README.md': '# storefront\n',
  });

/** The documented formula, recomputed from a breakdown. */
const recompute = (r: { breakdown: Array<{ weight: number; value: number }>; preferenceBonus?: number }) => {
  const w = r.breakdown.reduce((s, c) => s + c.weight, 0);
  const v = r.breakdown.reduce((s, c) => s + c.weight * c.value, 0);
  return Math.min(100, Math.round(((100 * v) / w + (r.preferenceBonus ?? 0)) * 10) / 10);
};

describe('recommend_ssg', () => {
  it('recommends MkDocs for a released, translated Python library from its stored analysis, also after a restart', async () => {
    const workspace = tempDir('toolpack-recommend-');
    pythonLibrary(join(workspace, 'tidyframe'));
    const storePath = join(tempDir('toolpack-recommend-store-'), 'store.db');
    const first = await startTestToolpack({ workspace, storePath, config: { plugins: ['project', 'ssg'] } });
    const analysis = outcome(await first.call('analyze_repository', { path: 'tidyframe', depth: 'deep' }));
    expect(analysis.isError, analysis.text).toBe(false);
    await first.stop();

    const kernel = await startTestToolpack({ workspace, storePath, config: { plugins: ['project', 'ssg'] } });
    try {
      const { isError, data, text } = await kernel.call('recommend_ssg', { analysisId: analysis.data.id }).then(outcome);
      expect(isError, text).toBe(false);
      expect(data.project).toMatchObject({ source: 'stored-analysis', analysisId: analysis.data.id, path: 'tidyframe', primaryLanguage: 'Python', ecosystem: 'python' });
      expect(data.project.needs.versioning.join(' ')).toMatch(/2 git tags/);
      expect(data.project.needs.i18n.join(' ')).toContain('fr');
      expect(data.recommended.ssg).toBe('mkdocs');
      expect(data.recommended.score).toBe(recompute(data.recommended));
      const byCriterion = Object.fromEntries(data.recommended.breakdown.map((c: any) => [c.criterion, c]));
      expect(byCriterion.ecosystem).toMatchObject({ value: 1, why: expect.stringContaining('Python') });
      expect(byCriterion.features.why).toMatch(/versioning/);
      expect(byCriterion.team.why).toMatch(/solo/);
      // No priority given: that criterion does not apply.
      expect(byCriterion.priority).toBeUndefined();
      // The weights in the breakdown are the documented ones.
      for (const c of data.recommended.breakdown) expect(data.scoring.criteria.find((d: any) => d.id === c.criterion).weight).toBe(c.weight);
      expect(data.justification[0]).toContain(analysis.data.id);
      expect(data.justification.join(' ')).toMatch(/Ahead of/);

      const ranked = [data.recommended, ...data.alternatives];
      expect(ranked.map((r: any) => r.ssg).sort()).toEqual([...BUILT_IN].sort());
      for (let i = 1; i < ranked.length; i++) expect(ranked[i - 1].score).toBeGreaterThanOrEqual(ranked[i].score);
      for (const r of data.alternatives) expect(r.score).toBe(recompute(r));
      // Jekyll offers none of the needed features.
      expect(data.alternatives.find((r: any) => r.ssg === 'jekyll').breakdown.find((c: any) => c.criterion === 'features').value).toBe(0);
      expect(data.setupComplexity.level).toBe('low');
      expect(data.featureComparison).toHaveLength(5);
      expect(data.featureComparison.find((r: any) => r.ssg === 'mkdocs')).toMatchObject({ versioning: true, search: true, apiReference: true });
    } finally {
      await kernel.stop();
    }
  }, 60_000);

  it('names analysisId when no analysis is stored under it', async () => {
    const kernel = await startTestToolpack({ config: { plugins: ['project', 'ssg'] } });
    try {
      const { isError, data, text } = await kernel.call('recommend_ssg', { analysisId: '0123456789abcdef' }).then(outcome);
      expect(isError).toBe(true);
      expect(data.error.type).toBe('ValidationError');
      expect(text).toContain('analysisId');
    } finally {
      await kernel.stop();
    }
  });

  it('scans the workspace without an analysisId: Hugo for a Go CLI, team size left out', async () => {
    const workspace = goCli(tempDir('toolpack-recommend-go-'));
    const kernel = await startTestToolpack({ workspace, config: { plugins: ['project', 'ssg'] } });
    try {
      const { data } = await kernel.call('recommend_ssg', {}).then(outcome);
      expect(data.project).toMatchObject({ source: 'workspace-scan', analysisId: null, primaryLanguage: 'Go', ecosystem: 'go' });
      expect(data.recommended.ssg).toBe('hugo');
      expect(data.recommended.breakdown.map((c: any) => c.criterion)).not.toContain('team');
    } finally {
      await kernel.stop();
    }
  });

  it('follows preferences.priority on a TypeScript web app: performance picks Eleventy, features Docusaurus', async () => {
    const workspace = tsWebApp(tempDir('toolpack-recommend-ts-'));
    const kernel = await startTestToolpack({ workspace, config: { plugins: ['project', 'ssg'] } });
    try {
      const fast = (await kernel.call('recommend_ssg', { preferences: { priority: 'performance' } }).then(outcome)).data;
      expect(fast.recommended.ssg).toBe('eleventy');
      expect(fast.recommended.breakdown.find((c: any) => c.criterion === 'priority')).toMatchObject({ weight: 20, value: 1, why: 'fast builds' });
      const rich = (await kernel.call('recommend_ssg', { preferences: { priority: 'features' } }).then(outcome)).data;
      expect(rich.recommended.ssg).toBe('docusaurus');
      expect(rich.justification.join(' ')).toContain('priority features');
      // An ecosystem preference overrides the project's language.
      const ruby = (await kernel.call('recommend_ssg', { preferences: { ecosystem: 'ruby', priority: 'simplicity' } }).then(outcome)).data;
      expect(ruby.recommended.ssg).toBe('jekyll');
      expect(ruby.recommended.breakdown.find((c: any) => c.criterion === 'ecosystem').why).toContain('preferred ecosystem');
      const bad = await kernel.call('recommend_ssg', { preferences: { priority: 'cheapest' } }).then(outcome);
      expect(bad.isError).toBe(true);
    } finally {
      await kernel.stop();
    }
  });

  it('adds the saved-preference bonus when autoApplyPreferences, and says so', async () => {
    const workspace = tsWebApp(tempDir('toolpack-recommend-pref-'));
    const kernel = await startTestToolpack({ workspace, config: { plugins: ['project', 'memory', 'ssg'] } });
    try {
      const before = (await kernel.call('recommend_ssg', { preferences: { priority: 'features' } }).then(outcome)).data;
      const saved = await kernel.call('manage_preferences', { action: 'update', preferences: { preferredSSGs: ['Eleventy'], autoApplyPreferences: true } }).then(outcome);
      expect(saved.isError, saved.text).toBe(false);
      const after = (await kernel.call('recommend_ssg', { preferences: { priority: 'features' } }).then(outcome)).data;
      const score = (r: any, ssg: string) => [r.recommended, ...r.alternatives].find((x: any) => x.ssg === ssg).score;
      expect(score(after, 'eleventy')).toBe(Math.min(100, score(before, 'eleventy') + 10));
      expect(score(after, 'docusaurus')).toBe(score(before, 'docusaurus'));
      expect(after.notes.join(' ')).toMatch(/Saved preferred SSGs applied .*Eleventy/);

      await kernel.call('manage_preferences', { action: 'update', preferences: { autoApplyPreferences: false } });
      const off = (await kernel.call('recommend_ssg', { preferences: { priority: 'features' } }).then(outcome)).data;
      expect(score(off, 'eleventy')).toBe(score(before, 'eleventy'));
      expect(off.notes.join(' ')).toMatch(/autoApplyPreferences is off/);
      // Each recommendation is remembered.
      const recalled = (await kernel.call('memory_recall', { query: 'Recommended Docusaurus', type: 'recommendation' }).then(outcome)).data;
      expect(recalled.hits.length).toBeGreaterThan(0);
      expect(recalled.hits[0].summary).toContain('Docusaurus');
    } finally {
      await kernel.stop();
    }
  });

  it('scores a third-party adapter like the built-in ones', async () => {
    const workspace = tsWebApp(tempDir('toolpack-recommend-3p-'));
    const vitepress = defineSsgAdapter({
      id: 'vitepress',
      name: 'VitePress',
      homepage: 'https://vitepress.dev/',
      traits: { ecosystem: 'javascript', features: { versioning: false, search: true, i18n: true, apiReference: false, blog: false, mdx: false }, buildSpeed: 'fast', setupComplexity: 'low', comfortablePages: 5000 },
      markers: ['.vitepress/config.mts'],
      configFiles: () => [],
      sectionDir: (section) => `docs/${section}`,
      pageFile: (page) => ({ path: `${page.slug}.md`, content: page.body }),
      navigation: () => [],
      build: { command: 'vitepress', args: ['build', 'docs'], outputDir: 'docs/.vitepress/dist' },
      serve: (port) => ({ command: 'vitepress', args: ['dev', 'docs', '--port', String(port)], servesBuild: true }),
      requires: { binary: 'vitepress', install: 'npm install -D vitepress' },
      workflowSteps: () => [{ name: 'Build', run: 'npx vitepress build docs' }],
    });
    const kernel = await startTestToolpack({ workspace, config: { plugins: ['project', 'ssg'] }, extensions: [[ssgAdaptersExtensionPoint, (registry) => registry.add(vitepress)]] });
    try {
      const { data } = await kernel.call('recommend_ssg', { preferences: { priority: 'simplicity' } }).then(outcome);
      // JavaScript like the project and low setup complexity: it beats Eleventy (medium) and Docusaurus (high).
      expect(data.recommended).toMatchObject({ ssg: 'vitepress', name: 'VitePress' });
      expect(data.setupComplexity.install).toBe('npm install -D vitepress');
      expect(data.featureComparison.map((r: any) => r.ssg)).toEqual([...BUILT_IN, 'vitepress']);
    } finally {
      await kernel.stop();
    }
  });
});
