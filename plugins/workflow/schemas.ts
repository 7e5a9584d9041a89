/** Result schemas the workflow tools share. */
import { StringEnum, Type } from '../../sdk/index.js';

export const PlannedStepSchema = Type.Object({
  order: Type.Integer(),
  tool: Type.String(),
  arguments: Type.Record(Type.String(), Type.Unknown(), { description: 'Filled in for this project: its folder, ADR folder, TODO file, docs folder.' }),
  why: Type.String(),
  fillFrom: Type.Optional(Type.String({ description: 'Arguments shown as <...> come from here.' })),
});

export const SkippedStepSchema = Type.Object({ tool: Type.String(), reason: Type.String() });

export const WordingSchema = StringEnum(['deterministic', 'ai'] as const, { description: 'deterministic: the summary as computed; ai: the client\'s model reworded it (the data is unchanged).' });

export const ProjectStateSchema = Type.Object({
  adrDirectory: Type.Object({ path: Type.String(), exists: Type.Boolean() }),
  adrs: Type.Integer(),
  acceptedAdrs: Type.Integer(),
  proposedAdrs: Type.Integer(),
  todo: Type.Object({ path: Type.String(), found: Type.Boolean(), open: Type.Integer(), done: Type.Integer() }),
  docsFolder: Type.Union([Type.String(), Type.Null()]),
  prd: Type.Union([Type.String(), Type.Null()]),
  ci: Type.Array(Type.String()),
  dockerfiles: Type.Array(Type.String()),
  kubernetes: Type.Boolean(),
  undocumentedDecisions: Type.Array(Type.String()),
  testFramework: Type.Union([Type.String(), Type.Null()]),
  technologies: Type.Array(Type.String()),
});
