/**
 * A preset's start-up imports only the code of its packs and of what they need
 * (issue 24 item 3): the other built-in packs are listed as disabled, not loaded.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { builtinPack, builtPacks, packsInPreset } from '../../core/plugins/catalog.js';
import { KERNEL_VERSION } from '../../core/version.js';
import { startTestToolpack } from '../../sdk/testing.js';

const builtIds = builtPacks().map((p) => p.id);

afterEach(() => vi.restoreAllMocks());

describe('presets load only their packs', () => {
  it('--preset security imports the security, files and system packs and no other built-in pack', async () => {
    const loads = new Map(builtPacks().map((p) => [p.id, vi.spyOn(builtinPack(p.id)!, 'load')]));
    const kernel = await startTestToolpack({ config: { plugins: builtIds }, preset: 'security' });
    try {
      const imported = [...loads].filter(([, spy]) => spy.mock.calls.length > 0).map(([id]) => id);
      expect(imported.sort()).toEqual(packsInPreset('security').sort());
      const info = kernel.packInfo();
      // The others are still listed (doctor shows them), as disabled.
      expect(info.find((p) => p.id === 'adr')).toMatchObject({ state: 'disabled', version: KERNEL_VERSION, tools: [] });
      expect(info.map((p) => p.id).sort()).toEqual([...builtIds].sort());
    } finally {
      await kernel.stop();
    }
  });

  it('a pack outside the preset still loads, tools hidden, when a preset pack depends on it', async () => {
    const loads = new Map(builtPacks().map((p) => [p.id, vi.spyOn(builtinPack(p.id)!, 'load')]));
    const kernel = await startTestToolpack({ config: { plugins: builtIds }, preset: 'adr' });
    try {
      const loaded = kernel.packInfo().filter((p) => p.state !== 'disabled');
      for (const pack of loaded) expect(loads.get(pack.id)!.mock.calls.length, pack.id).toBeGreaterThan(0);
      const hidden = loaded.filter((p) => !packsInPreset('adr').includes(p.id));
      for (const pack of hidden) expect(pack.tools, pack.id).toEqual([]);
      for (const pack of kernel.packInfo().filter((p) => p.state === 'disabled')) expect(loads.get(pack.id)!.mock.calls.length, pack.id).toBe(0);
    } finally {
      await kernel.stop();
    }
  });

  it('every built-in pack carries the package version (doctor lists unloaded ones with it)', async () => {
    for (const entry of builtPacks()) expect((await entry.load()).default.version, entry.id).toBe(KERNEL_VERSION);
  });
});
