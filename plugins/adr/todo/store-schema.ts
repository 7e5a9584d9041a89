/** The adr pack's tables: TODO tasks scoped by project root (a real path). Append migrations with new ids; never edit an applied one. */
import type { Migration } from '../../../sdk/index.js';

export interface AdrTables {
  adr_tasks: { project: string; id: string; position: number; data: string };
}

export const ADR_MIGRATIONS: readonly Migration[] = [
  {
    id: 'adr-tasks',
    async up(db) {
      await db.schema
        .createTable('adr_tasks')
        .addColumn('project', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('adr_tasks_pk', ['project', 'id'])
        .execute();
      await db.schema.createIndex('adr_tasks_project').on('adr_tasks').columns(['project', 'position']).execute();
    },
  },
];
