/**
 * Date rules: the record's date parses, is a real calendar day (2020-09-31 is none, whether
 * written in the record or in a date-named file's name) and is not after today; MADR asks for a
 * date (front matter or "* Date:" line), the other formats do not.
 */
import { basename } from 'node:path';
import { dateFromFileName } from '../catalog/naming.js';
import { finding, type ValidationContext } from './context.js';
import type { Finding } from './rules.js';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const month = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

/** A written date as [year, month, day]; day 0 for "2023-01" (a month). Null when it is no date format we know. */
export function dateParts(raw: string): [number, number, number] | null {
  const text = raw.trim().replace(/^[*_`]+|[*_`]+$/g, '');
  const end = '(?=$|[\\sT,;(])';
  let m = new RegExp(`^(\\d{4})[-/.](\\d{1,2})[-/.](\\d{1,2})${end}`).exec(text) ?? new RegExp(`^(\\d{4})(\\d{2})(\\d{2})${end}`).exec(text);
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3])];
  if ((m = new RegExp(`^(\\d{4})-(\\d{2})${end}`).exec(text))) return [Number(m[1]), Number(m[2]), 0];
  // 25.09.2020 (day first, as German and Dutch teams write it); 09/25/2020 or 25/09/2020, whichever is a day.
  if ((m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})\b/.exec(text))) return [Number(m[3]), Number(m[2]), Number(m[1])];
  if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\b/.exec(text))) {
    const [a, b, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return a <= 12 ? [y, a, b] : [y, b, a];
  }
  if ((m = /^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3,})\.?,?\s+(\d{4})\b/i.exec(text)) && month(m[2]!) > 0) return [Number(m[3]), month(m[2]!), Number(m[1])];
  if ((m = /^([a-z]{3,})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/i.exec(text)) && month(m[1]!) > 0) return [Number(m[3]), month(m[1]!), Number(m[2])];
  return null;
}

/** YYYY-MM-DD (YYYY-MM for a month) when the parts are a real calendar day, else null. */
export function calendarDate([year, mon, day]: [number, number, number]): string | null {
  if (year < 1900 || mon < 1 || mon > 12) return null;
  const ym = `${year}-${String(mon).padStart(2, '0')}`;
  if (day === 0) return ym;
  if (day > new Date(Date.UTC(year, mon, 0)).getUTCDate()) return null;
  return `${ym}-${String(day).padStart(2, '0')}`;
}

/** "20200931-x.md", "2020-02-30-x.md": shaped like a date, but no calendar day. */
const DATE_SHAPED = /^(\d{4})(-?)(\d{2})\2(\d{2})(?=[-_ .]|$)/;

export function dateFindings(ctx: ValidationContext): Finding[] {
  const out: Finding[] = [];
  for (const adr of ctx.catalog.adrs) {
    const file = ctx.file(adr.path);
    const shaped = DATE_SHAPED.exec(basename(adr.path));
    if (ctx.catalog.scheme === 'date' && shaped && !dateFromFileName(adr.path)) {
      out.push(finding(ctx, 'invalid-date', adr.path, 1, `${file}: the file name's date ${shaped[1]}-${shaped[3]}-${shaped[4]} is no calendar day`, {
        fix: 'Rename the file with the real date the decision was made (YYYYMMDD-title.md).',
      }));
    }
    const raw = adr.outline?.rawDate ?? null;
    const line = adr.outline?.date;
    if (raw === null) {
      if (adr.format === 'madr' && adr.date === null) out.push(finding(ctx, 'missing-date', adr.path, adr.outline?.title, `${file} (MADR) has no date`, { fix: 'Add "date: YYYY-MM-DD" to the front matter (or a "* Date:" line).' }));
      else if (adr.date !== null && adr.date > ctx.today) out.push(future(ctx, adr.path, 1, adr.date, 'its file name'));
      continue;
    }
    const parts = dateParts(raw);
    if (!parts) {
      out.push(finding(ctx, 'invalid-date', adr.path, line, `${file}: date "${raw}" is not a date`, { fix: 'Write the date as YYYY-MM-DD.' }));
      continue;
    }
    const iso = calendarDate(parts);
    if (iso === null) {
      out.push(finding(ctx, 'invalid-date', adr.path, line, `${file}: date "${raw}" is no calendar day`));
      continue;
    }
    if (iso > ctx.today.slice(0, iso.length)) out.push(future(ctx, adr.path, line, raw, 'the record'));
  }
  return out;
}

function future(ctx: ValidationContext, path: string, line: number | null | undefined, date: string, where: string) {
  return finding(ctx, 'future-date', path, line, `${ctx.file(path)}: date ${date} (from ${where}) is after today (${ctx.today})`);
}
