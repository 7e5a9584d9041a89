/**
 * Catalogue entries a project scan does not report (no category), on the platform side:
 * infrastructure as code and hosting platforms, CI services, observability and security
 * controls. ADR evidence (the adr pack) reads their packages, files and images; decisions
 * name them by `prose`.
 */
import type { TechnologyEntry } from './types.js';

export const PLATFORM_TECHNOLOGIES: readonly TechnologyEntry[] = [
  // Infrastructure as code and hosting platforms.
  { id: 'pulumi', name: 'Pulumi', prose: ['Pulumi'], files: /(^|\/)Pulumi\.ya?ml$/, packages: { npm: ['@pulumi/*'], pypi: ['pulumi*'], go: ['github.com/pulumi/pulumi*'] } },
  { id: 'aws-cdk', name: 'AWS CDK', prose: ['AWS CDK', 'Cloud Development Kit', /\bCDK\b/], files: /(^|\/)cdk\.json$/, packages: { npm: ['aws-cdk-lib', 'aws-cdk'], pypi: ['aws-cdk-lib'], go: ['github.com/aws/aws-cdk-go/*'] } },
  { id: 'serverless-framework', name: 'Serverless Framework', prose: ['Serverless Framework', 'serverless.yml'] },
  { id: 'aws-sam', name: 'AWS SAM', prose: ['AWS SAM', 'SAM template', 'Serverless Application Model'] },
  { id: 'aws-lambda', name: 'AWS Lambda', prose: ['AWS Lambda', 'Amazon Lambda', /\bLambda functions?\b/], packages: { npm: ['@types/aws-lambda', 'aws-lambda'], pypi: ['aws-lambda-powertools'], go: ['github.com/aws/aws-lambda-go'] } },
  { id: 'fly-io', name: 'Fly.io', prose: ['Fly.io'], files: /(^|\/)fly\.toml$/ },
  { id: 'render', name: 'Render', prose: ['Render.com', /\bRender (?:Blueprint|platform)\b/], files: /^render\.ya?ml$/ },

  // Continuous integration services (GitHub Actions, GitLab CI and Jenkins are with the deployment entries).
  { id: 'circleci', name: 'CircleCI', prose: ['CircleCI', 'Circle CI'] },
  { id: 'azure-pipelines', name: 'Azure Pipelines', prose: ['Azure Pipelines', 'Azure DevOps Pipelines'] },
  { id: 'bitbucket-pipelines', name: 'Bitbucket Pipelines', prose: ['Bitbucket Pipelines'] },
  { id: 'travis-ci', name: 'Travis CI', prose: ['Travis CI', /\bTravis\b/] },

  // Observability.
  {
    id: 'opentelemetry', name: 'OpenTelemetry', prose: ['OpenTelemetry', 'OTel', 'OTLP'],
    packages: { npm: ['@opentelemetry/*'], pypi: ['opentelemetry-*'], go: ['go.opentelemetry.io/*'], jvm: ['io.opentelemetry*'], cargo: ['opentelemetry*'], nuget: ['OpenTelemetry*'], rubygems: ['opentelemetry-*'] },
    files: /otel[\w-]*collector[\w-]*\.ya?ml$/i, images: /^(?:[\w.-]+\/)*opentelemetry-collector[\w-]*(:|$)/i,
  },
  {
    id: 'prometheus', name: 'Prometheus', prose: ['Prometheus'],
    packages: {
      npm: ['prom-client', 'express-prom-bundle'], pypi: ['prometheus-client', 'prometheus-fastapi-instrumentator', 'django-prometheus'], go: ['github.com/prometheus/client_golang'],
      jvm: ['io.micrometer:micrometer-registry-prometheus', 'io.prometheus:*'], cargo: ['prometheus'], rubygems: ['prometheus-client'], nuget: ['prometheus-net*'],
    },
    files: /(^|\/)prometheus\.ya?ml$/, images: /^(?:[\w.-]+\/)*prometheus(:|$)/i,
  },
  { id: 'grafana', name: 'Grafana', prose: ['Grafana'], images: /^(?:[\w.-]+\/)*grafana(:|$)/i, files: /(^|\/)grafana\/.*\.(json|ya?ml)$/ },
  { id: 'sentry', name: 'Sentry', prose: ['Sentry'], packages: { npm: ['@sentry/*'], pypi: ['sentry-sdk'], go: ['github.com/getsentry/sentry-go'], jvm: ['io.sentry:*'], rubygems: ['sentry-ruby', 'sentry-rails'], composer: ['sentry/*'], nuget: ['Sentry*'], cargo: ['sentry'] } },
  { id: 'datadog', name: 'Datadog', prose: ['Datadog', 'DataDog'], packages: { npm: ['dd-trace', 'datadog-*'], pypi: ['ddtrace', 'datadog'], go: ['gopkg.in/datadog/dd-trace-go*', 'github.com/datadog/dd-trace-go*'], jvm: ['com.datadoghq:*'], rubygems: ['ddtrace', 'datadog'] } },
  { id: 'new-relic', name: 'New Relic', prose: ['New Relic', 'NewRelic'], packages: { npm: ['newrelic'], pypi: ['newrelic'], rubygems: ['newrelic_rpm'], go: ['github.com/newrelic/go-agent*'] } },

  // Security controls.
  { id: 'helmet', name: 'Helmet', prose: [/\bHelmet(?:\.js)?\b/, 'helmet'], packages: { npm: ['helmet', '@fastify/helmet', 'koa-helmet'] } },
  // Helmet sends a default policy, so its package shows one too.
  { id: 'csp', name: 'Content Security Policy', prose: ['Content Security Policy', 'Content-Security-Policy', /\bCSP\b/], packages: { npm: ['helmet', 'helmet-csp'], pypi: ['django-csp'], rubygems: ['secure_headers'], composer: ['spatie/laravel-csp'] } },
  { id: 'aws-secrets-manager', name: 'AWS Secrets Manager', prose: ['AWS Secrets Manager', 'Secrets Manager'], packages: { npm: ['@aws-sdk/client-secrets-manager'], pypi: ['aws-secretsmanager-caching'], go: ['github.com/aws/aws-sdk-go-v2/service/secretsmanager'], jvm: ['software.amazon.awssdk:secretsmanager'] } },
  { id: 'vault', name: 'HashiCorp Vault', prose: ['HashiCorp Vault', /\bVault\b/], packages: { npm: ['node-vault'], pypi: ['hvac'], go: ['github.com/hashicorp/vault/api'], jvm: ['org.springframework.cloud:spring-cloud-starter-vault-config', 'com.bettercloud:vault-java-driver'] } },
  { id: 'azure-key-vault', name: 'Azure Key Vault', prose: ['Azure Key Vault', 'Key Vault'], packages: { npm: ['@azure/keyvault-secrets'], pypi: ['azure-keyvault-secrets'], nuget: ['Azure.Security.KeyVault.Secrets'] } },
  { id: 'gcp-secret-manager', name: 'Google Secret Manager', prose: ['Google Secret Manager', 'Secret Manager'], packages: { npm: ['@google-cloud/secret-manager'], pypi: ['google-cloud-secret-manager'], go: ['cloud.google.com/go/secretmanager'] } },
  { id: 'rate-limiting', name: 'request rate limiting', prose: [/\brate[- ]limit(?:s|ing|er)?\b/i, 'throttling'], packages: { npm: ['express-rate-limit', '@fastify/rate-limit', 'rate-limiter-flexible', '@nestjs/throttler'], pypi: ['django-ratelimit', 'slowapi', 'flask-limiter'], rubygems: ['rack-attack'] } },
  { id: 'bcrypt', name: 'bcrypt', prose: ['bcrypt'], packages: { npm: ['bcrypt', 'bcryptjs'], pypi: ['bcrypt', 'passlib'], rubygems: ['bcrypt'] } },
  { id: 'argon2', name: 'Argon2', prose: ['Argon2', 'Argon2id'], packages: { npm: ['argon2', '@node-rs/argon2'], pypi: ['argon2-cffi'], cargo: ['argon2'] } },
];
