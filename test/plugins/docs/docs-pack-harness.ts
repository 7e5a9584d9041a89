/**
 * A toolpack with the project, ssg and docs packs on a workspace; analyze_repository
 * runs first: the docs tools take its analysisId.
 */
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome, type CallOutcome } from '../../helpers/tool-result.js';

export interface DocsHarness {
  kernel: TestToolpack;
  analysisId: string;
  call(name: string, args: Record<string, unknown>): Promise<CallOutcome>;
  stop(): Promise<void>;
}

export async function startDocs(root: string): Promise<DocsHarness> {
  const kernel = await startTestToolpack({ workspace: root, config: { plugins: ['project', 'ssg', 'docs'] } });
  const call = async (name: string, args: Record<string, unknown>) => outcome(await kernel.call(name, args));
  const analysis = await call('analyze_repository', { path: '.' });
  if (analysis.isError) throw new Error(analysis.text);
  return { kernel, analysisId: analysis.data.id, call, stop: () => kernel.stop() };
}
