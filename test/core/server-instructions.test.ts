/**
 * The server's instructions carry a short map of the toolsets: one line per pack (id and what
 * it is for), which are on, and how to enable the others; small enough to sit in a model's
 * context beside the tool list.
 */
import { describe, expect, it } from 'vitest';
import { builtPacks } from '../../core/plugins/catalog.js';
import { INSTRUCTIONS_MAX_BYTES, purposeOf } from '../../core/server/instructions.js';
import { connectTestClient, startTestToolpack } from '../../sdk/testing.js';
import { createWorkspace, inProcessClient } from '../security/helpers.js';

describe('server instructions', () => {
  it('map every toolset with its purpose and say how to enable one, within the size bound', async () => {
    const { client } = await inProcessClient(createWorkspace().dir);
    const text = client.getInstructions() ?? '';
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(INSTRUCTIONS_MAX_BYTES);
    expect(text).toMatch(/paths are relative to it/);
    expect(text).toMatch(/enable_toolset/);
    expect(text).toMatch(/list_available_toolsets/);
    const lines = text.split('\n').filter((l) => l.startsWith('- '));
    for (const pack of builtPacks()) {
      const line = lines.find((l) => l.startsWith(`- ${pack.id}:`) || l.startsWith(`- ${pack.id} (on):`));
      expect(line, `${pack.id} in:\n${text}`).toBeDefined();
      expect(line!.split(': ').slice(1).join(': ').length, line).toBeGreaterThan(10);
    }
    // The list agrees with what list_available_toolsets answers: the same names.
    const listed = await client.callTool({ name: 'list_available_toolsets', arguments: {} });
    const names = ((listed.structuredContent as { toolsets: Array<{ name: string }> }).toolsets).map((s) => s.name);
    expect(lines.map((l) => l.slice(2).split(/[ :]/)[0])).toEqual(names);
  }, 60_000);

  it('say everything is served when nothing is left to enable', async () => {
    const kernel = await startTestToolpack({ config: { plugins: ['readme', 'files'] } });
    try {
      const client = await connectTestClient(kernel);
      const text = client.getInstructions() ?? '';
      expect(text).toMatch(/all served/);
      expect(text).not.toMatch(/enable_toolset/);
      expect(text).toMatch(/^- readme \(on\): README files/m);
    } finally {
      await kernel.stop();
    }
  }, 60_000);

  it('cut a long purpose at a clause', () => {
    expect(purposeOf('Architecture decision records: discover, generate from decisions and PRDs, suggest, turn into TODO tasks, track progress.')).toBe('Architecture decision records: discover, generate from decisions...');
    expect(purposeOf('Project health scores from evidence (tasks, readiness, ADR compliance, security, code quality) with history.')).toBe('Project health scores from evidence...');
    expect(purposeOf('Short one. Second sentence.')).toBe('Short one');
  });
});
