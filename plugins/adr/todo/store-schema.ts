/** The adr pack's tables: TODO tasks scoped by project root (a real path). Append migrations with new ids; never edit an applied one. */
import type { Migration } from '../../../sdk/index.js';

export const ADR_MIGRATIONS: readonly Migration[] = [
  {
    id: 'adr-tasks',
    up: `CREATE TABLE adr_tasks (
     project TEXT NOT NULL,
     id TEXT NOT NULL,
     position INTEGER NOT NULL,
     data TEXT NOT NULL,
     PRIMARY KEY (project, id)
   );
   CREATE INDEX adr_tasks_project ON adr_tasks (project, position);`,
  },
];
