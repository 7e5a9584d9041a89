/**
 * A kernel with the project pack and the docs tools under test, on a workspace holding the
 * sample project in `sample/`. Tools are registered by a small test pack so these tests do
 * not depend on the docs pack's manifest.
 */
import { coreServices, definePlugin, type AnyToolDefinition } from '../../../sdk/index.js';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { projectScannerRef } from '../../../plugins/project/api.js';
import type { DocsDeps } from '../../../plugins/docs/deps.js';
import { KERNEL_RANGE } from '../../../plugins/kernel-range.js';

export async function startDocsTools(workspace: string, tools: Array<(deps: DocsDeps) => AnyToolDefinition>): Promise<TestToolpack> {
  const pack = definePlugin({
    id: 'docs-under-test',
    version: '0.0.0',
    kernel: KERNEL_RANGE,
    dependsOn: ['project'],
    description: 'docs tools under test',
    register(env) {
      env.registerInit({
        deps: { scanner: projectScannerRef, logger: coreServices.logger, http: coreServices.http, events: coreServices.events },
        init: (deps) => ({ tools: tools.map((tool) => tool(deps)) }),
      });
    },
  });
  return startTestToolpack({ workspace, config: { plugins: ['project'] }, plugins: [pack] });
}

export async function callTool(kernel: TestToolpack, name: string, args: Record<string, unknown>) {
  const result = await kernel.call(name, args);
  return { isError: result.isError === true, data: result.structuredContent as any, text: JSON.stringify(result.content) };
}
