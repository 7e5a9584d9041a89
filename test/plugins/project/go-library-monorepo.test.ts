/**
 * Issue 27 item 8 (Go), on a four-module Go library built on the Cosmos SDK and CometBFT
 * (go-ibc-monorepo.ts), through a real MCP client: external test packages importing back
 * make no import cycle, the framework is recognised, and container files of the e2e suite,
 * the test harness, an example and the docs make no "multiple services".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { project } from './fixtures.js';
import { goLibrary } from './go-ibc-monorepo.js';
import { toolClient } from '../../helpers/tool-client.js';

describe('a Go library monorepo (Cosmos SDK, external test packages, example Dockerfiles)', () => {
  let call: (name: string, args: Record<string, unknown>) => Promise<any>;
  let close: () => Promise<void>;
  let root: string;
  beforeAll(async () => {
    root = project(goLibrary(), 'toolpack-go-library-');
    ({ call, close } = await toolClient(root));
  }, 60_000);
  afterAll(() => close?.());

  it('reports no cycle closed only by test files; a loop through an in-package test file is a test cycle, not a component cycle', async () => {
    const context = await call('get_architectural_context', { projectPath: root });
    // The external test packages (package types_test, keeper_test) import the test helpers, which import those packages: Go allows it.
    expect(context.cycles.components).toEqual([]);
    expect(context.summary).toContain('no cycles between components');
    // In-package test code still belongs to its package: its imports are listed among the package's dependencies.
    const transferTypes = context.components.find((c: any) => c.name === 'modules/apps/transfer/types');
    expect(transferTypes.dependsOn.map((d: any) => d.component)).toContain('modules/apps/transfer/keeper');
    // ...and the loop it closes (which go test rejects) is reported apart.
    expect(context.cycles.tests.map((c: any) => c.members)).toEqual([['modules/apps/transfer/keeper', 'modules/apps/transfer/types']]);
    // The helpers really are imported by the external test packages (the edges exist, only the cycle does not).
    const testing = context.components.find((c: any) => c.name === 'testing');
    expect(testing.dependsOn.map((d: any) => d.component)).toEqual(expect.arrayContaining(['modules/core/04-channel/keeper', 'modules/core/04-channel/types']));

    const file = await call('get_architectural_context', { projectPath: root, filePath: 'modules/core/04-channel/types/msgs_test.go' });
    expect(file.file.imports.internal.map((i: any) => i.path)).toContain('testing');
  }, 60_000);

  it('recognises the Cosmos SDK and CometBFT and finds no multiple services in example and test Dockerfiles', async () => {
    const ecosystem = await call('analyze_project_ecosystem', { projectPath: root });
    const frameworks = ecosystem.technologyStack.frameworks.top.map((f: any) => f.name);
    expect(frameworks).toEqual(expect.arrayContaining(['Cosmos SDK', 'CometBFT']));
    const text = JSON.stringify(ecosystem);
    expect(text).not.toMatch(/multiple-services|multiple services|separately deployable/i);
    // The e2e suite's and the test harness's images are no services of the library.
    expect(ecosystem.architecture.services.top).toEqual([]);

    const repository = await call('analyze_repository', { path: root });
    expect(JSON.stringify(repository)).not.toMatch(/multiple-services/);
  }, 60_000);
});
