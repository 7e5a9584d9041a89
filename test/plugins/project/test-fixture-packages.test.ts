/**
 * Issue 28 item 10: a web framework is not a monorepo because its tests hold small packages
 * (bundler checks under test/bundler/*, fixture apps under test/fixtures/* and __fixtures__,
 * examples/). Through a real MCP client on the JavaScript framework fixture.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { startToolpack } from '../../../core/bootstrap.js';
import { createRootLogger } from '../../../core/services/logger.js';
import { connectTestClient } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { webFramework } from '../docs/web-framework-repo.js';
import { json, project } from './fixtures.js';

const testPackage = (name: string) => json({ name, private: true, dependencies: { quill: 'file:../../..' } });

describe('packages inside tests and examples', () => {
  it('do not make the framework a monorepo', { timeout: 60_000 }, async () => {
    const root = project({
      ...webFramework(),
      'test/bundler/webpack/package.json': testPackage('bundler-webpack'),
      'test/bundler/webpack/webpack.config.js': "module.exports = { entry: './index.js' }\n",
      'test/bundler/esbuild/package.json': testPackage('bundler-esbuild'),
      'test/bundler/esbuild/index.js': "require('quill')\n",
      'test/fixtures/esm-app/package.json': testPackage('esm-app'),
      'test/__fixtures__/plugin/package.json': testPackage('fixture-plugin'),
      'examples/typescript-server/package.json': testPackage('typescript-server'),
    });
    const kernel = await startToolpack({ cwd: root, preset: 'all', logger: createRootLogger('silent') });
    const mcp = await connectTestClient(kernel);
    onTestFinished(async () => {
      await mcp.close().catch(() => {});
      await kernel.stop();
    });
    const { isError, data, text } = outcome((await mcp.callTool({ name: 'analyze_repository', arguments: { path: '.' } })) as never);
    expect(isError, text).toBe(false);
    expect(data.recommendations.projectType.type).not.toBe('monorepo');
    expect(data.recommendations.projectType.alsoMatches ?? []).not.toContain('monorepo');
    expect(JSON.stringify(data.structure)).not.toMatch(/"monorepo"/);
  });
});
