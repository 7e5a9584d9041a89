/** Knowledge table, platform side: deployment, CI, observability, security controls, architecture style. */
import type { CiProvider, ProjectScan, ServerlessConfig } from '../../project/api.js';
import type { Technology } from './types.js';

const PLATFORM = 'hosting-platform';
const IAC = 'infrastructure-as-code';

const serverless = (platform: ServerlessConfig['platform']) => (scan: ProjectScan) =>
  scan.infrastructure.serverless.filter((config) => config.platform === platform).map((config) => `${config.path} (${platform})`);

/** Terraform providers that name where the system runs. */
const CLOUDS: Record<string, string> = { aws: 'AWS', google: 'Google Cloud', azurerm: 'Azure', digitalocean: 'DigitalOcean', hcloud: 'Hetzner Cloud', oci: 'Oracle Cloud', linode: 'Linode', cloudflare: 'Cloudflare' };

const ci = (name: CiProvider, text: Technology['text']): Technology => ({
  id: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), name, area: 'ci', group: 'ci', text, evidence: { ci: name },
});

export const PLATFORM_TECHNOLOGIES: Technology[] = [
  // Deployment. Containers and Helm complement a platform; hosting platforms and IaC tools compete.
  {
    id: 'docker', name: 'Docker', area: 'deployment', title: 'Package and run the application in Docker containers',
    text: ['Docker', 'Dockerfile', 'Docker Compose', 'docker-compose', 'Podman', /\bcontaineri[sz](?:e|ed|es|ing|ation)\b/i, 'OCI image'],
    evidence: {
      infra: (scan) => [
        ...scan.infrastructure.dockerfiles.map((file) => `${file.path}${file.images.length ? ` (FROM ${file.images.join(', ')})` : ''}`),
        ...scan.infrastructure.compose.map((file) => `${file.path} (${file.services.length} compose services: ${file.services.map((s) => s.name).slice(0, 5).join(', ')})`),
      ],
    },
  },
  {
    id: 'kubernetes', name: 'Kubernetes', area: 'deployment', group: PLATFORM, title: 'Run the services on Kubernetes',
    text: ['Kubernetes', 'k8s', 'EKS', 'GKE', 'AKS', 'OpenShift', 'k3s'],
    evidence: {
      infra: (scan) => {
        const byPath = new Map<string, string[]>();
        for (const r of scan.infrastructure.kubernetes) byPath.set(r.path, [...(byPath.get(r.path) ?? []), r.kind]);
        return [...[...byPath].map(([path, kinds]) => `${path} (${kinds.join(', ')})`), ...scan.infrastructure.helm.map((chart) => `${chart.path} (Helm chart)`)];
      },
    },
  },
  {
    id: 'helm', name: 'Helm', area: 'deployment', priority: 'medium', reason: 'packaging for a platform already chosen; worth recording with the Kubernetes decision', title: 'Package Kubernetes deployments as Helm charts',
    text: [/\bHelm\b/, 'Helm chart', 'Helm charts'],
    evidence: { infra: (scan) => scan.infrastructure.helm.map((chart) => `${chart.path}${chart.name ? ` (chart ${chart.name})` : ''}`) },
  },
  {
    id: 'terraform', name: 'Terraform', area: 'deployment', group: IAC, title: 'Manage infrastructure as code with Terraform',
    text: ['Terraform', 'OpenTofu'],
    detail: ({ infrastructure: { terraform } }) => {
      const clouds = terraform.providers.map((p) => CLOUDS[p]).filter((c): c is string => c !== undefined);
      return clouds.length ? `on ${clouds.length > 1 ? `${clouds.slice(0, -1).join(', ')} and ${clouds[clouds.length - 1]}` : clouds[0]}` : null;
    },
    evidence: {
      infra: ({ infrastructure: { terraform } }) =>
        terraform.files.length === 0 ? [] : [`${terraform.files[0]}${terraform.files.length > 1 ? ` and ${terraform.files.length - 1} more .tf files` : ''}${terraform.providers.length ? ` (providers: ${terraform.providers.join(', ')})` : ''}`],
    },
  },
  {
    id: 'pulumi', name: 'Pulumi', area: 'deployment', group: IAC, text: ['Pulumi'],
    evidence: { files: /(^|\/)Pulumi\.ya?ml$/, deps: { npm: ['@pulumi/*'], pypi: ['pulumi*'], go: ['github.com/pulumi/pulumi*'] } },
  },
  {
    id: 'aws-cdk', name: 'AWS CDK', area: 'deployment', group: IAC, text: ['AWS CDK', 'Cloud Development Kit', /\bCDK\b/],
    evidence: { files: /(^|\/)cdk\.json$/, deps: { npm: ['aws-cdk-lib', 'aws-cdk'], pypi: ['aws-cdk-lib'], go: ['github.com/aws/aws-cdk-go/*'] } },
  },
  {
    id: 'serverless-framework', name: 'Serverless Framework', area: 'deployment', group: PLATFORM, text: ['Serverless Framework', 'serverless.yml'],
    evidence: { infra: serverless('Serverless Framework') },
  },
  {
    id: 'aws-sam', name: 'AWS SAM', area: 'deployment', group: PLATFORM, text: ['AWS SAM', 'SAM template', 'Serverless Application Model'],
    evidence: { infra: serverless('AWS SAM') },
  },
  {
    id: 'aws-lambda', name: 'AWS Lambda', area: 'deployment', group: PLATFORM, text: ['AWS Lambda', 'Amazon Lambda', /\bLambda functions?\b/],
    evidence: {
      infra: (scan) => scan.infrastructure.serverless.filter((c) => c.platform === 'Serverless Framework' || c.platform === 'AWS SAM').map((c) => `${c.path} (${c.platform})`),
      deps: { npm: ['@types/aws-lambda', 'aws-lambda'], pypi: ['aws-lambda-powertools'], go: ['github.com/aws/aws-lambda-go'] },
    },
    // Covered by the Serverless/SAM entries when suggesting.
    suggest: false,
  },
  { id: 'vercel', name: 'Vercel', area: 'deployment', group: PLATFORM, text: ['Vercel'], evidence: { infra: serverless('Vercel') } },
  { id: 'netlify', name: 'Netlify', area: 'deployment', group: PLATFORM, text: ['Netlify'], evidence: { infra: serverless('Netlify') } },
  { id: 'heroku', name: 'Heroku', area: 'deployment', group: PLATFORM, text: ['Heroku'], evidence: { files: /^(Procfile|heroku\.yml)$/ } },
  { id: 'fly-io', name: 'Fly.io', area: 'deployment', group: PLATFORM, text: ['Fly.io'], evidence: { files: /(^|\/)fly\.toml$/ } },
  { id: 'render', name: 'Render', area: 'deployment', group: PLATFORM, text: ['Render.com', /\bRender (?:Blueprint|platform)\b/], evidence: { files: /^render\.ya?ml$/ } },

  // Continuous integration.
  ci('GitHub Actions', ['GitHub Actions', 'GitHub workflow', 'GitHub workflows']),
  ci('GitLab CI', ['GitLab CI', 'GitLab CI/CD', 'GitLab pipeline', 'GitLab pipelines']),
  ci('CircleCI', ['CircleCI', 'Circle CI']),
  ci('Jenkins', ['Jenkins', 'Jenkinsfile']),
  ci('Azure Pipelines', ['Azure Pipelines', 'Azure DevOps Pipelines']),
  ci('Bitbucket Pipelines', ['Bitbucket Pipelines']),
  ci('Travis CI', ['Travis CI', /\bTravis\b/]),

  // Observability.
  {
    id: 'opentelemetry', name: 'OpenTelemetry', area: 'observability', text: ['OpenTelemetry', 'OTel', 'OTLP'],
    evidence: {
      deps: { npm: ['@opentelemetry/*'], pypi: ['opentelemetry-*'], go: ['go.opentelemetry.io/*'], jvm: ['io.opentelemetry*'], cargo: ['opentelemetry*'], nuget: ['OpenTelemetry*'], rubygems: ['opentelemetry-*'] },
      files: /otel[\w-]*collector[\w-]*\.ya?ml$/i, images: /^(?:[\w.-]+\/)*opentelemetry-collector[\w-]*(:|$)/i,
    },
  },
  {
    id: 'prometheus', name: 'Prometheus', area: 'observability', text: ['Prometheus'],
    evidence: {
      deps: {
        npm: ['prom-client', 'express-prom-bundle'], pypi: ['prometheus-client', 'prometheus-fastapi-instrumentator', 'django-prometheus'], go: ['github.com/prometheus/client_golang'],
        jvm: ['io.micrometer:micrometer-registry-prometheus', 'io.prometheus:*'], cargo: ['prometheus'], rubygems: ['prometheus-client'], nuget: ['prometheus-net*'],
      },
      files: /(^|\/)prometheus\.ya?ml$/, images: /^(?:[\w.-]+\/)*prometheus(:|$)/i,
    },
  },
  { id: 'grafana', name: 'Grafana', area: 'observability', text: ['Grafana'], evidence: { images: /^(?:[\w.-]+\/)*grafana(:|$)/i, files: /(^|\/)grafana\/.*\.(json|ya?ml)$/ } },
  {
    id: 'sentry', name: 'Sentry', area: 'observability', text: ['Sentry'], title: 'Track errors with {name}',
    evidence: { deps: { npm: ['@sentry/*'], pypi: ['sentry-sdk'], go: ['github.com/getsentry/sentry-go'], jvm: ['io.sentry:*'], rubygems: ['sentry-ruby', 'sentry-rails'], composer: ['sentry/*'], nuget: ['Sentry*'], cargo: ['sentry'] } },
  },
  {
    id: 'datadog', name: 'Datadog', area: 'observability', text: ['Datadog', 'DataDog'],
    evidence: { deps: { npm: ['dd-trace', 'datadog-*'], pypi: ['ddtrace', 'datadog'], go: ['gopkg.in/datadog/dd-trace-go*', 'github.com/datadog/dd-trace-go*'], jvm: ['com.datadoghq:*'], rubygems: ['ddtrace', 'datadog'] } },
  },
  { id: 'new-relic', name: 'New Relic', area: 'observability', text: ['New Relic', 'NewRelic'], evidence: { deps: { npm: ['newrelic'], pypi: ['newrelic'], rubygems: ['newrelic_rpm'], go: ['github.com/newrelic/go-agent*'] } } },

  // Security controls.
  {
    id: 'helmet', name: 'Helmet', area: 'security', title: 'Set HTTP security headers with Helmet', text: [/\bHelmet(?:\.js)?\b/, 'helmet'],
    evidence: { deps: { npm: ['helmet', '@fastify/helmet', 'koa-helmet'] } },
  },
  {
    id: 'csp', name: 'Content Security Policy', area: 'security', text: ['Content Security Policy', 'Content-Security-Policy', /\bCSP\b/],
    // Helmet sends a default policy, so it confirms an ADR; it is suggested as Helmet.
    evidence: { deps: { npm: ['helmet', 'helmet-csp'], pypi: ['django-csp'], rubygems: ['secure_headers'], composer: ['spatie/laravel-csp'] } }, suggest: false,
  },
  {
    id: 'aws-secrets-manager', name: 'AWS Secrets Manager', area: 'security', group: 'secrets', title: 'Keep secrets in {name}', text: ['AWS Secrets Manager', 'Secrets Manager'],
    evidence: { deps: { npm: ['@aws-sdk/client-secrets-manager'], pypi: ['aws-secretsmanager-caching'], go: ['github.com/aws/aws-sdk-go-v2/service/secretsmanager'], jvm: ['software.amazon.awssdk:secretsmanager'] } },
  },
  {
    id: 'vault', name: 'HashiCorp Vault', area: 'security', group: 'secrets', title: 'Keep secrets in {name}', text: ['HashiCorp Vault', /\bVault\b/],
    evidence: { deps: { npm: ['node-vault'], pypi: ['hvac'], go: ['github.com/hashicorp/vault/api'], jvm: ['org.springframework.cloud:spring-cloud-starter-vault-config', 'com.bettercloud:vault-java-driver'] } },
  },
  {
    id: 'azure-key-vault', name: 'Azure Key Vault', area: 'security', group: 'secrets', title: 'Keep secrets in {name}', text: ['Azure Key Vault', 'Key Vault'],
    evidence: { deps: { npm: ['@azure/keyvault-secrets'], pypi: ['azure-keyvault-secrets'], nuget: ['Azure.Security.KeyVault.Secrets'] } },
  },
  {
    id: 'gcp-secret-manager', name: 'Google Secret Manager', area: 'security', group: 'secrets', title: 'Keep secrets in {name}', text: ['Google Secret Manager', 'Secret Manager'],
    evidence: { deps: { npm: ['@google-cloud/secret-manager'], pypi: ['google-cloud-secret-manager'], go: ['cloud.google.com/go/secretmanager'] } },
  },
  {
    id: 'rate-limiting', name: 'request rate limiting', area: 'security', title: 'Apply request rate limiting', text: [/\brate[- ]limit(?:s|ing|er)?\b/i, 'throttling'],
    evidence: { deps: { npm: ['express-rate-limit', '@fastify/rate-limit', 'rate-limiter-flexible', '@nestjs/throttler'], pypi: ['django-ratelimit', 'slowapi', 'flask-limiter'], rubygems: ['rack-attack'] } },
  },
  {
    id: 'bcrypt', name: 'bcrypt', area: 'security', group: 'password-hashing', title: 'Hash passwords with {name}', text: ['bcrypt'],
    evidence: { deps: { npm: ['bcrypt', 'bcryptjs'], pypi: ['bcrypt', 'passlib'], rubygems: ['bcrypt'] } },
  },
  {
    id: 'argon2', name: 'Argon2', area: 'security', group: 'password-hashing', title: 'Hash passwords with {name}', text: ['Argon2', 'Argon2id'],
    evidence: { deps: { npm: ['argon2', '@node-rs/argon2'], pypi: ['argon2-cffi'], cargo: ['argon2'] } },
  },

  // Architecture style, from the scanner's architecture signals.
  {
    id: 'monorepo', name: 'a monorepo', area: 'architecture', title: 'Keep the packages in one monorepo',
    text: [/\bmono-?repos?\b/i, 'npm workspaces', 'pnpm workspaces', 'Yarn workspaces', 'Turborepo', /\bNx\b/, 'Lerna'],
    evidence: { architecture: 'monorepo' },
  },
  {
    id: 'multiple-services', name: 'separately deployable services', area: 'architecture', title: 'Split the system into separately deployable services',
    text: ['microservices', 'microservice', 'micro-services', 'service-oriented', 'separate services', 'multiple services', 'separately deployable'],
    evidence: { architecture: 'multiple-services' },
  },
  {
    id: 'event-driven', name: 'event-driven integration', area: 'architecture', title: 'Integrate components through asynchronous events',
    text: ['event-driven', 'event driven', 'event sourcing', 'domain events', 'event bus', 'publish/subscribe', 'pub/sub', 'message-driven'],
    evidence: { architecture: 'event-driven' },
  },
  {
    id: 'layered', name: 'a layered architecture', area: 'architecture', priority: 'medium',
    reason: 'folder structure is cheap to evolve, but new code should follow one recorded structure', title: 'Organise the code in layers (routes, services, data access)',
    text: ['layered architecture', 'layered', 'n-tier', 'three-tier', 'MVC', 'Model-View-Controller'],
    // Domain/application/infrastructure folders are layers too; the hexagonal suggestion already covers them.
    evidence: { architecture: ['layered', 'hexagonal'] }, impliedBy: ['hexagonal'],
  },
  {
    id: 'hexagonal', name: 'a hexagonal architecture', area: 'architecture', priority: 'medium',
    reason: 'ports and adapters only pay off when everyone keeps the domain free of infrastructure code, so the rule needs recording', title: 'Adopt a hexagonal (ports and adapters) architecture',
    text: ['hexagonal', 'ports and adapters', 'ports & adapters', 'clean architecture', 'onion architecture'],
    evidence: { architecture: 'hexagonal' },
  },
  {
    // No folder layout shows module boundaries inside one deployable: checked against nothing, reported as not verifiable.
    id: 'modular-monolith', name: 'a modular monolith', area: 'architecture', text: ['modular monolith', 'modulith'], evidence: {}, suggest: false,
  },
];
