/**
 * The memory pack learns only from events: packs publish typed facts on topics
 * in their own api.ts, never call memory. Any pack can hear the same facts the
 * memory pack records; with memory absent every producer works the same and
 * still publishes; memory records what it hears, visible to the next call.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventBus } from '../../../core/services/events.js';
import { createRootLogger } from '../../../core/services/logger.js';
import { analysisCompletedTopic } from '../../../plugins/project/api.js';
import { readmeEvaluatedTopic } from '../../../plugins/readme/api.js';
import { ssgRecommendedTopic } from '../../../plugins/ssg/api.js';
import { KERNEL_RANGE } from '../../../plugins/kernel-range.js';
import { coreServices, createEventTopic, definePlugin } from '../../../sdk/index.js';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';

function projectWorkspace(): string {
  const ws = tempDir('toolpack-memory-events-');
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'ledger', version: '1.0.0', dependencies: { express: '^4.19.0', pg: '^8.11.0' } }, null, 2),
    'src/index.js': "const express = require('express');\nmodule.exports = express();\n",
    'README.md': '# Ledger\n\nA small bookkeeping API.\n\n## Install\n\nnpm install\n',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(ws, path, '..'), { recursive: true });
    writeFileSync(join(ws, path), text);
  }
  return ws;
}

/** A third-party pack hearing three producers' topics. */
function listener(heard: Array<{ topic: string; payload: any }>) {
  return definePlugin({
    id: 'listener',
    version: '0.0.0',
    kernel: KERNEL_RANGE,
    description: 'hears what the packs publish',
    register(env) {
      env.registerInit({
        deps: { events: coreServices.events },
        init({ events }) {
          for (const topic of [analysisCompletedTopic, ssgRecommendedTopic, readmeEvaluatedTopic]) events.subscribe(topic, (payload: any) => void heard.push({ topic: topic.id, payload }));
        },
      });
    },
  });
}

describe('memory fed by events', () => {
  let kernel: TestToolpack | undefined;
  afterEach(async () => {
    await kernel?.stop();
    kernel = undefined;
  });

  async function run(packs: string[], workspace = projectWorkspace()) {
    const heard: Array<{ topic: string; payload: any }> = [];
    kernel = await startTestToolpack({ workspace, plugins: [listener(heard)], config: { plugins: packs } });
    const analysis = outcome(await kernel.call('analyze_repository', { path: '.' }));
    expect(analysis.isError, analysis.text).toBe(false);
    const recommended = outcome(await kernel.call('recommend_ssg', { analysisId: analysis.data.id }));
    expect(recommended.isError, recommended.text).toBe(false);
    const readme = outcome(await kernel.call('evaluate_readme_health', { readme_path: 'README.md' }));
    expect(readme.isError, readme.text).toBe(false);
    return { heard, analysis: analysis.data, recommended: recommended.data, readme: readme.data };
  }

  it('records what the packs publish, and another pack hears the same facts', async () => {
    const { heard, analysis, recommended } = await run(['project', 'ssg', 'readme', 'memory']);
    expect(heard.map((h) => h.topic)).toEqual(['project.analysis.completed', 'ssg.recommended', 'readme.evaluated']);
    const [completed] = heard;
    expect(completed!.payload).toMatchObject({ id: analysis.id, uri: analysis.resourceUri, path: '.', summary: expect.stringMatching(/^Repository ledger: /) /* named by its manifest (issue 28 item 8), not "." */ });
    expect(completed!.payload.features.dependencies).toEqual(expect.arrayContaining(['express', 'pg']));
    expect(heard[1]!.payload).toMatchObject({ tool: 'recommend_ssg', ssg: recommended.recommended.ssg, analysisId: analysis.id });
    // Memory recorded each, visible to the next call.
    const recall = async (type: string, query: string) => outcome(await kernel!.call('memory_recall', { query, type })).data.hits;
    expect((await recall('analysis', 'express')).map((h: any) => h.id)).toEqual([`analysis:${analysis.id}`]);
    expect((await recall('recommendation', 'recommended')).map((h: any) => h.summary)).toEqual([recommended.summary]);
    const all = outcome(await kernel!.call('memory_recall', { query: 'README' })).data.hits.filter((h: any) => h.type === 'documentation');
    expect(all.map((h: any) => h.summary)).toEqual([expect.stringMatching(/^README\.md: \d+\/100/)]);
  });

  it('without the memory pack the producers answer the same and still publish', async () => {
    const ws = projectWorkspace();
    const without = await run(['project', 'ssg', 'readme'], ws);
    expect(kernel!.packInfo().map((p) => p.id)).not.toContain('memory');
    expect(without.heard.map((h) => h.topic)).toEqual(['project.analysis.completed', 'ssg.recommended', 'readme.evaluated']);
    await kernel!.stop();
    const withMemory = await run(['project', 'ssg', 'readme', 'memory'], ws);
    const strip = (d: Record<string, unknown>) => ({ ...d, timestamp: undefined });
    expect(strip(withMemory.analysis)).toEqual(strip(without.analysis));
    expect(withMemory.recommended).toEqual(without.recommended);
    expect(withMemory.readme).toEqual(without.readme);
  });
});

describe('events.publish', () => {
  it('resolves, once subscribers ran, to the packs that handled it: none listening, a failing one left out', async () => {
    const bus = createEventBus(() => createRootLogger('silent'));
    const topic = createEventTopic<{ n: number }>({ id: 'probe.counted' });
    expect(await bus.forPack('probe').publish(topic, { n: 1 })).toEqual([]);
    const seen: number[] = [];
    bus.forPack('steady').subscribe(topic, async ({ n }) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen.push(n);
    });
    bus.forPack('broken').subscribe(topic, () => {
      throw new Error('boom');
    });
    expect(await bus.forPack('probe').publish(topic, { n: 2 })).toEqual(['steady']);
    expect(seen).toEqual([2]);
  });
});
