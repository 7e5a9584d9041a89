/**
 * Status rules: a record has one (missing-status), the catalogue can read it (unknown-status,
 * both as discover_existing_adrs reports them), and it is a word of the format's vocabulary
 * (nonstandard-status: "Approved" reads as accepted but is not what the format writes).
 */
import { STATUS_VOCABULARY } from '../catalog/status.js';
import { finding, problemFindings, type ValidationContext } from './context.js';
import type { Finding } from './rules.js';

export function statusFindings(ctx: ValidationContext): Finding[] {
  const out = problemFindings(ctx, ['missing-status', 'unknown-status']);
  for (const adr of ctx.catalog.adrs) {
    if (adr.status === null || adr.rawStatus === null) continue;
    const word = /^[\s*_`[{(]*([a-z]+)/i.exec(adr.rawStatus)?.[1]?.toLowerCase();
    const vocabulary = STATUS_VOCABULARY[adr.format];
    if (word !== undefined && vocabulary.includes(word)) continue;
    // A successor link makes the record superseded whatever the line says; the line is then the supersession rules' business.
    if (adr.status === 'superseded' && adr.links.supersededBy.some((link) => !link.inferred)) continue;
    const expected = adr.status.charAt(0).toUpperCase() + adr.status.slice(1);
    out.push(finding(ctx, 'nonstandard-status', adr.path, adr.outline?.status, `${ctx.file(adr.path)}: status "${adr.rawStatus}" reads as ${adr.status} but is not a ${adr.format} status (${vocabulary.join(', ')})`, {
      fix: `Write "${expected}".`,
    }));
  }
  return out;
}
