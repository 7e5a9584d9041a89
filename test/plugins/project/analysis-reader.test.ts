/**
 * Every tool that takes an `analysisId` reads it through the project pack's one
 * reader: each accepts the id in every form a user may pass (bare, the resource
 * URI analyze_repository returns, `analysis/<id>`, with stray whitespace), and
 * an unknown id gets the same clear error from each, naming the parameter and
 * how to get an id. Through a real MCP client against the kernel with every pack.
 */
import { describe, expect, it } from 'vitest';
import { createWorkspace, inProcessClient, type AttackClient } from '../../security/helpers.js';

const PROJECT = {
  'package.json': JSON.stringify({ name: 'ledger', version: '1.0.0', dependencies: { express: '^4.19.0' }, devDependencies: { vitest: '^1.6.0' } }, null, 2),
  'src/index.js': "const express = require('express');\nconst app = express();\napp.get('/health', (req, res) => res.send('ok'));\nmodule.exports = app;\n",
  'README.md': '# Ledger\n\nA small bookkeeping API.\n',
  'docs/index.md': '# Ledger docs\n\nStart here.\n',
};

/** The consumers of a stored analysis, each called with `analysisId` and what else it requires. */
const CONSUMERS: Array<[tool: string, args: Record<string, unknown>]> = [
  ['recommend_ssg', {}],
  ['populate_diataxis_content', { docsPath: 'site-docs', populationLevel: 'basic' }],
  ['detect_documentation_gaps', { repositoryPath: '.', documentationPath: 'docs' }],
  ['validate_diataxis_content', { contentPath: 'docs' }],
  ['memory_similar', {}],
];

async function analysed(): Promise<{ client: AttackClient; id: string; uri: string; write: (path: string, text: string) => void }> {
  const ws = createWorkspace(PROJECT);
  const client = await inProcessClient(ws.dir);
  const { isError, data, text } = await client.call('analyze_repository', { path: '.' });
  expect(isError, text).toBe(false);
  return { client, id: data.id, uri: data.resourceUri, write: (path, text) => void ws.write(path, text) };
}

describe('reading a stored analysis by analysisId', () => {
  it('every consumer accepts the bare id, the resource URI, analysis/<id> and padded forms', async () => {
    const { client, id, uri } = await analysed();
    expect(uri).toBe(`toolpack://analysis/${id}`);
    for (const [tool, args] of CONSUMERS) {
      for (const form of [id, uri, `analysis/${id}`, `  ${uri}\n`]) {
        const result = await client.call(tool, { ...args, analysisId: form });
        expect(result.isError, `${tool} with "${form}": ${result.text}`).toBe(false);
      }
    }
  });

  it('an unknown id gets the same clear error from every consumer', async () => {
    const { client } = await analysed();
    for (const [tool, args] of CONSUMERS.filter(([name]) => name !== 'memory_similar')) {
      for (const unknown of ['0123456789abcdef', 'toolpack://analysis/0123456789abcdef', '../../etc/passwd']) {
        const result = await client.call(tool, { ...args, analysisId: unknown });
        expect(result.isError, `${tool} with "${unknown}"`).toBe(true);
        expect(result.text, tool).toMatch(/parameter "analysisId": no stored analysis .*run analyze_repository/);
      }
    }
  });

  it('recommend_ssg given an analysis reads its documents and manifests from it instead of scanning again', async () => {
    const { client, id, write } = await analysed();
    // Pages added after the analysis: a second scan would see them (and the search need they raise).
    for (let i = 0; i < 25; i++) write(`docs/guide-${i}.md`, `# Guide ${i}\n`);
    const fromAnalysis = await client.call('recommend_ssg', { analysisId: id });
    expect(fromAnalysis.isError, fromAnalysis.text).toBe(false);
    expect(fromAnalysis.data.project).toMatchObject({ source: 'stored-analysis', docPages: 2, manifestEcosystems: ['javascript'] });
    expect(fromAnalysis.data.project.needs.search).toEqual([]);
    const scanned = await client.call('recommend_ssg', {});
    expect(scanned.data.project).toMatchObject({ source: 'workspace-scan', docPages: 27 });
    expect(scanned.data.project.needs.search[0]).toContain('27 documentation pages');
  });

  it('an analyze_project_ecosystem report is not taken for a repository analysis', async () => {
    const { client } = await analysed();
    const ecosystem = await client.call('analyze_project_ecosystem', { projectPath: '.' });
    expect(ecosystem.isError, ecosystem.text).toBe(false);
    const result = await client.call('recommend_ssg', { analysisId: ecosystem.data.resourceUri });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/parameter "analysisId": .* is not an analyze_repository analysis.*run analyze_repository/);
  });
});
