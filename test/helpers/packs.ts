/** Small packs built in code for kernel tests. */
import { Params, Type, definePlugin, defineTool, type AnyToolDefinition, type PluginManifest } from '../../sdk/index.js';

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
