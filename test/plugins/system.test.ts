import { describe, expect, it } from 'vitest';
import { CreateMessageRequestSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Params, Type, coreServices, definePlugin, defineTool } from '../../sdk/index.js';
import type { Cache } from '../../sdk/services.js';
import { connectTestClient, startTestToolpack } from '../../sdk/testing.js';

/** A pack that hands the test the kernel's cache, so entries can be planted as real packs would. */
function cacheProbe(sink: { cache?: Cache }) {
  return definePlugin({
    id: 'probe',
    version: '1.0.0',
    kernel: '^0.1.0',
    register: (env) => env.registerInit({ deps: { cache: coreServices.cache }, init: ({ cache }) => void (sink.cache = cache) }),
  });
}

async function systemKernel() {
  const sink: { cache?: Cache } = {};
  const kernel = await startTestToolpack({ config: { plugins: ['system', 'files'] }, plugins: [cacheProbe(sink)] });
  return { kernel, cache: sink.cache!, call: async (name: string, args: unknown) => (await kernel.call(name, args)).structuredContent as any };
}

describe('manage_cache', () => {
  it('reports stats, invalidates one key, cleans up expired entries and clears', async () => {
    const { kernel, cache, call } = await systemKernel();
    await cache.set('analysis:/app', { files: 120 });
    await cache.set('analysis:/lib', { files: 30 });
    await cache.set('readme:old', { score: 0.4 }, { ttlMs: -1 });

    const stats = await call('manage_cache', { action: 'stats' });
    expect(stats).toMatchObject({ action: 'stats', removed: 0, stats: { entries: 3, expired: 1, storeDialect: 'sqlite', storeLocation: ':memory:' } });
    expect(stats.stats.totalBytes).toBeGreaterThan(20);

    const invalidated = await call('manage_cache', { action: 'invalidate', key: 'analysis:/app' });
    expect(invalidated).toMatchObject({ removed: 1, key: 'analysis:/app', stats: { entries: 2 } });
    expect(await cache.get('analysis:/app')).toBeUndefined();
    expect((await call('manage_cache', { action: 'invalidate', key: 'analysis:/app' })).message).toContain('nothing to invalidate');

    expect(await call('manage_cache', { action: 'cleanup' })).toMatchObject({ removed: 1, stats: { entries: 1, expired: 0 } });
    // clear asks first (pending without elicitation, nothing removed); the identical call repeated confirms.
    expect(await call('manage_cache', { action: 'clear' })).toMatchObject({ error: { type: 'ConfirmationRequired', details: { action: 'Clear the cache' } } });
    expect((await cache.stats()).entries).toBe(1);
    expect(await call('manage_cache', { action: 'clear' })).toMatchObject({ removed: 1, stats: { entries: 0 } });
    await kernel.stop();
  });

  it('requires key for invalidate, naming the parameter', async () => {
    const { kernel } = await systemKernel();
    const result = await kernel.call('manage_cache', { action: 'invalidate' });
    expect(result.isError).toBe(true);
    expect((result.structuredContent as any).error).toMatchObject({ type: 'ValidationError' });
    expect((result.content[0] as { text: string }).text).toContain('parameter "key" is required when action is "invalidate"');
    await kernel.stop();
  });
});

describe('check_ai_execution_status', () => {
  it('reports deterministic mode for a client without sampling or elicitation', async () => {
    const { kernel } = await systemKernel();
    const client = await connectTestClient(kernel);
    const status = (await client.callTool({ name: 'check_ai_execution_status', arguments: {} })).structuredContent as any;
    expect(status.mode).toBe('deterministic');
    expect(status.client).toEqual({ name: 'toolpack-test-client', version: '0.0.0' });
    expect(status.sampling).toEqual({ available: false, reason: 'toolpack-test-client does not offer MCP sampling' });
    expect(status.elicitation.available).toBe(false);
    expect(status.packs.map((p: { id: string; tools: number }) => `${p.id}:${p.tools}`)).toEqual(['system:3', 'files:3', 'probe:0']);
    await kernel.stop();
  });

  it('reports ai-assisted mode when the client can sample and elicit', async () => {
    const { kernel } = await systemKernel();
    const client = await connectTestClient(kernel, { sampling: {}, elicitation: {} });
    const status = (await client.callTool({ name: 'check_ai_execution_status', arguments: {} })).structuredContent as any;
    expect(status.mode).toBe('ai-assisted');
    expect(status.sampling.available).toBe(true);
    expect(status.elicitation.available).toBe(true);
    await kernel.stop();
  });

  it('outside an MCP session (the CLI) reports that no client is connected', async () => {
    const { kernel, call } = await systemKernel();
    const status = await call('check_ai_execution_status', {});
    expect(status.client).toBeNull();
    expect(status.sampling.reason).toContain('no MCP client is connected');
    await kernel.stop();
  });
});

describe('ai service', () => {
  it('asks the client model through sampling', async () => {
    let prompt = '';
    const sampler = definePlugin({
      id: 'sampler',
      version: '1.0.0',
      kernel: '^0.1.0',
      register: (env) =>
        env.registerInit({
          deps: {},
          init: () => ({
            tools: [
              defineTool({
                name: 'summarise',
                description: 'Summarise text with the client model when it can, else return the first line.',
                input: Params({ text: Type.String() }),
                output: Type.Object({ summary: Type.String(), usedAi: Type.Boolean() }),
                async handler({ text }, { ai }) {
                  if (!ai.available()) return { summary: text.split('\n')[0]!, usedAi: false };
                  return { summary: (await ai.complete({ prompt: `Summarise: ${text}` })).text, usedAi: true };
                },
              }),
            ],
          }),
        }),
    });
    const kernel = await startTestToolpack({ plugins: [sampler] });
    const plain = await connectTestClient(kernel);
    expect((await plain.callTool({ name: 'summarise', arguments: { text: 'line one\nline two' } })).structuredContent).toEqual({ summary: 'line one', usedAi: false });
    const smart = await connectTestClient(kernel, { sampling: {} });
    smart.setRequestHandler(CreateMessageRequestSchema, async (request) => {
      prompt = (request.params.messages[0]!.content as { text: string }).text;
      return { model: 'test-model', role: 'assistant', content: { type: 'text', text: 'two lines' } };
    });
    expect((await smart.callTool({ name: 'summarise', arguments: { text: 'line one\nline two' } })).structuredContent).toEqual({ summary: 'two lines', usedAi: true });
    expect(prompt).toBe('Summarise: line one\nline two');
    await kernel.stop();
  });
});

describe('request_action_confirmation', () => {
  const request = { action: 'apply-research', description: 'Update ADR 0003 with the caching research', risks: ['ADR text changes'], benefits: ['Decision reflects findings'] };

  it('asks the user through elicitation and records the decision', async () => {
    const { kernel } = await systemKernel();
    const client = await connectTestClient(kernel, { elicitation: {} });
    let asked = '';
    client.setRequestHandler(ElicitRequestSchema, async (req) => {
      asked = (req.params as { message: string }).message;
      return { action: 'accept', content: { confirm: true, comment: 'go ahead' } };
    });
    const result = (await client.callTool({ name: 'request_action_confirmation', arguments: request })).structuredContent as any;
    expect(result).toMatchObject({ decision: 'confirmed', via: 'elicitation', approved: true, comment: 'go ahead' });
    expect(result.message).toMatch(/^The user confirmed "apply-research" when asked/);
    expect(asked).toContain('Update ADR 0003 with the caching research');
    expect(asked).toContain('- ADR text changes');

    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'decline' }));
    const declined = (await client.callTool({ name: 'request_action_confirmation', arguments: request })).structuredContent as any;
    expect(declined).toMatchObject({ decision: 'declined', approved: false });
    await kernel.stop();
  });

  it('without elicitation, returns a pending token that an identical second request confirms', async () => {
    const { kernel } = await systemKernel();
    const client = await connectTestClient(kernel);
    const first = (await client.callTool({ name: 'request_action_confirmation', arguments: request })).structuredContent as any;
    expect(first).toMatchObject({ decision: 'pending', via: 'pending-token', approved: false });
    expect(Date.parse(first.expiresAt) - Date.parse(first.requestedAt)).toBe(10 * 60 * 1000);

    const other = (await client.callTool({ name: 'request_action_confirmation', arguments: { ...request, description: 'Something else' } })).structuredContent as any;
    expect(other.decision).toBe('pending');

    const second = (await client.callTool({ name: 'request_action_confirmation', arguments: request })).structuredContent as any;
    expect(second).toMatchObject({ decision: 'confirmed', via: 'second-call', token: first.token, approved: true });
    // Nobody asked the user: the message must not say the user confirmed.
    expect(second.message).toMatch(/^Confirmed "apply-research" by a repeated identical request from the client \(no user prompt/);

    const third = (await client.callTool({ name: 'request_action_confirmation', arguments: request })).structuredContent as any;
    expect(third.decision).toBe('pending');
    expect(third.token).not.toBe(first.token);
    await kernel.stop();
  });
});
