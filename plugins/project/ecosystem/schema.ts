/** The inline result of analyze_project_ecosystem: top entries and counts; the full report is the resource at `resourceUri`. */
import { StringEnum, Type, type Static } from '../../../sdk/index.js';
import { ConversationUse } from '../conversation.js';
import { EnvironmentReportSchema } from '../environment/schema.js';

const Str = Type.String();
const Strings = Type.Array(Type.String());
const Strength = StringEnum(['direct', 'heuristic'] as const, { description: 'direct: a manifest dependency or a config file; heuristic: a file-name convention (only outside strictMode).' });
const Detection = Type.Object({ name: Str, strength: Strength, evidence: Type.Array(Type.String(), { description: 'At most 3 here: "manifest: dependency" or a file path.' }) });
const Detections = Type.Object({ total: Type.Integer(), top: Type.Array(Detection) });
const Signal = Type.Object({ tool: Str, evidence: Strings });

/** What the call did with conversationContext (present when it was given). */
export const ConversationUseSchema = ConversationUse('Ids of the recommendations serving it; empty when none does.');

export const EcosystemResultSchema = Type.Object({
  summary: Str,
  projectPath: Type.String({ description: 'The project folder, relative to the workspace ("." for the root).' }),
  resourceUri: Type.String({ description: 'toolpack://analysis/{id}: the full report (every detection with its evidence, every subproject within the depth, the environment analysis).' }),
  scan: Type.Object({
    fingerprint: Type.String({ description: 'sha256 over the listed paths, sizes and mtimes.' }),
    cached: Type.Boolean({ description: 'The stored scan for this fingerprint was reused.' }),
    source: StringEnum(['git', 'filesystem'] as const),
    files: Type.Integer(),
    bytes: Type.Integer(),
    truncated: Type.Boolean(),
  }),
  options: Type.Object({ recursiveDepth: Str, strictMode: Type.Boolean(), includeEnvironment: Type.Boolean() }),
  technologyStack: Type.Object({
    languages: Type.Array(Type.Object({ language: Str, files: Type.Integer(), bytes: Type.Integer(), share: Type.Number({ description: 'Percent of the bytes of code (data and documentation formats excluded).' }) })),
    languageCount: Type.Integer(),
    ecosystems: Type.Array(Type.Object({ ecosystem: Str, manifests: Type.Integer(), dependencies: Type.Integer(), devDependencies: Type.Integer() })),
    manifests: Type.Array(Type.Object({ path: Str, ecosystem: Str, name: Type.Union([Type.String(), Type.Null()]), dependencies: Type.Integer(), devDependencies: Type.Integer(), from: Type.Optional(Str) })),
    manifestCount: Type.Integer(),
    leftOut: Type.Object(
      { total: Type.Integer(), top: Type.Array(Type.Object({ path: Str, from: Str, why: Str })) },
      { description: 'Not the product\'s, so left out of the stack and advice: fixture, example, docs, template, vendored or generated manifests, infrastructure and folders.' },
    ),
    frameworks: Detections,
    databases: Detections,
    messaging: Detections,
    testing: Detections,
  }),
  architecture: Type.Object({
    patterns: Type.Array(Type.Object({ kind: Str, strength: Strength, evidence: Strings })),
    services: Type.Object({ total: Type.Integer(), top: Type.Array(Type.Object({ name: Str, kind: Str, source: Str })) }),
    subprojects: Type.Object({
      recursiveDepth: Str,
      depthLimit: Type.Union([Type.Integer(), Type.Null()], { description: 'Deepest folder level reported (null: no limit).' }),
      total: Type.Integer({ description: 'Folders below the root with their own manifest.' }),
      included: Type.Integer(),
      omittedBeyondDepth: Type.Integer(),
      top: Type.Array(
        Type.Object({ path: Str, depth: Type.Integer(), manifests: Strings, frameworks: Strings, databases: Strings, languages: Strings, files: Type.Integer(), testFiles: Type.Integer(), dockerfile: Type.Union([Type.String(), Type.Null()]) }),
      ),
    }),
  }),
  infrastructure: Type.Object({
    dockerfiles: Type.Array(Type.Object({ path: Str, images: Strings })),
    compose: Type.Array(Type.Object({ path: Str, services: Strings })),
    kubernetes: Type.Object({ resources: Type.Integer(), kinds: Type.Record(Type.String(), Type.Integer()) }),
    helm: Strings,
    terraform: Type.Object({ files: Type.Integer(), providers: Strings }),
    serverless: Strings,
  }),
  quality: Type.Object({
    tests: Type.Object({ files: Type.Integer(), sourceFiles: Type.Integer(), ratio: Type.Number(), computedFrom: Str, frameworks: Strings, sample: Strings }),
    ci: Type.Object({ providers: Strings, configs: Type.Array(Type.Object({ provider: Str, path: Str, jobs: Strings })) }),
    linting: Type.Array(Signal),
    formatting: Type.Array(Signal),
    typing: Type.Object({
      typedLanguages: Strings,
      typescript: Type.Array(Type.Object({ path: Str, strict: Type.Union([Type.Boolean(), Type.Null()]), extends: Type.Union([Type.String(), Type.Null()]) })),
      python: Type.Array(Signal),
    }),
  }),
  recommendations: Type.Array(
    Type.Object({
      id: Str,
      priority: StringEnum(['high', 'medium', 'low'] as const),
      category: Str,
      message: Str,
      evidence: Type.Array(Type.String(), { description: 'What was found (or looked for and not found) that calls for it.' }),
      serves: Type.Optional(Type.Array(Type.String(), { description: 'The conversationContext focus areas and goals this recommendation serves (such recommendations come first).' })),
    }),
  ),
  conversation: Type.Optional(ConversationUseSchema),
  environment: Type.Optional(EnvironmentReportSchema),
  aiEnhanced: Type.Boolean({ description: 'True when a model-written summary (MCP sampling) was added; the rest is always computed from the files.' }),
  aiSummary: Type.Optional(Type.String()),
  knowledgeEnhancement: Type.Object({ requested: Type.Boolean(), applied: Type.Boolean(), note: Str }),
  learning: Type.Object({ enabled: Type.Boolean(), published: Type.Boolean(), topic: Type.Union([Type.String(), Type.Null()]), note: Str }),
});

export type EcosystemResult = Static<typeof EcosystemResultSchema>;
