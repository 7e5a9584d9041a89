/** Small packs built in code for kernel tests. */
import { expect } from 'vitest';
import { KernelError } from '../../core/errors.js';
import { Params, Type, definePlugin, defineTool, type AnyToolDefinition, type PluginManifest } from '../../sdk/index.js';
import { startTestToolpack, type TestToolpackOptions } from '../../sdk/testing.js';

/** The KernelError `start` fails with; the test fails when it starts instead. */
export async function failedStart(start: () => Promise<{ stop(): Promise<void> }>): Promise<KernelError> {
  const outcome = await start().then(
    (kernel) => kernel.stop().then(() => undefined),
    (error: unknown) => error,
  );
  expect(outcome, 'start-up should have failed').toBeInstanceOf(KernelError);
  return outcome as KernelError;
}

export const startError = (options: TestToolpackOptions) => failedStart(() => startTestToolpack(options));

export function echoTool(name: string): AnyToolDefinition {
  return defineTool({
    name,
    description: `Echo the given text back; a test tool named ${name}.`,
    input: Params({ text: Type.String(), times: Type.Optional(Type.Integer({ minimum: 1, default: 1 })) }),
    output: Type.Object({ echoed: Type.String() }),
    handler: ({ text, times }) => ({ echoed: text.repeat(times ?? 1) }),
  });
}

export function pack(id: string, extra: Partial<PluginManifest> & { tools?: AnyToolDefinition[] } = {}): PluginManifest {
  const { tools = [], ...rest } = extra;
  return definePlugin({
    id,
    version: '1.0.0',
    kernel: '^0.1.0',
    register(env) {
      env.registerInit({ deps: {}, init: () => ({ tools }) });
    },
    ...rest,
  });
}
