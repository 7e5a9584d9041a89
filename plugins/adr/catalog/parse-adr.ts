/**
 * One ADR file → ParsedAdr. Reads Nygard, adr-tools, MADR 2–4 and Y-statement records; returns
 * null for the other Markdown an ADR folder holds (README, index, template, table of contents).
 */
import { basename } from 'node:path';
import { fieldLine, listItems, plain, readAdrMarkdown, type MarkdownDoc, type Section } from './markdown.js';
import { emptyLinks, linksInBody, linksInFrontMatter, linksInLine, noteLines, numberFromFileName } from './links.js';
import { dateFromFileName } from './naming.js';
import { normaliseStatus } from './status.js';
import { LINK_KINDS, type AdrFormat, type AdrOutline, type LinkKind, type ParsedAdr } from './types.js';
import { findYStatement } from './y-statement.js';

const NOT_ADRS = /^(readme|index|toc|table[-_ ]of[-_ ]contents|contents|summary|_sidebar|changelog|contributing)\b/i;
// Templates ("template.md", "adr.template.md", "adr-template.md", "0000-madr-template.md", "0000-adr-template-lite.md"),
// but not a record about templates ("0012-use-a-template-engine.md").
export const TEMPLATE_FILE = /^(?:(?:adr|madr|nygard|y-statement)[-_. ])?template\b|^[a-z][\w-]*[-_. ]template\.(?:md|markdown)$|^0+[-_ ].*template/i;

const CONTEXT = ['context', 'context and problem statement', 'problem statement', 'context and problem', 'problem'];
const DECISION = ['decision', 'decision outcome', 'the decision', 'decision made'];
const CONSEQUENCES = ['consequences', 'positive and negative consequences'];
const SPLIT_CONSEQUENCES = ['positive consequences', 'negative consequences'];
// MADR's heading first; Nygard-style records name the same list in other words.
const OPTIONS = ['considered options', 'options considered', 'alternatives considered', 'considered alternatives', 'options', 'alternatives'];
const PROS_AND_CONS = ['pros and cons of the options', 'pros and cons'];
const MADR_SECTIONS = ['context and problem statement', 'decision outcome', 'considered options', 'decision drivers', 'pros and cons of the options'];
const MADR_FIELDS = ['status', 'date', 'deciders', 'decision-makers', 'consulted', 'informed'];
/** The headings each part of a record goes by, for the rules that check a record has them (validate_adrs). */
export const SECTION_NAMES = { context: CONTEXT, decision: DECISION, consequences: [...CONSEQUENCES, ...SPLIT_CONSEQUENCES, ...PROS_AND_CONS], options: OPTIONS } as const;
const DATE_KEYS = ['date', 'decision date', 'date decided'];
const UPDATED_KEYS = ['last updated', 'updated', 'last modified'];

export async function parseAdr(path: string, text: string): Promise<ParsedAdr | null> {
  const file = basename(path);
  if (NOT_ADRS.test(file) || TEMPLATE_FILE.test(file)) return null;
  const doc = await readAdrMarkdown(text);
  const fm = doc.frontMatter;

  const heading = titleParts(doc.title ?? stringValue(fm.title) ?? '');
  const fileNumber = numberFromFileName(file);
  const number = fileNumber ?? heading.number;

  const sections = (names: string[]) => doc.sections.filter((s) => names.includes(s.name));
  const first = (names: string[]) => sections(names)[0] ?? null;
  const contextSection = first(CONTEXT);
  const decisionSection = first(DECISION);
  const yStatement = findYStatement(doc.plainBody);

  const rawStatus = statusOf(doc, first(['status']));
  let status = normaliseStatus(rawStatus);
  const links = emptyLinks();
  const linkLines = Object.fromEntries(LINK_KINDS.map((kind) => [kind, []])) as unknown as Record<LinkKind, number[]>;
  // Key by key, so each front-matter link knows its line.
  for (const [key, value] of Object.entries(fm)) {
    linksInFrontMatter({ [key]: value }, links);
    noteLines(links, linkLines, doc.frontMatterLines[key] ?? 1);
  }
  const fmStatus = stringValue(fm.status);
  if (fmStatus) linksInLine(fmStatus, links, { status: true });
  noteLines(links, linkLines, doc.frontMatterLines.status ?? 1);
  linksInBody(doc.lines, links, { lineNumbers: doc.lineNumbers, lines: linkLines });
  // A record that names its successor is superseded whatever its status line still says.
  if (links.supersededBy.length > 0) status = 'superseded';

  let context = contextSection ? contextSection.full || null : null;
  let decision = decisionSection ? sectionText(decisionSection) : null;
  let consequences = consequencesOf(sections);
  if (yStatement && !contextSection && !decisionSection) {
    context = `${yStatement.context}, facing ${yStatement.facing}`;
    decision = yStatement.decision + (yStatement.neglected ? `, and neglected ${yStatement.neglected}` : '');
    consequences ??= `to achieve ${yStatement.achieve}, accepting ${yStatement.accepting}`;
  }

  // Markdown that has none of an ADR's parts (status, context, decision) is some other document.
  if (rawStatus === null && context === null && decision === null && links.supersededBy.length === 0) return null;

  const format = formatOf(doc, heading.numbered, sections, yStatement !== null && !contextSection && !decisionSection);
  const rawDate = dateOf(doc, first(['date']));
  const outline: AdrOutline = {
    title: doc.titleLine ?? doc.frontMatterLines.title ?? null,
    status: rawStatus === null ? null : fm.status !== undefined ? doc.frontMatterLines.status ?? null : sectionValueLine(doc, first(['status'])) ?? fieldLineNumber(doc, ['status']),
    date: rawDate === null ? null : dateLineOf(doc, first(['date'])),
    rawDate,
    sections: doc.sections.map((s) => ({ name: s.name, line: s.line, empty: s.full === '' })),
    links: linkLines,
    yStatementMissing: yStatement ? [] : missingYParts(doc.plainBody),
  };
  return {
    path,
    number,
    title: heading.title || titleFromFileName(file),
    status,
    rawStatus,
    // A date-named record without a date line was made on the day its name says.
    date: rawDate ?? dateFromFileName(file)?.iso ?? null,
    deciders: listValue(fm.deciders ?? fm['decision-makers'] ?? fieldIn(doc, ['deciders', 'decision-makers', 'decision makers'])),
    tags: listValue(fm.tags ?? fieldIn(doc, ['tags'])),
    format,
    context,
    decision,
    consequences,
    consideredOptions: first(OPTIONS) ? listItems(first(OPTIONS)!.blocks) : [],
    yStatement,
    links,
    ...(fileNumber !== null && heading.number !== null && heading.number !== fileNumber ? { headingNumber: heading.number } : {}),
    outline,
  };
}

/** The parts a text that starts a Y-statement but does not complete one leaves out. */
function missingYParts(text: string): string[] {
  const start = /\bin the context of\b/i.exec(text);
  if (!start) return [];
  const rest = text.slice(start.index);
  const parts: Array<[string, RegExp]> = [['facing', /\bfacing\b/i], ['we decided for', /\bwe\s+decided\b/i], ['to achieve', /\bto\s+achieve\b/i], ['accepting', /\baccepting\b/i]];
  return parts.filter(([, word]) => !word.test(rest)).map(([name]) => name);
}

/** The line of a section's first text (a status, a date under its heading), else of its heading; null without the section. */
function sectionValueLine(doc: MarkdownDoc, section: Section | null): number | null {
  if (!section) return null;
  const index = doc.lineNumbers.findIndex((line, i) => line > section.line && doc.lines[i]!.trim() !== '');
  const line = index >= 0 ? doc.lineNumbers[index]! : null;
  return line !== null && !/^\s{0,3}#/.test(doc.lines[index]!) ? line : section.line;
}

/** The line of the first "Key: value" line fieldIn would read. */
function fieldLineNumber(doc: MarkdownDoc, keys: string[]): number | null {
  for (const [lines, numbers] of [[doc.preamble, doc.preambleLineNumbers], [doc.lines, doc.lineNumbers]] as const) {
    const index = lines.findIndex((line) => fieldLine(line, keys) !== null);
    if (index >= 0) return numbers[index] ?? null;
  }
  return null;
}

/** The line dateOf read its date from, in the same order of preference. */
function dateLineOf(doc: MarkdownDoc, dateSection: Section | null): number | null {
  if (doc.frontMatter.date !== undefined && doc.frontMatter.date !== null && doc.frontMatter.date !== '') return doc.frontMatterLines.date ?? null;
  const field = fieldLineNumber(doc, DATE_KEYS);
  if (field !== null) return field;
  if (dateSection) return sectionValueLine(doc, dateSection);
  const bare = doc.preamble.findIndex((line) => plain(line) !== '');
  if (bare >= 0 && /^\d{4}-\d{2}-\d{2}$/.test(plain(doc.preamble[bare]!))) return doc.preambleLineNumbers[bare] ?? null;
  return fieldLineNumber(doc, UPDATED_KEYS);
}

/** "3. Use PostgreSQL", "ADR 3: Use X", "ADR-0003 Use X", "0003 - Use X" → number and bare title. */
export function titleParts(raw: string): { number: number | null; title: string; numbered: boolean } {
  const title = plain(raw);
  const prefixed =
    /^adr[-_ ]?#?0*(\d+)\b\s*[.:)\-–—]?\s*(.*)$/i.exec(title) ?? /^0*(\d+)\s*(?:[.:)]|\s[-–—])\s*(.+)$/.exec(title);
  if (!prefixed) return { number: null, title, numbered: false };
  return { number: Number(prefixed[1]), title: prefixed[2]!.trim(), numbered: /^\d+\./.test(title) };
}

/** The status as written: front matter, a "## Status" section, or a "Status: x" / "* Status: x" line. */
function statusOf(doc: MarkdownDoc, section: Section | null): string | null {
  const fromFrontMatter = stringValue(doc.frontMatter.status);
  if (fromFrontMatter) return fromFrontMatter;
  if (section) {
    const lines = section.own
      .split('\n')
      .map((line) => plain(line.replace(/^\s*(?:[*+-]\s+)?/, '').replace(/^status\s*:\s*/i, '')))
      .filter((line) => line !== '');
    // adr-tools lists links under the status; only "Superseded by" among them says something about it.
    const statusLines = lines.filter((line) => !/^(supersedes|supercedes|replaces|amends|amended by|relates to|related)\b/i.test(line));
    const recognised = statusLines.find((line) => normaliseStatus(line) !== null);
    if (recognised ?? statusLines[0]) return recognised ?? statusLines[0]!;
  }
  const field = fieldIn(doc, ['status']);
  return field ? plain(field) : null;
}

/** A "Key: value" line, looked for after the title first (MADR 2 bullets, Nygard headers), then anywhere. */
function fieldIn(doc: MarkdownDoc, keys: string[]): string | null {
  for (const lines of [doc.preamble, doc.lines]) {
    for (const line of lines) {
      const value = fieldLine(line, keys);
      if (value !== null) return value;
    }
  }
  return null;
}

/**
 * The record's own date: front matter, a "Date:" field, a "## Date" section, a bare date under
 * the title; only a record with none of these falls back to its "Last Updated" line (a later
 * edit is not when the decision was made).
 */
function dateOf(doc: MarkdownDoc, dateSection: Section | null): string | null {
  const fm = doc.frontMatter.date;
  if (fm instanceof Date && !Number.isNaN(fm.getTime())) return fm.toISOString().slice(0, 10);
  if ((typeof fm === 'string' && fm.trim() !== '') || typeof fm === 'number') return String(fm).trim();
  const field = fieldIn(doc, DATE_KEYS);
  if (field) return plain(field);
  const fromSection = dateSection?.own.split('\n').map((line) => plain(line.replace(/^\s*[*+-]\s+/, ''))).find((line) => line !== '');
  if (fromSection) return fromSection;
  // Some templates put the bare date on the first line after the title.
  const firstLine = doc.preamble.map((line) => plain(line)).find((line) => line !== '');
  if (firstLine && /^\d{4}-\d{2}-\d{2}$/.test(firstLine)) return firstLine;
  const updated = fieldIn(doc, UPDATED_KEYS);
  return updated ? plain(updated) : null;
}

function consequencesOf(sections: (names: string[]) => Section[]): string | null {
  const whole = sections(CONSEQUENCES)[0];
  if (whole) return whole.full || null;
  const split = sections(SPLIT_CONSEQUENCES);
  if (split.length > 0) return split.map((s) => `${s.name[0]!.toUpperCase()}${s.name.slice(1)}:\n${s.full}`).join('\n\n');
  const prosAndCons = sections(PROS_AND_CONS)[0];
  return prosAndCons ? prosAndCons.full || null : null;
}

/** The section's own text; its subsections (MADR's "### Consequences") only when it has none. */
function sectionText(section: Section): string | null {
  return section.own || section.full || null;
}

function formatOf(doc: MarkdownDoc, numberedTitle: boolean, sections: (names: string[]) => Section[], yOnly: boolean): AdrFormat {
  if (yOnly) return 'y-statement';
  const fm = doc.frontMatter;
  const madrBullets = doc.preamble.some((line) => /^\s*[*-]\s/.test(line) && fieldLine(line, ['status', 'deciders', 'date']) !== null);
  if (MADR_FIELDS.some((key) => key in fm) || madrBullets || sections(MADR_SECTIONS).length > 0) return 'madr';
  const datedHeader = doc.preamble.some((line) => /^Date:\s*\S/.test(line.trim()));
  if (numberedTitle && datedHeader && sections(['status']).length > 0) return 'adr-tools';
  return 'nygard';
}

function stringValue(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  return null;
}

function listValue(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((item) => String(item).trim()).filter(Boolean);
  const text = stringValue(value);
  return text ? text.split(/\s*[,;]\s*/).map(plain).filter(Boolean) : [];
}

function titleFromFileName(file: string): string {
  const dated = dateFromFileName(file);
  const slug = dated ? dated.slug : file.replace(/\.(md|markdown)$/i, '').replace(/^(?:adr[-_ ]?)?\d+[-_ ]*/i, '');
  return slug.replace(/[-_]+/g, ' ').trim();
}
