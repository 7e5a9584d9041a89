/**
 * The rule set format: what generate_rules emits as json/yaml, create_rule_set
 * writes and validate_rules reads. Published as a JSON schema (RULE_SET_SCHEMA,
 * id RULE_SET_SCHEMA_ID) so other tools can check a rule set without Toolpack.
 * Each check kind and source kind has its own schema; validation (validate.ts)
 * picks the one named by `kind`, so an error says what is wrong with that kind.
 */
import { StringEnum, Type, type TSchema } from '../../../sdk/index.js';

export const RULE_TYPES = ['naming', 'structure', 'dependencies', 'patterns', 'security'] as const;
export type RuleType = (typeof RULE_TYPES)[number];
export const SEVERITIES = ['error', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const NAMING_STYLES = ['kebab-case', 'snake_case', 'camelCase', 'PascalCase'] as const;
export type NamingStyle = (typeof NAMING_STYLES)[number];

/** User regexes are bounded: RE2 keeps matching linear, the cap keeps compiling cheap. */
export const MAX_REGEX_LENGTH = 500;
export const RULE_SET_SCHEMA_ID = 'https://toolpack.dev/schemas/rule-set-1.json';

/** Longest glob, folder or id a rule may hold (generate.ts fits its own rules to these). */
export const MAX_GLOB_CHARS = 300;
export const MAX_TEXT_CHARS = 2000;
export const MAX_ID_CHARS = 100;

const Glob = (description: string) => Type.String({ minLength: 1, maxLength: MAX_GLOB_CHARS, description });
const Packages = Type.Array(Type.String({ minLength: 1, maxLength: 214 }), { minItems: 1, maxItems: 50 });
const Ignore = Type.Optional(Type.Array(Glob('Glob of files the check leaves out.'), { maxItems: 20 }));

export const CHECK_SCHEMAS = {
  'forbid-dependency': Type.Object(
    { kind: Type.Literal('forbid-dependency'), packages: Packages },
    { additionalProperties: false, description: 'None of the packages may be declared in a manifest or imported by a source file.' },
  ),
  'require-dependency': Type.Object(
    { kind: Type.Literal('require-dependency'), packages: Packages },
    { additionalProperties: false, description: 'At least one of the packages must be declared in a manifest of the project.' },
  ),
  'forbid-import': Type.Object(
    { kind: Type.Literal('forbid-import'), from: Glob('Files the rule applies to (picomatch glob, project-relative).'), to: Glob('Project files they must not import.') },
    { additionalProperties: false, description: 'A file matching `from` must not import a project file matching `to`.' },
  ),
  'file-naming': Type.Object(
    { kind: Type.Literal('file-naming'), glob: Glob('Files whose names are checked.'), pattern: StringEnum(NAMING_STYLES), ignore: Ignore },
    { additionalProperties: false, description: 'The name of each matching file (up to its first dot) follows the style.' },
  ),
  'folder-structure': Type.Object(
    {
      kind: Type.Literal('folder-structure'),
      glob: Glob('Files the rule places.'),
      within: Type.Array(Type.String({ minLength: 1, maxLength: MAX_GLOB_CHARS }), { minItems: 1, maxItems: 20, description: 'Folders (project-relative) the matching files must be under.' }),
      ignore: Ignore,
    },
    { additionalProperties: false, description: 'Each matching file lies under one of the `within` folders.' },
  ),
  'forbid-pattern': Type.Object(
    {
      kind: Type.Literal('forbid-pattern'),
      glob: Glob('Files searched.'),
      regex: Type.String({ minLength: 1, maxLength: MAX_REGEX_LENGTH, description: 'RE2 syntax (no backreferences or lookaround), matched per line.' }),
      ignoreCase: Type.Optional(Type.Boolean()),
      ignore: Ignore,
    },
    { additionalProperties: false, description: 'No line of a matching file matches the regex.' },
  ),
  'forbid-file': Type.Object(
    { kind: Type.Literal('forbid-file'), glob: Glob('Files that must not exist (a lockfile of another package manager).'), ignore: Ignore },
    { additionalProperties: false, description: 'No file of the project matches the glob.' },
  ),
} satisfies Record<string, TSchema>;
export type CheckKind = keyof typeof CHECK_SCHEMAS;
export const CHECK_KINDS = Object.keys(CHECK_SCHEMAS) as CheckKind[];

export const SOURCE_SCHEMAS = {
  adr: Type.Object(
    { kind: Type.Literal('adr'), path: Type.String({ minLength: 1 }), title: Type.String(), number: Type.Optional(Type.Union([Type.Integer(), Type.Null()])), status: Type.Optional(Type.Union([Type.String(), Type.Null()])) },
    { additionalProperties: false, description: 'A decision record (path relative to the project).' },
  ),
  code: Type.Object(
    { kind: Type.Literal('code'), evidence: Type.Array(Type.String(), { maxItems: 50 }) },
    { additionalProperties: false, description: 'A convention observed in the code, with what was counted.' },
  ),
  manual: Type.Object(
    { kind: Type.Literal('manual'), note: Type.Optional(Type.String()) },
    { additionalProperties: false, description: 'Written by a person.' },
  ),
} satisfies Record<string, TSchema>;
export type SourceKind = keyof typeof SOURCE_SCHEMAS;
export const SOURCE_KINDS = Object.keys(SOURCE_SCHEMAS) as SourceKind[];

export const Check = Type.Union(Object.values(CHECK_SCHEMAS) as TSchema[]) as unknown as TSchema;
export const RuleSource = Type.Union(Object.values(SOURCE_SCHEMAS) as TSchema[]) as unknown as TSchema;

/** The fields every rule has; `source` and `check` are checked against their kind's schema afterwards. */
export const RuleBase = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z0-9][a-z0-9._-]*$', maxLength: MAX_ID_CHARS, description: 'Unique in the set: lower case, digits, dot, dash, underscore.' }),
    type: StringEnum(RULE_TYPES),
    description: Type.String({ minLength: 1, maxLength: MAX_TEXT_CHARS }),
    severity: StringEnum(SEVERITIES),
    source: Type.Object({ kind: StringEnum(SOURCE_KINDS) }),
    check: Type.Union([Type.Object({ kind: StringEnum(CHECK_KINDS) }), Type.Null()]),
    uncheckedReason: Type.Optional(Type.String({ description: 'Why the rule has no automatic check (check null).' })),
    fix: Type.Optional(Type.String({ maxLength: MAX_TEXT_CHARS, description: 'How to fix a violation.' })),
  },
  { additionalProperties: false },
);

export const Rule = Type.Object(
  { ...RuleBase.properties, source: RuleSource, check: Type.Union([Check, Type.Null()]) },
  { additionalProperties: false },
);

export const RuleSet = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.Optional(Type.String({ maxLength: 5000 })),
    version: Type.Literal(1),
    generatedAt: Type.Optional(Type.String()),
    rules: Type.Array(Rule, { maxItems: 2000 }),
  },
  { additionalProperties: false },
);

export type RuleCheck =
  | { kind: 'forbid-dependency'; packages: string[] }
  | { kind: 'require-dependency'; packages: string[] }
  | { kind: 'forbid-import'; from: string; to: string }
  | { kind: 'file-naming'; glob: string; pattern: NamingStyle; ignore?: string[] }
  | { kind: 'folder-structure'; glob: string; within: string[]; ignore?: string[] }
  | { kind: 'forbid-pattern'; glob: string; regex: string; ignoreCase?: boolean; ignore?: string[] }
  | { kind: 'forbid-file'; glob: string; ignore?: string[] };

export type RuleSourceValue =
  | { kind: 'adr'; path: string; title: string; number?: number | null; status?: string | null }
  | { kind: 'code'; evidence: string[] }
  | { kind: 'manual'; note?: string };

export interface RuleValue {
  id: string;
  type: RuleType;
  description: string;
  severity: Severity;
  source: RuleSourceValue;
  check: RuleCheck | null;
  uncheckedReason?: string;
  fix?: string;
}

export interface RuleSetValue {
  $schema?: string;
  name: string;
  description?: string;
  version: 1;
  generatedAt?: string;
  rules: RuleValue[];
}

/** The published JSON schema of a rule set: plain JSON, with its id and draft. */
export const RULE_SET_SCHEMA: Record<string, unknown> = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: RULE_SET_SCHEMA_ID,
  title: 'Toolpack rule set',
  ...(JSON.parse(JSON.stringify(RuleSet)) as Record<string, unknown>),
};
