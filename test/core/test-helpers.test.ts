/** startTestToolpack's options: what a pack's tests can set up without importing core/. */
import { describe, expect, it } from 'vitest';
import { coreServices, createExtensionPoint, definePlugin, type Logger } from '../../sdk/index.js';
import { startTestToolpack } from '../../sdk/testing.js';

/** A logger that keeps what it is given, as a test reading a pack's log lines needs. */
function recordingLogger(lines: Array<{ level: string; msg?: string; bindings: Record<string, unknown> }>, bindings: Record<string, unknown> = {}): Logger {
  const at = (level: string) => (obj: object | string, msg?: string) => void lines.push({ level, msg: typeof obj === 'string' ? obj : msg, bindings });
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug'), child: (more) => recordingLogger(lines, { ...bindings, ...more }) };
}

describe('startTestToolpack', () => {
  it('gives the kernel and the packs the logger it is given', async () => {
    const lines: Array<{ level: string; msg?: string; bindings: Record<string, unknown> }> = [];
    const greeter = definePlugin({
      id: 'greeter',
      version: '1.0.0',
      kernel: '^0.1.0',
      register: (env) => env.registerInit({ deps: { logger: coreServices.logger }, init: ({ logger }) => void logger.info('greeter ready') }),
    });
    const kernel = await startTestToolpack({ plugins: [greeter], logger: recordingLogger(lines) });
    await kernel.stop();
    expect(lines).toContainEqual({ level: 'info', msg: 'greeter ready', bindings: { pack: 'greeter' } });
  });

  it('fills a pack\'s extension point before the pack\'s init, typed by the point', async () => {
    const greetings = createExtensionPoint<{ add(greeting: string): void }>({ id: 'greeter.greetings' });
    const seenAtInit: string[] = [];
    const greeter = definePlugin({
      id: 'greeter',
      version: '1.0.0',
      kernel: '^0.1.0',
      register(env) {
        const added: string[] = [];
        env.registerExtensionPoint(greetings, { add: (greeting) => void added.push(greeting) });
        env.registerInit({ deps: {}, init: () => void seenAtInit.push(...added) });
      },
    });
    const kernel = await startTestToolpack({ plugins: [greeter], extensions: [[greetings, (point) => point.add('Bonjour')]] });
    await kernel.stop();
    expect(seenAtInit).toEqual(['Bonjour']);
  });

  it('refuses a contribution to an extension point no loaded pack offers, and a service it cannot replace', async () => {
    const orphan = createExtensionPoint<{ add(x: string): void }>({ id: 'nobody.things' });
    await expect(startTestToolpack({ extensions: [[orphan, (point) => point.add('x')]] })).rejects.toThrow(
      'Extension contribution 1: no loaded pack registers extension point "nobody.things"',
    );
    await expect(startTestToolpack({ services: [[coreServices.store, {} as never]] })).rejects.toThrow(/Service "core\.store" cannot be replaced.*storePath/);
  });
});
