import { compileSchema } from '../../core/tools/schema-validator.js';
import { describe, expect, it } from 'vitest';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { ContentError, Params, Type, defineTool, definePlugin } from '../../sdk/index.js';
import { connectTestClient, startTestToolpack } from '../../sdk/testing.js';
import { echoTool, pack } from '../helpers/packs.js';

const wrongShape = defineTool({
  name: 'wrong_shape',
  description: 'Returns a result that breaks its own output schema, to test the check.',
  input: Params({}),
  output: Type.Object({ count: Type.Integer() }),
  handler: () => ({ count: 'many' }) as never,
});

const failing = defineTool({
  name: 'failing',
  description: 'Always fails with a ContentError, to test the error envelope.',
  input: Params({}),
  output: Type.Object({}),
  handler: () => {
    throw new ContentError('front matter is not valid YAML', { line: 3 });
  },
});

const slow = defineTool({
  name: 'slow_count',
  description: 'Counts to a number, reporting progress at each step.',
  input: Params({ to: Type.Integer({ minimum: 1 }) }),
  output: Type.Object({ counted: Type.Integer(), cancelled: Type.Boolean() }),
  async handler({ to }, { progress, signal }) {
    let counted = 0;
    for (let i = 1; i <= to; i++) {
      if (signal.aborted) return { counted, cancelled: true };
      await progress({ progress: i, total: to, message: `step ${i}` });
      counted = i;
    }
    return { counted, cancelled: false };
  },
});

async function setup() {
  const masking = definePlugin({
    id: 'masker',
    version: '1.0.0',
    kernel: '^0.1.0',
    register(env) {
      env.registerResultMiddleware((result) => ({
        ...result,
        structuredContent: JSON.parse(JSON.stringify(result.structuredContent).replaceAll('hunter2', '*******')) as Record<string, unknown>,
      }));
    },
  });
  const kernel = await startTestToolpack({ plugins: [pack('calls', { tools: [echoTool('echo'), wrongShape, failing, slow] }), masking] });
  const client = await connectTestClient(kernel);
  return { kernel, client };
}

describe('tool calls over MCP', () => {
  it('validates arguments and applies defaults before the handler runs', async () => {
    const { kernel, client } = await setup();
    const ok = await client.callTool({ name: 'echo', arguments: { text: 'ab' } });
    expect(ok.structuredContent).toEqual({ echoed: 'ab' });
    expect(JSON.parse((ok.content as Array<{ text: string }>)[0]!.text)).toEqual({ echoed: 'ab' });
    const twice = await client.callTool({ name: 'echo', arguments: { text: 'ab', times: 2 } });
    expect(twice.structuredContent).toEqual({ echoed: 'abab' });
    await kernel.stop();
  });

  it('a bad argument is a ValidationError naming the parameter and what was expected', async () => {
    const { kernel, client } = await setup();
    const missing = await client.callTool({ name: 'echo', arguments: {} });
    expect(missing.isError).toBe(true);
    expect((missing.content as Array<{ text: string }>)[0]!.text).toBe(
      'Error executing echo: invalid arguments: missing required parameter "text" (expected string)',
    );
    const error = (missing.structuredContent as { error: { type: string; details: { issues: Array<{ parameter: string }> } } }).error;
    expect(error.type).toBe('ValidationError');
    expect(error.details.issues[0]!.parameter).toBe('text');

    const wrongType = await client.callTool({ name: 'echo', arguments: { text: 5 } });
    expect((wrongType.content as Array<{ text: string }>)[0]!.text).toContain('parameter "text" must be string (got number)');
    const unknown = await client.callTool({ name: 'echo', arguments: { text: 'a', txet: 'b' } });
    expect((unknown.content as Array<{ text: string }>)[0]!.text).toContain('unknown parameter "txet"; expected only: text, times');
    const tooSmall = await client.callTool({ name: 'echo', arguments: { text: 'a', times: 0 } });
    expect((tooSmall.content as Array<{ text: string }>)[0]!.text).toContain('parameter "times" must be >= 1');
    await kernel.stop();
  });

  it('a thrown ContentError keeps its type and details', async () => {
    const { kernel, client } = await setup();
    const result = await client.callTool({ name: 'failing', arguments: {} });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({ error: { type: 'ContentError', message: 'front matter is not valid YAML', details: { line: 3 } } });
    await kernel.stop();
  });

  it('a result that breaks the output schema is reported, not passed on', async () => {
    const { kernel, client } = await setup();
    const result = await client.callTool({ name: 'wrong_shape', arguments: {} });
    expect(result.isError).toBe(true);
    expect((result.structuredContent as { error: { type: string; message: string } }).error.message).toContain('result field "count" must be integer');
    await kernel.stop();
  });

  it('an unknown tool is a protocol error', async () => {
    const { kernel, client } = await setup();
    const error = await client.callTool({ name: 'no_such_tool', arguments: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
    expect((error as McpError).message).toContain('Unknown tool "no_such_tool"');
    await kernel.stop();
  });

  it('result middleware sees every result, errors included', async () => {
    const { kernel, client } = await setup();
    const ok = await client.callTool({ name: 'echo', arguments: { text: 'pw=hunter2' } });
    expect(ok.structuredContent).toEqual({ echoed: 'pw=*******' });
    expect((ok.content as Array<{ text: string }>)[0]!.text).not.toContain('hunter2');
    await kernel.stop();
  });

  it('reports progress to a client that asked for it', async () => {
    const { kernel, client } = await setup();
    const updates: Array<{ progress: number; total?: number }> = [];
    const result = await client.callTool({ name: 'slow_count', arguments: { to: 3 } }, undefined, { onprogress: (p) => void updates.push(p) });
    expect(result.structuredContent).toEqual({ counted: 3, cancelled: false });
    expect(updates.map((u) => u.progress)).toEqual([1, 2, 3]);
    expect(updates[0]!.total).toBe(3);
    await kernel.stop();
  });

  it('passes the client cancellation to the handler as an aborted signal', async () => {
    const { kernel } = await setup();
    const controller = new AbortController();
    controller.abort();
    const result = await kernel.call('slow_count', { to: 5 }, { signal: controller.signal });
    expect(result.structuredContent).toEqual({ counted: 0, cancelled: true });
    await kernel.stop();
  });

  it('tools/list advertises the input schema as written and an output schema that admits the error envelope', async () => {
    const { kernel, client } = await setup();
    const { tools } = await client.listTools();
    const echo = tools.find((t) => t.name === 'echo')!;
    expect(echo.inputSchema).toMatchObject({ type: 'object', required: ['text'], additionalProperties: false, properties: { times: { type: 'integer', default: 1 } } });
    expect(echo.outputSchema?.type).toBe('object');
    // A failed call's structured error validates against it, as a client checks it.
    expect(compileSchema(echo.outputSchema!).check({ error: { type: 'ValidationError', message: 'bad text' } }).ok).toBe(true);
    await kernel.stop();
  });
});
