import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Params, Type, coreServices, createEventTopic, definePlugin, defineTool, type Events, type Git } from '../../sdk/index.js';
import { connectTestClient, startTestToolpack } from '../../sdk/testing.js';
import { tempDir } from '../helpers/workspace.js';

describe('resources over MCP', () => {
  it('lists and reads a result a tool stored, and refuses an unknown URI', async () => {
    const analyse = defineTool({
      name: 'store_analysis',
      description: 'Store a small analysis result as a resource and return its URI.',
      input: Params({ name: Type.String() }),
      output: Type.Object({ uri: Type.String() }),
      handler: async ({ name }, { resources }) => ({ uri: (await resources.put({ kind: 'analysis', name: `Analysis of ${name}`, data: { project: name, files: 42 } })).uri }),
    });
    const kernel = await startTestToolpack({
      plugins: [
        definePlugin({
          id: 'analyser',
          version: '1.0.0',
          kernel: '^0.1.0',
          register: (env) => {
            env.registerResourceKind({ kind: 'analysis', name: 'Repository analysis', description: 'A stored analysis, by its analysisId.' });
            env.registerInit({ deps: {}, init: () => ({ tools: [analyse] }) });
          },
        }),
      ],
    });
    const client = await connectTestClient(kernel);
    const { uri } = (await client.callTool({ name: 'store_analysis', arguments: { name: 'shop' } })).structuredContent as { uri: string };
    expect(uri).toMatch(/^toolpack:\/\/analysis\//);
    const { resources } = await client.listResources();
    expect(resources).toEqual([expect.objectContaining({ uri, name: 'Analysis of shop', mimeType: 'application/json' })]);
    const read = await client.readResource({ uri });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toEqual({ project: 'shop', files: 42 });
    const templates = await client.listResourceTemplates();
    // Only kinds a loaded pack registered: no SSG pack here, so no config template.
    expect(templates.resourceTemplates).toEqual([
      { uriTemplate: 'toolpack://analysis/{id}', name: 'Repository analysis', description: 'A stored analysis, by its analysisId.', mimeType: 'application/json' },
    ]);
    await expect(client.readResource({ uri: 'toolpack://analysis/nope' })).rejects.toThrow(/Resource not found/);
    await kernel.stop();
  });
});

describe('git and events services', () => {
  it('binds simple-git to the workspace and refuses folders outside it', async () => {
    const root = tempDir('toolpack-git-');
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 'dev@example.com');
    git('config', 'user.name', 'Dev One');
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src', 'index.ts'), 'export {};\n');
    git('add', '.');
    git('commit', '-q', '-m', 'Initial commit');

    const seen: { git?: Git; events?: Events } = {};
    const probe = definePlugin({
      id: 'probe',
      version: '1.0.0',
      kernel: '^0.1.0',
      register: (env) => env.registerInit({ deps: { git: coreServices.git, events: coreServices.events }, init: (deps) => void Object.assign(seen, deps) }),
    });
    const kernel = await startTestToolpack({ workspace: root, plugins: [probe] });
    expect(await seen.git!.isRepo()).toBe(true);
    const log = await (await seen.git!.at('src')).log();
    expect(log.latest?.message).toBe('Initial commit');
    expect(log.latest?.author_name).toBe('Dev One');
    await expect(seen.git!.at('..')).rejects.toThrow(/outside the workspace/);

    const topic = createEventTopic<{ id: string }>({ id: 'probe.analysis.completed' });
    const received: unknown[] = [];
    const unsubscribe = seen.events!.subscribe(topic, (payload) => void received.push(payload));
    seen.events!.subscribe(topic, () => {
      throw new Error('a broken subscriber must not stop the others');
    });
    await seen.events!.publish(topic, { id: 'a1' });
    unsubscribe();
    await seen.events!.publish(topic, { id: 'a2' });
    expect(received).toEqual([{ id: 'a1' }]);
    // Topics come from createEventTopic: a bare string is refused, naming the pack.
    expect(() => seen.events!.subscribe('probe.analysis.completed' as never, () => {})).toThrow(/pack "probe".*createEventTopic/);
    await kernel.stop();
  });
});
