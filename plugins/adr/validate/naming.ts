/**
 * Naming rules: numbers are unique and (in a numbered folder only) without gaps, a record's
 * heading number is its file's, and every file follows the folder's scheme (numbered, date-named
 * or slug). Dates are no sequence: a date-named folder has no gaps to report.
 */
import { schemeOf } from '../catalog/naming.js';
import { finding, problemFindings, type ValidationContext } from './context.js';
import type { Finding } from './rules.js';

const EXAMPLE = { numbered: '0007-use-x.md', date: '20240115-use-x.md', slug: 'use-x.md' } as const;

export function namingFindings(ctx: ValidationContext): Finding[] {
  const out = problemFindings(ctx, ['duplicate-number', 'missing-number', 'duplicate-name', 'heading-number-mismatch', 'unreadable']);
  const scheme = ctx.catalog.scheme;
  // One record sets no convention; a file shaped like a date that is no day is the date rules' finding.
  if (!scheme || ctx.catalog.adrs.length < 2) return out;
  for (const adr of ctx.catalog.adrs) {
    const own = schemeOf(adr.path);
    if (own === scheme || (scheme === 'date' && /^\d{8}(?=[-_ .]|$)|^\d{4}-\d{2}-\d{2}/.test(adr.path.split('/').pop()!))) continue;
    out.push(finding(ctx, 'naming-scheme', adr.path, 1, `${ctx.file(adr.path)} is ${own === 'date' ? 'date-named' : own === 'slug' ? 'named by slug' : 'numbered'} but the folder's records are ${scheme === 'date' ? 'date-named' : scheme === 'slug' ? 'named by slug' : 'numbered'}`, {
      fix: `Rename it the way the others are named (like ${EXAMPLE[scheme]}).`,
    }));
  }
  return out;
}
