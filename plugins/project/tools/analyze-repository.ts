/**
 * analyze_repository (seed 001): the Analysis object later tools take as
 * `analysisId`. The result is stored as the resource toolpack://analysis/{id}
 * (with more detail than the inline copy) and announced on analysisCompletedTopic.
 */
import { historyOf } from '../repository/history.js';
import { defineTool, Params, StringEnum, Type } from '../../../sdk/index.js';
import type { ProjectToolDeps } from '../deps.js';
import { analysisCompletedTopic } from '../events.js';
import { AnalysisOutput, DEPTHS } from '../repository/analysis-schema.js';
import { buildAnalysis } from '../repository/analysis.js';
import { analysisFeatures } from '../analysis-features.js';
import { projectLabel } from '../../../sdk/project-name.js';

export const analyzeRepositoryTool = (deps: ProjectToolDeps) =>
  defineTool({
    name: 'analyze_repository',
    title: 'Analyze repository',
    description:
      'Documentation-oriented facts about a repository: files, languages, dependencies, existing docs, project type, team size. ' +
      'Use it first in a documentation workflow: its id is the analysisId the docs, readme and ssg tools take. For the tech stack, use analyze_project_ecosystem.',
    input: Params({
      path: Type.String({ description: 'Repository folder, relative to the workspace root (or absolute inside it).' }),
      depth: Type.Optional(
        StringEnum(DEPTHS, {
          default: 'standard',
          description: 'quick: counts only; standard: + dependencies, README, docs assessment; deep: + git history; comprehensive: + per folder.',
        }),
      ),
    }),
    output: AnalysisOutput,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async handler({ path, depth = 'standard' }, context) {
      const { workspace, signal, resources } = context;
      const root = await deps.scanner.resolveRoot(path, workspace, 'path');
      // git reads the history while the scan reads the tree.
      const history = historyOf(deps.git, root, signal).catch(() => null);
      const { scan, files, cached } = await deps.scanner.scan(root, { signal });
      const { analysis, detail } = await buildAnalysis({ root, path: workspace.relative(root), depth, scan, files, git: deps.git, history, signal });
      const stored = await resources.put({
        kind: 'analysis',
        id: analysis.id,
        name: `Repository analysis of ${analysis.path} (${depth})`,
        data: { ...analysis, resourceUri: `toolpack://analysis/${analysis.id}`, detail },
      });
      const { primaryLanguage, projectType } = analysis.recommendations;
      // Awaited: a pack that records it (memory) has it before this call answers, so the next call finds it.
      await deps.events.publish(analysisCompletedTopic, {
        id: analysis.id,
        uri: stored.uri,
        path: analysis.path,
        root,
        depth,
        timestamp: analysis.timestamp,
        primaryLanguage: analysis.recommendations.primaryLanguage,
        projectType: analysis.recommendations.projectType.type,
        totalFiles: analysis.structure.totalFiles,
        // Named as people call it (manifest, else folder): "." is no name to recall a project by.
        summary: `Repository ${await projectLabel(workspace, analysis.path)}: ${primaryLanguage ?? 'no code'} ${projectType.type}, ${analysis.structure.totalFiles} files`,
        features: analysisFeatures(scan),
      });
      deps.logger.debug({ id: analysis.id, depth, files: analysis.structure.totalFiles, scanCached: cached }, 'repository analysed');
      return { ...analysis, resourceUri: stored.uri };
    },
  });
