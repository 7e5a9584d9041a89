/**
 * The docs and freshness packs find a site's generator with FALLBACK_GENERATORS when the ssg
 * pack is absent and with the ssg pack's adapters when it is present: both must recognise the
 * same sites, so every built-in adapter's markers and text check equal the fallback's.
 */
import { mkdtempSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createWorkspace } from '../../core/services/workspace.js';
import { BUILTIN_ADAPTERS } from '../../plugins/ssg/adapters/index.js';
import { FALLBACK_GENERATORS, findGenerator } from '../../sdk/site-generator.js';

/** Marker texts where a generator's text check decides: a Hugo config.toml by each Hugo key, a Hexo _config.yml, a plain Jekyll one. */
const SAMPLES: Array<[string, string]> = [
  ['config.toml', 'baseURL = "/"\n'],
  ['config.toml', 'contentDir = "pages"\n'],
  ['config.toml', '[tool.black]\nline-length = 100\n'],
  ['_config.yml', 'title: Blog\nnew_post_name: :title.md\n'],
  ['_config.yml', 'title: Docs\ntheme: minima\n'],
];

describe('site generator markers', () => {
  it('every built-in adapter has the markers and text check FALLBACK_GENERATORS uses', () => {
    expect(BUILTIN_ADAPTERS.map((a) => a.id).sort()).toEqual(FALLBACK_GENERATORS.map((g) => g.id).sort());
    for (const adapter of BUILTIN_ADAPTERS) {
      const fallback = FALLBACK_GENERATORS.find((g) => g.id === adapter.id)!;
      expect(adapter.markers, adapter.id).toEqual(fallback.markers);
      for (const [path, text] of SAMPLES) {
        expect(adapter.detectText?.(path, text) ?? true, `${adapter.id} ${path}: ${text}`).toBe(fallback.detectText?.(path, text) ?? true);
      }
    }
  });

  it('finds the same generator through the adapters as through the fallback (a Hugo config.toml setting only contentDir)', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'tp-markers-')));
    mkdirSync(join(root, 'site', 'content'), { recursive: true });
    writeFileSync(join(root, 'site', 'config.toml'), 'contentDir = "content"\ntitle = "Docs"\n');
    const workspace = createWorkspace(root);
    const viaFallback = await findGenerator(join(root, 'site', 'content'), workspace, FALLBACK_GENERATORS);
    const viaAdapters = await findGenerator(join(root, 'site', 'content'), workspace, BUILTIN_ADAPTERS);
    expect(viaFallback?.id).toBe('hugo');
    expect(viaAdapters?.id).toBe('hugo');
    expect(viaAdapters?.root).toBe(join(root, 'site'));
  });
});
