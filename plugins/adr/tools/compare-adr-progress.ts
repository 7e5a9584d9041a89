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
      'Check how far the accepted ADRs are implemented: for each one, whether the technologies its decision chooses are in the code (implemented, gap, or conflict when a competing technology is used instead), how many of its tasks are done. ' +
      'Only the decision (or MADR chosen option) names choices, never the options it weighed; a decision supporting several targets ("adapters for Jekyll, Hugo and MkDocs") is carried out by evidence of any of them; a language the decision only parses or generates is not chosen, nor is a technology named only as a reason or exception, and turning down old versions or parts of a technology is not deciding against it; a package or tool the decision names that is not in the technology table is found among the project dependencies (koanf → github.com/knadh/koanf/v2) and tool files (asdf → .tool-versions); an architecture style with no sign in the folders is unverifiable, not a gap; pending tasks generate_adr_todo made that nobody has touched are not counted. ' +
      'It also reports the mismatches (completed tasks without evidence, technologies of superseded or rejected decisions still in use, code contradicting an accepted ADR), with an alignment score from 0 to 100 and the formula behind it. Use it to audit whether decisions were carried out. Read-only.',
    input: Params({
      todoPath: Type.Optional(Type.String({ default: 'TODO.md', description: 'Markdown TODO file, relative to the project; its checkboxes under a heading naming an ADR count when no stored task links to that ADR.' })),
      adrDirectory: Type.Optional(Type.String({ default: 'docs/adrs', description: 'Folder of the ADRs, relative to the project; when the default is missing, the usual ADR folders are searched.' })),
      projectPath: ProjectPath('Project folder whose code is checked, inside the workspace; defaults to the workspace root.'),
      includeEnvironmentCheck: Type.Optional(Type.Boolean({ default: true, description: 'Also check deployment and CI decisions (Docker, Kubernetes, Terraform, CI) against the infrastructure found, and list infrastructure no ADR mentions.' })),
      conversationContext: ConversationContext(
        'focusAreas and userGoals put the ADRs serving them (by title, area or chosen technology) first, each marked with the phrases it serves ("conversation" in the result says which); constraints are recorded, not checked. Verdicts, mismatches and the score do not depend on it.',
      ),
      strictMode: Type.Optional(Type.Boolean({ default: true, description: 'true: only a manifest dependency or a config file counts as evidence; false: source files whose names mention the technology count too.' })),
    }),
    output: Type.Object({
      projectPath: Type.String(),
      adrDirectory: Type.Object({ path: Type.String(), source: Type.String(), exists: Type.Boolean() }),
      todoFile: Type.Object({ path: Type.String(), found: Type.Boolean() }),
      strictMode: Type.Boolean(),
      includeEnvironmentCheck: Type.Boolean(),
      summary: Type.Object({
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
        projectPath: context.workspace.relative(root) || '.',
        adrDirectory: { path: location.relative, source: location.source, exists: location.exists },
        todoFile: { path: todo.path, found: todo.found },
        strictMode: strict,
        includeEnvironmentCheck: environmentCheck,
        summary,
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
