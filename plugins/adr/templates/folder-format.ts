/** The format most of a folder's records use, so a new record can match its neighbours. */
import type { AdrFormat, ParsedAdr } from '../catalog/types.js';

/** The format held by more than half of the records; null for an empty or mixed folder. */
export function folderFormat(adrs: readonly ParsedAdr[]): AdrFormat | null {
  const counts = new Map<AdrFormat, number>();
  for (const adr of adrs) counts.set(adr.format, (counts.get(adr.format) ?? 0) + 1);
  for (const [format, count] of counts) if (count * 2 > adrs.length) return format;
  return null;
}

