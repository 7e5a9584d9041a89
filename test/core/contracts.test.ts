/**
 * The pack contracts new packs are written against: dependency checks with
 * their own error codes, nothing left behind by a skipped pack, optional
 * dependencies, plugin-scoped services, typed options, typed events, and
 * confirmations declared by destructive tools. Real packs, defined here with
 * the SDK, on a real kernel.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { checkConfig } from '../../core/config/load.js';
import { Kernel } from '../../core/kernel/kernel.js';
import { createRootLogger } from '../../core/services/logger.js';
import {
  coreServices,
  createEventTopic,
  createExtensionPoint,
  createServiceRef,
  defineModule,
  definePlugin,
  defineTool,
  optional,
  Params,
  Type,
  ValidationError,
  type AnyToolDefinition,
  type Logger,
  type PluginManifest,
  type PluginRegistrationEnv,
} from '../../sdk/index.js';
import { connectTestClient, startTestToolpack } from '../../sdk/testing.js';
import { analysisCompletedTopic, type AnalysisCompletedEvent } from '../../plugins/project/events.js';
import { echoTool, startError } from '../helpers/packs.js';
import { outcome } from '../helpers/tool-result.js';
import { tempDir } from '../helpers/workspace.js';

function pack(id: string, register: (env: PluginRegistrationEnv) => void, extra: Partial<PluginManifest> = {}): PluginManifest {
  return definePlugin({ id, version: '1.0.0', kernel: '^0.1.0', register, ...extra });
}

const withTools = (tools: AnyToolDefinition[]) => (env: PluginRegistrationEnv) => env.registerInit({ deps: {}, init: () => ({ tools }) });
const failing = (message: string) => () => {
  throw new Error(message);
};

/** A kernel whose warnings go to a file the test reads (startTestToolpack's logger is silent). */
async function kernelWithLog(plugins: PluginManifest[], config: Record<string, unknown> = {}) {
  const dir = tempDir('toolpack-contracts-');
  const logFile = join(dir, 'log.jsonl');
  writeFileSync(logFile, '');
  const kernel = await Kernel.start({
    loaded: { file: null, dir, config: checkConfig({ plugins: [], ...config }, 'test config') },
    cwd: dir,
    storePath: ':memory:',
    logger: createRootLogger('warn', { destination: logFile }),
    plugins,
  });
  const lines = () => readFileSync(logFile, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
  return { kernel, lines };
}

describe('dependency checks', () => {
  const numberRef = createServiceRef<number>({ id: 'numbers.value' });
  const numbers = pack('numbers', (env) => env.provideService({ service: numberRef, deps: {}, factory: () => 42 }));

  it('a service factory whose deps name a pack it does not depend on fails start-up with TP_SERVICE_UNDECLARED_DEPENDENCY, even if nobody uses the service', async () => {
    const doubled = createServiceRef<number>({ id: 'doubler.value' });
    const doubler = pack('doubler', (env) => env.provideService({ service: doubled, deps: { n: numberRef }, factory: ({ n }) => n * 2 }));
    const error = await startError({ plugins: [numbers, doubler] });
    expect(error.code).toBe('TP_SERVICE_UNDECLARED_DEPENDENCY');
    expect(error.message).toContain('Service "doubler.value" of pack "doubler" uses "numbers.value" of pack "numbers" without listing "numbers" in dependsOn');

    // Declared, the same factory works.
    let seen: number | undefined;
    const declared = pack('doubler', (env) => env.provideService({ service: doubled, deps: { n: numberRef }, factory: ({ n }) => n * 2 }), { dependsOn: ['numbers'] });
    const user = pack('user', (env) => env.registerInit({ deps: { d: doubled }, init: ({ d }) => void (seen = d) }), { dependsOn: ['doubler'] });
    await (await startTestToolpack({ plugins: [numbers, declared, user] })).stop();
    expect(seen).toBe(84);
  });

  it('an init using another pack\'s service without dependsOn fails with TP_SERVICE_UNDECLARED_DEPENDENCY; a service nobody provides with TP_SERVICE_UNKNOWN', async () => {
    const sneaky = pack('sneaky', (env) => env.registerInit({ deps: { n: numberRef }, init: () => ({}) }));
    expect((await startError({ plugins: [numbers, sneaky] })).code).toBe('TP_SERVICE_UNDECLARED_DEPENDENCY');
    const ghost = createServiceRef<string>({ id: 'ghost.value' });
    const haunted = pack('haunted', (env) => env.registerInit({ deps: { g: ghost }, init: () => ({}) }));
    const unknown = await startError({ plugins: [haunted] });
    expect(unknown.code).toBe('TP_SERVICE_UNKNOWN');
    expect(unknown.message).toContain('no pack provides service "ghost.value"');
  });

  it('an extension point used by another pack fails with TP_EXTENSION_POINT_FOREIGN, even when that pack depends on its owner', async () => {
    const rules = createExtensionPoint<{ add(rule: string): void }>({ id: 'host.rules' });
    const host = pack('host', (env) => {
      env.registerExtensionPoint(rules, { add: () => {} });
      env.registerInit({ deps: {}, init: () => ({}) });
    });
    const intruder = pack('intruder', (env) => env.registerInit({ deps: { rules }, init: () => ({}) }), { dependsOn: ['host'] });
    const error = await startError({ plugins: [host, intruder] });
    expect(error.code).toBe('TP_EXTENSION_POINT_FOREIGN');
    expect(error.message).toContain('extension point "host.rules" belongs to pack "host"');
    // A module of the owner may use it.
    const added: string[] = [];
    const owned = pack('host', (env) => env.registerExtensionPoint(rules, { add: (rule) => void added.push(rule) }));
    const module = defineModule({ pluginId: 'host', moduleId: 'extra-rules', register: (env) => env.registerInit({ deps: { rules }, init: ({ rules: point }) => point.add('no-eval') }) });
    await (await startTestToolpack({ plugins: [owned, module] })).stop();
    expect(added).toEqual(['no-eval']);
  });
});

describe('a pack skipped under onFailure: skip leaves nothing behind', () => {
  it('withdraws its result middleware, log filters, services, extension points and event subscriptions', async () => {
    const stampRef = createServiceRef<string>({ id: 'stamper.stamp' });
    const topic = createEventTopic<{ n: number }>({ id: 'stamper.tick' });
    const heard: number[] = [];
    let withoutStamper: { stamp: string | undefined; logger: Logger; events: unknown } | undefined;
    const stamper = pack('stamper', (env) => {
      env.registerResultMiddleware((result) => ({ ...result, structuredContent: { ...result.structuredContent, stamped: true } }));
      env.registerLogFilter((text) => text.replaceAll('hunter2', '[stamped]'));
      env.provideService({ service: stampRef, deps: {}, factory: () => 'stamp' });
      env.registerExtensionPoint(createExtensionPoint<unknown>({ id: 'stamper.kinds' }), {});
      env.registerInit({
        deps: { events: coreServices.events },
        init({ events }) {
          events.subscribe(topic, ({ n }) => void heard.push(n));
          throw new Error('stamp ink ran out');
        },
      });
    });
    const watcher = pack(
      'watcher',
      (env) =>
        env.registerInit({
          deps: { stamp: optional(stampRef), logger: coreServices.logger, events: coreServices.events },
          init: (deps) => {
            withoutStamper = deps;
            return { tools: [echoTool('watch_echo')] };
          },
        }),
      { optionalDependsOn: ['stamper'] },
    );
    const { kernel, lines } = await kernelWithLog([stamper, watcher], { packs: { stamper: { onFailure: 'skip' } } });

    expect(kernel.packInfo().find((p) => p.id === 'stamper')).toMatchObject({ state: 'failed', error: 'stamp ink ran out' });
    // No middleware: the other pack's result is exactly its own.
    expect((await kernel.call('watch_echo', { text: 'hi' })).structuredContent).toEqual({ echoed: 'hi' });
    // No service: an optional dependant gets undefined and starts.
    expect(withoutStamper!.stamp).toBeUndefined();
    // No subscription: publishing the topic reaches nobody.
    await (withoutStamper!.events as { publish(t: typeof topic, p: { n: number }): Promise<void> }).publish(topic, { n: 1 });
    expect(heard).toEqual([]);
    // No log filter: later lines are not rewritten by it.
    withoutStamper!.logger.warn('password is hunter2 in the fixture');
    expect(lines().some((l) => l.msg === 'password is hunter2 in the fixture')).toBe(true);
    expect(lines().find((l) => l.msg === 'pack failed to start and was skipped (onFailure: skip)')).toMatchObject({ pack: 'stamper', err: 'stamp ink ran out' });
    await kernel.stop();
  });

  it('withdraws tools already added when a later one is invalid, and registers nothing for an init that finishes after its timeout', async () => {
    const invalid = { ...echoTool('second_tool'), description: '' } as AnyToolDefinition;
    const halfway = pack('halfway', withTools([echoTool('first_tool'), invalid]));
    const log: string[] = [];
    let finish!: () => void;
    const late = pack('late', (env) =>
      env.registerInit({
        deps: {},
        init: () => new Promise((resolve) => (finish = () => resolve({ tools: [echoTool('late_tool')], dispose: () => void log.push('late disposed') }))),
      }),
    );
    const kernel = await startTestToolpack({
      plugins: [halfway, late, pack('fine', withTools([echoTool('fine_echo')]))],
      config: { packs: { halfway: { onFailure: 'skip' }, late: { onFailure: 'skip', initTimeoutMs: 20 } } },
    });
    expect(kernel.packInfo().find((p) => p.id === 'halfway')?.error).toContain('needs a description');
    expect(kernel.packInfo().find((p) => p.id === 'late')?.state).toBe('failed');
    finish();
    await new Promise((r) => setTimeout(r, 10));
    expect(kernel.registry.listing().map((t) => t.name)).toEqual(['fine_echo']);
    expect(log).toEqual(['late disposed']);
    await kernel.stop();
    expect(log).toEqual(['late disposed']);
  });

  it('a pack that requires the skipped one fails too, and the server starts without both', async () => {
    const broken = pack('broken', (env) => env.registerInit({ deps: {}, init: failing('no database') }));
    const needy = pack('needy', withTools([echoTool('needy_echo')]), { dependsOn: ['broken'] });
    const kernel = await startTestToolpack({ plugins: [broken, needy, pack('fine', withTools([echoTool('fine_echo')]))], config: { packs: { broken: { onFailure: 'skip' }, needy: { onFailure: 'skip' } } } });
    expect(kernel.registry.listing().map((t) => t.name)).toEqual(['fine_echo']);
    expect(kernel.packInfo().find((p) => p.id === 'needy')?.error).toContain('"broken" failed to start');
    await kernel.stop();
  });
});

describe('optional dependencies', () => {
  interface Memory {
    recall(): string[];
  }
  const memoryRef = createServiceRef<Memory>({ id: 'memory-lite.store' });
  const memory = (log: string[] = []) =>
    pack('memory-lite', (env) => {
      env.provideService({ service: memoryRef, deps: {}, factory: () => ({ recall: () => ['jekyll chosen for docs'] }) });
      env.registerInit({ deps: {}, init: () => void log.push('init memory-lite') });
    });
  const recommender = (sink: { memory?: Memory; log?: string[] }) =>
    pack(
      'recommender',
      (env) =>
        env.registerInit({
          deps: { memory: optional(memoryRef) },
          init: ({ memory: service }) => {
            sink.log?.push('init recommender');
            sink.memory = service;
            return { tools: [echoTool('recommend')] };
          },
        }),
      { optionalDependsOn: ['memory-lite'] },
    );

  it('an absent optional dependency yields undefined, and the pack starts and serves its tools', async () => {
    const sink: { memory?: Memory } = { memory: { recall: () => [] } };
    const kernel = await startTestToolpack({ plugins: [recommender(sink)] });
    expect(sink.memory).toBeUndefined();
    expect(kernel.packInfo().find((p) => p.id === 'recommender')?.state).toBe('loaded');
    expect(outcome(await kernel.call('recommend', { text: 'ok' })).data).toEqual({ echoed: 'ok' });
    await kernel.stop();
  });

  it('a loaded optional dependency inits first, however the packs are listed, and is received', async () => {
    const log: string[] = [];
    const sink: { memory?: Memory; log: string[] } = { log };
    await (await startTestToolpack({ plugins: [recommender(sink), memory(log)] })).stop();
    expect(log).toEqual(['init memory-lite', 'init recommender']);
    expect(sink.memory?.recall()).toEqual(['jekyll chosen for docs']);
  });

  it('an optional dependency that failed (skipped) or is disabled yields undefined; the dependant is not failed', async () => {
    const brokenMemory = pack('memory-lite', (env) => {
      env.provideService({ service: memoryRef, deps: {}, factory: () => ({ recall: () => ['stale'] }) });
      env.registerInit({ deps: {}, init: failing('store locked') });
    });
    const sink: { memory?: Memory } = {};
    const kernel = await startTestToolpack({ plugins: [brokenMemory, recommender(sink)], config: { packs: { 'memory-lite': { onFailure: 'skip' } } } });
    expect(sink.memory).toBeUndefined();
    expect(kernel.packInfo().find((p) => p.id === 'recommender')?.state).toBe('loaded');
    await kernel.stop();

    const disabled: { memory?: Memory } = {};
    const other = await startTestToolpack({ plugins: [memory(), recommender(disabled)], config: { packs: { 'memory-lite': { enabled: false } } } });
    expect(disabled.memory).toBeUndefined();
    expect(other.packInfo().find((p) => p.id === 'memory-lite')?.state).toBe('disabled');
    await other.stop();
  });

  it('using an optional dependency\'s service without optional(...) is refused, and so is a pack in both lists', async () => {
    const careless = pack('careless', (env) => env.registerInit({ deps: { memory: memoryRef }, init: () => ({}) }), { optionalDependsOn: ['memory-lite'] });
    const error = await startError({ plugins: [memory(), careless] });
    expect(error.code).toBe('TP_SERVICE_UNDECLARED_DEPENDENCY');
    expect(error.message).toContain('wrap it as optional(...)');
    const both = pack('both', withTools([]), { dependsOn: ['memory-lite'], optionalDependsOn: ['memory-lite'] });
    const invalid = await startError({ plugins: [memory(), both] });
    expect(invalid.code).toBe('TP_PLUGIN_INVALID_MANIFEST');
    expect(invalid.message).toContain('both dependsOn and optionalDependsOn');
  });
});

describe('plugin-scoped services of a pack', () => {
  it('give each requesting pack its own instance, built for that pack', async () => {
    const tallyRef = createServiceRef<{ pack: string; count(): number }>({ id: 'counter.tally', scope: 'plugin' });
    const counter = pack('counter', (env) =>
      env.provideService({
        service: tallyRef,
        deps: { logger: coreServices.logger },
        factory: (_deps, { pack: requester }) => {
          let n = 0;
          return { pack: requester, count: () => ++n };
        },
      }),
    );
    const seen: Record<string, Array<{ pack: string; count(): number }>> = {};
    const consumer = (id: string) =>
      defineModule({ pluginId: id, moduleId: 'probe', register: (env) => env.registerInit({ deps: { tally: tallyRef }, init: ({ tally }) => void (seen[id] ??= []).push(tally) }) });
    const user = (id: string) => pack(id, (env) => env.registerInit({ deps: { tally: tallyRef }, init: ({ tally }) => void (seen[id] ??= []).push(tally) }), { dependsOn: ['counter'] });
    await (await startTestToolpack({ plugins: [counter, user('alpha'), user('beta'), consumer('alpha')] })).stop();
    expect(seen.alpha!.map((t) => t.pack)).toEqual(['alpha', 'alpha']);
    expect(seen.alpha![0]).toBe(seen.alpha![1]);
    expect(seen.beta![0]!.pack).toBe('beta');
    expect(seen.alpha![0]!.count()).toBe(1);
    expect(seen.beta![0]!.count()).toBe(1);
  });
});

describe('typed pack options', () => {
  it('env.options resolves to the validated options with defaults, in inits and service factories alike', async () => {
    const seen: unknown[] = [];
    const limitRef = createServiceRef<number>({ id: 'limits.max' });
    const limits = definePlugin({
      id: 'limits',
      version: '1.0.0',
      kernel: '^0.1.0',
      options: Type.Object({ maxFiles: Type.Integer({ default: 500 }), label: Type.Optional(Type.String()) }, { additionalProperties: false }),
      register(env) {
        // `options.maxFiles` is a number here, with no cast: the type comes from the schema.
        env.provideService({ service: limitRef, deps: { options: env.options }, factory: ({ options }) => options.maxFiles * 2 });
        env.registerInit({ deps: { options: env.options, config: coreServices.config, max: limitRef }, init: ({ options, config, max }) => void seen.push(options, config, max) });
      },
    });
    await (await startTestToolpack({ plugins: [limits] })).stop();
    expect(seen).toEqual([{ maxFiles: 500 }, { maxFiles: 500 }, 1000]);
  });
});

describe('typed events', () => {
  it('analyze_repository publishes analysisCompletedTopic and a subscribing pack receives the typed payload', async () => {
    const workspace = tempDir('toolpack-events-');
    writeFileSync(join(workspace, 'package.json'), JSON.stringify({ name: 'orders-api', dependencies: { express: '^4.19.0' } }));
    writeFileSync(join(workspace, 'README.md'), '# Orders API\n\nServes orders.\n');
    writeFileSync(join(workspace, 'index.js'), "import express from 'express';\nexpress().listen(3000);\n");
    let received!: (event: AnalysisCompletedEvent) => void;
    const delivered = new Promise<AnalysisCompletedEvent>((resolve) => (received = resolve));
    const listener = pack('listener', (env) =>
      env.registerInit({ deps: { events: coreServices.events }, init: ({ events }) => void events.subscribe(analysisCompletedTopic, (event) => received(event)) }),
    );
    const kernel = await startTestToolpack({ workspace, config: { plugins: ['project'] }, plugins: [listener] });
    const result = outcome(await kernel.call('analyze_repository', { path: '.', depth: 'quick' }));
    expect(result.isError, result.text).toBe(false);
    const event = await delivered;
    expect(event).toMatchObject({ id: result.data.id, uri: result.data.resourceUri, path: '.', depth: 'quick', totalFiles: 3, primaryLanguage: 'JavaScript' });
    expect(await kernel.resources.get(event.uri)).toBeDefined();
    await kernel.stop();
  });

  it('a failing subscriber is logged with the topic, its pack and the publisher; the others still receive the event', async () => {
    const deployed = createEventTopic<{ site: string }>({ id: 'publisher.deployed' });
    const sites: string[] = [];
    const publisher = pack('publisher', (env) =>
      env.registerInit({
        deps: { events: coreServices.events },
        init: ({ events }) => ({
          tools: [
            defineTool({
              name: 'deploy_site',
              description: 'Pretend to deploy a site and announce it; a test tool.',
              input: Params({ site: Type.String() }),
              output: Type.Object({ delivered: Type.Boolean() }),
              handler: async ({ site }) => (await events.publish(deployed, { site }), { delivered: true }),
            }),
          ],
        }),
      }),
    );
    const flaky = pack('flaky', (env) =>
      env.registerInit({
        deps: { events: coreServices.events },
        init: ({ events }) =>
          void events.subscribe(deployed, () => {
            throw new Error('history table missing');
          }),
      }),
    );
    const steady = pack('steady', (env) => env.registerInit({ deps: { events: coreServices.events }, init: ({ events }) => void events.subscribe(deployed, ({ site }) => void sites.push(site)) }));
    const { kernel, lines } = await kernelWithLog([publisher, flaky, steady]);
    expect(outcome(await kernel.call('deploy_site', { site: 'docs.example.org' })).data).toEqual({ delivered: true });
    expect(sites).toEqual(['docs.example.org']);
    expect(lines().find((l) => l.msg === 'event subscriber failed')).toMatchObject({ pack: 'flaky', topic: 'publisher.deployed', publisher: 'publisher', err: 'history table missing' });
    await kernel.stop();
  });
});

describe('confirmation declared by a destructive tool', () => {
  async function filesKernel() {
    const workspace = tempDir('toolpack-confirm-');
    writeFileSync(join(workspace, 'notes.md'), '# Notes\n\nKeep the staging database until June.\n');
    const kernel = await startTestToolpack({ workspace, config: { plugins: ['files'] } });
    const read = () => readFileSync(join(workspace, 'notes.md'), 'utf8');
    return { kernel, workspace, read };
  }
  const replace = { path: 'notes.md', content: '# Notes\n' };

  async function elicitingClient(kernel: Kernel, answer: { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> }) {
    const client = await connectTestClient(kernel, { elicitation: {} });
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push((request.params as { message: string }).message);
      return answer;
    });
    return { client, asked };
  }

  it('asks an eliciting client before replacing a file: declined leaves the file unchanged', async () => {
    const { kernel, read } = await filesKernel();
    const { client, asked } = await elicitingClient(kernel, { action: 'decline' });
    const result = outcome((await client.callTool({ name: 'write_file', arguments: replace })) as never);
    expect(result.isError).toBe(true);
    expect(result.data.error).toMatchObject({ type: 'ConfirmationDeclined', details: { decision: 'declined', via: 'elicitation', action: 'Replace notes.md' } });
    expect(result.text).toContain('nothing was done');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('Replace notes.md');
    expect(asked[0]).toContain('(47 bytes) is lost');
    expect(read()).toBe('# Notes\n\nKeep the staging database until June.\n');
    await client.close();
    await kernel.stop();
  });

  it('accepted, the handler runs and the file is replaced; a new file is written without asking', async () => {
    const { kernel, workspace, read } = await filesKernel();
    const { client, asked } = await elicitingClient(kernel, { action: 'accept', content: { confirm: true } });
    const result = outcome((await client.callTool({ name: 'write_file', arguments: replace })) as never);
    expect(result.isError, result.text).toBe(false);
    expect(result.data).toMatchObject({ created: false, previousSize: 47 });
    expect(read()).toBe('# Notes\n');
    const created = outcome((await client.callTool({ name: 'write_file', arguments: { path: 'docs/new.md', content: 'new\n' } })) as never);
    expect(created.data).toMatchObject({ created: true });
    expect(readFileSync(join(workspace, 'docs/new.md'), 'utf8')).toBe('new\n');
    expect(asked).toHaveLength(1);
    await client.close();
    await kernel.stop();
  });

  it('without elicitation the answer is pending; the identical call repeated confirms, a different one asks again', async () => {
    const { kernel, read } = await filesKernel();
    const client = await connectTestClient(kernel);
    const call = async (args: Record<string, unknown>) => outcome((await client.callTool({ name: 'write_file', arguments: args })) as never);
    const pending = await call(replace);
    expect(pending.isError).toBe(true);
    expect(pending.data.error).toMatchObject({ type: 'ConfirmationRequired', details: { decision: 'pending', via: 'pending-token', confirmBy: 'repeat the identical call' } });
    expect(pending.text).toMatch(/^Error executing write_file: "Replace notes.md" needs the user's confirmation/);
    expect(pending.text).toContain('repeat this exact call (same tool, same arguments) before');
    expect(read()).toBe('# Notes\n\nKeep the staging database until June.\n');

    // Same path, other content: not the call the user was shown, so it asks again.
    const other = await call({ path: 'notes.md', content: '# Something else\n' });
    expect(other.data.error.type).toBe('ConfirmationRequired');
    expect(read()).toBe('# Notes\n\nKeep the staging database until June.\n');

    // Arguments in another key order are the same call.
    const confirmed = await call({ content: '# Notes\n', path: 'notes.md' });
    expect(confirmed.isError, confirmed.text).toBe(false);
    expect(read()).toBe('# Notes\n');
    // A confirmation is used once: the next replacement asks again.
    expect((await call(replace)).data.error.type).toBe('ConfirmationRequired');
    await client.close();
    await kernel.stop();
  });

  it('runs after validation and before the handler; a confirm step that refuses the input fails the call without asking', async () => {
    const ran: string[] = [];
    const purge = defineTool({
      name: 'purge_records',
      description: 'Delete the stored records of a project; a test tool.',
      input: Params({ project: Type.String({ minLength: 1 }) }),
      output: Type.Object({ purged: Type.String() }),
      confirm: ({ project }) => {
        ran.push(`confirm ${project}`);
        if (project === 'unknown') throw new ValidationError('parameter "project": no project "unknown"', { parameter: 'project' });
        return { action: `Purge ${project}`, description: `Delete every stored record of ${project}.` };
      },
      handler: ({ project }) => (ran.push(`handler ${project}`), { purged: project }),
    });
    const kernel = await startTestToolpack({ plugins: [pack('records', withTools([purge]))] });
    const { client, asked } = await elicitingClient(kernel, { action: 'accept', content: { confirm: true } });
    const call = async (args: Record<string, unknown>) => outcome((await client.callTool({ name: 'purge_records', arguments: args })) as never);
    expect((await call({ project: '' })).data.error.type).toBe('ValidationError');
    expect((await call({ project: 'unknown' })).data.error).toMatchObject({ type: 'ValidationError', details: { parameter: 'project' } });
    expect((await call({ project: 'shop' })).data).toEqual({ purged: 'shop' });
    expect(ran).toEqual(['confirm unknown', 'confirm shop', 'handler shop']);
    expect(asked).toEqual([expect.stringContaining('Purge shop')]);
    await client.close();
    await kernel.stop();
  });
});
