/** TODO tasks kept in the store, per project: what manage_todo_json, generate_adr_todo and compare_adr_progress share. */

export const TASK_STATUSES = ['pending', 'in_progress', 'completed', 'blocked', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export interface Task {
  /** Stable id (`task-` + 12 hex characters), unique within the project. */
  id: string;
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  /** The ADR the task implements: its path relative to the project root (e.g. "docs/adrs/0003-use-postgresql.md"), or null. */
  linkedAdr: string | null;
  tags: string[];
  /** Ids of tasks that must be completed first. */
  dependencies: string[];
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  /**
   * Who made the task: generate_adr_todo ("generated"), manage_todo_json create_task ("manual"),
   * import_from_markdown ("imported"). Absent on tasks written before the field existed.
   */
  origin?: TaskOrigin;
}

export const TASK_ORIGINS = ['generated', 'manual', 'imported'] as const;
export type TaskOrigin = (typeof TASK_ORIGINS)[number];
