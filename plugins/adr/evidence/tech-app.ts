/** Knowledge table, application side: web frameworks, API styles, authentication, languages, test frameworks. */
import type { Technology } from './types.js';

const BACKEND = 'backend-framework';
const FRONTEND = 'frontend-framework';

/** A framework the scanner's catalogue detects under the same name. */
const framework = (name: string, group: string, ecosystem: string, text: Technology['text'], extra: Partial<Technology> = {}): Technology => ({
  id: slug(name), name, area: 'web-framework', group, ecosystem, text, evidence: { detections: [name] }, ...extra,
});

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

export const APP_TECHNOLOGIES: Technology[] = [
  // Web frameworks: server-side ones compete with each other, client-side ones likewise.
  framework('Express', BACKEND, 'js', [/\bExpress(?:\.js|JS)?\b/, 'Express.js']),
  framework('NestJS', BACKEND, 'js', ['NestJS', 'Nest.js']),
  framework('Fastify', BACKEND, 'js', ['Fastify']),
  framework('Koa', BACKEND, 'js', [/\bKoa(?:\.js)?\b/]),
  framework('Hono', BACKEND, 'js', [/\bHono\b/]),
  framework('Django', BACKEND, 'python', ['Django', 'Django REST framework']),
  framework('Flask', BACKEND, 'python', [/\bFlask\b/]),
  framework('FastAPI', BACKEND, 'python', ['FastAPI']),
  framework('Starlette', BACKEND, 'python', ['Starlette'], { impliedBy: ['fastapi'] }),
  framework('Tornado', BACKEND, 'python', [/\bTornado\b/]),
  framework('Spring Boot', BACKEND, 'jvm', ['Spring Boot', 'Spring MVC', 'Spring WebFlux', 'Spring Framework']),
  framework('Quarkus', BACKEND, 'jvm', ['Quarkus']),
  framework('Micronaut', BACKEND, 'jvm', ['Micronaut']),
  framework('Ktor', BACKEND, 'jvm', ['Ktor']),
  framework('Rails', BACKEND, 'ruby', ['Ruby on Rails', /\bRails\b/]),
  framework('Sinatra', BACKEND, 'ruby', [/\bSinatra\b/]),
  framework('Laravel', BACKEND, 'php', ['Laravel']),
  framework('Symfony', BACKEND, 'php', ['Symfony']),
  framework('Gin', BACKEND, 'go', [/\bGin\b/, 'gin-gonic']),
  framework('Echo', BACKEND, 'go', ['labstack/echo', /\bEcho (?:framework|router|web framework)\b/]),
  framework('Fiber', BACKEND, 'go', ['gofiber', /\b(?:Go )?Fiber (?:framework|web framework)\b/, 'Go Fiber']),
  framework('Chi', BACKEND, 'go', ['go-chi', /\bchi router\b/i]),
  framework('Gorilla Mux', BACKEND, 'go', ['Gorilla Mux', 'gorilla/mux']),
  framework('Actix', BACKEND, 'rust', ['Actix', 'actix-web']),
  framework('Axum', BACKEND, 'rust', ['Axum']),
  framework('Rocket', BACKEND, 'rust', [/\bRocket\b/]),
  framework('ASP.NET Core', BACKEND, 'dotnet', ['ASP.NET Core', 'ASP.NET']),
  framework('React', FRONTEND, 'js', [/\bReact(?:\.js|JS)?\b/], { impliedBy: ['next-js', 'remix'] }),
  framework('Next.js', FRONTEND, 'js', ['Next.js', 'NextJS', 'Next JS']),
  framework('Vue', FRONTEND, 'js', ['Vue', 'Vue.js', 'VueJS'], { impliedBy: ['nuxt'] }),
  framework('Nuxt', FRONTEND, 'js', ['Nuxt', 'Nuxt.js']),
  framework('Angular', FRONTEND, 'js', [/\bAngular(?:JS)?\b/]),
  framework('Svelte', FRONTEND, 'js', ['Svelte'], { impliedBy: ['sveltekit'] }),
  framework('SvelteKit', FRONTEND, 'js', ['SvelteKit']),
  framework('Solid', FRONTEND, 'js', ['SolidJS', 'Solid.js']),
  framework('Remix', FRONTEND, 'js', [/\bRemix\b/]),
  framework('Astro', FRONTEND, 'js', [/\bAstro\b/]),

  // Documentation site generators: one site is built with one of them, so they compete.
  site('Jekyll', 'ruby', [/\bJekyll\b/], { deps: { rubygems: ['jekyll', 'github-pages'] }, files: /(^|\/)_config\.ya?ml$/ }),
  site('Hugo', 'go', [/\bHugo\b/], { deps: { npm: ['hugo-bin', 'hugo-extended'], go: ['github.com/gohugoio/hugo'] }, files: /(^|\/)hugo\.(toml|ya?ml|json)$/ }),
  site('Docusaurus', 'js', ['Docusaurus'], { deps: { npm: ['@docusaurus/*'] }, files: /(^|\/)docusaurus\.config\.(js|mjs|cjs|ts)$/ }),
  site('MkDocs', 'python', ['MkDocs', 'Material for MkDocs'], { deps: { pypi: ['mkdocs', 'mkdocs-*'] }, files: /(^|\/)mkdocs\.ya?ml$/ }),
  site('Eleventy', 'js', ['Eleventy', /\b11ty\b/], { deps: { npm: ['@11ty/eleventy'] }, files: /(^|\/)\.eleventy\.(js|cjs|mjs)$|(^|\/)eleventy\.config\.(js|cjs|mjs)$/ }),
  site('Sphinx', 'python', [/\bSphinx\b/], { deps: { pypi: ['sphinx'] }, files: /(^|\/)docs?\/(source\/)?conf\.py$/ }),

  // API styles: they can live side by side, so none competes with another.
  {
    id: 'rest', name: 'REST', area: 'api-style', title: 'Expose a REST API described with OpenAPI',
    text: [/\bREST(?:ful)?\b/, /\bRESTful\b/i, 'OpenAPI', 'Swagger'],
    evidence: {
      files: /(^|\/)(openapi|swagger)[\w.-]*\.(ya?ml|json)$/i,
      deps: {
        npm: ['swagger-ui-express', '@nestjs/swagger', 'express-openapi-validator', '@fastify/swagger', 'swagger-jsdoc'],
        pypi: ['djangorestframework', 'drf-spectacular', 'flasgger', 'flask-restful', 'flask-smorest', 'connexion'],
        jvm: ['org.springdoc:*', 'io.springfox:*'], go: ['github.com/swaggo/*'], nuget: ['Swashbuckle.AspNetCore*'], rubygems: ['grape', 'rswag*'], composer: ['api-platform/core'],
      },
    },
  },
  {
    id: 'graphql', name: 'GraphQL', area: 'api-style',
    text: ['GraphQL', 'Apollo Server', 'Apollo Federation', /\bApollo\b/],
    evidence: {
      files: /\.(graphql|gql)$/i,
      deps: {
        npm: ['graphql', '@apollo/server', 'apollo-server*', 'graphql-yoga', 'mercurius', 'type-graphql', '@nestjs/graphql', '@apollo/client', 'urql', 'relay-runtime'],
        pypi: ['graphene*', 'strawberry-graphql', 'ariadne'], go: ['github.com/99designs/gqlgen', 'github.com/graph-gophers/graphql-go', 'github.com/graphql-go/graphql'],
        jvm: ['com.graphql-java:*', 'com.netflix.graphql.dgs:*', 'org.springframework.boot:spring-boot-starter-graphql'], rubygems: ['graphql'],
        composer: ['webonyx/graphql-php', 'nuwave/lighthouse'], nuget: ['HotChocolate*', 'GraphQL'], cargo: ['async-graphql', 'juniper'],
      },
      hint: /graphql|resolvers?\./i,
    },
  },
  {
    id: 'grpc', name: 'gRPC', area: 'api-style', title: 'Expose services over gRPC with Protocol Buffers',
    text: ['gRPC', 'Protocol Buffers', 'protobuf', 'Connect RPC'],
    evidence: {
      files: /\.proto$|(^|\/)buf(\.gen)?\.ya?ml$/,
      deps: {
        npm: ['@grpc/grpc-js', 'grpc', '@grpc/proto-loader', '@connectrpc/*', 'nice-grpc'], pypi: ['grpcio', 'grpcio-tools'], go: ['google.golang.org/grpc', 'connectrpc.com/connect'],
        jvm: ['io.grpc:*'], cargo: ['tonic'], nuget: ['Grpc.*'], rubygems: ['grpc'],
      },
      hint: /grpc/i,
    },
  },
  { id: 'trpc', name: 'tRPC', area: 'api-style', text: ['tRPC'], evidence: { deps: { npm: ['@trpc/server', '@trpc/client'] } } },

  // Authentication: hosted identity providers compete, as do in-process auth libraries.
  {
    id: 'passport', name: 'Passport', area: 'auth', group: 'auth-library',
    text: [/\bPassport(?:\.js|JS)?\b/, 'passport-jwt'],
    evidence: { deps: { npm: ['passport', 'passport-*', '@nestjs/passport'] } },
  },
  {
    id: 'auth0', name: 'Auth0', area: 'auth', group: 'identity-provider', text: ['Auth0'],
    evidence: { deps: { npm: ['auth0', '@auth0/*', 'express-openid-connect'], pypi: ['auth0-python'], go: ['github.com/auth0/*'], jvm: ['com.auth0:auth0*', 'com.okta.spring:*'], rubygems: ['omniauth-auth0'], nuget: ['Auth0.*'] } },
  },
  {
    id: 'keycloak', name: 'Keycloak', area: 'auth', group: 'identity-provider', text: ['Keycloak'],
    evidence: { deps: { npm: ['keycloak-connect', 'keycloak-js', '@keycloak/*'], pypi: ['python-keycloak'], jvm: ['org.keycloak:*'] }, images: /^(?:[\w.-]+\/)*keycloak(:|$)/i },
  },
  {
    id: 'okta', name: 'Okta', area: 'auth', group: 'identity-provider', text: ['Okta'],
    evidence: { deps: { npm: ['@okta/*'], pypi: ['okta'], go: ['github.com/okta/*'], jvm: ['com.okta.*'], nuget: ['Okta.*'] } },
  },
  {
    id: 'cognito', name: 'Amazon Cognito', area: 'auth', group: 'identity-provider', text: ['Cognito', 'Amazon Cognito', 'AWS Cognito'],
    evidence: { deps: { npm: ['amazon-cognito-identity-js', '@aws-sdk/client-cognito-identity-provider', 'aws-jwt-verify'], pypi: ['pycognito'] } },
  },
  {
    id: 'firebase-auth', name: 'Firebase Authentication', area: 'auth', group: 'identity-provider', text: ['Firebase Auth', 'Firebase Authentication'],
    // The Firebase SDK serves every Firebase product, so it confirms an ADR but is no reason to suggest one.
    evidence: { deps: { npm: ['firebase-admin', 'firebase'], pypi: ['firebase-admin'] } }, suggest: false,
  },
  { id: 'clerk', name: 'Clerk', area: 'auth', group: 'identity-provider', text: [/\bClerk\b/], evidence: { deps: { npm: ['@clerk/*'] } } },
  {
    id: 'next-auth', name: 'Auth.js (NextAuth)', area: 'auth', group: 'auth-library', text: ['NextAuth', 'NextAuth.js', 'Auth.js', 'next-auth'],
    evidence: { deps: { npm: ['next-auth', '@auth/*'] } },
  },
  {
    id: 'spring-security', name: 'Spring Security', area: 'auth', group: 'auth-library', text: ['Spring Security'],
    evidence: { deps: { jvm: ['org.springframework.boot:spring-boot-starter-security', 'org.springframework.security:*'] } },
  },
  { id: 'devise', name: 'Devise', area: 'auth', group: 'auth-library', text: [/\bDevise\b/], evidence: { deps: { rubygems: ['devise'] } } },
  {
    id: 'django-auth', name: 'Django authentication', area: 'auth', group: 'auth-library', text: ['Django auth', 'Django authentication', 'django.contrib.auth', 'django-allauth'],
    evidence: { deps: { pypi: ['django-allauth', 'djoser', 'dj-rest-auth'] }, detections: ['Django'] }, suggest: false,
  },
  {
    id: 'jwt', name: 'JWT', area: 'auth', title: 'Authenticate requests with JSON Web Tokens',
    text: ['JWT', 'JWTs', 'JSON Web Token', 'JSON Web Tokens'],
    evidence: {
      deps: {
        npm: ['jsonwebtoken', 'jose', 'express-jwt', 'passport-jwt', '@nestjs/jwt', 'jwt-decode'], pypi: ['pyjwt', 'python-jose', 'djangorestframework-simplejwt', 'flask-jwt-extended'],
        go: ['github.com/golang-jwt/jwt*', 'github.com/dgrijalva/jwt-go', 'github.com/lestrrat-go/jwx*'], jvm: ['io.jsonwebtoken:*', 'com.auth0:java-jwt', 'com.nimbusds:nimbus-jose-jwt'],
        rubygems: ['jwt'], composer: ['firebase/php-jwt', 'lcobucci/jwt', 'tymon/jwt-auth'], nuget: ['System.IdentityModel.Tokens.Jwt', 'Microsoft.AspNetCore.Authentication.JwtBearer'], cargo: ['jsonwebtoken'],
      },
    },
  },
  {
    id: 'oidc', name: 'OpenID Connect / OAuth 2.0', area: 'auth', title: 'Authenticate users with OpenID Connect / OAuth 2.0',
    text: ['OpenID Connect', 'OIDC', 'OAuth 2.0', 'OAuth2', 'OAuth'],
    evidence: {
      deps: {
        npm: ['openid-client', 'oidc-provider', '@azure/msal-node', '@azure/msal-browser'], pypi: ['authlib', 'oauthlib', 'requests-oauthlib', 'mozilla-django-oidc'],
        go: ['golang.org/x/oauth2', 'github.com/coreos/go-oidc*'], jvm: ['org.springframework.boot:spring-boot-starter-oauth2-*'], rubygems: ['omniauth*', 'doorkeeper'],
      },
    },
  },

  // Languages and runtimes: several can live in one repository, so none competes.
  { id: 'typescript', name: 'TypeScript', area: 'language', text: ['TypeScript'], evidence: { language: 'TypeScript', files: /(^|\/)tsconfig(\.[\w-]+)?\.json$/ } },
  { id: 'javascript', name: 'JavaScript', area: 'language', text: ['JavaScript', 'ECMAScript'], evidence: { language: 'JavaScript' } },
  {
    id: 'nodejs', name: 'Node.js', area: 'language', text: ['Node.js', 'NodeJS', 'Node JS', /\bNode \d{2}\b/], title: 'Run the services on {name}',
    evidence: {
      files: /(^|\/)(\.nvmrc|\.node-version)$/, images: /^(?:[\w.-]+\/)*node(js[\w-]*)?(:|$)/i,
      infra: (scan) => scan.manifests.filter((m) => m.ecosystem === 'npm').map((m) => `${m.path} (npm manifest)`),
    },
    // Every front-end build has a package.json; the runtime is checked against ADRs, not suggested.
    suggest: false,
  },
  { id: 'deno', name: 'Deno', area: 'language', text: [/\bDeno\b/], evidence: { files: /(^|\/)deno\.jsonc?$/ } },
  { id: 'bun', name: 'Bun', area: 'language', text: [/\bBun\b/], evidence: { files: /(^|\/)(bun\.lockb?|bunfig\.toml)$/ } },
  { id: 'python', name: 'Python', area: 'language', text: ['Python'], evidence: { language: 'Python', files: /(^|\/)(pyproject\.toml|requirements[\w.-]*\.txt|Pipfile|setup\.py)$/ } },
  {
    // "go" is an ordinary verb: only forms that cannot be one count ("Golang", "Go modules", "written in Go").
    id: 'go', name: 'Go', area: 'language',
    text: [
      /\bGolang\b/i,
      /\bGo (?:module|modules|language|lang|service|services|code|toolchain|runtime|binary|binaries|backend|microservices?|programs?|version|\d+\.\d+)\b/,
      /\b(?:in|with|using|use|uses|adopt|adopting|choose|chose|chosen|rewrite in|port to) Go\b(?![\w'-])/,
    ],
    evidence: { language: 'Go', files: /(^|\/)go\.(mod|work)$/ },
  },
  { id: 'java', name: 'Java', area: 'language', text: ['Java', 'JVM'], evidence: { language: 'Java', files: /(^|\/)(pom\.xml|build\.gradle)$/ } },
  { id: 'kotlin', name: 'Kotlin', area: 'language', text: ['Kotlin'], evidence: { language: 'Kotlin', files: /(^|\/)build\.gradle\.kts$/ } },
  { id: 'rust', name: 'Rust', area: 'language', text: [/\bRust\b/], evidence: { language: 'Rust', files: /(^|\/)Cargo\.toml$/ } },
  { id: 'ruby', name: 'Ruby', area: 'language', text: [/\bRuby\b/], evidence: { language: 'Ruby', files: /(^|\/)Gemfile$/ } },
  { id: 'php', name: 'PHP', area: 'language', text: ['PHP'], evidence: { language: 'PHP', files: /(^|\/)composer\.json$/ } },
  { id: 'csharp', name: 'C# / .NET', area: 'language', text: ['C#', '.NET', 'dotnet', 'CSharp'], evidence: { language: 'C#', files: /\.(csproj|sln)$/ } },
  { id: 'elixir', name: 'Elixir', area: 'language', text: ['Elixir', 'Phoenix framework'], evidence: { language: 'Elixir', files: /(^|\/)mix\.exs$/ } },

  // Test frameworks: runners of one kind compete.
  ...testing('Jest', 'js-unit', ['Jest']),
  ...testing('Vitest', 'js-unit', ['Vitest']),
  ...testing('Mocha', 'js-unit', [/\bMocha\b/]),
  ...testing('Jasmine', 'js-unit', [/\bJasmine\b/]),
  ...testing('Playwright', 'e2e', ['Playwright']),
  ...testing('Cypress', 'e2e', ['Cypress']),
  ...testing('pytest', 'python-tests', ['pytest']),
  ...testing('JUnit', 'jvm-tests', ['JUnit']),
  ...testing('TestNG', 'jvm-tests', ['TestNG']),
  ...testing('RSpec', 'ruby-tests', ['RSpec']),
  ...testing('Minitest', 'ruby-tests', ['Minitest']),
  ...testing('PHPUnit', 'php-tests', ['PHPUnit']),
  ...testing('Pest', 'php-tests', [/\bPest(?:PHP)?\b/]),
  ...testing('xUnit', 'dotnet-tests', ['xUnit', 'xUnit.net']),
  ...testing('NUnit', 'dotnet-tests', ['NUnit']),
  ...testing('Testify', 'go-tests', ['Testify']),
  ...testing('Ginkgo', 'go-tests', ['Ginkgo']),
];

/** A documentation site generator; source files naming it (src/adapters/hugo.ts) are weak evidence. */
function site(name: string, ecosystem: string, text: Technology['text'], evidence: Technology['evidence']): Technology {
  const id = slug(name);
  return { id, name, area: 'web-framework', group: 'site-generator', ecosystem, text, evidence: { ...evidence, hint: new RegExp(id, 'i') }, priority: 'low', title: 'Build the documentation site with {name}' };
}

function testing(name: string, group: string, text: Technology['text']): Technology[] {
  return [{ id: slug(name), name, area: 'testing', group, text, evidence: { detections: [name] } }];
}
