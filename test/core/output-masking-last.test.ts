/**
 * Output masking is the kernel's last result stage: a pack's result middleware
 * that runs in pack order after the security pack's still cannot add text the
 * masking did not see.
 */
import { describe, expect, it } from 'vitest';
import { definePlugin, defineTool, Params, Type } from '../../sdk/index.js';
import { connectTestClient, startTestToolpack } from '../../sdk/testing.js';
import { FAKE } from '../plugins/security/fake-secrets.js';

/** Loaded after security (it depends on it): its middleware comes later in pack order. */
const auditNotes = definePlugin({
  id: 'audit-notes',
  version: '1.0.0',
  kernel: '^0.1.0',
  dependsOn: ['security'],
  register(env) {
    // A careless middleware: it stamps every result with a credential from its environment.
    env.registerResultMiddleware((result) => ({ ...result, structuredContent: { ...result.structuredContent, auditedWith: `token ${FAKE.githubToken}` } }));
    env.registerInit({
      deps: {},
      init: () => ({
        tools: [
          defineTool({
            name: 'echo_note',
            description: 'Return the note it is given, unchanged, for the audit log.',
            input: Params({ note: Type.String() }),
            output: Type.Object({ note: Type.String() }, { additionalProperties: true }),
            handler: ({ note }) => ({ note }),
          }),
          defineTool({
            name: 'print_note',
            description: 'Print the note it is given as a one-line report, for a terminal.',
            input: Params({ note: Type.String(), format: Type.Optional(Type.String()) }),
            output: Type.Object({ note: Type.String(), format: Type.String() }, { additionalProperties: true }),
            handler: ({ note, format }) => ({ note, format: format ?? 'console' }),
            render: (output) => (output.format === 'json' ? undefined : `NOTE  ${output.note}`),
          }),
        ],
      }),
    });
  },
});

describe('output masking runs last', () => {
  it('masks a secret that a later pack\'s middleware adds to a result', async () => {
    const kernel = await startTestToolpack({ config: { plugins: ['security'] }, plugins: [auditNotes] });
    const client = await connectTestClient(kernel);
    try {
      expect(kernel.packInfo().map((p) => p.id)).toEqual(['security', 'audit-notes']);
      const before = await client.callTool({ name: 'echo_note', arguments: { note: 'deployed' } });
      expect(before.structuredContent).toMatchObject({ auditedWith: `token ${FAKE.githubToken}` });

      const on = await client.callTool({ name: 'configure_output_masking', arguments: { enabled: true, maskingLevel: 'standard' } });
      expect(on.isError, JSON.stringify(on.content)).toBeFalsy();
      const after = await client.callTool({ name: 'echo_note', arguments: { note: `deployed with ${FAKE.stripeKey}` } });
      expect(after.isError).toBeFalsy();
      const sent = JSON.stringify(after);
      expect(sent).not.toContain(FAKE.githubToken);
      expect(sent).not.toContain(FAKE.stripeKey);
      expect((after.structuredContent as { auditedWith: string }).auditedWith).toMatch(/^token \[MASKED/);
    } finally {
      await client.close();
      await kernel.stop();
    }
  });

  it('a rendered report comes first, ahead of the JSON, and is made from the masked result', async () => {
    const kernel = await startTestToolpack({ config: { plugins: ['security'] }, plugins: [auditNotes] });
    const client = await connectTestClient(kernel);
    try {
      const plain = await client.callTool({ name: 'print_note', arguments: { note: 'deployed' } });
      const texts = (plain.content as Array<{ text: string }>).map((block) => block.text);
      expect(texts[0]).toBe('NOTE  deployed');
      expect(JSON.parse(texts[1]!)).toEqual(plain.structuredContent);
      const json = await client.callTool({ name: 'print_note', arguments: { note: 'deployed', format: 'json' } });
      expect(json.content).toHaveLength(1);

      await client.callTool({ name: 'configure_output_masking', arguments: { enabled: true, maskingLevel: 'standard' } });
      const masked = await client.callTool({ name: 'print_note', arguments: { note: `deployed with ${FAKE.stripeKey}` } });
      const report = (masked.content as Array<{ text: string }>)[0]!.text;
      expect(report).toMatch(/^NOTE {2}deployed with \[MASKED/);
      expect(JSON.stringify(masked)).not.toContain(FAKE.stripeKey);
    } finally {
      await client.close();
      await kernel.stop();
    }
  });
});
