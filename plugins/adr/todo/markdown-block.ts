/**
 * The TODO list as Markdown, inside a marked block of the user's file. Only the
 * block is ever replaced: everything before the start marker and after the end
 * marker stays byte for byte. Each task line carries its id in an HTML comment,
 * each ADR heading the ADR's path, so import_from_markdown can match them back.
 *
 *   <!-- toolpack:adr-todo:start -->
 *   ## ADR 3: Use PostgreSQL for persistence
 *   <!-- adr: docs/adrs/0003-use-postgresql.md -->
 *
 *   - [ ] Write tests that verify … (priority: high) <!-- task: task-0123456789ab -->
 *     - Created: 2024-05-01T10:00:00.000Z · Updated: 2024-05-01T10:00:00.000Z
 *   - [ ] Implement … (priority: high) (status: blocked) <!-- task: task-ba9876543210 -->
 *     - Depends on: task-0123456789ab
 *   <!-- toolpack:adr-todo:end -->
 */
import { ContentError, parseMarkdown, type MarkdownNode } from '../../../sdk/index.js';
import type { AdrStatus } from '../catalog/types.js';
import type { Task } from './types.js';

export const BLOCK_START = '<!-- toolpack:adr-todo:start -->';
export const BLOCK_END = '<!-- toolpack:adr-todo:end -->';

export interface AdrInfo {
  /** The ADR's path relative to the project root (a task's linkedAdr). */
  path: string;
  number: number | null;
  title: string | null;
  status: AdrStatus | null;
  /** False when the file is gone or is not an ADR. */
  found: boolean;
}

export interface RenderOptions {
  includePriorities: boolean;
  includeTimestamps: boolean;
}

const STATUS_WORDS: Record<Task['status'], string> = {
  pending: 'pending',
  in_progress: 'in progress',
  completed: 'completed',
  blocked: 'blocked',
  cancelled: 'cancelled',
};

/** The block, markers included, without a trailing newline; lines joined with `eol`. */
export function renderBlock(tasks: readonly Task[], adrs: ReadonlyMap<string, AdrInfo>, options: RenderOptions, eol = '\n'): string {
  const lines: string[] = [
    BLOCK_START,
    '<!-- Written by toolpack (generate_adr_todo, manage_todo_json sync_to_markdown): this block is rewritten on each sync. Tick boxes here, then run manage_todo_json import_from_markdown to record them. -->',
  ];
  const groups = new Map<string | null, Task[]>();
  for (const task of tasks) groups.set(task.linkedAdr, [...(groups.get(task.linkedAdr) ?? []), task]);
  const linked = [...groups.keys()].filter((key): key is string => key !== null).sort((a, b) => compareAdrs(adrs.get(a), adrs.get(b), a, b));
  for (const path of linked) {
    lines.push('', `## ${adrHeading(path, adrs.get(path))}`, `<!-- adr: ${path} -->`, '');
    for (const task of groups.get(path)!) lines.push(...taskLines(task, options));
  }
  const unlinked = groups.get(null);
  if (unlinked) {
    lines.push('', '## Other tasks', '');
    for (const task of unlinked) lines.push(...taskLines(task, options));
  }
  if (tasks.length === 0) lines.push('', '_No tasks yet._');
  lines.push(BLOCK_END);
  return lines.join(eol);
}

function compareAdrs(a: AdrInfo | undefined, b: AdrInfo | undefined, pathA: string, pathB: string): number {
  const na = a?.number ?? Infinity;
  const nb = b?.number ?? Infinity;
  return na !== nb ? na - nb : pathA.localeCompare(pathB);
}

function adrHeading(path: string, adr: AdrInfo | undefined): string {
  if (!adr || !adr.found) return `${path} (ADR not found)`;
  const name = adr.number !== null ? `ADR ${adr.number}: ${adr.title ?? path}` : (adr.title ?? path);
  return adr.status === 'accepted' ? name : `${name} (${adr.status ?? 'no status'})`;
}

function taskLines(task: Task, options: RenderOptions): string[] {
  const box = task.status === 'completed' ? '[x]' : '[ ]';
  const title = task.status === 'cancelled' ? `~~${task.title}~~` : task.title;
  const notes = [
    options.includePriorities ? `(priority: ${task.priority})` : null,
    ['in_progress', 'blocked', 'cancelled'].includes(task.status) ? `(status: ${STATUS_WORDS[task.status]})` : null,
  ].filter(Boolean);
  const lines = [`- ${box} ${[title, ...notes].join(' ')} <!-- task: ${task.id} -->`];
  if (task.dependencies.length > 0) lines.push(`  - Depends on: ${task.dependencies.join(', ')}`);
  if (options.includeTimestamps) {
    const stamps = [`Created: ${task.createdAt}`, `Updated: ${task.updatedAt}`, task.completedAt ? `Completed: ${task.completedAt}` : null];
    lines.push(`  - ${stamps.filter(Boolean).join(' · ')}`);
  }
  return lines;
}

/**
 * Where the block sits in `text`, or null when there is none. Throws on a damaged block.
 * Markers count only as HTML in the Markdown tree: a TODO.md that shows the markers in a
 * code sample (documenting the tool, say) keeps that sample.
 */
export async function findBlock(text: string, file: string): Promise<{ start: number; end: number } | null> {
  if (!text.includes(BLOCK_START) && !text.includes(BLOCK_END)) return null;
  const { reduced, original } = withoutOwnLines(text);
  const doc = await parseMarkdown(reduced);
  const bom = reduced.length - doc.source.length; // node offsets are into the text without its byte-order mark
  const starts: number[] = [];
  const ends: number[] = [];
  const visit = (node: MarkdownNode) => {
    if (node.type === 'html' && node.position?.start.offset !== undefined) {
      for (const [marker, found] of [[BLOCK_START, starts], [BLOCK_END, ends]] as const) {
        for (let at = node.value.indexOf(marker); at !== -1; at = node.value.indexOf(marker, at + 1)) found.push(original(bom + node.position.start.offset + at));
      }
    }
    if ('children' in node) for (const child of node.children as MarkdownNode[]) visit(child);
  };
  visit(doc.tree);
  const start = starts[0] ?? -1;
  const end = ends[0] ?? -1;
  if (start === -1 && end === -1) return null;
  if (start === -1 || end === -1 || end < start) {
    throw new ContentError(`${file} has a damaged toolpack block: "${start === -1 ? BLOCK_START : BLOCK_END}" is missing or out of order; fix the markers (or remove both) and try again`, { path: file });
  }
  if (starts.length > 1) throw new ContentError(`${file} has more than one "${BLOCK_START}" marker; keep one block`, { path: file });
  return { start, end: end + BLOCK_END.length };
}

/**
 * The lines this module writes inside a block (task lines with their id, their note lines,
 * ADR headings and path comments): thousands of them in a large plan, and parsing them is
 * what made a re-run slow (a 1 MB list takes remark longer than its budget). They hold no
 * marker, and taking them out changes nothing for the lines around them (an HTML comment
 * ends a list or paragraph before it either way), so the tree is read without them.
 */
const OWN_LINE = /^(?:- \[[ xX]\] .*<!-- task: [\w-]+ -->|  - (?:Depends on|Created|Updated|Completed): .*|## .*|<!-- adr: .* -->)\r?$/;

/** `text` without the lines OWN_LINE matches (outside fenced code), and a map from offsets in it back to offsets in `text`. */
function withoutOwnLines(text: string): { reduced: string; original: (offset: number) => number } {
  const kept: string[] = [];
  /** [offset in reduced, offset in text] at the start of each kept run. */
  const runs: Array<[number, number]> = [];
  let reducedAt = 0;
  let fence: string | null = null;
  let previousKept = false;
  const firstStart = text.indexOf(BLOCK_START); // the user's text before the block is kept whole
  for (let at = 0; at < text.length; ) {
    const next = text.indexOf('\n', at);
    const end = next === -1 ? text.length : next + 1;
    const line = text.slice(at, end);
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (marker && marker[1]![0] === fence[0] && marker[1]!.length >= fence.length && line.trim() === marker[1]) fence = null;
    } else if (marker) fence = marker[1]!;
    const drop = firstStart !== -1 && at > firstStart && !fence && !marker && OWN_LINE.test(line.replace(/\n$/, ''));
    if (!drop) {
      if (!previousKept) runs.push([reducedAt, at]);
      kept.push(line);
      reducedAt += line.length;
    }
    previousKept = !drop;
    at = end;
  }
  const original = (offset: number): number => {
    let lo = 0;
    for (let hi = runs.length - 1; lo < hi; ) {
      const mid = (lo + hi + 1) >> 1;
      if (runs[mid]![0] <= offset) lo = mid;
      else hi = mid - 1;
    }
    const run = runs[lo];
    return run ? run[1] + offset - run[0] : offset;
  };
  return { reduced: kept.join(''), original };
}

/** `text` with its block replaced by `block` (appended after the user's content when there is none yet). */
export async function spliceBlock(text: string, block: string, file: string): Promise<{ text: string; appended: boolean }> {
  const found = await findBlock(text, file);
  if (found) return { text: text.slice(0, found.start) + block + text.slice(found.end), appended: false };
  const eol = lineEnding(text);
  if (text.trim() === '') return { text: `# TODO${eol}${eol}${block}${eol}`, appended: true };
  const separator = text.endsWith('\n') ? eol : `${eol}${eol}`;
  return { text: `${text}${separator}${block}${eol}`, appended: true };
}

/** The file's line ending, so the block matches the user's (CRLF files stay CRLF). */
export function lineEnding(text: string): string {
  return /\r\n/.test(text) ? '\r\n' : '\n';
}

/**
 * `text` without the task's line (and the note lines nested under it) inside the
 * block, and without its id in other lines' "Depends on:"; null when the block
 * does not list it. Only the block is touched, so a deleted task cannot come back
 * through import_from_markdown while the user's own lines stay as they are.
 */
export async function removeTaskFromBlock(text: string, taskId: string, file: string): Promise<string | null> {
  const found = await findBlock(text, file);
  if (!found) return null;
  const eol = lineEnding(text);
  const lines = text.slice(found.start, found.end).split(eol);
  const marker = `<!-- task: ${taskId} -->`;
  const at = lines.findIndex((line) => line.includes(marker));
  if (at === -1) return null;
  const indent = (line: string) => line.length - line.trimStart().length;
  let end = at + 1;
  while (end < lines.length && lines[end]!.trim() !== '' && indent(lines[end]!) > indent(lines[at]!)) end += 1;
  const kept = [...lines.slice(0, at), ...lines.slice(end)].flatMap((line) => {
    const deps = /^(\s*- Depends on: )(.*)$/.exec(line);
    if (!deps) return [line];
    const rest = deps[2]!.split(',').map((id) => id.trim()).filter((id) => id !== '' && id !== taskId);
    return rest.length ? [`${deps[1]}${rest.join(', ')}`] : [];
  });
  return text.slice(0, found.start) + kept.join(eol) + text.slice(found.end);
}
