/**
 * The adr pack's reader for the project pack's `project.decisions` service:
 * with it, get_architectural_context lists the ADRs that mention a file. The
 * folder is docs/adrs, else the one adr-tools' .adr-dir or the usual names
 * point at; it must lie inside the workspace.
 */
import { stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import type { DecisionRecord, DecisionSet, DecisionSource } from '../project/api.js';
import { findAdrDirectory, readCatalog } from './catalog/index.js';

const MAX_ADR_BYTES = 256 * 1024;

export const adrDecisionSource: DecisionSource = {
  pack: 'adr',
  async read(root, workspace): Promise<DecisionSet> {
    const none = (source: string): DecisionSet => ({ directory: null, source, byStatus: {}, records: [] });
    let dir: string | null = join(root, 'docs/adrs');
    let source = 'docs/adrs';
    if (!(await stat(dir).then((s) => s.isDirectory(), () => false))) {
      const found = await findAdrDirectory(root);
      if (!found.dir) return none(found.source === 'none' ? 'no ADR folder found (docs/adrs, .adr-dir, doc/adr, docs/decisions, ...)' : found.source);
      [dir, source] = [found.dir, found.source];
    }
    let real: string;
    try {
      real = await workspace.resolve(dir, 'projectPath');
    } catch {
      return none(`${source} leads outside the workspace; not read`);
    }
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
