/**
 * The adr pack's reader for the project pack's `project.decisions` service:
 * with it, get_architectural_context lists the ADRs that mention a file. The
 * folder is the one the catalogue locates for every adr tool; it must lie
 * inside the workspace.
 */
import { join, posix } from 'node:path';
import type { DecisionRecord, DecisionSet, DecisionSource } from '../project/api.js';
import { ADR_CONFIG_FILES, ADR_DIRECTORY_CANDIDATES, readCatalog } from './catalog/index.js';
import { createAdrCatalogService, DEFAULT_ADR_DIRECTORY } from './service.js';

const MAX_ADR_BYTES = 256 * 1024;

export const adrDecisionSource: DecisionSource = {
  pack: 'adr',
  async read(root, workspace): Promise<DecisionSet> {
    const none = (source: string): DecisionSet => ({ directory: null, source, byStatus: {}, records: [] });
    // The same folder every adr tool uses (service.ts locate), so every tool counts the same records.
    let location;
    try {
      location = await createAdrCatalogService().locate(root, undefined, workspace, 'projectPath');
    } catch {
      return none('the ADR folder found leads outside the workspace; not read');
    }
    if (!location.exists) return none(`no ADR folder found (${[...ADR_CONFIG_FILES, ...ADR_DIRECTORY_CANDIDATES].join(', ')})`);
    const real = location.dir;
    const source = location.source === 'parameter' ? DEFAULT_ADR_DIRECTORY : location.source;
    const catalog = await readCatalog(real);
    const directory = workspace.relative(real) || '.';
    const records: DecisionRecord[] = [];
    for (const adr of catalog.adrs) {
      // Confined and bounded: too large, gone or swapped for a symlink means not read.
      const text = await workspace.readText(join(real, adr.path), { param: 'projectPath', maxBytes: MAX_ADR_BYTES }).catch(() => null);
      records.push({ number: adr.number, title: adr.title, status: adr.status, path: posix.join(directory, adr.path), text });
    }
    return { directory, source, byStatus: { ...catalog.summary.byStatus }, records };
  },
};
