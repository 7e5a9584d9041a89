/**
 * generate_adrs_from_prd: reads a PRD, finds the decisions it implies (technology choices,
 * constraints and non-functional requirements by area), and writes one ADR per area not yet
 * covered by an existing ADR: all of them, or none when a write fails. A choice the PRD records
 * as made is accepted; a requirement, an open question or an area it leaves open is proposed.
 */
import { stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { defineTool, FileSystemError, Params, StringEnum, Type } from '../../../sdk/index.js';
import { ConversationContext, ConversationUse, conversationFocus, conversationUse, focusFirst, ProjectPath } from '../../project/api.js';
import type { AdrToolDeps } from '../deps.js';
import { AREA_IDS, type AreaId } from '../prd/areas.js';
import { coveringAdr, prdDisagreement, draftFromFinding, isDecided } from '../prd/drafts.js';
import { findDecisions, type AreaFinding } from '../prd/extract.js';
import { candidatesFor, leaveOutReason, prdContext } from '../prd/fit.js';
import { readPrd } from '../prd/sentences.js';
import { DEFAULT_ADR_DIRECTORY } from '../service.js';
import { TEMPLATE_FORMATS, today, writeAdrs } from '../templates/index.js';
import { rememberAdrs } from '../remember.js';
import { projectRelative } from './discover-existing-adrs.js';

/** A PRD is prose; anything bigger is not one (and would not fit a model's context as evidence anyway). */
const MAX_PRD_BYTES = 2 * 1024 * 1024;

const EvidenceQuote = Type.Object({
  section: Type.String({ description: 'The PRD heading the quote sits under.' }),
  line: Type.Integer(),
  quote: Type.String({ description: 'The PRD sentence, verbatim.' }),
});

export const generateAdrsFromPrdTool = (deps: AdrToolDeps) =>
  defineTool({
    name: 'generate_adrs_from_prd',
    title: 'Generate ADRs from a PRD',
    description:
      'Write one ADR for each architectural decision a product requirements document (Markdown) implies, quoting the PRD lines it rests on; "To be decided" where the PRD names no option. Use it when a project starts from a PRD; areas an existing ADR decides are skipped.',
    input: Params({
      prdPath: Type.String({ description: 'PRD file (Markdown), relative to the project.' }),
      adrDirectory: Type.Optional(Type.String({ default: DEFAULT_ADR_DIRECTORY, description: 'Folder for the ADRs, relative to the project; created if missing (default: an existing ADR folder).' })),
      templateFormat: Type.Optional(StringEnum(TEMPLATE_FORMATS, { default: 'standard', description: 'standard: Nygard; madr: MADR; y-statements: "In the context of …, we decided for …".' })),
      projectPath: ProjectPath('Project folder inside the workspace; defaults to the workspace root.'),
      conversationContext: ConversationContext(
        'focusAreas and userGoals: the ADRs serving them are written first (lowest numbers); which areas get one does not depend on it.',
      ),
    }),
    output: Type.Object({
      summary: Type.String(),
      prdPath: Type.String({ description: 'The PRD read, relative to the workspace root.' }),
      prdTitle: Type.Union([Type.String(), Type.Null()]),
      adrDirectory: Type.Optional(Type.String({ description: 'The folder written to, relative to the project.' })),
      templateFormat: StringEnum(TEMPLATE_FORMATS),
      generated: Type.Array(
        Type.Object({
          path: Type.String({ description: 'Relative to the workspace root.' }),
          number: Type.Union([Type.Integer(), Type.Null()]),
          title: Type.String(),
          area: StringEnum(AREA_IDS),
          decided: Type.Boolean({ description: 'False when the PRD names no option, or names options still under evaluation, and the decision is marked "To be decided". True also when the PRD rules the area out ("No database").' }),
          status: StringEnum(['accepted', 'proposed'] as const),
          chosen: Type.Array(Type.String()),
          consideredOptions: Type.Array(Type.String()),
          rejected: Type.Optional(Type.Array(Type.Object({ option: Type.String(), quote: Type.String(), line: Type.Integer() }))),
          evidence: Type.Array(EvidenceQuote),
          serves: Type.Optional(Type.Array(Type.String(), { description: 'The conversationContext focus areas and goals this ADR serves.' })),
        }),
      ),
      conversation: Type.Optional(ConversationUse('Areas (ids) of the ADRs serving it; empty when none does.')),
      skipped: Type.Array(
        Type.Object({
          area: StringEnum(AREA_IDS),
          reason: Type.String(),
          disagreement: Type.Optional(Type.String({ description: 'Set when the PRD names options the covering ADR does not choose: the two need reconciling.' })),
          existingAdr: Type.Object({ number: Type.Union([Type.Integer(), Type.Null()]), title: Type.String(), path: Type.String() }),
        }),
      ),
      leftOut: Type.Array(
        Type.Object({ area: StringEnum(AREA_IDS), reason: Type.String() }),
        { description: 'Areas the PRD touches that were not written because no option specific to the PRD fits them (an API fixed by an external contract, a latency target no cache or CDN serves).' },
      ),
      sentencesRead: Type.Integer({ description: 'Sentences and table rows of the PRD that were examined.' }),
      message: Type.String(),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    async handler({ prdPath, adrDirectory, templateFormat = 'standard', projectPath, conversationContext }, context) {
      const { workspace } = context;
      const root = await deps.scanner.resolveRoot(projectPath, workspace);
      const given = prdPath.trim();
      if (given === '') throw new FileSystemError('parameter "prdPath" is empty (expected the path of a PRD in Markdown)', { parameter: 'prdPath' });
      const prdReal = await workspace.resolve(isAbsolute(given) ? given : join(root, given), 'prdPath');
      const info = await stat(prdReal).catch(() => null);
      if (!info) throw new FileSystemError(`parameter "prdPath": "${given}" does not exist (expected a PRD file in Markdown, relative to the project)`, { parameter: 'prdPath', path: given });
      if (!info.isFile()) throw new FileSystemError(`parameter "prdPath": "${given}" is not a file (expected a PRD file in Markdown)`, { parameter: 'prdPath', path: given });
      if (info.size > MAX_PRD_BYTES) throw new FileSystemError(`parameter "prdPath": "${given}" is ${info.size} bytes, more than the ${MAX_PRD_BYTES} a PRD is expected to be`, { parameter: 'prdPath', path: given });
      // Confined: a PRD swapped for a symlink out of the workspace after the checks above is refused (the error names prdPath).
      const text = await workspace.readText(prdReal, { param: 'prdPath', maxBytes: MAX_PRD_BYTES });

      const prd = readPrd(text);
      const findings = findDecisions(prd.sentences);
      const location = await deps.catalog.locate(root, adrDirectory, workspace, 'adrDirectory');
      const catalog = await deps.catalog.read(location);
      const folder = projectRelative(root, location.dir, workspace);
      // What the project already uses joins the options of an open question; a scan that fails only loses that.
      const scan = await deps.scanner.scan(root).then((r) => r.scan).catch(() => null);
      const ctx = prdContext(prd.sentences, findings, scan ? { storage: scan.databases, messaging: scan.messaging, frontend: scan.frameworks } : {});
      const leftOut: Array<{ area: AreaId; reason: string }> = [];

      const skipped: Array<{ area: AreaId; reason: string; disagreement?: string; existingAdr: { number: number | null; title: string; path: string } }> = [];
      const uncovered: AreaFinding[] = [];
      for (const finding of findings) {
        const existing = coveringAdr(finding, catalog.adrs);
        if (existing) {
          const disagreement = prdDisagreement(finding, existing);
          skipped.push({
            area: finding.area.id,
            reason: `ADR ${existing.number ?? '(unnumbered)'} "${existing.title}" already covers ${finding.area.topic}${disagreement ? `, but ${disagreement}` : ''}`,
            ...(disagreement ? { disagreement } : {}),
            existingAdr: { number: existing.number, title: existing.title, path: projectRelative(root, join(location.dir, existing.path), workspace) },
          });
        } else {
          const reason = leaveOutReason(finding, candidatesFor(finding, ctx));
          if (reason) leftOut.push({ area: finding.area.id, reason });
          else uncovered.push(finding);
        }
      }
      // The areas the conversation focuses on are written first (lowest numbers); the set written is the same.
      const focus = conversationFocus(conversationContext);
      const ordered = focusFirst(uncovered, focus, (finding) => [finding.area.id, finding.area.label, finding.area.topic, ...finding.chosen.map((o) => o.name)].join(' '));
      const toWrite = ordered.map((entry) => entry.item);
      const conversation = conversationContext === undefined ? undefined : conversationUse(focus, ordered, (finding) => finding.area.id, 'ADR');

      const prdInfo = { path: projectRelative(root, prdReal, workspace), title: prd.title };
      const date = today();
      const drafts = toWrite.map((finding) => draftFromFinding(finding, prdInfo, date, ctx));
      const written = drafts.length > 0 ? await writeAdrs(workspace, location, drafts, templateFormat, deps.catalog.nextNumber(catalog)) : [];
      for (const status of ['accepted', 'proposed'] as const) {
        await rememberAdrs(deps.events, 'generate_adrs_from_prd', workspace.relative(root), written.filter((_, i) => drafts[i]!.status === status), status);
      }

      const generated = written.map((adr, i) => ({
        path: adr.path,
        number: adr.number,
        title: adr.title,
        area: toWrite[i]!.area.id,
        decided: isDecided(toWrite[i]!),
        status: drafts[i]!.status === 'accepted' ? ('accepted' as const) : ('proposed' as const),
        chosen: drafts[i]!.chosen,
        consideredOptions: drafts[i]!.options.map((o) => o.name),
        ...(toWrite[i]!.setAside.length > 0 ? { rejected: toWrite[i]!.setAside.map((o, k) => ({ option: o.name, quote: toWrite[i]!.setAsideWhy[k]!.quote, line: toWrite[i]!.setAsideWhy[k]!.line })) } : {}),
        evidence: isDecided(toWrite[i]!) && toWrite[i]!.chosen.length === 0 ? toWrite[i]!.ruledOut : toWrite[i]!.evidence,
        ...(ordered[i]!.serves.length ? { serves: ordered[i]!.serves } : {}),
      }));

      let message: string;
      if (findings.length === 0) {
        message = `No architectural decisions found in ${prdInfo.path}: none of its ${prd.sentences.length} sentences names a technology or states a requirement on storage, hosting, authentication, messaging, APIs, front end, performance, compliance or observability. No ADR was written.`;
      } else {
        const open = generated.filter((g) => !g.decided).length;
        const accepted = generated.filter((g) => g.status === 'accepted').length;
        const wrote = generated.length > 0 ? `Wrote ${generated.length} ADR(s) (${accepted} accepted, ${generated.length - accepted} proposed) to ${folder}${generated[0]!.number === null ? '' : ` (numbers ${generated[0]!.number}–${generated[generated.length - 1]!.number})`}${open > 0 ? `, ${open} marked "To be decided"` : ''}` : 'Wrote no ADR';
        const skip = skipped.length > 0 ? `; skipped ${skipped.length} area(s) already covered by an ADR (${skipped.map((s) => s.area).join(', ')})` : '';
        const left = leftOut.length > 0 ? `; left out ${leftOut.map((l) => l.area).join(', ')}: nothing specific to this PRD to decide (see leftOut)` : '';
        message = `${wrote}${skip}${left}.`;
      }
      return {
        summary: message,
        prdPath: workspace.relative(prdReal),
        prdTitle: prd.title,
        adrDirectory: folder,
        templateFormat,
        generated,
        skipped,
        leftOut,
        sentencesRead: prd.sentences.length,
        ...(conversation ? { conversation } : {}),
        message,
      };
    },
  });
