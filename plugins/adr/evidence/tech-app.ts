/**
 * Knowledge table, application side: web frameworks, site generators, API styles, authentication,
 * languages, test frameworks. Rows are keyed by the project pack's catalogue id; names, prose names,
 * packages, files and images are the catalogue's (table.ts joins them).
 */
import type { TechnologyDecision } from './types.js';

const BACKEND = 'backend-framework';
const FRONTEND = 'frontend-framework';

/** A web framework, in the group it competes in, with its ecosystem (alternatives of the same ecosystem come first). */
const framework = (id: string, group: string, ecosystem: string, extra: Partial<TechnologyDecision> = {}): TechnologyDecision => ({
  id, area: 'web-framework', group, ecosystem, ...extra,
});

/** A documentation site generator; source files naming it (src/adapters/hugo.ts) are weak evidence. */
const site = (id: string, ecosystem: string): TechnologyDecision => ({
  id, area: 'web-framework', group: 'site-generator', ecosystem, evidence: { hint: new RegExp(id, 'i') }, priority: 'low', title: 'Build the documentation site with {name}',
});

const testing = (id: string, group: string): TechnologyDecision => ({ id, area: 'testing', group });

/** A language or runtime: the scan's language statistics show it. */
const language = (id: string, name: string): TechnologyDecision => ({ id, area: 'language', evidence: { language: name } });

export const APP_TECHNOLOGIES: TechnologyDecision[] = [
  // Web frameworks: server-side ones compete with each other, client-side ones likewise.
  ...['express', 'nestjs', 'fastify', 'koa', 'hono'].map((id) => framework(id, BACKEND, 'js')),
  framework('django', BACKEND, 'python'),
  framework('flask', BACKEND, 'python'),
  framework('fastapi', BACKEND, 'python'),
  framework('starlette', BACKEND, 'python', { impliedBy: ['fastapi'] }),
  framework('tornado', BACKEND, 'python'),
  ...['spring-boot', 'quarkus', 'micronaut', 'ktor'].map((id) => framework(id, BACKEND, 'jvm')),
  ...['rails', 'sinatra'].map((id) => framework(id, BACKEND, 'ruby')),
  ...['laravel', 'symfony'].map((id) => framework(id, BACKEND, 'php')),
  ...['gin', 'echo', 'fiber', 'chi', 'gorilla-mux'].map((id) => framework(id, BACKEND, 'go')),
  ...['actix', 'axum', 'rocket'].map((id) => framework(id, BACKEND, 'rust')),
  framework('asp-net-core', BACKEND, 'dotnet'),
  framework('react', FRONTEND, 'js', { impliedBy: ['next-js', 'remix'] }),
  framework('next-js', FRONTEND, 'js'),
  framework('vue', FRONTEND, 'js', { impliedBy: ['nuxt'] }),
  framework('nuxt', FRONTEND, 'js'),
  framework('angular', FRONTEND, 'js'),
  framework('svelte', FRONTEND, 'js', { impliedBy: ['sveltekit'] }),
  ...['sveltekit', 'solid', 'remix', 'astro'].map((id) => framework(id, FRONTEND, 'js')),

  // Documentation site generators: one site is built with one of them, so they compete.
  site('jekyll', 'ruby'),
  site('hugo', 'go'),
  site('docusaurus', 'js'),
  site('mkdocs', 'python'),
  site('eleventy', 'js'),
  site('sphinx', 'python'),

  // API styles: they can live side by side, so none competes with another.
  { id: 'rest', area: 'api-style', title: 'Expose a REST API described with OpenAPI' },
  { id: 'graphql', area: 'api-style', evidence: { hint: /graphql|resolvers?\./i } },
  { id: 'grpc', area: 'api-style', title: 'Expose services over gRPC with Protocol Buffers', evidence: { hint: /grpc/i } },
  { id: 'trpc', area: 'api-style' },

  // Authentication: hosted identity providers compete, as do in-process auth libraries.
  { id: 'passport', area: 'auth', group: 'auth-library' },
  { id: 'auth0', area: 'auth', group: 'identity-provider' },
  { id: 'keycloak', area: 'auth', group: 'identity-provider' },
  { id: 'okta', area: 'auth', group: 'identity-provider' },
  { id: 'cognito', area: 'auth', group: 'identity-provider' },
  // The Firebase SDK serves every Firebase product, so it confirms an ADR but is no reason to suggest one.
  { id: 'firebase-auth', area: 'auth', group: 'identity-provider', suggest: false },
  { id: 'clerk', area: 'auth', group: 'identity-provider' },
  { id: 'next-auth', area: 'auth', group: 'auth-library' },
  { id: 'spring-security', area: 'auth', group: 'auth-library' },
  { id: 'devise', area: 'auth', group: 'auth-library' },
  { id: 'django-auth', area: 'auth', group: 'auth-library', shownBy: ['django'], suggest: false },
  { id: 'jwt', area: 'auth', title: 'Authenticate requests with JSON Web Tokens' },
  { id: 'oidc', area: 'auth', title: 'Authenticate users with OpenID Connect / OAuth 2.0' },

  // Languages and runtimes: several can live in one repository, so none competes.
  language('typescript', 'TypeScript'),
  language('javascript', 'JavaScript'),
  {
    id: 'nodejs', area: 'language', title: 'Run the services on {name}',
    evidence: { infra: (scan) => scan.manifests.filter((m) => m.ecosystem === 'npm').map((m) => `${m.path} (npm manifest)`) },
    // Every front-end build has a package.json; the runtime is checked against ADRs, not suggested.
    suggest: false,
  },
  { id: 'deno', area: 'language' },
  { id: 'bun', area: 'language' },
  language('python', 'Python'),
  language('go', 'Go'),
  language('java', 'Java'),
  language('kotlin', 'Kotlin'),
  language('rust', 'Rust'),
  language('ruby', 'Ruby'),
  language('php', 'PHP'),
  language('csharp', 'C#'),
  language('elixir', 'Elixir'),

  // Test frameworks: runners of one kind compete.
  ...['jest', 'vitest', 'mocha', 'jasmine'].map((id) => testing(id, 'js-unit')),
  testing('playwright', 'e2e'),
  testing('cypress', 'e2e'),
  testing('pytest', 'python-tests'),
  testing('junit', 'jvm-tests'),
  testing('testng', 'jvm-tests'),
  testing('rspec', 'ruby-tests'),
  testing('minitest', 'ruby-tests'),
  testing('phpunit', 'php-tests'),
  testing('pest', 'php-tests'),
  testing('xunit', 'dotnet-tests'),
  testing('nunit', 'dotnet-tests'),
  testing('testify', 'go-tests'),
  testing('ginkgo', 'go-tests'),
];
