/**
 * The `adr.progress` service: compare_adr_progress's computation for other packs
 * (the scoring pack's architecture_compliance and task_completion). It runs the
 * same function as the tool (evidence/run-progress.ts), so the two cannot disagree.
 */
import { join } from 'node:path';
import type { ProjectScanner } from '../project/api.js';
import type { AdrProgressService, AdrProgressSummary } from './api.js';
import { runProgress } from './evidence/run-progress.js';
import type { AdrCatalogService } from './service.js';
import { countTasks } from './evidence/progress.js';
import type { TaskStore } from './todo/task-store.js';

export function createAdrProgressService(deps: { scanner: ProjectScanner; catalog: AdrCatalogService; tasks: TaskStore }): AdrProgressService {
  return {
    async compare(projectRoot, options): Promise<AdrProgressSummary> {
      // The tool's defaults: strict evidence, deployment and CI decisions checked.
      const { location, taskCounts, result } = await runProgress(deps, projectRoot, {
        workspace: options.workspace,
        adrDirectory: options.adrDirectory,
        todoPath: options.todoPath,
        strict: options.strict ?? true,
        environmentCheck: true,
        signal: options.signal,
      });
      // The tool names records relative to the project; the service's contract is workspace-relative.
      const inWorkspace = (path: string) => options.workspace.relative(join(projectRoot, path));
      return {
        adrDirectory: { path: location.relative, exists: location.exists },
        acceptedAdrs: result.adrs.length,
        adrs: result.adrs.map((adr) => ({
          number: adr.number,
          title: adr.title,
          path: inWorkspace(adr.path),
          verdict: adr.verdict,
          decisions: adr.decisions.map((d) => ({ technology: d.technology, area: d.area, status: d.status, evidence: d.evidence })),
        })),
        mismatches: result.mismatches.map((m) => ({ kind: m.kind, adrPath: inWorkspace(m.adr.path), technology: m.technology, message: m.message, evidence: m.evidence })),
        alignmentScore: result.scoring.alignmentScore,
        formula: result.scoring.formula,
        tasks: taskCounts,
      };
    },
    async taskCounts(projectRoot) {
      return countTasks(await deps.tasks.list(projectRoot));
    },
  };
}
