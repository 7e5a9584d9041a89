/**
 * Checkbox tasks in a TODO.md grouped under headings, for projects whose tasks
 * are not in the store: "## ADR-0003: Use PostgreSQL" followed by "- [x] …".
 * Read with manage_todo_json's own reader (todo/markdown-parse.ts), so both tools
 * give every item the same state: `[x]` completed, `[-]` (or struck) cancelled,
 * `[/]` and `[~]` in progress, `(status: …)` as noted, otherwise pending.
 */
import { basename } from 'node:path';
import type { ParsedAdr } from '../catalog/types.js';
import { parseTodoMarkdown, type MarkdownOutlineHeading } from '../todo/markdown-parse.js';
import type { TaskStatus } from '../todo/types.js';

export interface TodoCheckbox {
  line: number;
  text: string;
  status: TaskStatus;
}

export interface TodoDocument {
  headings: MarkdownOutlineHeading[];
  checkboxes: TodoCheckbox[];
}

export async function parseTodo(text: string): Promise<TodoDocument> {
  const { items, outline } = await parseTodoMarkdown(text);
  return { headings: outline, checkboxes: items.map((item) => ({ line: item.line, text: item.title, status: item.stated ?? 'pending' })) };
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
