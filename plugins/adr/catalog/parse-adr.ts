/**
 * One ADR file → ParsedAdr. Reads Nygard, adr-tools, MADR 2–4 and Y-statement records; returns
 * null for the other Markdown an ADR folder holds (README, index, template, table of contents).
 */
import { basename } from 'node:path';
import { fieldLine, listItems, plain, readAdrMarkdown, type MarkdownDoc, type Section } from './markdown.js';
import { emptyLinks, linksInBody, linksInFrontMatter, linksInLine, numberFromFileName } from './links.js';
import { dateFromFileName } from './naming.js';
import { normaliseStatus } from './status.js';
import type { AdrFormat, ParsedAdr } from './types.js';
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
  linksInFrontMatter(fm, links);
  const fmStatus = stringValue(fm.status);
  if (fmStatus) linksInLine(fmStatus, links, { status: true });
  linksInBody(doc.lines, links);
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
  return {
    path,
    number,
    title: heading.title || titleFromFileName(file),
    status,
    rawStatus,
    // A date-named record without a date line was made on the day its name says.
    date: dateOf(doc, first(['date'])) ?? dateFromFileName(file)?.iso ?? null,
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
  };
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
  const field = fieldIn(doc, ['date', 'decision date', 'date decided']);
  if (field) return plain(field);
  const fromSection = dateSection?.own.split('\n').map((line) => plain(line.replace(/^\s*[*+-]\s+/, ''))).find((line) => line !== '');
  if (fromSection) return fromSection;
  // Some templates put the bare date on the first line after the title.
  const firstLine = doc.preamble.map((line) => plain(line)).find((line) => line !== '');
  if (firstLine && /^\d{4}-\d{2}-\d{2}$/.test(firstLine)) return firstLine;
  const updated = fieldIn(doc, ['last updated', 'updated', 'last modified']);
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
