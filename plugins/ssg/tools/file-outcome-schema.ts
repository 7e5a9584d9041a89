/** Output schemas shared by the tools that write site files. */
import { StringEnum, Type } from '../../../sdk/index.js';

export const FileOutcomeSchema = Type.Object({
  path: Type.String({ description: 'Workspace-relative path.' }),
  status: StringEnum(['written', 'updated', 'unchanged', 'skipped'] as const),
  reason: Type.Optional(Type.String()),
  diff: Type.Optional(Type.String({ description: 'How the existing file differs from the generated one.' })),
});

export const SetupSchema = Type.Object({
  binary: Type.String(),
  install: Type.String(),
  build: Type.String(),
  outputDir: Type.String(),
  serve: Type.String(),
  workingDirectory: Type.String(),
});
