/**
 * generate_adr_from_decision: one decision → one complete ADR file, numbered after the
 * existing ones, in the requested template, never over an existing file.
 */
import { join } from 'node:path';
import { defineTool, Params, StringEnum, Type, ValidationError, type Static } from '../../../sdk/index.js';
import { ConversationContext, NOT_USED } from '../../project/api.js';
import { parseAdr, titleParts } from '../catalog/parse-adr.js';
import { ADR_STATUSES, ADR_FORMATS, type AdrStatus } from '../catalog/types.js';
import type { AdrToolDeps } from '../deps.js';
import { DEFAULT_ADR_DIRECTORY } from '../service.js';
import { rememberAdrs } from '../remember.js';
import { PARSED_FORMAT, TEMPLATE_FORMATS, today, writeAdrs, type AdrDraft, type OptionDraft } from '../templates/index.js';
import { projectRelative } from './discover-existing-adrs.js';

const OptionInput = Type.Union([
  Type.String({ description: 'Option name.' }),
  Type.Object(
    {
      name: Type.String({ description: 'e.g. "PostgreSQL".' }),
      description: Type.Optional(Type.String()),
      pros: Type.Optional(Type.Array(Type.String(), { description: 'Arguments for.' })),
      cons: Type.Optional(Type.Array(Type.String(), { description: 'Arguments against.' })),
    },
    { additionalProperties: false },
  ),
]);

const DecisionData = Type.Object(
  {
    title: Type.String({ description: 'Imperative, e.g. "Use PostgreSQL for order data".' }),
    context: Type.String({ description: 'Problem and forces.' }),
    decision: Type.String({ description: 'e.g. "We will use PostgreSQL 16."' }),
    rationale: Type.Optional(Type.String({ description: 'Why this option.' })),
    consequences: Type.Optional(
      Type.Array(Type.String(), { description: 'Items may start with "Good:", "Bad:" or "Neutral:".' }),
    ),
    options: Type.Optional(Type.Array(OptionInput, { description: 'All options considered, chosen included.' })),
    alternatives: Type.Optional(Type.Array(OptionInput, { description: 'Options not chosen.' })),
    chosenOption: Type.Optional(Type.String({ description: 'Default: the option the decision names.' })),
    decisionDrivers: Type.Optional(Type.Array(Type.String(), { description: 'Criteria that drove it.' })),
    deciders: Type.Optional(Type.Array(Type.String(), { description: 'Who decided.' })),
    tags: Type.Optional(Type.Array(Type.String())),
    status: Type.Optional(StringEnum(ADR_STATUSES, { description: 'Default proposed.' })),
  },
  {
    additionalProperties: false,
    description:
      'The decision to record; title, context and decision are required.',
  },
);
type DecisionInput = Static<typeof DecisionData>;

function required(value: unknown, field: string, expected: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ValidationError(`parameter "decisionData.${field}" is ${value === undefined ? 'missing' : 'empty'} (expected ${expected})`, { parameter: `decisionData.${field}` });
  }
  return value.trim();
}

function strings(value: unknown, field: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw new ValidationError(`parameter "decisionData.${field}" must be an array of strings`, { parameter: `decisionData.${field}` });
  }
  return value.map((item: string) => item.trim()).filter(Boolean);
}

function toOption(input: string | { name: string; description?: string; pros?: string[]; cons?: string[] }, field: string): OptionDraft {
  if (typeof input === 'string') return { name: required(input, field, 'an option name'), pros: [], cons: [] };
  return {
    name: required(input.name, `${field}.name`, 'an option name'),
    description: input.description?.trim() || undefined,
    pros: strings(input.pros, `${field}.pros`),
    cons: strings(input.cons, `${field}.cons`),
  };
}

const mentions = (text: string, name: string) => new RegExp(`(^|[^\\w])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w])`, 'i').exec(text)?.index ?? -1;

/** decisionData → a draft, with clear errors naming the field that is wrong. */
export function draftFromDecision(data: DecisionInput, date: string): Omit<AdrDraft, 'number'> {
  const rawTitle = required(data.title, 'title', 'a short title for the decision');
  const title = titleParts(rawTitle.replace(/\s+/g, ' ')).title.replace(/\.$/, '') || rawTitle;
  const context = required(data.context, 'context', 'the problem and forces behind the decision');
  const decision = required(data.decision, 'decision', 'the decision that was made');
  const rationale = data.rationale?.trim() || undefined;

  const listed = (data.options ?? []).map((o, i) => toOption(o, `options[${i}]`));
  const rejected = (data.alternatives ?? []).map((o, i) => toOption(o, `alternatives[${i}]`));
  const options: OptionDraft[] = [];
  for (const option of [...listed, ...rejected]) if (!options.some((o) => o.name.toLowerCase() === option.name.toLowerCase())) options.push(option);

  // The chosen option: as stated, else the listed option the decision names first, else the decision itself (its title).
  let chosen = data.chosenOption?.trim();
  if (!chosen) {
    const named = listed.map((o) => ({ name: o.name, at: mentions(decision, o.name) })).filter((o) => o.at >= 0 && !rejected.some((r) => r.name.toLowerCase() === o.name.toLowerCase()));
    chosen = named.sort((a, b) => a.at - b.at)[0]?.name ?? title;
  }
  const existing = options.find((o) => o.name.toLowerCase() === chosen!.toLowerCase());
  if (existing) chosen = existing.name;
  else if (options.length > 0) options.unshift({ name: chosen, pros: [], cons: [] });

  return {
    title,
    date,
    status: (data.status ?? 'proposed') as AdrStatus,
    context,
    decision,
    rationale,
    consequences: strings(data.consequences, 'consequences'),
    options,
    chosen: [chosen],
    drivers: strings(data.decisionDrivers, 'decisionDrivers'),
    deciders: strings(data.deciders, 'deciders'),
    tags: strings(data.tags, 'tags'),
  };
}

export const generateAdrFromDecisionTool = (deps: AdrToolDeps) =>
  defineTool({
    name: 'generate_adr_from_decision',
    title: 'Generate an ADR from a decision',
    description:
      'Write one ADR file for a decision made or proposed, with the next free number, in the folder\'s naming style. Use it when a decision in the conversation should be recorded; for many decisions from a PRD use generate_adrs_from_prd. Never overwrites a file.',
    input: Params({
      decisionData: DecisionData,
      adrDirectory: Type.Optional(Type.String({ default: DEFAULT_ADR_DIRECTORY, description: 'Folder for the ADR, relative to the workspace root; created if missing (default: an existing ADR folder).' })),
      templateFormat: Type.Optional(StringEnum(TEMPLATE_FORMATS, { default: 'standard', description: 'standard: Nygard; madr: MADR; y-statements: "In the context of …, we decided for …".' })),
      conversationContext: ConversationContext(NOT_USED),
    }),
    output: Type.Object({
      summary: Type.String(),
      path: Type.String({ description: 'The new file, relative to the workspace root.' }),
      fileName: Type.String(),
      number: Type.Union([Type.Integer(), Type.Null()]),
      title: Type.String(),
      status: StringEnum(ADR_STATUSES),
      date: Type.String(),
      format: StringEnum(TEMPLATE_FORMATS),
      parsedFormat: StringEnum(ADR_FORMATS, { description: 'The format discover_existing_adrs reports for the file.' }),
      adrDirectory: Type.Optional(Type.String({ description: 'The folder written to, relative to the workspace root.' })),
      template: Type.Optional(Type.String({ description: 'The folder template followed.' })),
      content: Type.String({ description: 'The Markdown written.' }),
      message: Type.String(),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    async handler({ decisionData, adrDirectory, templateFormat = 'standard' }, context) {
      const { workspace } = context;
      const draft = draftFromDecision(decisionData, today());
      const root = await deps.scanner.resolveRoot(undefined, workspace);
      const location = await deps.catalog.locate(root, adrDirectory, workspace, 'adrDirectory');
      const catalog = await deps.catalog.read(location);
      const number = deps.catalog.nextNumber(catalog);
      const [adr] = await writeAdrs(workspace, location, [draft], templateFormat, number);
      const folder = projectRelative(root, location.dir, workspace);
      await rememberAdrs(deps.events, 'generate_adr_from_decision', workspace.relative(root), [adr!], draft.status);
      const template = adr!.template === undefined ? undefined : workspace.relative(join(location.dir, adr!.template));
      const which = adr!.number === null ? 'an ADR' : `ADR ${adr!.number}`;
      const following = template ? `, following ${template}` : '';
      const message = `Wrote ${which} "${draft.title}" (${draft.status}) to ${adr!.path}${following}${location.exists ? '' : `, creating ${folder}`}.`;
      return {
        summary: message.replace(/\s+/g, ' '),
        path: adr!.path,
        fileName: adr!.fileName,
        number: adr!.number,
        title: draft.title,
        status: draft.status,
        date: draft.date,
        format: adr!.format,
        // Read back as discover_existing_adrs reads it: a standard record in an adr-tools folder is adr-tools.
        parsedFormat: (await parseAdr(adr!.fileName, adr!.content))?.format ?? PARSED_FORMAT[adr!.format],
        adrDirectory: folder,
        ...(template ? { template } : {}),
        content: adr!.content,
        message,
      };
    },
  });
