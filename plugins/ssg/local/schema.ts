/** The result of test_local_deployment. */
import { Type, type Static } from '../../../sdk/index.js';

const Diagnostic = Type.Object({
  file: Type.Optional(Type.String({ description: 'Relative to the site root when inside it.' })),
  line: Type.Optional(Type.Integer()),
  column: Type.Optional(Type.Integer()),
  message: Type.String(),
});

const PageProblem = Type.Object({ file: Type.String(), reason: Type.String() });

export const LocalDeploymentSchema = Type.Object({
  summary: Type.String(),
  ok: Type.Boolean({ description: 'Built, served, home page and every page rendered.' }),
  ssg: Type.String(),
  siteRoot: Type.String({ description: 'The site folder, relative to the workspace.' }),
  build: Type.Object({
    ok: Type.Boolean(),
    skipped: Type.Boolean(),
    ms: Type.Integer(),
    command: Type.String(),
    outputDir: Type.String({ description: 'Relative to the workspace.' }),
    pages: Type.Integer({ description: 'HTML files in outputDir.' }),
    exitCode: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    timedOut: Type.Optional(Type.Boolean()),
    errors: Type.Array(Diagnostic),
    outputTail: Type.Optional(Type.String({ description: 'The end of the build output when it failed.' })),
  }),
  pages: Type.Object({
    checked: Type.Integer(),
    rendered: Type.Integer(),
    served: Type.Integer(),
    raw: Type.Array(PageProblem),
    missing: Type.Array(PageProblem),
    notListed: Type.Integer(),
  }),
  home: Type.Optional(
    Type.Object({ url: Type.String(), status: Type.Integer(), contentType: Type.Union([Type.String(), Type.Null()]), rendered: Type.Boolean(), problem: Type.Optional(Type.String()) }),
  ),
  server: Type.Object({
    started: Type.Boolean(),
    url: Type.String(),
    status: Type.Optional(Type.Integer()),
    ms: Type.Integer(),
    command: Type.Optional(Type.String()),
    error: Type.Optional(Type.String()),
    outputTail: Type.Optional(Type.String()),
  }),
  stopped: Type.Boolean({ description: 'Every process started was stopped (the whole process group).' }),
  notes: Type.Array(Type.String()),
});

export type LocalDeployment = Static<typeof LocalDeploymentSchema>;
