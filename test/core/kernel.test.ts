import { BUILTIN_TOOLS } from '../e2e/helpers.js';
import { describe, expect, it } from 'vitest';
import {
  coreServices,
  createExtensionPoint,
  createServiceRef,
  defineModule,
  definePlugin,
  Type,
  type PluginManifest,
} from '../../sdk/index.js';
import { startTestToolpack } from '../../sdk/testing.js';
import { echoTool, pack, startError } from '../helpers/packs.js';

const names = (kernel: Awaited<ReturnType<typeof startTestToolpack>>) => kernel.registry.listing().map((t) => t.name).sort();

describe('kernel loading', () => {
  it('serves every built-in pack when the config lists none', async () => {
    const kernel = await startTestToolpack({ config: { plugins: undefined } });
    expect(names(kernel)).toEqual([...BUILTIN_TOOLS].sort());
    await kernel.stop();
  });

  it('rejects two packs with the same id, naming both', async () => {
    const error = await startError({ plugins: [pack('dup'), pack('dup')] });
    expect(error.code).toBe('TP_PLUGIN_DUPLICATE_ID');
    expect(error.message).toContain('"dup"');
  });

  it('rejects a dependency that is neither loaded nor built in', async () => {
    const error = await startError({ plugins: [pack('needy', { dependsOn: ['ghost'] })] });
    expect(error.code).toBe('TP_PLUGIN_UNKNOWN_DEPENDENCY');
    expect(error.message).toMatch(/"needy" depends on "ghost"/);
  });

  it('rejects a cycle and prints it', async () => {
    const error = await startError({ plugins: [pack('a', { dependsOn: ['b'] }), pack('b', { dependsOn: ['a'] })] });
    expect(error.code).toBe('TP_PLUGIN_DEPENDENCY_CYCLE');
    expect(error.message).toContain('a -> b -> a');
  });

  it('rejects a pack built for another kernel before running its code', async () => {
    let registered = false;
    const error = await startError({
      plugins: [pack('future', { kernel: '^2.0.0', register: () => void (registered = true) })],
    });
    expect(error.code).toBe('TP_PLUGIN_KERNEL_MISMATCH');
    expect(error.message).toContain('^2.0.0');
    expect(registered).toBe(false);
  });

  it('rejects an invalid id before running pack code', async () => {
    const error = await startError({ plugins: [pack('Bad Id')] });
    expect(error.code).toBe('TP_PLUGIN_INVALID_MANIFEST');
  });

  it('fails start-up when two packs define the same tool, naming both packs', async () => {
    const error = await startError({ plugins: [pack('one', { tools: [echoTool('echo')] }), pack('two', { tools: [echoTool('echo')] })] });
    expect(error.code).toBe('TP_TOOL_DUPLICATE');
    expect(error.message).toContain('"echo"');
    expect(error.message).toContain('"one"');
    expect(error.message).toContain('"two"');
  });

  it('catches a duplicate tool even when the config hides one of them', async () => {
    const error = await startError({
      plugins: [pack('one', { tools: [echoTool('echo')] }), pack('two', { tools: [echoTool('echo')] })],
      config: { packs: { two: { tools: { exclude: ['echo'] } } } },
    });
    expect(error.code).toBe('TP_TOOL_DUPLICATE');
  });

  it('inits packs in dependency order, runs modules before their pack, and disposes in reverse once', async () => {
    const log: string[] = [];
    const greetings = createExtensionPoint<{ add(text: string): void }>({ id: 'greeter.greetings' });
    const greeterRef = createServiceRef<{ greet(): string }>({ id: 'greeter.service' });
    const collected: string[] = [];
    const greeter = definePlugin({
      id: 'greeter',
      version: '1.0.0',
      kernel: '^0.1.0',
      register(env) {
        env.registerExtensionPoint(greetings, { add: (text) => collected.push(text) });
        env.provideService({ service: greeterRef, deps: {}, factory: () => ({ greet: () => collected.join(' ') }) });
        env.registerInit({
          deps: { logger: coreServices.logger },
          init() {
            log.push(`init greeter with [${collected.join(',')}]`);
            return { dispose: () => void log.push('dispose greeter') };
          },
        });
      },
    });
    const consumer = definePlugin({
      id: 'consumer',
      version: '1.0.0',
      kernel: '^0.1.0',
      dependsOn: ['greeter'],
      register(env) {
        env.registerInit({
          deps: { greeter: greeterRef },
          init({ greeter: service }) {
            log.push(`init consumer: ${service.greet()}`);
            return { dispose: () => void log.push('dispose consumer') };
          },
        });
      },
    });
    const module = defineModule({
      pluginId: 'greeter',
      moduleId: 'hello',
      register(env) {
        env.registerInit({ deps: { greetings }, init: ({ greetings: point }) => void (log.push('module'), point.add('hello')) });
      },
    });
    // Listed consumer-first on purpose: order comes from dependsOn, not the list.
    const kernel = await startTestToolpack({ plugins: [consumer, greeter, module] });
    await kernel.stop();
    await kernel.stop();
    expect(log).toEqual(['module', 'init greeter with [hello]', 'init consumer: hello', 'dispose consumer', 'dispose greeter']);
  });

  it('refuses a service of a pack that is not declared as a dependency', async () => {
    const ref = createServiceRef<number>({ id: 'provider.number' });
    const provider = definePlugin({
      id: 'provider',
      version: '1.0.0',
      kernel: '^0.1.0',
      register: (env) => env.provideService({ service: ref, deps: {}, factory: () => 42 }),
    });
    const sneaky = definePlugin({
      id: 'sneaky',
      version: '1.0.0',
      kernel: '^0.1.0',
      register: (env) => env.registerInit({ deps: { n: ref }, init: () => ({}) }),
    });
    const error = await startError({ plugins: [provider, sneaky] });
    expect(error.code).toBe('TP_SERVICE_UNDECLARED_DEPENDENCY');
    expect(error.message).toContain('without listing "provider" in dependsOn');
  });

  it('rejects a module whose target pack is not loaded', async () => {
    const error = await startError({ plugins: [defineModule({ pluginId: 'absent', moduleId: 'x', register: () => {} })] });
    expect(error.code).toBe('TP_MODULE_TARGET_MISSING');
  });

  it('aborts start-up when a pack init throws, by default', async () => {
    const broken = pack('broken', { register: (env) => env.registerInit({ deps: {}, init: () => { throw new Error('database unreachable'); } }) });
    const error = await startError({ plugins: [broken] });
    expect(error.code).toBe('TP_PLUGIN_INIT_FAILED');
    expect(error.message).toContain('"broken"');
    expect(error.message).toContain('database unreachable');
  });

  it('skips a failing pack marked onFailure: skip, and its dependents, and says why', async () => {
    const broken = pack('broken', { register: (env) => env.registerInit({ deps: {}, init: () => { throw new Error('boom'); } }) });
    const dependent = pack('dependent', { dependsOn: ['broken'], tools: [echoTool('dependent_echo')] });
    const kernel = await startTestToolpack({
      plugins: [broken, dependent, pack('healthy', { tools: [echoTool('healthy_echo')] })],
      config: { packs: { broken: { onFailure: 'skip' }, dependent: { onFailure: 'skip' } } },
    });
    const info = Object.fromEntries(kernel.packInfo().map((p) => [p.id, p]));
    expect(info.broken?.state).toBe('failed');
    expect(info.broken?.error).toContain('boom');
    expect(info.dependent?.state).toBe('failed');
    expect(info.dependent?.error).toContain('"broken" failed');
    expect(names(kernel)).toEqual(['healthy_echo']);
    await kernel.stop();
  });

  it('times out a pack whose init hangs', async () => {
    const slow = pack('slow', { register: (env) => env.registerInit({ deps: {}, init: () => new Promise(() => {}) }) });
    const error = await startError({ plugins: [slow], config: { packs: { slow: { initTimeoutMs: 50 } } } });
    expect(error.code).toBe('TP_PLUGIN_INIT_TIMEOUT');
    expect(error.message).toContain('50 ms');
  });

  it('validates pack options against the pack schema, applying defaults', async () => {
    let seen: unknown;
    const configurable: PluginManifest = definePlugin({
      id: 'configurable',
      version: '1.0.0',
      kernel: '^0.1.0',
      options: Type.Object({ level: Type.Integer({ default: 3 }) }, { additionalProperties: false }),
      register: (env) => env.registerInit({ deps: { config: coreServices.config }, init: ({ config }) => void (seen = config) }),
    });
    const kernel = await startTestToolpack({ plugins: [configurable] });
    expect(seen).toEqual({ level: 3 });
    await kernel.stop();
  });
});

describe('tool selection', () => {
  const packs = () => [
    pack('alpha', { tools: [echoTool('memory_recall'), echoTool('memory_export'), echoTool('alpha_tool')] }),
    pack('beta', { tools: [echoTool('beta_tool')] }),
  ];

  it('disabling a pack removes its tools', async () => {
    const kernel = await startTestToolpack({ plugins: packs(), config: { packs: { beta: { enabled: false } } } });
    expect(names(kernel)).toEqual(['alpha_tool', 'memory_export', 'memory_recall']);
    expect(kernel.packInfo().find((p) => p.id === 'beta')?.state).toBe('disabled');
    await kernel.stop();
  });

  it('applies include and exclude globs', async () => {
    const kernel = await startTestToolpack({ plugins: packs(), config: { tools: { include: ['memory_*', 'beta_*'], exclude: ['memory_export'] } } });
    expect(names(kernel)).toEqual(['beta_tool', 'memory_recall']);
    await kernel.stop();
  });

  it('a preset exposes only its packs and tools; packs they need still load with tools hidden', async () => {
    const kernel = await startTestToolpack({
      plugins: [...packs(), pack('gamma', { dependsOn: ['beta'], tools: [echoTool('gamma_tool')] })],
      config: { presets: { focus: { packs: ['gamma'] } } },
      preset: 'focus',
    });
    expect(names(kernel)).toEqual(['gamma_tool']);
    expect(kernel.packInfo().find((p) => p.id === 'beta')?.state).toBe('dependency');
    expect(kernel.packInfo().find((p) => p.id === 'alpha')?.state).toBe('disabled');
    await kernel.stop();
  });

  it('an unknown preset is an error listing the known ones', async () => {
    const error = await startError({ plugins: packs(), preset: 'nosuch' });
    expect(error.code).toBe('TP_PRESET_UNKNOWN');
    expect(error.message).toContain('adr, security, docs, all');
  });

  it('settings for a pack that is not loaded are an error', async () => {
    const error = await startError({ plugins: packs(), config: { packs: { gamma: { enabled: false } } } });
    expect(error.code).toBe('TP_CONFIG_INVALID');
    expect(error.message).toContain('packs.gamma');
  });
});
