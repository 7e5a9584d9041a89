/**
 * incorporate_research: a research file's findings and recommendations carried
 * into the ADRs: proposed as text edits (suggest_changes, nothing written),
 * appended as a Research section to one ADR after the user confirms
 * (update_existing), or written as a new proposed ADR (create_new).
 */
import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ContentError, FileSystemError, Params, StringEnum, Type, ValidationError, defineTool, writeWorkspaceText, type ToolContext } from '../../../sdk/index.js';
import { ConversationContext, NOT_USED } from '../../project/api.js';
import { slugify } from '../adr-match.js';
import type { ResearchDeps } from '../deps.js';
import { appendSection, linkFrom, newAdr, researchSection } from '../incorporate/edits.js';
import { readResearch } from '../incorporate/read-research.js';
import { resolveTargets, type Target } from '../incorporate/targets.js';

const MODES = ['update_existing', 'create_new', 'suggest_changes'] as const;
type Mode = (typeof MODES)[number];

interface Input {
  researchPath: string;
  targetAdr?: string | undefined;
  adrDirectory?: string | undefined;
  integrationMode?: Mode | undefined;
}

const today = () => new Date().toISOString().slice(0, 10);

/** Everything a call needs before it writes: the research read, the ADR folder and the targets. */
async function prepare(deps: ResearchDeps, input: Input, context: Pick<ToolContext, 'workspace'>) {
  const { workspace } = context;
  const researchFile = await workspace.resolve(input.researchPath, 'researchPath');
  const info = await stat(researchFile).catch(() => null);
  if (!info?.isFile()) throw new FileSystemError(`parameter "researchPath": "${input.researchPath}" ${info ? 'is not a file' : 'does not exist'} (expected a Markdown research file)`, { parameter: 'researchPath', path: input.researchPath });
  const researchText = await workspace.readText(researchFile, { param: 'researchPath' });
  const research = await readResearch(researchText, researchFile);
  if (!research.findings.length && !research.recommendations.length) {
    throw new ContentError(`parameter "researchPath": "${input.researchPath}" has nothing to incorporate (expected items under a Findings or Results heading, or a Recommendations or Conclusion heading)`, { parameter: 'researchPath' });
  }
  const root = await deps.scanner.resolveRoot(undefined, workspace);
  const location = await deps.catalog.locate(root, input.adrDirectory, workspace, 'adrDirectory');
  const catalog = await deps.catalog.read(location);
  const mode = input.integrationMode ?? 'suggest_changes';
  const targets = mode === 'create_new' ? [] : await resolveTargets({ targetAdr: input.targetAdr, research, researchText, catalog, workspace, adrDir: location.relative });
  return { researchFile, research, location, catalog, targets, mode };
}

/** update_existing's one target: targetAdr, or the only ADR the research concerns. */
function single(targets: Target[]): Target {
  if (targets.length === 1) return targets[0]!;
  throw new ValidationError(
    targets.length
      ? `parameter "targetAdr": required for update_existing: the research concerns ${targets.length} ADRs (${targets.map((t) => t.path).join(', ')}); name one`
      : 'parameter "targetAdr": required for update_existing: the research names no ADR (expected a path, a number like "3" or "ADR-003", or a title)',
    { parameter: 'targetAdr' },
  );
}

export const incorporateResearchTool = (deps: ResearchDeps) =>
  defineTool({
    name: 'incorporate_research',
    title: 'Incorporate research into ADRs',
    description:
      "Carry a research document's findings into the ADRs: propose edits, append a Research section to one ADR, or write a new proposed ADR. " +
      'Use it when research has concluded and the decisions should reflect it.',
    input: Params({
      researchPath: Type.String({ description: 'Research Markdown file, relative to the workspace root (Findings and Recommendations headings).' }),
      targetAdr: Type.Optional(Type.String({ description: 'ADR path, number ("ADR-3") or title; default: the related_adrs of the research, else those it names.' })),
      adrDirectory: Type.Optional(Type.String({ default: 'docs/adrs', description: 'Folder of the ADRs, relative to the workspace root; falls back to the usual ADR folders.' })),
      integrationMode: Type.Optional(StringEnum(MODES, { default: 'suggest_changes', description: 'suggest_changes writes nothing; update_existing asks to confirm.' })),
      conversationContext: ConversationContext(NOT_USED),
    }),
    output: Type.Object({
      summary: Type.String(),
      integrationMode: StringEnum(MODES),
      research: Type.Object({ path: Type.String(), title: Type.String(), findings: Type.Array(Type.String()), recommendations: Type.Array(Type.String()) }),
      adrDirectory: Type.Object({ path: Type.String(), exists: Type.Boolean() }),
      targets: Type.Array(Type.Object({ path: Type.String(), number: Type.Union([Type.Number(), Type.Null()]), title: Type.String(), status: Type.Union([Type.String(), Type.Null()]), reason: Type.String() })),
      changes: Type.Array(
        Type.Object({ adrPath: Type.String(), section: Type.String(), action: StringEnum(['append-section', 'append'] as const), text: Type.String() }),
        { description: 'The edits, proposed (suggest_changes) or made (update_existing).' },
      ),
      written: Type.Array(Type.Object({ path: Type.String(), action: StringEnum(['created', 'updated'] as const) })),
      alreadyIncorporated: Type.Array(Type.String({ description: 'ADRs that already link this research: left as they are.' })),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    confirm: async (input, context) => {
      if ((input.integrationMode ?? 'suggest_changes') !== 'update_existing') return undefined;
      const { researchFile, research, targets } = await prepare(deps, input, context);
      const target = single(targets);
      const link = linkFrom(target.file, researchFile);
      if ((await context.workspace.readText(target.file, { param: 'targetAdr' })).includes(`](${link})`)) return undefined;
      return {
        action: `Update ${target.path}`,
        description: `incorporate_research will append a "Research" section to ${target.path} (${research.findings.length} findings, ${research.recommendations.length} recommendations from ${context.workspace.relative(researchFile)}); the rest of the ADR is left as it is.`,
      };
    },
    async handler(input, context) {
      const { workspace } = context;
      const { researchFile, research, location, catalog, targets, mode } = await prepare(deps, input, context);
      const researchRel = workspace.relative(researchFile);
      const date = today();
      const changes: Array<{ adrPath: string; section: string; action: 'append-section' | 'append'; text: string }> = [];
      const written: Array<{ path: string; action: 'created' | 'updated' }> = [];
      const already: string[] = [];
      let chosen = targets;

      if (mode === 'create_new') {
        const number = deps.catalog.nextNumber(catalog);
        // The folder's numbering width ("0001-" or "1-"); four digits in a new folder.
        const width = Math.max(0, ...catalog.adrs.map((adr) => /^(\d+)-/.exec(basename(adr.path))?.[1]?.length ?? 0)) || 4;
        const file = join(location.dir, `${String(number).padStart(width, '0')}-${slugify(research.title)}.md`);
        // Written the way the folder's records are: MADR when most of them are.
        const madr = catalog.adrs.filter((adr) => adr.format === 'madr').length;
        const text = newAdr(number, research, linkFrom(file, researchFile), date, madr > 0 && madr * 2 >= catalog.adrs.length ? 'madr' : 'nygard');
        if (!(await writeWorkspaceText(workspace, file, text, { replace: false, param: 'adrDirectory' }))) {
          throw new FileSystemError(`parameter "adrDirectory": ${workspace.relative(file)} already exists; nothing written`, { parameter: 'adrDirectory', path: workspace.relative(file) });
        }
        written.push({ path: workspace.relative(file), action: 'created' });
      } else {
        if (mode === 'update_existing') chosen = [single(targets)];
        for (const target of chosen) {
          const text = await workspace.readText(target.file, { param: 'targetAdr' });
          const link = linkFrom(target.file, researchFile);
          if (text.includes(`](${link})`)) {
            already.push(target.path);
            continue;
          }
          const section = researchSection(research, link, date);
          changes.push({ adrPath: target.path, section: 'Research', action: 'append-section', text: section });
          if (mode === 'suggest_changes' && target.adr.consequences !== null) {
            changes.push({ adrPath: target.path, section: 'Consequences', action: 'append', text: `See the research [${research.title}](${link}) for the evidence behind this decision.` });
          }
          if (mode === 'update_existing') {
            await writeWorkspaceText(workspace, target.file, appendSection(text, section), { replace: true, param: 'targetAdr' });
            written.push({ path: target.path, action: 'updated' });
          }
        }
      }

      const counts = `${research.findings.length} finding(s), ${research.recommendations.length} recommendation(s)`;
      const summary =
        mode === 'create_new'
          ? `Wrote the proposed ADR ${written[0]!.path} from ${researchRel} (${counts}).`
          : chosen.length === 0
            ? `${researchRel} (${counts}) names no ADR in ${location.relative}: give targetAdr, or use create_new for a new proposed ADR.`
            : mode === 'update_existing'
              ? written.length
                ? `Appended a Research section to ${written[0]!.path} from ${researchRel} (${counts}).`
                : `${already[0]} already links ${researchRel}; nothing written.`
              : `Proposed ${changes.length} edit(s) to ${chosen.length - already.length} ADR(s) from ${researchRel} (${counts}); nothing written.${already.length ? ` Already linking it: ${already.join(', ')}.` : ''}`;
      return {
        summary,
        integrationMode: mode,
        research: { path: researchRel, title: research.title, findings: research.findings, recommendations: research.recommendations },
        adrDirectory: { path: location.relative, exists: location.exists },
        targets: chosen.map((t) => ({ path: t.path, number: t.adr.number, title: t.adr.title, status: t.adr.status, reason: t.reason })),
        changes,
        written,
        alreadyIncorporated: already,
      };
    },
  });
