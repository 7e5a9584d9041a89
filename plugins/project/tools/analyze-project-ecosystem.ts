import { createHash } from 'node:crypto';
import { Params, StringEnum, Type, defineTool, type ToolContext } from '../../../sdk/index.js';
import type { ProjectToolDeps } from '../deps.js';
import { compact, buildReport, summarise, type EcosystemReport } from '../ecosystem/report.js';
import { EcosystemResultSchema } from '../ecosystem/schema.js';
import { DEPTH_LIMITS, type RecursiveDepth } from '../ecosystem/structure.js';
import { analyseEnvironment } from '../environment/index.js';
import { projectAnalyzedTopic } from '../events.js';
import { analysisFeatures } from '../analysis-features.js';
import { applyConversation } from '../ecosystem/focus.js';
import { ConversationContext } from '../schemas.js';

const DEPTHS = Object.keys(DEPTH_LIMITS) as RecursiveDepth[];
const PROJECT_ANALYZED_TOPIC = projectAnalyzedTopic.id;

/** Reports kept in memory for unchanged trees (a few projects, a few option sets each). */
const REPORTS_KEPT = 8;

export const analyzeProjectEcosystemTool = (deps: ProjectToolDeps) => {
  const reports = new Map<string, EcosystemReport>();
  return defineTool({
    name: 'analyze_project_ecosystem',
    title: 'Analyze project ecosystem',
    description:
      'What a project is built with: languages, frameworks, databases, infrastructure, architecture, subprojects and quality signals, with evidence and recommendations. Use it first to understand an unfamiliar codebase; for documentation work use analyze_repository instead (it gives the analysisId).',
    input: Params({
      projectPath: Type.String({ description: 'Project folder, relative to the workspace root (or absolute inside it).' }),
      enhancedMode: Type.Optional(Type.Boolean({ default: false, description: 'Add a model-written summary when the client offers MCP sampling.' })),
      knowledgeEnhancement: Type.Optional(Type.Boolean({ default: false, description: 'With sampling, add framework best-practice context to the summary.' })),
      learningEnabled: Type.Optional(Type.Boolean({ default: false, description: 'Publish the summary on the project.analyzed event (the memory pack records it).' })),
      includeEnvironment: Type.Optional(Type.Boolean({ default: false, description: 'Add the analyze_environment report.' })),
      recursiveDepth: Type.Optional(StringEnum(DEPTHS, { default: 'medium', description: 'Subproject depth reported: shallow = root only, medium = 2 levels, deep = 4, comprehensive = all.' })),
      conversationContext: ConversationContext(
        'focusAreas and userGoals put the recommendations serving them first ("serves"); constraints are recorded, not checked.',
      ),
      strictMode: Type.Optional(Type.Boolean({ default: true, description: 'Only detections with direct evidence (manifest or config file); false adds name heuristics.' })),
    }),
    output: EcosystemResultSchema,
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    async handler(input, context) {
      const root = await deps.scanner.resolveRoot(input.projectPath, context.workspace);
      const result = await deps.scanner.scan(root, { signal: context.signal });
      const projectPath = context.workspace.relative(root);
      const options = { recursiveDepth: input.recursiveDepth ?? 'medium', strictMode: input.strictMode ?? true, includeEnvironment: input.includeEnvironment ?? false };
      await context.progress({ progress: 1, total: 3, message: 'Scanned the project' });
      // The report is a function of the tree (its fingerprint) and the options: an unchanged
      // tree reuses the last one built instead of reading the config files again.
      const memoKey = `${root}\0${result.scan.fingerprint}\0${JSON.stringify(options)}`;
      let built = reports.get(memoKey);
      if (!built) {
        built = await buildReport(root, projectPath, result, options);
        if (options.includeEnvironment) built.environment = await analyseEnvironment(root, projectPath, result, { includeOptimizations: true, signal: context.signal });
        reports.set(memoKey, built);
        for (const key of reports.keys()) if (reports.size > REPORTS_KEPT) reports.delete(key);
      }
      const report = structuredClone(built);
      report.scan.cached = result.cached;
      const conversation = applyConversation(report, input.conversationContext);
      if (conversation) report.conversation = conversation;
      await context.progress({ progress: 2, total: 3, message: 'Built the report' });
      const summary = summarise(report);

      const wantsModel = (input.enhancedMode ?? false) || (input.knowledgeEnhancement ?? false);
      const aiSummary = wantsModel ? await modelSummary(context, report, summary, input.knowledgeEnhancement ?? false) : undefined;
      if (aiSummary) report.aiSummary = aiSummary;

      // Same tree and options, same id: a repeat analysis replaces its stored report.
      const id = `ecosystem-${createHash('sha256').update(`${root}\0${result.scan.fingerprint}\0${JSON.stringify(options)}`).digest('hex').slice(0, 16)}`;
      const resource = await context.resources.put({ kind: 'analysis', id, name: `Ecosystem analysis of ${projectPath}`, data: report });

      let published = false;
      let recordedBy: string[] = [];
      if (input.learningEnabled) {
        // Awaited: the result says which packs recorded it.
        recordedBy = await deps.events.publish(projectAnalyzedTopic, {
          tool: 'analyze_project_ecosystem',
          projectPath,
          fingerprint: result.scan.fingerprint,
          resourceUri: resource.uri,
          summary,
          languages: report.technologyStack.languages.slice(0, 5).map((language) => language.language),
          frameworks: report.technologyStack.frameworks.map((detection) => detection.name),
          databases: report.technologyStack.databases.map((detection) => detection.name),
          patterns: report.architecture.patterns.map((pattern) => pattern.kind),
          recommendations: report.recommendations.map((item) => item.id),
          id,
          projectType: report.architecture.patterns[0]?.kind ?? 'unknown',
          features: analysisFeatures(result.scan),
          advice: report.recommendations.slice(0, ADVICE_PUBLISHED).map((item) => ({ id: item.id, category: item.category, message: item.message })),
        });
        published = true;
      }
      await context.progress({ progress: 3, total: 3, message: 'Stored the report' });

      return {
        ...compact(report),
        ...(conversation ? { conversation } : {}),
        resourceUri: resource.uri,
        summary,
        aiEnhanced: aiSummary !== undefined,
        ...(aiSummary ? { aiSummary } : {}),
        knowledgeEnhancement: {
          requested: input.knowledgeEnhancement ?? false,
          applied: Boolean(input.knowledgeEnhancement && aiSummary),
          note: !input.knowledgeEnhancement
            ? 'Not requested.'
            : aiSummary
              ? 'The model-written summary was asked to add framework best-practice context; every finding above is computed from the files.'
              : 'Not applied: no knowledge source is available without MCP sampling; the report is computed from the files only.',
        },
        learning: {
          enabled: input.learningEnabled ?? false,
          published,
          topic: published ? PROJECT_ANALYZED_TOPIC : null,
          note: published
            ? `Published a summary (stack, patterns, recommendation ids, resource URI) on "${PROJECT_ANALYZED_TOPIC}"; packs subscribed to it may record it.${recordedBy.length ? ` Recorded the analysis and its first recommendations in: ${recordedBy.join(', ')}.` : ''}`
            : 'Not enabled: nothing was published or recorded.',
        },
      };
    },
  });
};

/** A short model-written overview of the computed report, or undefined when sampling is unavailable or fails. */
async function modelSummary(context: ToolContext, report: EcosystemReport, summary: string, knowledge: boolean): Promise<string | undefined> {
  if (!context.ai.available()) return undefined;
  const facts = JSON.stringify({ summary, ...compact(report), environment: undefined }).slice(0, 12_000);
  const prompt = [
    'Summarise this repository analysis for a developer new to the project in at most 8 sentences: what the project is built with, how it is structured and deployed, and the most important recommendations.',
    knowledge ? 'Add brief best-practice context for the frameworks and infrastructure found.' : '',
    'Use only the facts given; do not invent files or numbers.',
    '',
    facts,
  ].filter(Boolean).join('\n');
  try {
    return (await context.ai.complete({ prompt, maxTokens: 700, signal: context.signal })).text.trim() || undefined;
  } catch (error) {
    context.logger.warn({ err: (error as Error).message }, 'model summary failed; returning the deterministic report');
    return undefined;
  }
}

/** Most recommendations the event carries with their messages, in the report's order. */
const ADVICE_PUBLISHED = 10;
