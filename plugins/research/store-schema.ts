/** The research pack's tables: research questions per project (a real path). Append migrations with new ids; never edit an applied one. */
import type { Migration } from '../../sdk/index.js';

export interface ResearchTables {
  research_questions: {
    project: string;
    id: string;
    question: string;
    /** What the question came from: no-adr, adr-gap, adr-conflict, proposed-adr, competing-dependencies, security-finding. */
    source_kind: string;
    /** The gap it asks about, stable across calls ("no-adr:Kafka", "proposed:docs/adrs/0003-x.md"): one question per ref. */
    source_ref: string;
    status: 'open' | 'answered';
    asked_at: string;
    answered_at: string | null;
    /** The file that answered it (the ADR that now records the decision), when known. */
    answer_path: string | null;
  };
}

export const RESEARCH_MIGRATIONS: readonly Migration[] = [
  {
    id: 'research-questions',
    async up(db) {
      await db.schema
        .createTable('research_questions')
        .addColumn('project', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('question', 'text', (c) => c.notNull())
        .addColumn('source_kind', 'text', (c) => c.notNull())
        .addColumn('source_ref', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('asked_at', 'text', (c) => c.notNull())
        .addColumn('answered_at', 'text')
        .addColumn('answer_path', 'text')
        .addPrimaryKeyConstraint('research_questions_pk', ['project', 'id'])
        .execute();
      await db.schema.createIndex('research_questions_ref').unique().on('research_questions').columns(['project', 'source_ref']).execute();
    },
  },
];
