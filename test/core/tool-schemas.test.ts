/**
 * Tool schemas are compiled when the tool registers (issue 24 item 2): an invalid
 * schema fails start-up naming the pack and the tool, instead of being listed and
 * failing its first call with ajv's stack.
 */
import { describe, expect, it } from 'vitest';
import { defineTool, Params, Type } from '../../sdk/index.js';
import { connectTestClient, startTestToolpack } from '../../sdk/testing.js';
import { assertBuilt, createWorkspace, runCli } from '../e2e/helpers.js';
import { echoTool, pack, startError } from '../helpers/packs.js';

// A property typed `strin`: the tool's input is an object schema, so only compiling it finds the typo.
const typoTool = () =>
  defineTool({
    name: 'typo_tool',
    description: 'A tool whose input schema misspells a type name.',
    input: Type.Unsafe<{ name: string }>({ type: 'object', properties: { name: { type: 'strin' } } }) as never,
    output: Type.Object({ ok: Type.Boolean() }),
    handler: () => ({ ok: true }),
  });

const textOf = (result: { content?: unknown }) => (result.content as Array<{ text?: string }>).map((c) => c.text ?? '').join('\n');

describe('tool schemas are compiled at start-up', () => {
  it('an invalid input schema fails start-up naming the pack and the tool', async () => {
    const error = await startError({ plugins: [pack('typos', { tools: [typoTool()] })] });
    expect(error.code).toBe('TP_TOOL_SCHEMA_INVALID');
    expect(error.message).toContain('Tool "typo_tool" of pack "typos"');
    expect(error.message).toContain('input schema');
    expect(error.details).toMatchObject({ pack: 'typos', tool: 'typo_tool', schema: 'input' });
  });

  it('an invalid output schema fails start-up too', async () => {
    const bad = defineTool({
      name: 'bad_output',
      description: 'A tool whose output schema has a negative minimum length.',
      input: Params({}),
      output: Type.Unsafe<{ a: string }>({ type: 'object', properties: { a: { type: 'string', minLength: -1 } } }) as never,
      handler: () => ({ a: 'x' }) as never,
    });
    const error = await startError({ plugins: [pack('outs', { tools: [bad] })] });
    expect(error.code).toBe('TP_TOOL_SCHEMA_INVALID');
    expect(error.message).toContain('Tool "bad_output" of pack "outs"');
    expect(error.message).toContain('output schema');
  });

  it('an invalid options schema fails start-up naming the pack, not the config', async () => {
    const options = Type.Unsafe<Record<string, unknown>>({ type: 'object', properties: { depth: { type: 'strin' } } }) as never;
    const error = await startError({ plugins: [pack('opts', { options })] });
    expect(error.code).toBe('TP_PLUGIN_OPTIONS_SCHEMA_INVALID');
    expect(error.message).toContain('Pack "opts": its options schema is not a valid JSON Schema');
    expect(error.details).toMatchObject({ pack: 'opts' });
  });

  it('valid schemas still validate arguments and fill defaults, through an MCP client', async () => {
    const kernel = await startTestToolpack({ plugins: [pack('echoes', { tools: [echoTool('echo_it')] })] });
    const client = await connectTestClient(kernel);
    try {
      const filled = await client.callTool({ name: 'echo_it', arguments: { text: 'ab' } });
      expect(filled.isError).toBeFalsy();
      expect(filled.structuredContent).toEqual({ echoed: 'ab' });
      const repeated = await client.callTool({ name: 'echo_it', arguments: { text: 'ab', times: 2 } });
      expect(repeated.structuredContent).toEqual({ echoed: 'abab' });
      const wrong = await client.callTool({ name: 'echo_it', arguments: { text: 'ab', times: 'twice' } });
      expect(wrong.isError).toBe(true);
      expect(textOf(wrong)).toMatch(/parameter "times" must be integer/);
    } finally {
      await client.close();
      await kernel.stop();
    }
  });

  it('the built-in tools still check their arguments (precompiled validators)', async () => {
    const kernel = await startTestToolpack({ config: { plugins: ['files'] } });
    const client = await connectTestClient(kernel);
    try {
      const wrong = await client.callTool({ name: 'read_file', arguments: {} });
      expect(wrong.isError).toBe(true);
      expect(textOf(wrong)).toMatch(/missing required parameter "path"/);
    } finally {
      await client.close();
      await kernel.stop();
    }
  });

  it('toolpack list exits 2 naming the pack and the tool', { timeout: 60_000 }, async () => {
    assertBuilt();
    const ws = createWorkspace();
    ws.write(
      'typo-pack.mjs',
      [
        "import { definePlugin, defineTool, Type } from 'toolpack/sdk';",
        'const tool = defineTool({',
        "  name: 'typo_tool',",
        "  description: 'A tool whose input schema misspells a type name.',",
        "  input: { type: 'object', properties: { name: { type: 'strin' } } },",
        '  output: Type.Object({ ok: Type.Boolean() }),',
        '  handler: () => ({ ok: true }),',
        '});',
        "export default definePlugin({ id: 'typos', version: '1.0.0', kernel: '^0.1.0', register(env) { env.registerInit({ deps: {}, init: () => ({ tools: [tool] }) }); } });",
        '',
      ].join('\n'),
    );
    ws.write('toolpack.config.mjs', "export default { plugins: ['./typo-pack.mjs'] };\n");
    const run = await runCli(['list'], { cwd: ws.dir });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain('Tool "typo_tool" of pack "typos"');
    expect(run.stderr).toContain('[TP_TOOL_SCHEMA_INVALID]');
    expect(run.stderr).not.toMatch(/\n\s+at /); // a message, not a stack
  });
});
