/**
 * The pack catalogue (core/plugins/catalog.ts) is the one list of built-in
 * packs: these tests hold everything derived from it to the spec, to what the
 * packs really register, and to the README, so adding a pack is one entry.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILTIN_PRESETS } from '../../core/config/presets.js';
import { builtPacks, PACK_CATALOG, type BuiltinPresetName } from '../../core/plugins/catalog.js';
import { definePlugin, defineTool, Params, Type } from '../../sdk/index.js';
import { connectTestClient, startTestToolpack } from '../../sdk/testing.js';
import { loadToolSurface } from '../e2e/helpers.js';

const builtIds = builtPacks().map((p) => p.id);
const startBuilt = (preset?: string) => startTestToolpack({ config: { plugins: builtIds }, preset });

describe('pack catalogue', () => {
  it('assigns every tool of the spec and of the additions to exactly one pack, and no other tool', () => {
    const spec = Object.keys(loadToolSurface().tools).sort();
    const catalogued = PACK_CATALOG.flatMap((p) => p.tools);
    expect([...catalogued].sort()).toEqual(spec);
    expect(new Set(catalogued).size).toBe(catalogued.length);
    expect(PACK_CATALOG).toHaveLength(15);
  });

  it('lists each built pack with the tools its init registers, in order, and loads them in catalogue order', async () => {
    const kernel = await startBuilt();
    try {
      const started = kernel.packInfo().map((p) => ({ id: p.id, tools: p.tools }));
      expect(started).toEqual(builtPacks().map((p) => ({ id: p.id, tools: [...p.tools] })));
      expect(kernel.registry.listing().map((t) => t.name)).toEqual(builtPacks().flatMap((p) => p.tools));
    } finally {
      await kernel.stop();
    }
  });

  it('ships every pack of the catalogue: no planned pack is left, so every tool of the spec is served', () => {
    expect(PACK_CATALOG.filter((p) => p.status === 'planned').map((p) => p.id)).toEqual([]);
    expect(builtPacks().flatMap((p) => p.tools)).toHaveLength(Object.keys(loadToolSurface().tools).length);
  });
});

describe('built-in presets come from the catalogue', () => {
  const presets = Object.keys(BUILTIN_PRESETS).filter((name) => name !== 'all') as BuiltinPresetName[];

  it('name only catalogue packs, each exactly the packs whose entry lists the preset', () => {
    expect(presets.sort()).toEqual(['adr', 'docs', 'security']);
    for (const name of presets) {
      expect(BUILTIN_PRESETS[name]!.packs).toEqual(PACK_CATALOG.filter((p) => p.presets.includes(name)).map((p) => p.id));
    }
  });

  it.each(presets)('preset %s exposes the tools of its built packs and warns about its planned ones', async (name) => {
    const kernel = await startBuilt(name);
    try {
      const members = PACK_CATALOG.filter((p) => p.presets.includes(name));
      expect(kernel.registry.listing().map((t) => t.name)).toEqual(members.filter((p) => p.status === 'built').flatMap((p) => p.tools));
      const planned = members.filter((p) => p.status === 'planned').map((p) => p.id);
      expect(kernel.warnings).toEqual(planned.length ? [`preset "${name}" names packs not loaded in this version: ${planned.join(', ')}`] : []);
    } finally {
      await kernel.stop();
    }
  });
});

describe("README's Tools table", () => {
  it('lists exactly the tools of the built packs, in pack order', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.split(/^## /m).find((s) => s.startsWith('Tools\n'));
    expect(section, 'README.md has a "## Tools" section').toBeDefined();
    const rows = [...section!.matchAll(/^\| *([a-z][a-z0-9-]*) *\| *`([a-z_]+)` *\|/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(rows).toEqual(builtPacks().flatMap((p) => p.tools.map((tool) => `${p.id} ${tool}`)));
  });
});

describe('resource templates come from the kinds packs register', () => {
  const configStore = definePlugin({
    id: 'site-configs',
    version: '1.0.0',
    kernel: '^0.1.0',
    register(env) {
      env.registerResourceKind({ kind: 'config/{ssg}', name: 'Generated SSG configuration', description: 'Configuration files generated for one static site generator.' });
      env.registerInit({
        deps: {},
        init: () => ({
          tools: [
            defineTool({
              name: 'store_site_config',
              description: 'Store a generated site configuration as a resource and return its URI.',
              input: Params({ kind: Type.String(), text: Type.String() }),
              output: Type.Object({ uri: Type.String() }),
              handler: async ({ kind, text }, { resources }) => ({ uri: (await resources.put({ kind, id: 'site-1', name: 'Site config', data: text, mimeType: 'text/plain' })).uri }),
            }),
          ],
        }),
      });
    },
  });

  it('lists only registered kinds: the built packs register memory, analysis, todo and adr-graph, a further pack adds its own', async () => {
    // Without the ssg pack, which registers config/{ssg} and deployment itself (test/plugins/ssg/pack.test.ts).
    const kernel = await startTestToolpack({ config: { plugins: builtIds.filter((id) => id !== 'ssg') }, plugins: [configStore] });
    const client = await connectTestClient(kernel);
    try {
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['toolpack://memory/{id}', 'toolpack://analysis/{id}', 'toolpack://todo/{id}', 'toolpack://adr-graph/{id}', 'toolpack://config/{ssg}/{id}']);
      expect(resourceTemplates[1]).toMatchObject({ name: 'Repository analysis', mimeType: 'application/json' });

      const stored = await client.callTool({ name: 'store_site_config', arguments: { kind: 'config/hugo', text: 'baseURL = "/"\n' } });
      expect(stored.structuredContent).toEqual({ uri: 'toolpack://config/hugo/site-1' });
      const read = await client.readResource({ uri: 'toolpack://config/hugo/site-1' });
      expect(read.contents[0]).toMatchObject({ mimeType: 'text/plain', text: 'baseURL = "/"\n' });

      // No pack registered "deployment": the put fails, naming the kind.
      const refused = await client.callTool({ name: 'store_site_config', arguments: { kind: 'deployment', text: 'x' } });
      expect(refused.isError).toBe(true);
      expect((refused.content as Array<{ text: string }>)[0]!.text).toMatch(/resource kind "deployment" is not registered.*registered: memory, analysis, todo, adr-graph, config\/\{ssg\}/);
    } finally {
      await client.close();
      await kernel.stop();
    }
  });

  it('refuses a kind two packs register, naming both', async () => {
    const twin = definePlugin({
      id: 'other-configs',
      version: '1.0.0',
      kernel: '^0.1.0',
      register: (env) => env.registerResourceKind({ kind: 'config/{generator}', name: 'Config', description: 'Also configuration files.' }),
    });
    await expect(startTestToolpack({ plugins: [configStore, twin] })).rejects.toMatchObject({
      code: 'TP_RESOURCE_KIND_INVALID',
      message: 'Pack "other-configs" registers resource kind "config/{generator}": pack "site-configs" registered it already',
    });
  });
});
