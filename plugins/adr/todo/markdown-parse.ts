/**
 * A TODO.md → its checkbox items, whoever wrote it: the toolpack block or a
 * hand-written list. Reads `- [ ]`, `- [x]`, `- [X]` (also `*`, `+`, `1.`),
 * `[/]` as in progress and `[-]` as cancelled, nested items (with their parent),
 * `(priority: …)` and `(status: …)` notes, `~~struck~~` titles as cancelled, the
 * `<!-- task: id -->` comment, and the heading each item sits under (its group).
 * Pure: no file or store access.
 */
import { TASK_PRIORITIES, type TaskPriority, type TaskStatus } from './types.js';

export interface MarkdownGroup {
  /** Heading text without emphasis and without a "(superseded)" style note. */
  heading: string;
  level: number;
  /** From a `<!-- adr: path -->` comment right under the heading. */
  adrPath: string | null;
  /** From "ADR 3" / "ADR-0003" in the heading. */
  adrNumber: number | null;
}

export interface MarkdownItem {
  /** 1-based line number. */
  line: number;
  indent: number;
  checked: boolean;
  /** The state the line states on its own: box, strike-through or "(status: …)"; null for a plain `[ ]`. */
  stated: TaskStatus | null;
  title: string;
  id: string | null;
  priority: TaskPriority | null;
  group: MarkdownGroup | null;
  /** Index (in the returned list) of the checkbox item this one is nested under. */
  parent: number | null;
  /** Plain nested bullets under the item (not our "Depends on"/"Created" lines). */
  notes: string[];
}

const CHECKBOX = /^(\s*)(?:[-*+]|\d+[.)])\s+\[([ xX/-])\]\s+(.*)$/;
const BULLET = /^(\s*)(?:[-*+]|\d+[.)])\s+(.*)$/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const FENCE = /^\s*(```|~~~)/;
const TASK_ID = /<!--\s*task:\s*([A-Za-z0-9._-]+)\s*-->/;
const ADR_COMMENT = /^<!--\s*adr:\s*(.+?)\s*-->$/;
const NOTE = /\(\s*(priority|status)\s*:\s*([a-z _-]+?)\s*\)/gi;
const OUR_DETAIL = /^(depends on|created|updated|completed)\s*:/i;

const STATUS_NAMES: Record<string, TaskStatus> = {
  pending: 'pending',
  todo: 'pending',
  'in progress': 'in_progress',
  in_progress: 'in_progress',
  'in-progress': 'in_progress',
  doing: 'in_progress',
  completed: 'completed',
  done: 'completed',
  blocked: 'blocked',
  cancelled: 'cancelled',
  canceled: 'cancelled',
};

export function parseTodoMarkdown(text: string): { items: MarkdownItem[]; headings: number } {
  const items: MarkdownItem[] = [];
  const lines = text.split(/\r?\n/);
  let group: MarkdownGroup | null = null;
  let sawTitle = false;
  let headings = 0;
  let inFence = false;
  // Checkbox items still open for nesting, innermost last.
  const open: number[] = [];

  for (const [index, line] of lines.entries()) {
    if (FENCE.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const heading = HEADING.exec(line);
    if (heading) {
      open.length = 0;
      const level = heading[1]!.length;
      // The first level-1 heading is the document's title ("# TODO"), not a group.
      if (level === 1 && !sawTitle) {
        sawTitle = true;
        group = null;
        continue;
      }
      headings += 1;
      group = { heading: headingText(heading[2]!), level, adrPath: null, adrNumber: adrNumberIn(heading[2]!) };
      continue;
    }
    const adrComment = ADR_COMMENT.exec(line.trim());
    if (adrComment && group) {
      group.adrPath = adrComment[1]!.replace(/\\/g, '/').replace(/^\.\//, '');
      continue;
    }
    const box = CHECKBOX.exec(line);
    if (box) {
      const indent = width(box[1]!);
      while (open.length > 0 && items[open[open.length - 1]!]!.indent >= indent) open.pop();
      items.push({ line: index + 1, indent, group, parent: open.length > 0 ? open[open.length - 1]! : null, notes: [], ...itemText(box[2]!, box[3]!) });
      open.push(items.length - 1);
      continue;
    }
    const bullet = BULLET.exec(line);
    if (bullet && open.length > 0) {
      const indent = width(bullet[1]!);
      while (open.length > 0 && items[open[open.length - 1]!]!.indent >= indent) open.pop();
      const owner = open[open.length - 1];
      const note = bullet[2]!.trim();
      if (owner !== undefined && !OUR_DETAIL.test(note)) items[owner]!.notes.push(note);
      continue;
    }
    if (line.trim() === '') continue;
    // Any other text ends the list the open items belong to, unless it is indented continuation.
    if (!/^\s/.test(line)) open.length = 0;
  }
  return { items, headings };
}

function itemText(mark: string, rest: string): Pick<MarkdownItem, 'checked' | 'stated' | 'title' | 'id' | 'priority'> {
  const id = TASK_ID.exec(rest)?.[1] ?? null;
  let body = rest.replace(/<!--[\s\S]*?-->/g, ' ');
  let priority: TaskPriority | null = null;
  let noted: TaskStatus | null = null;
  body = body.replace(NOTE, (whole, key: string, value: string) => {
    const word = value.trim().toLowerCase();
    if (key.toLowerCase() === 'priority' && (TASK_PRIORITIES as readonly string[]).includes(word)) {
      priority = word as TaskPriority;
      return ' ';
    }
    if (key.toLowerCase() === 'status' && STATUS_NAMES[word]) {
      noted = STATUS_NAMES[word]!;
      return ' ';
    }
    return whole;
  });
  body = body.replace(/\s+/g, ' ').trim();
  const struck = /^~~(.+)~~$/.exec(body);
  if (struck) body = struck[1]!.trim();
  const checked = mark === 'x' || mark === 'X';
  const stated: TaskStatus | null = checked ? 'completed' : mark === '-' || struck ? 'cancelled' : mark === '/' ? 'in_progress' : noted;
  return { checked, stated, title: body, id, priority };
}

function headingText(raw: string): string {
  return raw
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\s*\((?:proposed|rejected|deprecated|superseded|no status|ADR not found)\)\s*$/i, '')
    .replace(/(\*\*|__|`)/g, '')
    .trim();
}

function adrNumberIn(heading: string): number | null {
  const match = /\bADR[-_ #]?0*(\d+)\b/i.exec(heading);
  return match ? Number(match[1]) : null;
}

/** Leading whitespace width, a tab counting as four spaces. */
function width(space: string): number {
  return space.replace(/\t/g, '    ').length;
}
