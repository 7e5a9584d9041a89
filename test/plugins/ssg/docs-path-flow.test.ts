/**
 * Issue 28 item 5, through a real MCP client: setup_structure and populate_diataxis_content
 * agree on what the docs path means. Given the docs folder of a site configured at the
 * project root (a themed MkDocs library), both write docs/<section>/ (never docs/docs/); given
 * the project root of a framework whose docs/ folder is built elsewhere, both write into that
 * docs folder, reusing its Reference/ and Guides/ folders. Each result says where it wrote.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { project } from '../project/fixtures.js';
import { OPTIONS_MD, pythonCliLibrary } from '../docs/python-cli-library-repo.js';
import { GUIDES_INDEX, REFERENCE_INDEX, serverOptionsFramework } from '../docs/server-options-framework-repo.js';
import { toolClient } from '../../helpers/tool-client.js';

async function client(root: string) {
  const { call, close } = await toolClient(root);
  onTestFinished(close);
  const analysisId = (await call('analyze_repository', { path: '.' })).id as string;
  return { call, analysisId };
}

/** The folders a flow's pages went to: setup_structure's sections and populate's pages agree on them. */
function expectOneTree(structure: any, populated: any, docsRoot: string) {
  expect(structure.docsRoot).toBe(docsRoot);
  expect(populated.docsRoot).toBe(docsRoot);
  const sectionDirs = structure.sections.map((s: { directory: string }) => s.directory);
  for (const dir of sectionDirs) expect(dirname(dir)).toBe(docsRoot);
  for (const page of populated.pages as Array<{ path: string }>) expect([docsRoot, ...sectionDirs], page.path).toContain(dirname(page.path));
  for (const path of [...structure.created, ...populated.pages.map((p: { path: string }) => p.path)]) expect(path).not.toMatch(/(^|\/)docs\/docs\//);
}

describe('setup_structure then populate_diataxis_content on the same path', () => {
  it('the docs folder of a MkDocs site configured at the root: both write docs/<section>/, the nav points at them', async () => {
    const root = project(pythonCliLibrary(), 'toolpack-flow-mkdocs-');
    const { call, analysisId } = await client(root);
    const structure = await call('setup_structure', { path: 'docs', ssg: 'mkdocs' });
    // The site root is where mkdocs.yml is; the sections sit in its docs folder, the tutorial one being the site's own.
    expect(structure.path).toBe('.');
    expect(structure.summary).toContain('sections in docs');
    expect(structure.sections.map((s: { directory: string }) => s.directory)).toEqual(['docs/tutorial', 'docs/how-to', 'docs/reference', 'docs/explanation']);
    expect(structure.warnings).toEqual([]);
    expect(existsSync(join(root, 'docs/docs'))).toBe(false);
    const nav = readFileSync(join(root, 'mkdocs.yml'), 'utf8');
    expect(nav).toContain('tutorial/index.md');
    expect(nav).not.toContain('tutorials/');
    expect(readFileSync(join(root, 'docs/tutorial/options.md'), 'utf8')).toBe(OPTIONS_MD);

    const populated = await call('populate_diataxis_content', { analysisId, docsPath: 'docs' });
    expectOneTree(structure, populated, 'docs');
    expect(populated.site).toEqual({ ssg: 'mkdocs', root: '.', marker: 'mkdocs.yml' });
    // setup_structure's example page is the generated kind: populate replaces it with the page of facts.
    expect(populated.pages.find((p: { path: string }) => p.path === 'docs/tutorial/getting-started.md').status).toBe('updated');
    expect(readFileSync(join(root, 'docs/tutorial/getting-started.md'), 'utf8')).toContain('pip install climber');
  }, 90_000);

  it('the project root of a framework whose docs are built elsewhere: both write into docs/, in its Reference/ and Guides/', async () => {
    const root = project(serverOptionsFramework(), 'toolpack-flow-framework-');
    const { call, analysisId } = await client(root);
    const structure = await call('setup_structure', { path: '.', ssg: 'mkdocs' });
    expect(structure.sections.map((s: { directory: string }) => s.directory)).toEqual(['docs/tutorials', 'docs/Guides', 'docs/Reference', 'docs/explanation']);
    // Index.md is the section's index page already: kept, not doubled by an index.md beside it.
    expect(structure.existing).toEqual(['docs/Guides/Index.md', 'docs/Reference/Index.md']);
    expect(readFileSync(join(root, 'docs/Reference/Index.md'), 'utf8')).toBe(REFERENCE_INDEX);
    expect(readFileSync(join(root, 'docs/Guides/Index.md'), 'utf8')).toBe(GUIDES_INDEX);
    expect(structure.warnings.join(' ')).toContain('existing docs folder');

    const populated = await call('populate_diataxis_content', { analysisId, docsPath: '.' });
    expectOneTree(structure, populated, 'docs');
    expect(readdirSync(join(root, 'docs')).filter((n) => !n.endsWith('.md')).sort()).toEqual(['Guides', 'Reference', 'explanation', 'tutorials']);
    expect(readdirSync(root).filter((n) => /^(tutorials|how-to|reference|explanation)$/i.test(n))).toEqual([]);
  }, 90_000);

  it('the docs folder of that framework: the same tree as from the root', async () => {
    const root = project(serverOptionsFramework(), 'toolpack-flow-framework-docs-');
    const { call, analysisId } = await client(root);
    const structure = await call('setup_structure', { path: 'docs', ssg: 'mkdocs' });
    const populated = await call('populate_diataxis_content', { analysisId, docsPath: 'docs' });
    expectOneTree(structure, populated, 'docs');
    expect(existsSync(join(root, 'docs/docs'))).toBe(false);
    expect(populated.pages.map((p: { path: string }) => p.path)).toContain('docs/Reference/configuration.md');
  }, 90_000);
});
