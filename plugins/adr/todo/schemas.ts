/** TypeBox shapes of tasks in tool results, shared by generate_adr_todo and manage_todo_json. */
import { StringEnum, Type } from '../../../sdk/index.js';
import { TASK_ORIGINS, TASK_PRIORITIES, TASK_STATUSES } from './types.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const TaskSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  status: StringEnum(TASK_STATUSES),
  priority: StringEnum(TASK_PRIORITIES),
  linkedAdr: Nullable(Type.String({ description: 'The ADR the task implements, relative to the project root.' })),
  tags: Type.Array(Type.String()),
  dependencies: Type.Array(Type.String(), { description: 'Ids of tasks that must be completed first.' }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  completedAt: Nullable(Type.String()),
  origin: Type.Optional(StringEnum(TASK_ORIGINS)),
});

/** A task as generate_adr_todo shows it: priority and timestamps only when asked for. */
export const ShownTaskSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  status: StringEnum(TASK_STATUSES),
  priority: Type.Optional(StringEnum(TASK_PRIORITIES)),
  linkedAdr: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  dependencies: Type.Array(Type.String()),
  createdAt: Type.Optional(Type.String()),
  updatedAt: Type.Optional(Type.String()),
  completedAt: Type.Optional(Nullable(Type.String())),
  origin: Type.Optional(StringEnum(TASK_ORIGINS)),
});

export const FileWrittenSchema = Type.Object({
  path: Type.String({ description: 'Relative to the workspace root.' }),
  format: StringEnum(['markdown', 'json'] as const),
  created: Type.Boolean({ description: 'True when the file did not exist before.' }),
  bytes: Type.Integer(),
});
