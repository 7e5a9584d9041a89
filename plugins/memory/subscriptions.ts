/**
 * How the memory pack learns: it subscribes to the topics other packs publish
 * (each declared in its producer's api.ts) and records each fact in the graph.
 * The producers never call memory; without this pack their events go unheard
 * and they work the same. The records are what the packs used to hand a
 * recorder directly, field for field.
 */
import type { Events } from '../../sdk/index.js';
import { adrsSuggestedTopic, adrsWrittenTopic } from '../adr/api.js';
import { pushAttemptedTopic } from '../deployment/api.js';
import { documentationWorkTopic } from '../docs/api.js';
import { freshnessTrackedTopic } from '../freshness/api.js';
import { analysisCompletedTopic, projectAnalyzedTopic } from '../project/api.js';
import { readmeEvaluatedTopic } from '../readme/api.js';
import { ssgConfiguredTopic, ssgDeploymentTopic, ssgRecommendedTopic, ssgStructuredTopic } from '../ssg/api.js';
import type { MemoryRecorder } from './graph/recorder.js';

/** Subscribe `recorder` to every topic memory learns from; returns the function that unsubscribes them all. */
export function subscribeRecorder(events: Events, recorder: MemoryRecorder): () => void {
  const unsubscribe = [
    events.subscribe(analysisCompletedTopic, (e) =>
      recorder.recordAnalysis({ tool: 'analyze_repository', project: e.path, analysisId: e.id, summary: e.summary, projectType: e.projectType, resourceUri: e.uri, ...e.features }),
    ),
    events.subscribe(projectAnalyzedTopic, async (e) => {
      const { tool, projectPath: project, id: analysisId } = e;
      await recorder.recordAnalysis({ tool, project, analysisId, summary: e.summary, projectType: e.projectType, resourceUri: e.resourceUri, ...e.features });
      for (const item of e.advice) await recorder.recordRecommendation({ tool, project, kind: item.category, value: item.id, summary: item.message, analysisId });
    }),
    events.subscribe(adrsWrittenTopic, async ({ tool, project, adrs }) => {
      for (const adr of adrs) await recorder.recordAdr({ tool, project, ...adr });
    }),
    events.subscribe(adrsSuggestedTopic, async ({ tool, project, suggestions }) => {
      for (const s of suggestions) await recorder.recordRecommendation({ tool, project, kind: 'adr', value: s.title, summary: `Suggested ADR (${s.priority}): ${s.title}` });
    }),
    events.subscribe(ssgRecommendedTopic, ({ ssg, ...e }) => recorder.recordRecommendation({ tool: e.tool, project: e.project, kind: 'ssg', value: ssg, summary: e.summary, confidence: e.confidence, ...(e.analysisId ? { analysisId: e.analysisId } : {}) })),
    events.subscribe(ssgConfiguredTopic, (e) => recorder.recordConfiguration(e)),
    events.subscribe(ssgStructuredTopic, ({ tool, project, summary, files }) => recorder.recordDocumentation({ tool, project, action: 'structured', summary, files })),
    events.subscribe(ssgDeploymentTopic, (e) => recorder.recordDeployment(e)),
    events.subscribe(documentationWorkTopic, (e) => recorder.recordDocumentation(e)),
    events.subscribe(readmeEvaluatedTopic, ({ tool, project, summary, readme }) => recorder.recordDocumentation({ tool, project, action: 'readme-evaluated', summary, files: [readme] })),
    events.subscribe(freshnessTrackedTopic, (e) => recorder.recordFreshness(e)),
    events.subscribe(pushAttemptedTopic, (e) => recorder.recordInteraction(e)),
  ];
  return () => unsubscribe.forEach((off) => off());
}
