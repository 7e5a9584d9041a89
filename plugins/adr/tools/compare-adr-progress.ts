/**
 * compare_adr_progress: how far the accepted ADRs are implemented. Each ADR's
 * chosen technologies are looked for in the project scan, its tasks are
 * counted, mismatches between records and code are listed, and an alignment
 * score is computed from those counts (the formula is in the result).
 */
import { Params, StringEnum, Type, defineTool } from '../../../sdk/index.js';
import { ConversationContext, ConversationUse, conversationFocus, conversationUse, focusFirst, ProjectPath } from '../../project/api.js';
import type { AdrToolDeps } from '../deps.js';
import { AdrRefSchema } from '../evidence/adr-ref.js';
import { runProgress } from '../evidence/run-progress.js';

const Tasks = Type.Object({
  source: StringEnum(['store', 'todo-file', 'none'] as const, { description: 'store: tasks linked to the ADR; todo-file: checkboxes under a TODO.md heading naming the ADR.' }),
  total: Type.Number(),
  completed: Type.Number(),
  inProgress: Type.Number(),
  pending: Type.Number(),
  blocked: Type.Number(),
  cancelled: Type.Number(),
  untouchedGenerated: Type.Number({ description: 'Pending tasks generate_adr_todo made that nobody has updated: the plan, not progress; left out of the rate and the score.' }),
  completionRate: Type.Union([Type.Number(), Type.Null()], { description: 'completed / (total - cancelled - untouchedGenerated), 0 to 1.' }),
});

const Decision = Type.Object({
  technology: Type.String(),
  area: Type.String(),
  status: StringEnum(['implemented', 'gap', 'conflict', 'skipped', 'unverifiable'] as const, { description: 'unverifiable: an architecture style the scan shows no sign of (not counted).' }),
  evidenceKind: StringEnum(['strong', 'weak', 'none'] as const),
  evidence: Type.Array(Type.String()),
  competitors: Type.Array(Type.Object({ technology: Type.String(), evidence: Type.Array(Type.String()) })),
  targets: Type.Optional(Type.Array(Type.Object({ technology: Type.String(), evidence: Type.Array(Type.String()) }), { description: 'A decision supporting several targets: each one and its evidence; any of them carries the decision out.' })),
});

const Scoring = Type.Object({
  alignmentScore: Type.Union([Type.Number(), Type.Null()]),
  formula: Type.String(),
  implementedDecisions: Type.Number(),
  gapDecisions: Type.Number(),
  conflictDecisions: Type.Number(),
  checkableDecisions: Type.Number(),
  completedTasks: Type.Number(),
  countedTasks: Type.Number(),
  contradictions: Type.Number(),
});

const Environment = Type.Object({
  infrastructure: Type.Object({
    dockerfiles: Type.Number(),
    composeFiles: Type.Number(),
    kubernetesResources: Type.Number(),
    helmCharts: Type.Number(),
    terraformFiles: Type.Number(),
    terraformProviders: Type.Array(Type.String()),
    serverless: Type.Array(Type.String()),
  }),
  ci: Type.Array(Type.String()),
  decisions: Type.Object({ implemented: Type.Number(), gap: Type.Number(), conflict: Type.Number() }),
  undocumented: Type.Array(Type.Object({ technology: Type.String(), evidence: Type.Array(Type.String()) }), { description: 'Deployment and CI technologies in the project that no accepted ADR mentions.' }),
});

export const compareAdrProgressTool = (deps: AdrToolDeps) =>
  defineTool({
    name: 'compare_adr_progress',
    title: 'Compare ADR progress',
    description:
      'How far the accepted ADRs are implemented: per ADR, whether the chosen technologies are in the code (implemented, gap, conflict) and its tasks done, with mismatches and a 0-100 alignment score. ' +
      'Use it to audit decisions; for project health use smart_score, for release go/no-go deployment_readiness.',
    input: Params({
      todoPath: Type.Optional(Type.String({ default: 'TODO.md', description: 'Markdown TODO file, relative to the project; counts for ADRs no stored task links to.' })),
      adrDirectory: Type.Optional(Type.String({ default: 'docs/adrs', description: 'Folder of the ADRs, relative to the project; falls back to the usual ADR folders.' })),
      projectPath: ProjectPath('Project folder whose code is checked; defaults to the workspace root.'),
      includeEnvironmentCheck: Type.Optional(Type.Boolean({ default: true, description: 'Also check deployment and CI decisions against the infrastructure found.' })),
      conversationContext: ConversationContext(
        'focusAreas and userGoals put the ADRs serving them first; verdicts and score do not depend on it.',
      ),
      strictMode: Type.Optional(Type.Boolean({ default: true, description: 'Only dependencies, configs, API calls or named folders count; false: file names count too.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      projectPath: Type.String(),
      adrDirectory: Type.Object({ path: Type.String(), source: Type.String(), exists: Type.Boolean() }),
      todoFile: Type.Object({ path: Type.String(), found: Type.Boolean() }),
      strictMode: Type.Boolean(),
      includeEnvironmentCheck: Type.Boolean(),
      counts: Type.Object({
        acceptedAdrs: Type.Number(),
        implemented: Type.Number(),
        partial: Type.Number(),
        gap: Type.Number(),
        conflict: Type.Number(),
        unverifiable: Type.Number(),
        otherAdrs: Type.Object({ proposed: Type.Number(), rejected: Type.Number(), deprecated: Type.Number(), superseded: Type.Number(), unknown: Type.Number() }, { description: 'ADRs not compared because they are not accepted.' }),
        mismatches: Type.Number(),
      }),
      adrs: Type.Array(
        Type.Object({
          ...AdrRefSchema,
          verdict: StringEnum(['implemented', 'partial', 'gap', 'conflict', 'unverifiable'] as const),
          decisionSource: StringEnum(['chosen-option', 'y-statement', 'decision', 'title'] as const, { description: 'Where the chosen technologies were read (the title is always read too).' }),
          decisions: Type.Array(Decision),
          decidedAgainst: Type.Array(Type.String()),
          tasks: Tasks,
          note: Type.String(),
          serves: Type.Optional(Type.Array(Type.String(), { description: 'The conversationContext focus areas and goals this ADR serves (such ADRs come first).' })),
        }),
      ),
      conversation: Type.Optional(ConversationUse('Paths of the ADRs serving it; empty when none does.')),
      mismatches: Type.Array(
        Type.Object({
          kind: StringEnum(['completed-tasks-without-evidence', 'retired-technology-present', 'contradicts-accepted-adr'] as const),
          adr: Type.Object(AdrRefSchema),
          technology: Type.Union([Type.String(), Type.Null()]),
          message: Type.String(),
          evidence: Type.Array(Type.String()),
        }),
      ),
      environment: Type.Union([Environment, Type.Null()], { description: 'Null when includeEnvironmentCheck is false.' }),
      alignmentScore: Type.Union([Type.Number(), Type.Null()], { description: '0 to 100; null when there is nothing to measure.' }),
      scoring: Scoring,
      scan: Type.Object({ files: Type.Number(), cached: Type.Boolean() }),
      message: Type.String(),
    }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async handler(input, context) {
      const strict = input.strictMode ?? true;
      const environmentCheck = input.includeEnvironmentCheck ?? true;
      const root = await deps.scanner.resolveRoot(input.projectPath, context.workspace);
      const { location, catalog, todo, scan, cached, result } = await runProgress(deps, root, {
        workspace: context.workspace,
        adrDirectory: input.adrDirectory,
        todoPath: input.todoPath,
        strict,
        environmentCheck,
        signal: context.signal,
      });
      // The focus orders and marks the ADRs; it changes no verdict, count or score.
      const focus = conversationFocus(input.conversationContext);
      const ordered = focusFirst(result.adrs, focus, (adr) => [adr.title, ...adr.decisions.flatMap((d) => [d.technology, d.area]), ...adr.decidedAgainst].join(' '));
      const conversation = input.conversationContext === undefined ? undefined : conversationUse(focus, ordered, (adr) => adr.path, 'ADR');
      const adrs = ordered.map(({ item, serves }) => (serves.length ? { ...item, serves } : item));
      const verdicts = (v: string) => result.adrs.filter((a) => a.verdict === v).length;
      const byStatus = catalog.summary.byStatus;
      const summary = {
        acceptedAdrs: result.adrs.length,
        implemented: verdicts('implemented'),
        partial: verdicts('partial'),
        gap: verdicts('gap'),
        conflict: verdicts('conflict'),
        unverifiable: verdicts('unverifiable'),
        otherAdrs: { proposed: byStatus.proposed, rejected: byStatus.rejected, deprecated: byStatus.deprecated, superseded: byStatus.superseded, unknown: byStatus.unknown },
        mismatches: result.mismatches.length,
      };
      const { alignmentScore } = result.scoring;
      const message =
        result.adrs.length === 0
          ? `No accepted ADRs in ${location.relative}${location.exists ? '' : ' (folder not found)'}; nothing to compare.`
          : `${summary.acceptedAdrs} accepted ADRs: ${summary.implemented} implemented, ${summary.partial} partial, ${summary.gap} with gaps, ${summary.conflict} in conflict, ${summary.unverifiable} unverifiable; ` +
            `${summary.mismatches} mismatches. Alignment ${alignmentScore === null ? 'not measurable' : `${alignmentScore}/100`}.`;
      return {
        summary: message,
        projectPath: context.workspace.relative(root) || '.',
        adrDirectory: { path: location.relative, source: location.source, exists: location.exists },
        todoFile: { path: todo.path, found: todo.found },
        strictMode: strict,
        includeEnvironmentCheck: environmentCheck,
        counts: summary,
        adrs,
        ...(conversation ? { conversation } : {}),
        mismatches: result.mismatches,
        environment: result.environment,
        alignmentScore,
        scoring: result.scoring,
        scan: { files: scan.files.count, cached },
        message,
      };
    },
  });
