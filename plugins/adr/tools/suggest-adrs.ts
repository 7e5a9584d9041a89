/**
 * suggest_adrs: decisions the code shows that no ADR records (a database, a
 * broker, an auth library, a deployment platform, a framework, an API style,
 * an architecture style), each with its evidence, priority and a draft.
 */
import { Params, StringEnum, Type, ValidationError, defineTool } from '../../../sdk/index.js';
import { ConversationContext, ProjectPath } from '../../project/api.js';
import type { AdrToolDeps } from '../deps.js';
import { AdrRefSchema } from '../evidence/adr-ref.js';
import { runSuggestions } from '../evidence/run-suggestions.js';
import { focusText } from '../evidence/suggestions.js';
import { PRIORITIES, SCOPES } from '../evidence/types.js';
import { rememberSuggestions } from '../remember.js';

const ANALYSIS_SCOPES = [...SCOPES, 'all'] as const;

export const suggestAdrsTool = (deps: AdrToolDeps) =>
  defineTool({
    name: 'suggest_adrs',
    title: 'Suggest ADRs',
    description:
      'Decisions evident in the code (databases, brokers, auth, frameworks, platforms, architecture styles) that no ADR records, each with evidence, priority and a draft title and context. ' +
      'Use it to find missing ADRs; record one with generate_adr_from_decision. Read-only.',
    input: Params({
      projectPath: ProjectPath('Project folder whose code is analysed; defaults to the workspace root.'),
      adrDirectory: Type.Optional(Type.String({ default: 'docs/adrs', description: 'Folder of the existing ADRs, relative to the project; falls back to the usual ADR folders.' })),
      conversationContext: ConversationContext(
        'Technologies and areas it names rank their suggestions first within a priority (focus: true).',
      ),
      analysisScope: Type.Optional(
        StringEnum(ANALYSIS_SCOPES, {
          default: 'all',
          description: 'Which decisions to suggest.',
        }),
      ),
      maxSuggestions: Type.Optional(Type.Number({ default: 5, description: 'Most suggestions to return (whole number), highest priority first.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      projectPath: Type.String({ description: 'The project analysed, relative to the workspace ("." for its root).' }),
      adrDirectory: Type.Object({ path: Type.String(), source: Type.String(), exists: Type.Boolean() }),
      analysisScope: StringEnum(ANALYSIS_SCOPES),
      adrsConsidered: Type.Number({ description: 'ADRs read for coverage (every ADR except rejected ones).' }),
      technologiesInCode: Type.Number({ description: 'Technologies and styles found in the code with strong evidence.' }),
      totalFound: Type.Number({ description: 'Unrecorded decisions found in the requested scope, before maxSuggestions.' }),
      returned: Type.Number(),
      suggestions: Type.Array(
        Type.Object({
          title: Type.String({ description: 'A draft ADR title.' }),
          technology: Type.String(),
          area: Type.String(),
          scope: StringEnum(SCOPES),
          priority: StringEnum(PRIORITIES),
          priorityReason: Type.String(),
          evidence: Type.Array(Type.String(), { description: 'Up to 5 entries: "manifest: dependency", config files, infrastructure files.' }),
          evidenceCount: Type.Number(),
          alternatives: Type.Array(Type.String(), { description: 'Competing technologies of the same kind, for the considered options.' }),
          draftContext: Type.String(),
          focus: Type.Boolean({ description: 'The conversation context named this technology or its area.' }),
        }),
      ),
      coveredAreas: Type.Array(
        Type.Object({
          area: Type.String(),
          technologies: Type.Array(Type.String(), { description: 'Technologies in the code that these ADRs cover.' }),
          adrs: Type.Array(Type.Object({ ...AdrRefSchema, relation: StringEnum(['chosen', 'decided-against', 'mentioned', 'area'] as const) })),
        }),
      ),
      scan: Type.Object({ files: Type.Number(), cached: Type.Boolean() }),
      message: Type.String(),
    }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async handler(input, context) {
      const max = input.maxSuggestions ?? 5;
      if (!Number.isInteger(max) || max < 1) {
        throw new ValidationError(`parameter "maxSuggestions" must be a positive whole number (got ${max})`, { parameter: 'maxSuggestions', value: max });
      }
      const scope = input.analysisScope ?? 'all';
      const root = await deps.scanner.resolveRoot(input.projectPath, context.workspace);
      const { location, scan, cached, result } = await runSuggestions(deps, root, {
        workspace: context.workspace,
        adrDirectory: input.adrDirectory,
        scope,
        max,
        focus: focusText(input.conversationContext),
        signal: context.signal,
      });
      const covered = result.coveredAreas.map((a) => a.area).join(', ');
      await rememberSuggestions(deps.events, context.workspace.relative(root), result.suggestions);
      const message =
        result.totalFound === 0
          ? result.presentInCode === 0
            ? `No unrecorded decisions found${scope === 'all' ? '' : ` in the ${scope} scope`}: no known technology has direct evidence (a dependency or config file) in the project.`
            : `No unrecorded decisions found${scope === 'all' ? '' : ` in the ${scope} scope`}: ${result.presentInCode} technologies in the code, all covered by ADRs${covered ? ` (${covered})` : ''}.`
          : `${result.totalFound} decision${result.totalFound === 1 ? '' : 's'} evident in the code ${result.totalFound === 1 ? 'is' : 'are'} not recorded in any ADR; returning ${result.suggestions.length}, highest priority first.${covered ? ` Already covered: ${covered}.` : ''}`;
      return {
        summary: message,
        projectPath: context.workspace.relative(root) || '.',
        adrDirectory: { path: location.relative, source: location.source, exists: location.exists },
        analysisScope: scope,
        adrsConsidered: result.considered,
        technologiesInCode: result.presentInCode,
        totalFound: result.totalFound,
        returned: result.suggestions.length,
        suggestions: result.suggestions,
        coveredAreas: result.coveredAreas,
        scan: { files: scan.files.count, cached },
        message,
      };
    },
  });
