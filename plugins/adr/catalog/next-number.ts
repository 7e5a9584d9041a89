import type { Catalog } from './types.js';

/** One more than the highest ADR number in the catalogue (unnumbered records do not count). */
export const nextAdrNumber = (catalog: Catalog): number => catalog.adrs.reduce((max, adr) => Math.max(max, adr.number ?? 0), 0) + 1;
