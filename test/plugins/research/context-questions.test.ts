/**
 * Issue 27 item 11 (b): generate_research_questions reads `context`. On a pnpm monorepo
 * whose API searches with Elasticsearch (ADR 3), a context weighing OpenSearch and
 * Meilisearch on latency and hosting cost gives five distinct questions naming those
 * subjects, with the files that use Elasticsearch; when fewer come out, the result says why.
 */
import { describe, expect, it } from 'vitest';
import { ADR, monorepoClient, writePnpmMonorepo } from '../workflow/pnpm-monorepo-fixture.js';

const CONTEXT = 'We are deciding whether to replace Elasticsearch with OpenSearch or Meilisearch for product search in packages/api; latency and hosting cost matter most.';

describe('generate_research_questions uses its context', () => {
  it('asks maxQuestions distinct questions about what the context names, grounded in the code', async () => {
    const { call, close } = await monorepoClient(writePnpmMonorepo());
    try {
      const data = await call('generate_research_questions', { analysisType: 'general', maxQuestions: 5, context: CONTEXT });
      const questions: string[] = data.questions.map((q: any) => q.question);
      expect(questions).toHaveLength(5);
      expect(new Set(questions.map((q) => q.toLowerCase())).size).toBe(5);
      expect(new Set(data.questions.map((q: any) => q.sourceRef)).size).toBe(5);
      // Every question is about a subject the context names, and all three options are asked about.
      for (const q of questions) expect(q, q).toMatch(/Elasticsearch|OpenSearch|Meilisearch/);
      const all = questions.join('\n');
      for (const subject of ['Elasticsearch', 'OpenSearch', 'Meilisearch']) expect(all).toContain(subject);
      expect(data.questions.every((q: any) => q.focus)).toBe(true);
      // Grounded: the file that uses the client and the ADR that chose it.
      const evidence = data.questions.flatMap((q: any) => q.evidence);
      expect(evidence).toContain('packages/api/src/search.ts');
      expect(evidence).toContain(ADR.search);
      expect(all).toMatch(/latency|cost/);

      // "The search engine" names no product: the ADR that chose one says which it is.
      const engine = await call('generate_research_questions', { analysisType: 'general', maxQuestions: 5, context: 'decide whether to replace the search engine' });
      expect(engine.questions[0].question).toContain('Elasticsearch');
      expect(engine.questions[0].evidence).toContain('packages/api/src/search.ts');

      // A narrow context on a small subject: fewer questions than asked, and the result says why.
      const few = await call('generate_research_questions', { analysisType: 'security', researchScope: 'narrow', maxQuestions: 5, context: 'Is Fastify right for the API?' });
      expect(few.questions.length).toBeGreaterThan(0);
      expect(few.questions.length).toBeLessThan(5);
      expect(few.questions[0].question).toContain('Fastify');
      expect(few.notes.join(' ')).toMatch(/of the 5 asked for: .*context, which names Fastify/);
      expect(few.summary).toContain('Fewer than 5');
    } finally {
      await close();
    }
  }, 90_000);
});
