/**
 * Issue 27 item 1: one ADR folder for every tool. A Go monorepo of four modules keeps
 * 15 `adr-NNN-*.md` records and an `adr.template.md` under docs/architecture (no
 * docs/adrs). Every tool that reports on the ADRs must find that folder, count the same
 * records, say which folder it used, and never send the user to a folder that does not exist.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { project, writeTree, type Tree } from '../project/fixtures.js';
import { GO_TEMPLATE, GO_TITLES, goRecord } from '../../fixtures/repos/go-architecture-monorepo.js';
import { toolClient } from '../../helpers/tool-client.js';

const TITLES = GO_TITLES;
const record = goRecord;
const TEMPLATE = GO_TEMPLATE;

function goMonorepo(): Tree {
  const tree: Tree = {
    'go.mod': 'module github.com/example/interchain/v8\n\ngo 1.21\n\nrequire (\n\tgithub.com/stretchr/testify v1.8.4\n)\n',
    'modules/core/keeper/keeper.go': 'package keeper\n\n// Keeper keeps the core state.\ntype Keeper struct{}\n\nfunc NewKeeper() Keeper { return Keeper{} }\n',
    'modules/core/keeper/keeper_test.go': 'package keeper\n\nimport "testing"\n\nfunc TestNewKeeper(t *testing.T) { _ = NewKeeper() }\n',
    'modules/apps/callbacks/go.mod': 'module github.com/example/interchain/modules/apps/callbacks\n\ngo 1.21\n',
    'modules/apps/callbacks/callbacks.go': 'package callbacks\n\n// Run runs the callbacks.\nfunc Run() error { return nil }\n',
    'modules/light-clients/08-wasm/go.mod': 'module github.com/example/interchain/modules/light-clients/08-wasm\n\ngo 1.21\n',
    'modules/light-clients/08-wasm/client.go': 'package wasm\n\n// Client is a Wasm light client.\ntype Client struct{}\n',
    'e2e/go.mod': 'module github.com/example/interchain/e2e\n\ngo 1.21\n',
    'e2e/suite.go': 'package e2e\n\n// Suite runs the end-to-end tests.\ntype Suite struct{}\n',
    'Makefile': 'test:\n\tgo test ./...\n',
    'README.md': '# interchain\n\nThe protocol implementation in Go.\n',
    'docs/architecture/README.md': `# Architecture Decision Records (ADR)\n\nThis is a location to record all high-level architecture decisions.\n\n## Table of Contents\n\n${TITLES.map((t, i) => `- [ADR ${String(i + 1).padStart(3, '0')}: ${t}](./adr-${String(i + 1).padStart(3, '0')}.md)`).join('\n')}\n`,
    'docs/architecture/adr.template.md': TEMPLATE,
  };
  TITLES.forEach((title, i) => {
    tree[`docs/architecture/adr-${String(i + 1).padStart(3, '0')}-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.md`] = record(i + 1, title);
  });
  return tree;
}

const client = toolClient;

describe('one ADR folder for every tool (Go monorepo, docs/architecture)', () => {
  it('discover, compare, smart_score, architectural context and workflow guidance report the same folder and count', async () => {
    const root = project(goMonorepo(), 'toolpack-go-monorepo-');
    const { call, close } = await client(root);
    try {
      const discovered = await call('discover_existing_adrs', { projectPath: root });
      expect(discovered.adrDirectory).toBe('docs/architecture');
      expect(discovered.summary).toContain('docs/architecture');
      expect(discovered.adrs.map((a: any) => a.path).sort()).toHaveLength(15); // the template is no record
      expect(discovered.adrs.some((a: any) => /template/.test(a.path))).toBe(false);
      const accepted = discovered.adrs.filter((a: any) => a.status === 'accepted').length;
      expect(accepted).toBe(12);

      const progress = await call('compare_adr_progress', { projectPath: root });
      expect(progress.adrDirectory.path).toBe('docs/architecture');
      expect(progress.adrDirectory.exists).toBe(true);
      expect(progress.counts.acceptedAdrs).toBe(accepted);
      expect(progress.counts.acceptedAdrs + Object.values(progress.counts.otherAdrs as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(15);

      const score = await call('smart_score', { operation: 'recalculate_scores', projectPath: root, components: ['architecture_compliance'] });
      const compliance = JSON.stringify(score);
      expect(compliance).toContain('docs/architecture');
      expect(compliance).not.toContain('docs/adrs');
      expect(compliance).toMatch(/"acceptedAdrs":12/);

      const context = await call('get_architectural_context', { projectPath: root });
      expect(context.adrs.directory).toBe('docs/architecture');
      expect(context.adrs.total).toBe(15);
      expect(context.adrs.acceptedCount).toBe(accepted);

      const guidance = await call('get_workflow_guidance', { goal: 'implement the accepted architecture decisions', projectPath: root });
      const text = JSON.stringify(guidance);
      expect(text).toContain('docs/architecture');
      // No advice names a folder that is not there.
      for (const folder of new Set([...text.matchAll(/"adrDirectory":"([^"]+)"/g)].map((m) => m[1]!))) {
        expect(existsSync(join(root, folder)), `guidance names ${folder}`).toBe(true);
      }
      expect(text).not.toContain('docs/adrs');
      expect(guidance.project).toMatchObject({ adrDirectory: { path: 'docs/architecture', exists: true }, adrs: 15, acceptedAdrs: accepted });

      // Following the advice: get_development_guidance reads the same accepted ADRs.
      const step = guidance.steps.find((s: any) => s.tool === 'get_development_guidance');
      const development = await call('get_development_guidance', { ...step.arguments, projectPath: root });
      expect(development.adrs).toMatchObject({ directory: 'docs/architecture', accepted: accepted });
    } finally {
      await close();
    }
  }, 120_000);

  it('finds the folder named by .adr-dir, by a log4brains config, or the first usual place holding a record, and passes over a folder holding only a template', async () => {
    // Only a template in docs/adr; the records are in doc/adrs.
    const base: Tree = { 'go.mod': 'module example.com/x\n\ngo 1.21\n', 'docs/adr/template.md': TEMPLATE, 'doc/adrs/0001-use-go.md': record(1, 'Use Go') };
    const plain = project(base, 'toolpack-adr-usual-');
    const log4brains = writeTree(project(base, 'toolpack-adr-l4b-'), { '.log4brains.yml': '---\nproject:\n  name: x\n  tz: Europe/Paris\n  adrFolder: ./architecture/records\n', 'architecture/records/20210101-use-go.md': record(1, 'Use Go') });
    const adrTools = writeTree(project(base, 'toolpack-adr-tools-'), { '.adr-dir': 'design/decisions\n', 'design/decisions/0001-record-architecture-decisions.md': record(1, 'Record architecture decisions') });
    for (const [root, folder] of [[plain, 'doc/adrs'], [log4brains, 'architecture/records'], [adrTools, 'design/decisions']] as const) {
      const { call, close } = await client(root);
      try {
        const discovered = await call('discover_existing_adrs', { projectPath: root });
        expect(discovered.adrDirectory, root).toBe(folder);
        expect(discovered.adrs).toHaveLength(1);
        const context = await call('get_architectural_context', { projectPath: root });
        expect(context.adrs.directory).toBe(folder);
      } finally {
        await close();
      }
    }
  }, 120_000);
});
