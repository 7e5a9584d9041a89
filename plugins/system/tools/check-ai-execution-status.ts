import { Params, StringEnum, Type, defineTool, type KernelInfo, type Store } from '../../../sdk/index.js';
import { displayedPath, displayedStoreLocation } from './displayed-paths.js';

/** Which store this server uses and whether it answers (the error says why not, without a password or the host's folders). */
async function storeStatus(store: Store, root: string) {
  const location = displayedStoreLocation(store.location, root);
  const base = { dialect: store.dialect, location };
  try {
    await store.ping();
    return { ...base, answers: true, sizeBytes: await store.sizeBytes() };
  } catch (error) {
    return { ...base, answers: false, error: (error instanceof Error ? error.message : String(error)).replaceAll(store.location, location) };
  }
}

export const checkAiExecutionStatusTool = (storeService: Store, kernel: KernelInfo) =>
  defineTool({
    name: 'check_ai_execution_status',
    title: 'Check AI execution status',
    description:
      'Report what this server can do for AI-assisted work now: whether the client offers sampling and elicitation, the resulting mode, the store and the loaded packs. Use it when results look deterministic, or to troubleshoot the setup.',
    input: Params({}),
    output: Type.Object({
      summary: Type.String(),
      mode: StringEnum(['ai-assisted', 'deterministic'] as const, { description: 'ai-assisted when the client can sample; tools otherwise return their deterministic results.' }),
      client: Type.Union([Type.Object({ name: Type.String(), version: Type.String() }), Type.Null()]),
      sampling: Type.Object({ available: Type.Boolean(), reason: Type.String() }),
      elicitation: Type.Object({ available: Type.Boolean(), reason: Type.String() }),
      store: Type.Object({
        dialect: StringEnum(['sqlite', 'postgres']),
        location: Type.String({ description: 'File, :memory:, or URL without its password.' }),
        answers: Type.Boolean(),
        sizeBytes: Type.Optional(Type.Integer()),
        error: Type.Optional(Type.String()),
      }),
      kernelVersion: Type.String(),
      configFile: Type.Union([Type.String(), Type.Null()]),
      packs: Type.Array(
        Type.Object({
          id: Type.String(),
          version: Type.String(),
          state: Type.String(),
          tools: Type.Integer(),
          error: Type.Optional(Type.String()),
        }),
      ),
    }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    async handler(_input, { ai, confirm, workspace }) {
      const reported = ai.client();
      const client = reported ? { name: reported.name, version: reported.version } : null;
      const sampling = ai.available();
      const elicitation = confirm.supportsElicitation();
      const noClient = 'no MCP client is connected (called from the command line)';
      // Stateless HTTP: a client is connected, but each request is served on its own, with no session
      // through which the server could send it a request of its own (sampling, elicitation).
      const stateless = reported?.stateless
        ? `${reported.name} is connected over stateless HTTP (http.stateless), which has no session to send the client requests on`
        : undefined;
      const store = await storeStatus(storeService, workspace.root);
      const packs = kernel.packs();
      const failed = packs.filter((p) => p.state === 'failed').length;
      const mode = sampling ? ('ai-assisted' as const) : ('deterministic' as const);
      return {
        summary: `${mode === 'ai-assisted' ? 'AI-assisted' : 'Deterministic'}: sampling ${sampling ? 'available' : 'unavailable'}, elicitation ${elicitation ? 'available' : 'unavailable'}; store ${store.answers ? 'answers' : 'does not answer'}; ${packs.length} packs${failed ? `, ${failed} failed` : ''}.`,
        mode,
        client,
        sampling: {
          available: sampling,
          reason: sampling
            ? `${client?.name ?? 'the client'} offers sampling`
            : (stateless ?? (client ? `${client.name} does not offer MCP sampling` : noClient)),
        },
        elicitation: {
          available: elicitation,
          reason: elicitation
            ? `${client?.name ?? 'the client'} supports elicitation; confirmations are asked directly`
            : `${stateless ?? (client ? `${client.name} does not support MCP elicitation` : noClient)}; confirmations use pending tokens`,
        },
        store,
        kernelVersion: kernel.kernelVersion,
        configFile: kernel.configFile === null ? null : displayedPath(kernel.configFile, workspace.root),
        packs: packs.map((p) => ({ id: p.id, version: p.version, state: p.state, tools: p.tools.length, ...(p.error ? { error: p.error } : {}) })),
      };
    },
  });
