/**
 * The memory pack's tables: a knowledge graph of typed nodes and edges, a full-text index over
 * the nodes, and each user's preferences. Append migrations with new ids; never edit an applied one.
 */
import { createSearchIndex, type Migration } from '../../sdk/index.js';

export interface MemoryTables {
  memory_nodes: {
    id: string;
    type: string;
    /** Identity within its type ('hugo' for an ssg, the project path for a project), so a thing is one node however often it is recorded; null for events. */
    natural_key: string | null;
    /** The project it belongs to (workspace-relative path), or null. */
    project: string | null;
    summary: string;
    /** JSON: the record as given (masked by the store's write filters). */
    data: string;
    tool: string;
    created_at: string;
    updated_at: string;
  };
  memory_edges: { from_id: string; to_id: string; type: string; tool: string; created_at: string };
  memory_preferences: { user_id: string; data: string; updated_at: string };
}

export const MEMORY_SEARCH = 'memory_search';

export const MEMORY_MIGRATIONS: readonly Migration[] = [
  {
    id: 'memory-graph',
    async up(db, context) {
      await db.schema
        .createTable('memory_nodes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('natural_key', 'text')
        .addColumn('project', 'text')
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('tool', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('memory_nodes_natural').on('memory_nodes').columns(['type', 'natural_key']).unique().execute();
      await db.schema.createIndex('memory_nodes_type_time').on('memory_nodes').columns(['type', 'created_at']).execute();
      await db.schema.createIndex('memory_nodes_project_time').on('memory_nodes').columns(['project', 'created_at']).execute();
      await db.schema.createIndex('memory_nodes_time').on('memory_nodes').column('created_at').execute();
      await db.schema
        .createTable('memory_edges')
        .addColumn('from_id', 'text', (c) => c.notNull())
        .addColumn('to_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('tool', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('memory_edges_pk', ['from_id', 'to_id', 'type'])
        .execute();
      await db.schema.createIndex('memory_edges_to').on('memory_edges').columns(['to_id', 'type']).execute();
      await createSearchIndex(db, context, MEMORY_SEARCH);
      await db.schema
        .createTable('memory_preferences')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
];
