/**
 * A TODO.md → its task items, whoever wrote it: the toolpack block or a
 * hand-written list. Read from the SDK's Markdown tree, so a `- [ ]` in a code
 * block is no task and nesting is Markdown's own. Markers (sdk TASK_MARKERS):
 * `[ ]` open, `[x]`/`[X]` done, `[/]` and `[~]` in progress, `[-]` cancelled;
 * also `(priority: …)` and `(status: …)` notes, `~~struck~~` titles as cancelled,
 * the `<!-- task: id -->` comment, and the heading each item sits under (its group).
 * compare_adr_progress reads TODO.md through this same reader (evidence/todo-markdown.ts),
 * so the two tools always agree on a task's state. Pure: no file or store access.
 */
import { parseMarkdown, type MarkdownDocument, type MarkdownNode, type MarkdownTaskItem } from '../../../sdk/index.js';
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
  /** 0 for a top-level item, 1 for one nested in another list item, and so on. */
  depth: number;
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

/** A heading of the file, for finding the items under it (compare_adr_progress). */
export interface MarkdownOutlineHeading {
  line: number;
  level: number;
  /** Plain text. */
  text: string;
}

export interface TodoMarkdown {
  items: MarkdownItem[];
  /** Headings that make groups (the document title is not one). */
  headings: number;
  /** Every top-level heading, title included. */
  outline: MarkdownOutlineHeading[];
}

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

export async function parseTodoMarkdown(text: string): Promise<TodoMarkdown> {
  const doc = await parseMarkdown(text);
  // The first level-1 heading is the document's title ("# TODO"), not a group.
  const title = doc.headings.findIndex((h) => h.depth === 1);
  const groups = doc.sections.map((section, index): MarkdownGroup | null => {
    if (index === title) return null;
    const comment = section.own.find((block) => block.type === 'html' && ADR_COMMENT.test(block.value.trim()));
    const adrPath = comment?.type === 'html' ? ADR_COMMENT.exec(comment.value.trim())![1]!.replace(/\\/g, '/').replace(/^\.\//, '') : null;
    return { heading: headingText(doc.sourceOf(section.heading.node.children)), level: section.heading.depth, adrPath, adrNumber: adrNumberIn(section.heading.text) };
  });
  const tasks = new Set(doc.taskItems.map((t) => t.node));
  const items = doc.taskItems.map((task): MarkdownItem => ({
    line: task.line,
    depth: task.depth,
    group: task.heading === null ? null : groups[task.heading]!,
    parent: task.parent,
    notes: notesOf(task, doc, tasks),
    ...itemText(task),
  }));
  return {
    items,
    headings: doc.headings.length - (title >= 0 ? 1 : 0),
    outline: doc.headings.map((h) => ({ line: h.line, level: h.depth, text: h.text })),
  };
}

/** Plain bullets nested under a task item, however deep, up to the next nested task item (not our "Depends on"/"Created" lines). */
function notesOf(task: MarkdownTaskItem, doc: MarkdownDocument, tasks: ReadonlySet<unknown>): string[] {
  const notes: string[] = [];
  const visit = (nodes: readonly MarkdownNode[]) => {
    for (const list of nodes) {
      if (list.type !== 'list') continue;
      for (const item of list.children) {
        if (tasks.has(item)) continue;
        const first = item.children[0];
        const note = first?.type === 'paragraph' ? doc.sourceOf(first).replace(/\s*\n\s*/g, ' ').trim() : '';
        if (note && !OUR_DETAIL.test(note)) notes.push(note);
        visit(item.children);
      }
    }
  };
  visit(task.node.children);
  return notes;
}

function itemText(task: MarkdownTaskItem): Pick<MarkdownItem, 'checked' | 'stated' | 'title' | 'id' | 'priority'> {
  const id = TASK_ID.exec(task.raw)?.[1] ?? null;
  let body = task.raw.replace(/<!--[\s\S]*?-->/g, ' ');
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
  // The box decides first; an open box may still say more by strike-through or a "(status: …)" note.
  const byMarker: Record<MarkdownTaskItem['state'], TaskStatus | null> = { done: 'completed', cancelled: 'cancelled', in_progress: 'in_progress', open: null };
  const stated = byMarker[task.state] ?? (struck ? 'cancelled' : noted);
  return { checked: task.state === 'done', stated, title: body, id, priority };
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
