/**
 * discover_existing_adrs: the project's ADR catalogue (every record with its number, title,
 * status, format and links), a summary, and the problems a reviewer would want to hear about.
 * Read-only: it reads the ADR folder and writes nothing, not even a cache entry.
 */
import { stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { defineTool, FileSystemError, Params, StringEnum, Type, type TSchema, type Workspace } from '../../../sdk/index.js';
import { ConversationContext, NOT_USED, ProjectPath } from '../../project/api.js';
import { ADR_CONFIG_FILES, ADR_DIRECTORY_CANDIDATES, findAdrDirectory } from '../catalog/index.js';
import { plain } from '../catalog/markdown.js';
import { ADR_FORMATS, ADR_STATUSES, LINK_KINDS, type Catalog, type LinkKind, type ParsedAdr } from '../catalog/types.js';
import type { AdrToolDeps } from '../deps.js';
import { DEFAULT_ADR_DIRECTORY, type AdrLocation } from '../service.js';

/** Context and decision excerpts are cut here: enough to recognise a record, not to replace reading it. */
export const EXCERPT_LENGTH = 240;

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const Numbers = () => Type.Array(Type.Integer());
const Links = Type.Object(
  { supersedes: Numbers(), supersededBy: Numbers(), amends: Numbers(), amendedBy: Numbers(), relatesTo: Numbers() },
  { description: 'ADR numbers this record links to, both the ones it states and the reverse of links other records state.' },
);

const AdrEntry = Type.Object({
  path: Type.String({ description: 'File path relative to the project root.' }),
  number: Nullable(Type.Integer()),
  title: Type.String({ description: 'Without the "ADR 3:" or "3." prefix.' }),
  status: Nullable(StringEnum(ADR_STATUSES)),
  rawStatus: Nullable(Type.String({ description: 'The status as written, before normalisation.' })),
  date: Nullable(Type.String()),
  deciders: Type.Array(Type.String()),
  tags: Type.Array(Type.String()),
  format: StringEnum(ADR_FORMATS),
  links: Links,
  linkedPaths: Type.Optional(Type.Object(
    Object.fromEntries(LINK_KINDS.map((kind) => [kind, Type.Optional(Type.Array(Type.String()))])),
    { description: 'Linked records without a number, by path.' },
  )),
  context: Nullable(Type.String({ description: `The context, flattened and cut to ${EXCERPT_LENGTH} characters.` })),
  decision: Nullable(Type.String({ description: `The decision, flattened and cut to ${EXCERPT_LENGTH} characters.` })),
  consideredOptions: Type.Array(Type.String()),
});

const Problem = Type.Object({
  kind: Type.String({ description: 'duplicate-number, duplicate-name, missing-number, missing-status, unknown-status, broken-link, missing-successor, one-way-supersession, heading-number-mismatch (the heading number differs from the file number), duplicate-title or unreadable.' }),
  message: Type.String(),
  paths: Type.Array(Type.String({ description: 'Relative to the project root.' })),
  numbers: Type.Array(Type.Integer()),
});

const Summary = Type.Object({
  total: Type.Integer(),
  byStatus: Type.Object(Object.fromEntries([...ADR_STATUSES, 'unknown'].map((s) => [s, Type.Integer()]))),
  byFormat: Type.Object(Object.fromEntries(ADR_FORMATS.map((f) => [f, Type.Integer()]))),
});

/** Forward-slash path of `absolute` relative to the project root, or to the workspace when it lies outside the project. */
export function projectRelative(root: string, absolute: string, workspace: Workspace): string {
  const rel = relative(root, absolute);
  if (rel === '') return '.';
  if (rel.startsWith('..') || isAbsolute(rel)) return workspace.relative(absolute);
  return rel.split(sep).join('/');
}

export function excerpt(text: string | null, length = EXCERPT_LENGTH): string | null {
  if (!text) return null;
  const flat = plain(text.replace(/^\s*(?:[*+-]|>|\d+[.)])\s+/gm, ''));
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > length / 2 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

export function adrEntry(adr: ParsedAdr, root: string, dir: string, workspace: Workspace) {
  const links = Object.fromEntries(
    LINK_KINDS.map((kind) => [kind, [...new Set(adr.links[kind].map((l) => l.target).filter((n): n is number => n !== null))]]),
  ) as Record<LinkKind, number[]>;
  const paths = LINK_KINDS.map((kind) => [kind, [...new Set(adr.links[kind].flatMap((l) => (l.path === undefined ? [] : [projectRelative(root, join(dir, l.path), workspace)])))]] as [LinkKind, string[]]).filter(([, list]) => list.length > 0);
  return {
    path: projectRelative(root, join(dir, adr.path), workspace),
    number: adr.number,
    title: adr.title,
    status: adr.status,
    rawStatus: adr.rawStatus,
    date: adr.date,
    deciders: adr.deciders,
    tags: adr.tags,
    format: adr.format,
    links,
    ...(paths.length > 0 ? { linkedPaths: Object.fromEntries(paths) } : {}),
    context: excerpt(adr.context),
    decision: excerpt(adr.decision),
    consideredOptions: adr.consideredOptions.slice(0, 12),
  };
}

/**
 * The ADR folder for a call: `locate`, plus the error a user needs when a folder they named
 * is missing (the default folder may be missing: then the catalogue is empty).
 */
export async function locateAdrs(deps: AdrToolDeps, root: string, adrDirectory: string | undefined, workspace: Workspace): Promise<AdrLocation> {
  const location = await deps.catalog.locate(root, adrDirectory, workspace, 'adrDirectory');
  const given = adrDirectory?.trim() || DEFAULT_ADR_DIRECTORY;
  if (!location.exists && given !== DEFAULT_ADR_DIRECTORY) {
    const info = await stat(location.dir).catch(() => null);
    const what = info ? 'is a file' : 'does not exist';
    throw new FileSystemError(`parameter "adrDirectory": "${given}" ${what} (expected a folder of ADRs inside the project, relative to it)`, {
      parameter: 'adrDirectory',
      path: given,
    });
  }
  return location;
}

function describeCounts(catalog: Catalog): string {
  const parts = Object.entries(catalog.summary.byStatus)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${count} ${status === 'unknown' ? 'without a status' : status}`);
  return parts.join(', ');
}

export const discoverExistingAdrsTool = (deps: AdrToolDeps) =>
  defineTool({
    name: 'discover_existing_adrs',
    title: 'Discover existing ADRs',
    description:
      'List the ADRs a project already has: number, title, status, date, format and links between them, with problems (duplicate or missing numbers, missing statuses, broken links). Use it before writing or suggesting ADRs, or to review the decision log. Read-only.',
    input: Params({
      adrDirectory: Type.Optional(Type.String({
        default: DEFAULT_ADR_DIRECTORY,
        description: 'Folder of the ADRs, relative to the project; falls back to .adr-dir or the usual ADR folders.',
      })),
      projectPath: ProjectPath('Project folder inside the workspace; defaults to the workspace root.'),
      conversationContext: ConversationContext(NOT_USED),
    }),
    output: Type.Object({
      summary: Type.String(),
      projectPath: Type.String({ description: 'The project root, relative to the workspace ("." for the root).' }),
      adrDirectory: Type.Optional(Type.String({ description: 'The ADR folder used (or looked for), relative to the project.' })),
      source: Type.String({ description: 'How the folder was chosen: "parameter", ".adr-dir", or the usual folder found (e.g. "doc/adr").' }),
      found: Type.Boolean({ description: 'Whether an ADR folder exists.' }),
      naming: Type.Optional(StringEnum(['numbered', 'date', 'slug'] as const)),
      searched: Type.Array(Type.String(), { description: 'Folders looked at, relative to the project.' }),
      adrs: Type.Array(AdrEntry),
      counts: Summary,
      problems: Type.Array(Problem),
      skipped: Type.Array(Type.String({ description: 'Markdown files in the folder that are not ADRs (README, index, template), relative to the project.' })),
      message: Type.String(),
    }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async handler({ adrDirectory, projectPath }, context) {
      const { workspace } = context;
      const root = await deps.scanner.resolveRoot(projectPath, workspace);
      const location = await locateAdrs(deps, root, adrDirectory, workspace);
      const catalog = await deps.catalog.read(location);
      const rel = (path: string) => projectRelative(root, join(location.dir, path), workspace);
      const folder = projectRelative(root, location.dir, workspace);

      let searched = [folder];
      let message: string;
      if (!location.exists) {
        // Nothing at the default folder and nothing at the usual places: say where we looked.
        const found = await findAdrDirectory(root);
        searched = [...new Set([DEFAULT_ADR_DIRECTORY, ...ADR_CONFIG_FILES, ...ADR_DIRECTORY_CANDIDATES])];
        const adrDirNote = found.source !== 'none' ? ` (${found.source})` : '';
        message = `No ADRs found: ${folder} does not exist and no ADR folder was found among ${searched.join(', ')}${adrDirNote}. Record the first decision with generate_adr_from_decision.`;
      } else if (catalog.adrs.length === 0) {
        message = `${folder} holds no ADRs${catalog.skipped.length > 0 ? ` (${catalog.skipped.length} other Markdown file(s) skipped)` : ''}.`;
      } else {
        const how = location.source === 'parameter' ? '' : ` (found via ${location.source})`;
        const problems = catalog.problems.length > 0 ? `; ${catalog.problems.length} problem(s) to review` : '';
        const named = catalog.scheme === 'date' ? ', named by date' : catalog.scheme === 'slug' ? ', named by slug' : '';
        message = `Found ${catalog.adrs.length} ADR(s) in ${folder}${how}${named}: ${describeCounts(catalog)}${problems}.`;
      }

      return {
        summary: message,
        projectPath: workspace.relative(root) || '.',
        adrDirectory: folder,
        source: location.source,
        found: location.exists,
        ...(catalog.scheme && catalog.adrs.length > 0 ? { naming: catalog.scheme } : {}),
        searched,
        adrs: catalog.adrs.map((adr) => adrEntry(adr, root, location.dir, workspace)),
        counts: catalog.summary,
        problems: catalog.problems.map((p) => ({ kind: p.kind, message: p.message, paths: p.paths.map(rel), numbers: p.numbers })),
        skipped: catalog.skipped.map(rel),
        message,
      };
    },
  });
