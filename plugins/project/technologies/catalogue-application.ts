/**
 * Catalogue entries a project scan does not report (no category), on the application side:
 * documentation site generators, API styles, authentication, languages and runtimes. ADR
 * evidence (the adr pack) reads their packages, files and images; decisions name them by `prose`.
 */
import type { TechnologyEntry } from './types.js';

export const APPLICATION_TECHNOLOGIES: readonly TechnologyEntry[] = [
  // Documentation site generators.
  { id: 'jekyll', name: 'Jekyll', prose: [/\bJekyll\b/], packages: { rubygems: ['jekyll', 'github-pages'] }, files: /(^|\/)_config\.ya?ml$/ },
  { id: 'hugo', name: 'Hugo', prose: [/\bHugo\b/], packages: { npm: ['hugo-bin', 'hugo-extended'], go: ['github.com/gohugoio/hugo'] }, files: /(^|\/)hugo\.(toml|ya?ml|json)$/ },
  { id: 'docusaurus', name: 'Docusaurus', prose: ['Docusaurus'], packages: { npm: ['@docusaurus/*'] }, files: /(^|\/)docusaurus\.config\.(js|mjs|cjs|ts)$/ },
  { id: 'mkdocs', name: 'MkDocs', prose: ['MkDocs', 'Material for MkDocs'], packages: { pypi: ['mkdocs', 'mkdocs-*'] }, files: /(^|\/)mkdocs\.ya?ml$/ },
  { id: 'eleventy', name: 'Eleventy', prose: ['Eleventy', /\b11ty\b/], packages: { npm: ['@11ty/eleventy'] }, files: /(^|\/)\.eleventy\.(js|cjs|mjs)$|(^|\/)eleventy\.config\.(js|cjs|mjs)$/ },
  { id: 'sphinx', name: 'Sphinx', prose: [/\bSphinx\b/], packages: { pypi: ['sphinx'] }, files: /(^|\/)docs?\/(source\/)?conf\.py$/ },

  // API styles (GraphQL is with the libraries in catalogue.ts: the rules pack names it too).
  {
    id: 'rest', name: 'REST', prose: [/\bREST(?:ful)?\b/, /\bRESTful\b/i, 'OpenAPI', 'Swagger'], files: /(^|\/)(openapi|swagger)[\w.-]*\.(ya?ml|json)$/i,
    packages: {
      npm: ['swagger-ui-express', '@nestjs/swagger', 'express-openapi-validator', '@fastify/swagger', 'swagger-jsdoc'],
      pypi: ['djangorestframework', 'drf-spectacular', 'flasgger', 'flask-restful', 'flask-smorest', 'connexion'],
      jvm: ['org.springdoc:*', 'io.springfox:*'], go: ['github.com/swaggo/*'], nuget: ['Swashbuckle.AspNetCore*'], rubygems: ['grape', 'rswag*'], composer: ['api-platform/core'],
    },
  },
  {
    id: 'grpc', name: 'gRPC', prose: ['gRPC', 'Protocol Buffers', 'protobuf', 'Connect RPC'], files: /\.proto$|(^|\/)buf(\.gen)?\.ya?ml$/,
    packages: {
      npm: ['@grpc/grpc-js', 'grpc', '@grpc/proto-loader', '@connectrpc/*', 'nice-grpc'], pypi: ['grpcio', 'grpcio-tools'], go: ['google.golang.org/grpc', 'connectrpc.com/connect'],
      jvm: ['io.grpc:*'], cargo: ['tonic'], nuget: ['Grpc.*'], rubygems: ['grpc'],
    },
  },
  { id: 'trpc', name: 'tRPC', prose: ['tRPC'], packages: { npm: ['@trpc/server', '@trpc/client'] } },

  // Authentication: identity providers and in-process libraries.
  { id: 'passport', name: 'Passport', prose: [/\bPassport(?:\.js|JS)?\b/, 'passport-jwt'], packages: { npm: ['passport', 'passport-*', '@nestjs/passport'] } },
  { id: 'auth0', name: 'Auth0', prose: ['Auth0'], packages: { npm: ['auth0', '@auth0/*', 'express-openid-connect'], pypi: ['auth0-python'], go: ['github.com/auth0/*'], jvm: ['com.auth0:auth0*', 'com.okta.spring:*'], rubygems: ['omniauth-auth0'], nuget: ['Auth0.*'] } },
  { id: 'keycloak', name: 'Keycloak', prose: ['Keycloak'], packages: { npm: ['keycloak-connect', 'keycloak-js', '@keycloak/*'], pypi: ['python-keycloak'], jvm: ['org.keycloak:*'] }, images: /^(?:[\w.-]+\/)*keycloak(:|$)/i },
  { id: 'okta', name: 'Okta', prose: ['Okta'], packages: { npm: ['@okta/*'], pypi: ['okta'], go: ['github.com/okta/*'], jvm: ['com.okta.*'], nuget: ['Okta.*'] } },
  { id: 'cognito', name: 'Amazon Cognito', prose: ['Cognito', 'Amazon Cognito', 'AWS Cognito'], packages: { npm: ['amazon-cognito-identity-js', '@aws-sdk/client-cognito-identity-provider', 'aws-jwt-verify'], pypi: ['pycognito'] } },
  // The Firebase SDK serves every Firebase product.
  { id: 'firebase-auth', name: 'Firebase Authentication', prose: ['Firebase Auth', 'Firebase Authentication'], packages: { npm: ['firebase-admin', 'firebase'], pypi: ['firebase-admin'] } },
  { id: 'clerk', name: 'Clerk', prose: [/\bClerk\b/], packages: { npm: ['@clerk/*'] } },
  { id: 'next-auth', name: 'Auth.js (NextAuth)', prose: ['NextAuth', 'NextAuth.js', 'Auth.js', 'next-auth'], packages: { npm: ['next-auth', '@auth/*'] } },
  { id: 'spring-security', name: 'Spring Security', prose: ['Spring Security'], packages: { jvm: ['org.springframework.boot:spring-boot-starter-security', 'org.springframework.security:*'] } },
  { id: 'devise', name: 'Devise', prose: [/\bDevise\b/], packages: { rubygems: ['devise'] } },
  // django.contrib.auth ships with Django: these packages are the add-ons that show it is built on.
  { id: 'django-auth', name: 'Django authentication', prose: ['Django auth', 'Django authentication', 'django.contrib.auth', 'django-allauth'], packages: { pypi: ['django-allauth', 'djoser', 'dj-rest-auth'] } },
  {
    id: 'jwt', name: 'JWT', prose: ['JWT', 'JWTs', 'JSON Web Token', 'JSON Web Tokens'],
    packages: {
      npm: ['jsonwebtoken', 'jose', 'express-jwt', 'passport-jwt', '@nestjs/jwt', 'jwt-decode'], pypi: ['pyjwt', 'python-jose', 'djangorestframework-simplejwt', 'flask-jwt-extended'],
      go: ['github.com/golang-jwt/jwt*', 'github.com/dgrijalva/jwt-go', 'github.com/lestrrat-go/jwx*'], jvm: ['io.jsonwebtoken:*', 'com.auth0:java-jwt', 'com.nimbusds:nimbus-jose-jwt'],
      rubygems: ['jwt'], composer: ['firebase/php-jwt', 'lcobucci/jwt', 'tymon/jwt-auth'], nuget: ['System.IdentityModel.Tokens.Jwt', 'Microsoft.AspNetCore.Authentication.JwtBearer'], cargo: ['jsonwebtoken'],
    },
  },
  {
    id: 'oidc', name: 'OpenID Connect / OAuth 2.0', prose: ['OpenID Connect', 'OIDC', 'OAuth 2.0', 'OAuth2', 'OAuth'],
    packages: {
      npm: ['openid-client', 'oidc-provider', '@azure/msal-node', '@azure/msal-browser'], pypi: ['authlib', 'oauthlib', 'requests-oauthlib', 'mozilla-django-oidc'],
      go: ['golang.org/x/oauth2', 'github.com/coreos/go-oidc*'], jvm: ['org.springframework.boot:spring-boot-starter-oauth2-*'], rubygems: ['omniauth*', 'doorkeeper'],
    },
  },

  // Languages and runtimes: the files that show a project is written in or run on one.
  { id: 'typescript', name: 'TypeScript', prose: ['TypeScript'], files: /(^|\/)tsconfig(\.[\w-]+)?\.json$/ },
  { id: 'javascript', name: 'JavaScript', prose: ['JavaScript', 'ECMAScript'] },
  { id: 'nodejs', name: 'Node.js', prose: ['Node.js', 'NodeJS', 'Node JS', /\bNode \d{2}\b/], files: /(^|\/)(\.nvmrc|\.node-version)$/, images: /^(?:[\w.-]+\/)*node(js[\w-]*)?(:|$)/i },
  { id: 'deno', name: 'Deno', prose: [/\bDeno\b/], files: /(^|\/)deno\.jsonc?$/ },
  { id: 'bun', name: 'Bun', prose: [/\bBun\b/], files: /(^|\/)(bun\.lockb?|bunfig\.toml)$/ },
  { id: 'python', name: 'Python', prose: ['Python'], files: /(^|\/)(pyproject\.toml|requirements[\w.-]*\.txt|Pipfile|setup\.py)$/ },
  {
    // "go" is an ordinary verb: only forms that cannot be one count ("Golang", "Go modules", "written in Go").
    id: 'go', name: 'Go', files: /(^|\/)go\.(mod|work)$/,
    prose: [
      /\bGolang\b/i,
      /\bGo (?:module|modules|language|lang|service|services|code|toolchain|runtime|binary|binaries|backend|microservices?|programs?|version|\d+\.\d+)\b/,
      /\b(?:in|with|using|use|uses|adopt|adopting|choose|chose|chosen|rewrite in|port to) Go\b(?![\w'-])/,
    ],
  },
  { id: 'java', name: 'Java', prose: ['Java', 'JVM'], files: /(^|\/)(pom\.xml|build\.gradle)$/ },
  { id: 'kotlin', name: 'Kotlin', prose: ['Kotlin'], files: /(^|\/)build\.gradle\.kts$/ },
  { id: 'rust', name: 'Rust', prose: [/\bRust\b/], files: /(^|\/)Cargo\.toml$/ },
  { id: 'ruby', name: 'Ruby', prose: [/\bRuby\b/], files: /(^|\/)Gemfile$/ },
  { id: 'php', name: 'PHP', prose: ['PHP'], files: /(^|\/)composer\.json$/ },
  { id: 'csharp', name: 'C# / .NET', prose: ['C#', '.NET', 'dotnet', 'CSharp'], files: /\.(csproj|sln)$/ },
  { id: 'elixir', name: 'Elixir', prose: ['Elixir', 'Phoenix framework'], files: /(^|\/)mix\.exs$/ },
];
