/** A TODO.md's checkbox tasks with the heading they sit under (the adr pack's layout: one heading per ADR). */
import { parseMarkdown, type Workspace } from '../../../sdk/index.js';

export interface TodoTask {
  line: number;
  text: string;
  done: boolean;
  /** The nearest heading above it, '' when none. */
  heading: string;
}

/** null when the file does not exist. */
export async function readTodo(workspace: Workspace, absolute: string): Promise<TodoTask[] | null> {
  let text: string;
  try {
    text = await workspace.readText(absolute, { param: 'todoPath' });
  } catch (error) {
    if ((error as { details?: { code?: string } }).details?.code === 'ENOENT') return null;
    throw error;
  }
  const doc = await parseMarkdown(text);
  return doc.taskItems.map((task) => ({
    line: task.line,
    text: task.text,
    done: task.state === 'done' || task.state === 'cancelled',
    heading: task.heading === null ? '' : (doc.headings[task.heading]?.text ?? ''),
  }));
}
