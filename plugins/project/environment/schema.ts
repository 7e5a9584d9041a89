/** The environment analysis result, as analyze_environment returns it and analyze_project_ecosystem embeds it. */
import { StringEnum, Type, type Static } from '../../../sdk/index.js';

const Str = Type.String();
const Strings = Type.Array(Type.String());
const NullableString = Type.Union([Type.String(), Type.Null()]);

const Finding = Type.Object({
  id: Type.String({ description: 'Stable id of the check, e.g. non-root-user, ci-caching.' }),
  status: StringEnum(['ok', 'warning', 'missing', 'info'] as const),
  message: Str,
  evidence: Type.Array(Type.String(), { description: 'Files (path or path:line) or declarations the finding rests on.' }),
});

export const EnvironmentReportSchema = Type.Object({
  summary: Str,
  projectPath: Type.String({ description: 'The project folder, relative to the workspace ("." for the root).' }),
  environmentTypes: Type.Array(Type.String(), { description: 'Environment types analysed: the one asked for, or all four.' }),
  runtimes: Type.Object({
    declarations: Type.Array(
      Type.Object({
        runtime: Str,
        source: Type.String({ description: 'File that declares it (compose: "file: service").' }),
        kind: Type.String({ description: 'engines.node, .nvmrc, requires-python, go directive, Dockerfile FROM, actions/setup-node node-version...' }),
        value: Str,
        role: StringEnum(['range', 'pin'] as const, { description: 'range: a constraint (engines, requires-python, go directive); pin: the version used.' }),
      }),
    ),
    declarationCount: Type.Integer(),
    byRuntime: Type.Array(Type.Object({ runtime: Str, declarations: Type.Integer(), values: Strings, consistent: Type.Boolean() })),
    conflicts: Type.Array(Type.Object({ runtime: Str, message: Str, sources: Type.Array(Type.Object({ source: Str, kind: Str, value: Str })) }), { description: 'Pairs of declarations no version satisfies together; the first 10.' }),
    conflictCount: Type.Integer({ description: 'Conflicting pairs found (counting stops at 50).' }),
    consistent: Type.Boolean(),
  }),
  environmentVariables: Type.Object({
    scannedFiles: Type.Integer({ description: 'Source files read for variable uses.' }),
    skippedFiles: Type.Integer({ description: 'Files not read: too large, binary or unreadable.' }),
    notScanned: Type.Integer({ description: 'Source files beyond the read cap.' }),
    used: Type.Integer({ description: 'Distinct variable names read by code or compose.' }),
    declared: Type.Integer({ description: 'Distinct names declared in templates, compose environment, Dockerfile ENV, CI job env, deployment manifests or the docs, or set by the serverless platform.' }),
    templates: Type.Array(Type.String(), { description: '.env.example, .env.sample, .env.template... found (names only are read).' }),
    missing: Type.Array(Type.Object({ name: Str, occurrences: Type.Integer(), locations: Type.Array(Type.String(), { description: 'file:line, at most 5.' }) })),
    missingCount: Type.Integer(),
    unused: Type.Array(Type.Object({ name: Str, declaredIn: Strings })),
    unusedCount: Type.Integer(),
    builtInIgnored: Type.Array(Type.String(), { description: 'Names set by the runtime, CI or framework (NODE_ENV, CI...), not expected in a template.' }),
    providedBy: Type.Array(Type.Object({ source: Str, keys: Type.Integer() }), { description: 'Where variables are declared other than a template: compose services, Dockerfiles, CI configs, deployment manifests, docs, a platform; with how many each declares.' }),
    dotenvFiles: Type.Array(
      Type.Object({ path: Str, gitignored: Type.Union([Type.Boolean(), Type.Null()], { description: 'null when the listing was truncated and it cannot be told.' }) }),
      { description: 'Real .env files: existence and ignore status only, never their contents.' },
    ),
    envFilesInCompose: Strings,
  }),
  containerization: Type.Object({
    dockerfiles: Type.Array(
      Type.Object({
        path: Str,
        stages: Type.Integer(),
        baseImages: Type.Array(Type.Object({ image: Str, pinning: StringEnum(['digest', 'version', 'floating', 'latest', 'variable'] as const), runtime: NullableString })),
        user: NullableString,
        runsAsRoot: Type.Boolean(),
        healthcheck: Type.Boolean(),
        nodeEnvProduction: Type.Boolean(),
        dockerignore: NullableString,
        exposes: Strings,
      }),
    ),
    dockerfileCount: Type.Integer(),
    compose: Type.Array(Type.Object({ path: Str, services: Type.Array(Type.Object({ name: Str, image: NullableString, build: Type.Boolean(), environmentKeys: Type.Integer(), healthcheck: Type.Boolean() })) })),
    kubernetes: Type.Object({ files: Type.Integer(), workloads: Type.Integer(), withProbes: Type.Integer(), withLimits: Type.Integer(), runAsNonRoot: Type.Integer() }),
    helmCharts: Strings,
    serverless: Strings,
  }),
  ci: Type.Object({
    providers: Strings,
    configs: Type.Array(
      Type.Object({
        provider: Str,
        path: Str,
        jobs: Strings,
        setups: Type.Array(Type.Object({ runtime: Str, via: Str, values: Strings })),
        images: Strings,
        caching: Type.Boolean(),
        cacheEvidence: Strings,
        installs: Type.Array(Type.String(), { description: 'Commands that install or fetch dependencies (job: command); a config with none needs no dependency cache.' }),
        matrix: Strings,
        environments: Strings,
      }),
    ),
  }),
  environments: Type.Array(
    Type.Object({
      type: StringEnum(['development', 'staging', 'production', 'ci'] as const),
      findings: Type.Array(Finding),
      counts: Type.Object({ ok: Type.Integer(), warning: Type.Integer(), missing: Type.Integer(), info: Type.Integer() }),
    }),
  ),
  optimizations: Type.Optional(
    Type.Array(
      Type.Object({
        id: Str,
        impact: StringEnum(['high', 'medium', 'low'] as const),
        title: Str,
        evidence: Strings,
        environments: Strings,
      }),
      { description: 'Present when includeOptimizations: each grounded in the evidence listed.' },
    ),
  ),
  skipped: Type.Object({ count: Type.Integer(), top: Type.Array(Type.Object({ path: Str, reason: Str })) }),
  scan: Type.Object({ fingerprint: Str, cached: Type.Boolean(), files: Type.Integer(), truncated: Type.Boolean() }),
});

export type EnvironmentReport = Static<typeof EnvironmentReportSchema>;
