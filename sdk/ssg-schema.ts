/**
 * The schema of one SSG adapter (sdk/ssg.ts's SsgAdapter) as data: the ssg pack's
 * `ssg.adapters` extension point declares it, so the kernel checks every adapter a
 * module contributes before any tool reads it (a missing `traits` would otherwise
 * fail every recommend_ssg call later). Methods are checked as functions.
 * Kept beside the interface: a field added there is added here.
 */
import { Type } from 'typebox';
import { StringEnum } from './schema.js';

const Fn = Type.Function([], Type.Unknown());
const Text = Type.String({ minLength: 1 });

const SsgCommandFields = {
  command: Text,
  args: Type.Array(Type.String()),
  env: Type.Optional(Type.Record(Type.String(), Type.String())),
};

export const SsgTraitsSchema = Type.Object({
  ecosystem: StringEnum(['javascript', 'python', 'ruby', 'go', 'other'] as const),
  features: Type.Object({
    versioning: Type.Boolean(),
    search: Type.Boolean(),
    i18n: Type.Boolean(),
    apiReference: Type.Boolean(),
    blog: Type.Boolean(),
    mdx: Type.Boolean(),
  }),
  buildSpeed: StringEnum(['fast', 'medium', 'slow'] as const),
  setupComplexity: StringEnum(['low', 'medium', 'high'] as const),
  comfortablePages: Type.Integer({ minimum: 1 }),
});

export const SsgAdapterSchema = Type.Object({
  id: Type.String({ pattern: '^[a-z][a-z0-9-]*$' }),
  name: Text,
  homepage: Text,
  traits: SsgTraitsSchema,
  markers: Type.Array(Text, { minItems: 1 }),
  detectText: Type.Optional(Fn),
  configFiles: Fn,
  sectionDir: Fn,
  pageFile: Fn,
  navigation: Fn,
  build: Type.Object({ ...SsgCommandFields, outputDir: Text }),
  serve: Fn,
  requires: Type.Object({ binary: Text, install: Text, versionArgs: Type.Optional(Type.Array(Type.String())) }),
  workflowSteps: Fn,
  siteNeeds: Type.Optional(Fn),
});
