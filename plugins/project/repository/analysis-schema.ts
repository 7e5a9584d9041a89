/** The Analysis object analyze_repository returns and stores (seed 001, section 2), as TypeBox. */
import { StringEnum, Type } from '../../../sdk/index.js';
import { PROJECT_TYPES } from './classify.js';
import { ASSESSMENT_LEVELS } from './documentation.js';

export const DEPTHS = ['quick', 'standard', 'deep', 'comprehensive'] as const;
export type Depth = (typeof DEPTHS)[number];

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const Str = Type.String();

const Structure = Type.Object(
  {
    totalFiles: Type.Number({ description: 'Files in the listing (git\'s, or a walk honouring .gitignore); the same at every depth.' }),
    totalDirectories: Type.Number(),
    totalBytes: Type.Number(),
    languages: Type.Record(Str, Type.Number(), { description: 'Files per language.' }),
    topLanguages: Type.Array(Type.Object({ language: Str, files: Type.Number(), bytes: Type.Number(), percent: Type.Number({ description: 'Share of the bytes of files in a recognised language.' }) })),
    primaryLanguage: Nullable(Str),
    hasTests: Type.Boolean(),
    testFiles: Type.Number(),
    hasCI: Type.Boolean(),
    hasDocs: Type.Boolean(),
    features: Type.Array(Type.Object({ name: Str, evidence: Type.Array(Str) }), { description: 'docker, kubernetes, monorepo, ci, typescript, linting, ... each with the files that show it.' }),
    listing: StringEnum(['git', 'filesystem'] as const),
    truncated: Type.Boolean({ description: 'The listing stopped at the scanner\'s file cap.' }),
  },
  { description: 'File counts, languages and project features.' },
);

const Dependencies = Type.Object(
  {
    ecosystems: Type.Array(Str),
    primaryEcosystem: Nullable(Str),
    manifests: Type.Number(),
    packages: Type.Object({ total: Type.Number(), runtime: Type.Number(), dev: Type.Number() }, { description: 'Distinct packages per ecosystem, summed; runtime wins when a package is both.' }),
    byEcosystem: Type.Optional(Type.Array(Type.Object({ ecosystem: Str, manifests: Type.Number(), runtime: Type.Number(), dev: Type.Number() }))),
    runtime: Type.Optional(Type.Array(Str, { description: 'Top runtime packages.' })),
    dev: Type.Optional(Type.Array(Str, { description: 'Top development packages.' })),
    frameworks: Type.Optional(Type.Array(Str)),
    databases: Type.Optional(Type.Array(Str)),
    messaging: Type.Optional(Type.Array(Str)),
    testing: Type.Optional(Type.Array(Str)),
    leftOut: Type.Optional(Type.Array(Type.Object({ path: Str, from: Str }), { description: 'Manifests of fixtures, samples, docs sites or templates: not counted here (first 10).' })),
  },
  { description: 'Package ecosystems and counts; names from standard depth.' },
);

const Readme = Type.Object({
  path: Str,
  lines: Type.Optional(Type.Number()),
  words: Type.Optional(Type.Number()),
  sections: Type.Optional(Type.Array(Str)),
  has: Type.Optional(Type.Record(Str, Type.Boolean())),
  codeBlocks: Type.Optional(Type.Number()),
});

const Documentation = Type.Object(
  {
    readme: Nullable(Readme),
    docsFolders: Type.Array(Str),
    docsFiles: Type.Number(),
    generators: Type.Array(Type.Object({ name: Str, path: Str })),
    contributing: Nullable(Str),
    license: Nullable(Str),
    changelog: Nullable(Str),
    codeOfConduct: Nullable(Str),
    apiDocs: Type.Array(Str),
    assessment: Type.Optional(
      Type.Object({
        level: StringEnum(ASSESSMENT_LEVELS),
        met: Type.Array(Str),
        missing: Type.Array(Str),
        points: Type.Number({ description: 'Criteria met, one point each.' }),
        maxPoints: Type.Number(),
      }),
    ),
  },
  { description: 'What documentation exists; the README content and an assessment from standard depth.' },
);

const Recommendations = Type.Object({
  primaryLanguage: Nullable(Str),
  projectType: Type.Object({
    type: StringEnum(PROJECT_TYPES),
    confidence: StringEnum(['high', 'medium', 'low'] as const),
    evidence: Type.Array(Str),
    alsoMatches: Type.Array(StringEnum(PROJECT_TYPES)),
  }),
  teamSize: Type.Object({
    estimate: StringEnum(['solo', 'small', 'medium', 'large', 'unknown'] as const),
    source: StringEnum(['git-authors', 'unknown'] as const),
    authors: Nullable(Type.Number()),
    reason: Str,
  }),
  documentationSite: Type.Object({
    existing: Type.Array(Type.Object({ name: Str, path: Str })),
    ecosystem: StringEnum(['javascript', 'python', 'go', 'ruby', 'any'] as const),
    candidates: Type.Array(Str, { description: 'Generators of that ecosystem.' }),
    docsFolder: Nullable(Str),
    hints: Type.Array(Str),
  }),
});

const History = Type.Object({
  commits: Type.Number(),
  authors: Type.Number(),
  sampled: Type.Boolean(),
  firstCommit: Nullable(Str),
  lastCommit: Nullable(Str),
  commitsLast30Days: Type.Number(),
  commitsLast90Days: Type.Number(),
  activeAuthorsLast90Days: Type.Number(),
  activity: StringEnum(['active', 'moderate', 'low', 'inactive'] as const, { description: 'active: 10+ commits in 30 days; moderate: 5+ in 90; low: any in 90; inactive: none.' }),
});

const Directory = Type.Object({ path: Str, depth: Type.Number(), files: Type.Number(), bytes: Type.Number(), languages: Type.Array(Str), testFiles: Type.Number() });

export const AnalysisOutput = Type.Object({
  summary: Str,
  id: Type.String({ description: 'The analysisId later tools take: stable for the same folder, tree and depth.' }),
  resourceUri: Type.String({ description: 'toolpack://analysis/{id}: the stored analysis with full detail.' }),
  timestamp: Type.String(),
  path: Type.String({ description: 'The analysed folder, workspace-relative.' }),
  depth: StringEnum(DEPTHS),
  computed: Type.Array(Str, { description: 'The parts computed at this depth.' }),
  structure: Structure,
  dependencies: Dependencies,
  documentation: Documentation,
  recommendations: Recommendations,
  history: Type.Optional(Nullable(History)),
  directories: Type.Optional(Type.Array(Directory, { description: 'The largest folders (comprehensive depth); the stored analysis lists more.' })),
});
