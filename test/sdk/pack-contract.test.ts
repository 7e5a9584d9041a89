/**
 * The pack contract exported by toolpack/testing: the built-in packs pass it,
 * and a pack breaking it gets one failure per broken rule, naming the tool (and
 * parameter) and the rule in words.
 */
import { describe, expect, it } from 'vitest';
import { builtPacks } from '../../core/plugins/catalog.js';
import { definePlugin, defineTool, Params, Type, type AnyToolDefinition } from '../../sdk/index.js';
import { assertPackContract, PackContractError, runPackContract, startTestToolpack } from '../../sdk/testing.js';

const packOf = (id: string, tools: AnyToolDefinition[]) =>
  definePlugin({ id, version: '1.0.0', kernel: '^0.1.0', register: (env) => env.registerInit({ deps: {}, init: () => ({ tools }) }) });

describe('runPackContract / assertPackContract', () => {
  it('the built-in packs pass it', async () => {
    const packs = await Promise.all(builtPacks().map(async (p) => (await p.load()).default));
    const report = await assertPackContract(packs);
    expect(report.packs).toEqual(builtPacks().map((p) => p.id));
    expect(report.tools.length).toBeGreaterThan(60);
    expect(report.failures).toEqual([]);
  }, 120_000);

  it('reports each broken rule of each tool, and assertPackContract throws them all in one message', async () => {
    const sloppy = defineTool({
      name: 'sloppy_tool',
      description: 'does stuff with things',
      input: Type.Object({ path: Type.String() }),
      output: Type.Object({ ok: Type.Boolean() }),
      handler: () => ({ ok: true }),
    });
    const good = defineTool({
      name: 'good_tool',
      description: 'Echo a word back. Use it to check that the pack answers.',
      input: Params({ word: Type.String({ description: 'The word to echo.' }) }),
      output: Type.Object({ word: Type.String() }),
      annotations: { readOnlyHint: true },
      handler: ({ word }) => ({ word }),
    });
    const report = await runPackContract(packOf('sloppy', [sloppy, good]));
    expect(report.tools.sort()).toEqual(['good_tool', 'sloppy_tool']);
    expect(report.failures.map((f) => [f.subject, f.check])).toEqual([
      ['tool sloppy_tool', 'description'],
      ['tool sloppy_tool', 'annotations'],
      ['tool sloppy_tool', 'input-schema'],
      ['tool sloppy_tool, parameter path', 'parameter-description'],
      ['tool sloppy_tool', 'refuses-unknown-arguments'],
    ]);
    expect(report.failures[0]!.message).toContain('at least one full sentence');

    const thrown = await assertPackContract(packOf('sloppy', [sloppy])).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(PackContractError);
    expect((thrown as Error).message).toMatch(/^The pack contract failed \(5 problems\):\n- tool sloppy_tool \[description\]: /);
    expect((thrown as Error).message).toContain('- tool sloppy_tool, parameter path [parameter-description]: every parameter needs a description');
  });

  it('a pack that does not start is one failure carrying the kernel\'s code and message', async () => {
    const needy = definePlugin({ id: 'needy', version: '1.0.0', kernel: '^0.1.0', dependsOn: ['absent-pack'], register: () => {} });
    const report = await runPackContract(needy);
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]).toMatchObject({ check: 'starts', subject: 'pack needy' });
    expect(report.failures[0]!.message).toMatch(/TP_PLUGIN_UNKNOWN_DEPENDENCY.*absent-pack/);
  });
});

describe('the registry\'s description check', () => {
  it('states the real rule: at least 10 characters', async () => {
    const terse = defineTool({ name: 'terse', description: 'Echo.', input: Params({}), output: Type.Object({}), handler: () => ({}) });
    const error = await startTestToolpack({ plugins: [packOf('terse-pack', [terse])] }).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('needs a description of at least 10 characters');
    expect((error as Error).message).not.toContain('sentence');
  });
});
