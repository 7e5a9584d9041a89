/**
 * Checkbox tasks in a TODO.md grouped under headings, for projects whose tasks
 * are not in the store: "## ADR-0003: Use PostgreSQL" followed by "- [x] …".
 */
import { basename } from 'node:path';
import type { ParsedAdr } from '../catalog/types.js';
import type { TaskStatus } from '../todo/types.js';

export interface TodoCheckbox {
  line: number;
  text: string;
  status: TaskStatus;
}

interface Heading {
  line: number;
  level: number;
  text: string;
}

export interface TodoDocument {
  headings: Heading[];
  checkboxes: TodoCheckbox[];
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const CHECKBOX = /^\s*(?:[-*+]|\d+[.)])\s+\[([ xX~\/-])\]\s+(.*)$/;

export function parseTodo(text: string): TodoDocument {
  const headings: Heading[] = [];
  const checkboxes: TodoCheckbox[] = [];
  let fenced = false;
  text.split(/\r?\n/).forEach((raw, index) => {
    if (/^\s*(```|~~~)/.test(raw)) fenced = !fenced;
    if (fenced) return;
    const heading = HEADING.exec(raw);
    if (heading) {
      headings.push({ line: index + 1, level: heading[1]!.length, text: heading[2]! });
      return;
    }
    const box = CHECKBOX.exec(raw);
    if (box) {
      const mark = box[1]!;
      const status: TaskStatus = mark === 'x' || mark === 'X' ? 'completed' : mark === ' ' ? 'pending' : 'in_progress';
      checkboxes.push({ line: index + 1, text: box[2]!.trim(), status });
    }
  });
  return { headings, checkboxes };
}

/** Does a heading name this ADR: by number ("ADR-0003", "ADR 3"), file name, or title? */
function headingNames(heading: string, adr: ParsedAdr): boolean {
  const text = heading.toLowerCase();
  if (adr.number !== null && new RegExp(`\\badr[-_ #]*0*${adr.number}(?!\\d)`, 'i').test(heading)) return true;
  const file = basename(adr.path).replace(/\.(md|markdown)$/i, '').toLowerCase();
  if (file && text.includes(file)) return true;
  const title = adr.title.toLowerCase().replace(/\s+/g, ' ').trim();
  return title.length >= 4 && text.replace(/\s+/g, ' ').includes(title);
}

/** The checkboxes under every heading that names the ADR, subsections included. */
export function tasksForAdr(doc: TodoDocument, adr: ParsedAdr): TodoCheckbox[] {
  const found = new Map<number, TodoCheckbox>();
  doc.headings.forEach((heading, i) => {
    if (!headingNames(heading.text, adr)) return;
    const next = doc.headings.slice(i + 1).find((h) => h.level <= heading.level);
    const end = next ? next.line : Number.POSITIVE_INFINITY;
    for (const box of doc.checkboxes) if (box.line > heading.line && box.line < end) found.set(box.line, box);
  });
  return [...found.values()].sort((a, b) => a.line - b.line);
}
