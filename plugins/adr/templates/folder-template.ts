/**
 * A folder's own ADR template (`template.md`, `adr.template.md`, `adr-template.md`,
 * `0000-adr-template.md`): what a new record of that folder looks like, read as a shape
 * (front matter keys, "- Status:" field lines, title style, section headings in order),
 * so a record written by a tool reads like the ones the team writes by hand.
 */
import { realpath } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { readConfinedText } from '../../../sdk/index.js';
import { TEMPLATE_FILE } from '../catalog/parse-adr.js';

export type SectionRole =
  | 'context' | 'drivers' | 'options' | 'outcome' | 'decision' | 'rationale' | 'consequences'
  | 'positive' | 'negative' | 'neutral' | 'prosCons' | 'status' | 'date' | 'deciders' | 'changelog';

export interface TemplateSection {
  level: number;
  /** As the template writes it, without HTML comments and "(optional)". */
  heading: string;
  role: SectionRole | null;
  /** Marked optional (`<!-- optional -->`, "(optional)"): left out when there is nothing to put in it. */
  optional: boolean;
}

export interface TemplateField {
  /** "- ", "* " or "" (a plain "Date: …" line). */
  bullet: string;
  label: string;
  bold: boolean;
}

export interface FolderTemplate {
  /** Relative to the ADR folder. */
  file: string;
  format: 'madr' | 'nygard';
  frontMatter: string[];
  fields: TemplateField[];
  /** "# Title", "# 3. Title", "# ADR 003: Title" (with the template's separator after the number). */
  title: { style: 'plain' | 'dotted' | 'adr'; width: number; adrSeparator: string; after: string };
  sections: TemplateSection[];
}

const ROLES: Array<[SectionRole, string[]]> = [
  ['context', ['context', 'context and problem statement', 'problem statement', 'context and problem', 'problem', 'background']],
  ['drivers', ['decision drivers', 'drivers', 'forces']],
  ['options', ['considered options', 'options considered', 'alternatives considered', 'considered alternatives', 'options', 'alternatives']],
  ['outcome', ['decision outcome']],
  ['decision', ['decision', 'the decision', 'decision made']],
  ['rationale', ['rationale', 'justification']],
  ['consequences', ['consequences', 'positive and negative consequences', 'implications']],
  ['positive', ['positive consequences', 'positive']],
  ['negative', ['negative consequences', 'negative']],
  ['neutral', ['neutral consequences', 'neutral']],
  ['prosCons', ['pros and cons of the options', 'pros and cons']],
  ['status', ['status']],
  ['date', ['date']],
  ['deciders', ['deciders', 'decision-makers', 'decision makers']],
  ['changelog', ['changelog', 'change log']],
];

/** Field lines a new record can fill ("Technical Story:" and the like stay out). */
const FIELD_KEYS = /^(?:status|date|deciders|decision[- ]makers|tags|title)$/i;
const MADR_KEYS = /^(?:status|date|deciders|decision-makers|consulted|informed)$/i;
const MADR_SECTIONS = new Set<SectionRole>(['outcome', 'drivers', 'prosCons']);
const MAX_TEMPLATE_BYTES = 256 * 1024;

/** Best first: the plain template over "-minimal", "-bare" or "-lite" variants, a top-level file over one in a subfolder. */
function rank(path: string): number {
  const name = basename(path).toLowerCase();
  return (path.includes('/') ? 10 : 0) + (/minimal|bare|lite|short/.test(name) ? 5 : 0) + (name === 'template.md' ? 0 : name.startsWith('adr') ? 1 : 2);
}

/** The folder's template among the Markdown files the catalogue skipped, read; null when it has none. */
export async function findFolderTemplate(dir: string, skipped: readonly string[]): Promise<FolderTemplate | null> {
  const candidates = skipped.filter((path) => TEMPLATE_FILE.test(basename(path))).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  if (candidates.length === 0) return null;
  const real = await realpath(dir);
  for (const file of candidates) {
    const text = await readConfinedText(join(real, file), [real], { display: file, maxBytes: MAX_TEMPLATE_BYTES }).catch(() => null);
    const template = text === null ? null : readTemplate(file, text);
    if (template) return template;
  }
  return null;
}

const roleOf = (name: string): SectionRole | null => ROLES.find(([, names]) => names.includes(name))?.[0] ?? null;
const withoutComments = (text: string) => text.replace(/<!--[\s\S]*?-->/g, '');

/** The template's shape; null when it has no title or sections (not a template we can follow). */
export function readTemplate(file: string, text: string): FolderTemplate | null {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let at = 0;
  const frontMatter: string[] = [];
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((line, i) => i > 0 && line.trim() === '---');
    for (const line of lines.slice(1, end > 0 ? end : 1)) {
      const key = /^([A-Za-z][\w-]*)\s*:/.exec(line)?.[1];
      if (key && !frontMatter.includes(key)) frontMatter.push(key);
    }
    at = end > 0 ? end + 1 : 0;
  }
  let title: FolderTemplate['title'] | null = null;
  const fields: TemplateField[] = [];
  const sections: TemplateSection[] = [];
  let fence = false;
  for (const line of lines.slice(at)) {
    if (/^\s*(?:```|~~~)/.test(line)) fence = !fence;
    if (fence) continue;
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading && heading[1] === '#' && !title) {
      title = titleStyle(withoutComments(heading[2]!).trim());
      continue;
    }
    if (heading && heading[1]!.length > 1) {
      const raw = heading[2]!;
      const clean = withoutComments(raw).replace(/\(optional\)/i, '').replace(/[*_`]/g, '').trim();
      const name = clean.replace(/[:.]\s*$/, '').toLowerCase();
      sections.push({ level: heading[1]!.length, heading: clean, role: roleOf(name), optional: /optional/i.test(raw) });
      continue;
    }
    // "- Status: …", "* **Deciders:** …", "Date: …" between the title and the first section.
    const field = title && sections.length === 0 ? /^(\s*[*-]\s+|)(\*\*|__)?([A-Z][A-Za-z -]{1,30}?)(?:\2)?:(?:\2)?\s/.exec(line) : null;
    if (field && FIELD_KEYS.test(field[3]!.trim())) fields.push({ bullet: field[1]!.trim() ? `${field[1]!.trim()} ` : '', label: field[3]!, bold: field[2] !== undefined });
    else if (sections.length > 0 && /optional/i.test(line) && /<!--/.test(line)) {
      // MADR 3 and 4 mark an optional section with a comment on its first line.
      const last = sections[sections.length - 1]!;
      last.optional ||= !/\S/.test(line.replace(/<!--[\s\S]*?-->/g, ''));
    }
  }
  if (!title || sections.length === 0) return null;
  const madr = frontMatter.some((key) => MADR_KEYS.test(key)) || fields.some((f) => f.bullet !== '') || sections.some((s) => s.role !== null && MADR_SECTIONS.has(s.role));
  return { file, format: madr ? 'madr' : 'nygard', frontMatter, fields, title, sections };
}

/** "ADR {NUMBER}: {TITLE}", "NUMBER. TITLE", "[short title of solved problem and solution]". */
function titleStyle(text: string): FolderTemplate['title'] {
  const number = String.raw`(?:\{+[^}]*\}+|\[[^\]]*\]|_{0,2}[A-Z]*NUMBER[A-Z]*_{0,2}|N{2,}|X{2,}|#{2,}|0+|\d+)`;
  const adr = new RegExp(String.raw`^ADR([-_ ]?)${number}(\s*[:.\-–—]?\s+)`, 'i').exec(text);
  if (adr) {
    const digits = /0+|\d+|N+|X+|#+/.exec(text.slice(3))?.[0] ?? '';
    return { style: 'adr', width: digits.length > 1 ? digits.length : 0, adrSeparator: adr[1] || ' ', after: adr[2]!.trim() ? `${adr[2]!.trim()} ` : ' ' };
  }
  if (new RegExp(String.raw`^${number}\.\s`).test(text)) return { style: 'dotted', width: 0, adrSeparator: ' ', after: ' ' };
  return { style: 'plain', width: 0, adrSeparator: ' ', after: ' ' };
}
